//! How the roster's values read as words, in the text roster and on the printed page alike.

use muster::domain::Game;

use muster::domain::state::ObjectiveState;
use muster::domain::zero_dark::{TimeBuyers, ZeroDarkMission};
use muster::projection::roster::{MissionLine, OwedLine, Pending, Roster};

use super::output;

/// The game's full name.
pub fn game_name(game: Game) -> &'static str {
    match game {
        Game::Wwii => "Warfighter WWII",
        Game::Modern => "Warfighter Modern",
        Game::ZeroDark => "Horizon Wars: Zero Dark",
    }
}

/// `Objectives: 1 completed | 2 activated, Inactive counter`, when the Mission tracks them.
pub fn objectives_line(m: &MissionLine) -> Option<String> {
    let marks: Vec<String> = m
        .objectives
        .iter()
        .zip(1..)
        .map(|(state, n): (_, u32)| {
            let inactive = if m.inactive_at == Some(n) {
                ", Inactive counter"
            } else {
                ""
            };
            format!("{n} {}{inactive}", objective_word(*state))
        })
        .collect();
    (!marks.is_empty()).then(|| format!("Objectives: {}", marks.join(" | ")))
}

fn objective_word(state: ObjectiveState) -> &'static str {
    match state {
        ObjectiveState::Waiting => "waiting",
        ObjectiveState::Activated => "activated",
        ObjectiveState::Completed => "completed",
    }
}

/// An open decision, with the command that settles it where there is one.
pub fn pending_line(pending: &Pending) -> String {
    match pending {
        Pending::Environment {
            version,
            soldier,
            environment,
            choices,
        } => format!(
            "{soldier} failed Environ {environment} (v{version}): `muster resolve {soldier} {}`",
            choices.join("|")
        ),
        Pending::K9Encounter {
            version,
            encounter,
            awaiting,
            ..
        } => format!("K9 Encounter '{encounter}' (v{version}) awaits {awaiting}"),
    }
}

/// `Environments: Environ cold 6+ of the Mission, …`, when any is in force (rule 002).
pub fn environments_line(m: &MissionLine) -> Option<String> {
    let listed: Vec<String> = m.environments.iter().map(ToString::to_string).collect();
    (!listed.is_empty()).then(|| format!("Environments: {}", listed.join(", ")))
}

/// An Environment roll a Soldier still owes this turn, with the command that makes it.
pub fn owed_line(owed: &OwedLine) -> String {
    let OwedLine {
        soldier,
        environment,
        target,
        scope,
        name,
    } = owed;
    let source = name
        .as_ref()
        .map_or_else(|| format!("the {scope}"), |name| format!("the {scope} {name}"));
    format!(
        "{soldier} owes a roll against Environ {environment} {target}+ of {source}: `muster environ {soldier} {environment} {target}`"
    )
}

/// A Zero Dark Mission's priority task, Buy Time and bogeys, one line each where present.
pub fn zero_dark_lines(z: &ZeroDarkMission) -> Vec<String> {
    let mut lines = Vec::new();
    if let (Some(spook), Some(task)) = (&z.spook, z.task) {
        let target = z
            .task_target
            .as_ref()
            .map(|t| format!(", target {t}"))
            .unwrap_or_default();
        lines.push(format!("Priority task: {spook}, {task}{target}"));
    }
    if let Some(words) = buy_time_words(z) {
        lines.push(format!("Bought time: {words}"));
    }
    let bogeys: Vec<&str> = z.bogeys.iter().map(|b| b.name.as_str()).collect();
    if !bogeys.is_empty() {
        lines.push(format!("Bogeys: {}", bogeys.join(", ")));
    }
    lines
}

/// Buy Time and its Control Deck: `5 Control Deck cards (both Spooks); the Control Deck ran
/// out: 3 set-aside cards remain, then the Mission is over`.
pub fn buy_time_words(z: &ZeroDarkMission) -> Option<String> {
    let cards = z.bought_time?;
    let who = match z.bought_time_by {
        Some(TimeBuyers::Opponent) => " (the other side's Spook)",
        Some(TimeBuyers::Both) => " (both Spooks)",
        Some(TimeBuyers::Ours) | None => "",
    };
    let deck = match (z.control_deck_ran_out, z.set_aside_remaining()) {
        (true, Some(0)) => {
            "the Control Deck ran out and every set-aside card is flipped: the Mission is over".to_owned()
        }
        (true, Some(n)) => {
            format!("the Control Deck ran out: {n} set-aside cards remain, then the Mission is over")
        }
        _ => format!(
            "{} set aside so far, played once the Control Deck runs out",
            z.set_aside
        ),
    };
    Some(format!("{cards} Control Deck cards{who}; {deck}"))
}

/// The campaign, the point shown, and the Mission in progress.
pub fn heading(roster: &Roster) -> String {
    let mut text = format!("{} ({}", roster.campaign, game_name(roster.game));
    if let Some(nation) = &roster.nation {
        text.push_str(&format!(", {nation}"));
    }
    text.push(')');
    if roster.as_of.version < roster.head.version {
        text.push_str(&format!(
            " as of v{} ({})",
            roster.as_of.version, roster.as_of.recorded_at
        ));
    }
    text.push('\n');
    if let Some(asked) = roster.as_of.asked {
        text.push_str(&format!(
            "v{asked} falls inside the command that ends at v{}: a point in time is a command boundary, so this is as of its end\n",
            roster.as_of.version
        ));
    }
    if let Some(m) = &roster.mission {
        text.push_str(&format!(
            "Mission {} '{}' in progress, turn {}: {}\n",
            m.number,
            m.name,
            m.turn,
            m.soldiers.join(", ")
        ));
    }
    text
}

/// The squad's RP for each purpose and the bank: `Squad RP 18 | Medal RP 2 | …`.
pub fn squad_line(roster: &Roster) -> String {
    let squad = &roster.squad;
    format!(
        "Squad RP {} | Medal RP {} | Hostile-draw RP {} | bank {} RP",
        squad.rp, squad.medal_rp, squad.hostile_draw_rp, squad.rp_bank
    )
}

/// The log's head and the dice seed commitment, to note on paper.
pub fn footer(roster: &Roster) -> String {
    let mut text = format!(
        "head v{} {}",
        roster.head.version,
        output::short_hash(&roster.head.hash)
    );
    if let Some(commitment) = &roster.dice_seed_commitment {
        text.push_str(&format!(
            " | dice seed commitment {}",
            output::short_hash(commitment)
        ));
    }
    text.push('\n');
    if roster.unchecked_offline_rolls > 0 {
        text.push_str(&format!(
            "{} generated roll{} made on another copy with a seed this file does not keep and no one has revealed: unchecked until that seed is revealed\n",
            roster.unchecked_offline_rolls,
            if roster.unchecked_offline_rolls == 1 { "" } else { "s" }
        ));
    }
    text
}
