//! The Mission in progress in words, for every front end: the game's name, the Objectives,
//! the Environments in force, and Zero Dark's priority task, Buy Time and bogeys.

use crate::domain::Game;
use crate::domain::state::ObjectiveState;
use crate::domain::zero_dark::{TimeBuyers, ZeroDarkMission};

use super::roster::MissionLine;

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

/// `Environments: Environ cold 6+ of the Mission, …`, when any is in force (rule 002).
pub fn environments_line(m: &MissionLine) -> Option<String> {
    let listed: Vec<String> = m.environments.iter().map(ToString::to_string).collect();
    (!listed.is_empty()).then(|| format!("Environments: {}", listed.join(", ")))
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
