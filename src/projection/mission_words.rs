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
    let bogeys: Vec<String> = z.bogeys.iter().map(|b| bogey_words(z, &b.name)).collect();
    if !bogeys.is_empty() {
        lines.push(format!("Bogeys: {}", bogeys.join(", ")));
    }
    lines
}

/// A bogey with where it stands, as the table last recorded it: `Guard (dead, by Vega)`,
/// `Colonel (persuaded by Kestrel)`, `Sentry (down)`, `Scout (targeted by Vega)`, or its name
/// alone while it is in play untouched.
fn bogey_words(z: &ZeroDarkMission, bogey: &str) -> String {
    match bogey_state(z, bogey) {
        Some(state) => format!("{bogey} ({state})"),
        None => bogey.to_owned(),
    }
}

/// Where a bogey stands, as the table last recorded it (`dead, by Vega`, `persuaded by
/// Kestrel`, `down`, `targeted by Vega`); `None` while it is in play untouched.
pub fn bogey_state(z: &ZeroDarkMission, bogey: &str) -> Option<String> {
    let by = |list: &[(String, String)]| {
        list.iter()
            .rev()
            .find(|(b, _)| b == bogey)
            .map(|(_, hero)| hero.clone())
    };
    if let Some(hero) = by(&z.dead) {
        Some(format!("dead, by {hero}"))
    } else if let Some(hero) = by(&z.persuaded) {
        Some(format!("persuaded by {hero}"))
    } else if z.down.iter().any(|b| b == bogey) {
        Some("down".to_owned())
    } else {
        by(&z.targeted).map(|hero| format!("targeted by {hero}"))
    }
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
            let cards = if n == 1 { "card remains" } else { "cards remain" };
            format!("the Control Deck ran out: {n} set-aside {cards}, then the Mission is over")
        }
        _ => format!(
            "{} set aside so far, played once the Control Deck runs out",
            z.set_aside
        ),
    };
    Some(format!("{cards} Control Deck cards{who}; {deck}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::zero_dark::{Bogey, BogeyType};

    #[test]
    fn each_bogey_says_where_it_stands() {
        let bogey = |name: &str| Bogey {
            name: name.to_owned(),
            named: false,
            nemesis: false,
            synthetic: false,
            bogey_type: BogeyType::Grunt,
        };
        let pair = |b: &str, h: &str| (b.to_owned(), h.to_owned());
        let z = ZeroDarkMission {
            bogeys: ["Guard", "Colonel", "Sentry", "Scout", "Cook"]
                .map(bogey)
                .to_vec(),
            dead: vec![pair("Guard", "Vega")],
            persuaded: vec![pair("Colonel", "Kestrel")],
            down: vec!["Sentry".to_owned()],
            targeted: vec![pair("Guard", "Kestrel"), pair("Scout", "Vega")],
            ..ZeroDarkMission::default()
        };
        assert_eq!(
            zero_dark_lines(&z),
            [
                "Bogeys: Guard (dead, by Vega), Colonel (persuaded by Kestrel), Sentry (down), Scout (targeted by Vega), Cook"
            ]
        );
    }
}
