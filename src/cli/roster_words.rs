//! How the roster's values read as words, in the text roster and on the printed page alike.

pub use muster::projection::mission_words::{
    bogey_state, buy_time_words, environments_line, game_name, objectives_line, zero_dark_lines,
};
use muster::projection::roster::{OwedLine, Pending, Roster};

use super::output;

/// An open decision, with the command that settles it where there is one, its names quoted
/// for the shell as they are typed.
pub fn pending_line(pending: &Pending) -> String {
    match pending {
        Pending::Environment {
            version,
            soldier,
            environment,
            choices,
        } => format!(
            "{soldier} failed Environ {environment} (v{version}): `muster resolve {} {}`",
            shell_words::quote(soldier),
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
    // The command as typed: a name with a space or a quote in it is quoted for the shell.
    format!(
        "{soldier} owes a roll against Environ {environment} {target}+ of {source}: `muster environ {} {} {target}`",
        shell_words::quote(soldier),
        shell_words::quote(environment)
    )
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
