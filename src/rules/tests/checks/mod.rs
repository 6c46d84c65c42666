//! Ability checks (RULES 1, rule 001): the printed target, modifiers, Upgunned, Traps, a
//! Soldier without the ability, and the once-only rules of Success and Fail headings.
//!
//! The scenarios are grouped by topic; this module holds the squad and the builders they share.

mod ability_words;
mod enlisted_words;
mod however_spaced;
mod objectives;
mod once_only;
mod refusals;
mod target;
mod without_ability;

use super::*;

use crate::domain::roll::Source;

use crate::domain::soldier::Ability;

use crate::rules::harness::given;

/// `muster check SOLDIER ABILITY` and its options.
#[derive(Default)]
struct Check {
    modifiers: Vec<(i64, &'static str)>,
    upgunned: bool,
    trap: bool,
    fail: bool,
    card: Option<&'static str>,
}

impl Check {
    fn by(self, soldier: &str, ability: &str) -> Command {
        Command::Check {
            soldier: soldier.into(),
            ability: ability.into(),
            modifiers: self
                .modifiers
                .iter()
                .map(|(value, source)| crate::domain::command::NamedModifier {
                    value: *value,
                    source: (*source).into(),
                })
                .collect(),
            upgunned: self.upgunned,
            trap: self.trap,
            fail: self.fail,
            card: self.card.map(Into::into),
        }
    }
}

/// A plain Success check with no options.
fn check(soldier: &str, ability: &str) -> Command {
    Check::default().by(soldier, ability)
}

/// A Player Soldier whose card prints `abilities` (name, target as printed).
fn soldier(name: &str, abilities: &[(&str, &str)]) -> SoldierCard {
    SoldierCard {
        abilities: abilities
            .iter()
            .map(|(ability, printed)| ((*ability).to_owned(), printed.parse::<Ability>().unwrap()))
            .collect(),
        ..player(name)
    }
}

/// A WWII campaign: Baker has `Demo 5+ [4+]`, Charlie `Demo 6+` (no bracket), Able no Demo
/// at all; the three are on Mission 1, Dog stays behind.
fn squad() -> Vec<Event> {
    vec![
        created(Game::Wwii),
        enlisted(soldier("Able", &[("recon", "6+")])),
        enlisted(soldier("Baker", &[("demo", "5+ [4+]")])),
        enlisted(soldier("Charlie", &[("demo", "6+")])),
        enlisted(soldier("Dog", &[("demo", "3+")])),
    ]
}

fn on_mission() -> Vec<Event> {
    let mut events = squad();
    events.push(mission_started(
        1,
        "Bridge at Dawn",
        &["Able", "Baker", "Charlie"],
    ));
    events
}

/// The CheckRolled event of a plain Success check not on a named card.
fn rolled(soldier: &str, ability: &str, roll: Roll) -> Event {
    Event::CheckRolled(Box::new(CheckRolled {
        soldier: soldier.into(),
        ability: ability.into(),
        card: None,
        heading: Heading::Success,
        upgunned: false,
        trap: false,
        roll,
    }))
}

/// The CheckRolled event of a check on a named card under `heading`.
fn rolled_on(soldier: &str, card: &str, heading: Heading, roll: Roll) -> Event {
    Event::CheckRolled(Box::new(CheckRolled {
        soldier: soldier.into(),
        ability: "demo".into(),
        card: Some(card.into()),
        heading,
        upgunned: false,
        trap: false,
        roll,
    }))
}
