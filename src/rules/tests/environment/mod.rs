//! Environment rolls and Hardy (RULES 2, rule 002): the roll, Enduring and Fire, the choice
//! after a failure, the pending decision that holds up the turn and the Mission's end, and the
//! Environments a Mission, Location or Event declares, whose rolls each turn makes owed.
//!
//! The scenarios are grouped by topic; this module holds the squad and the builders they share.

mod choice;
mod declared;
mod offers;
mod owed;
mod pending;
mod roll;
mod typed;

use super::*;

use crate::domain::command::NamedModifier;
use crate::domain::environment::EnvironmentScope;
use crate::domain::rules_version::RulesVersion;
use crate::domain::state::PendingEnvironment;

use crate::rules::harness::given;

/// `muster environ SOLDIER TYPE TARGET+ --at Stream`.
fn environ(soldier: &str, environment: &str, target: i64) -> Command {
    Command::Environ {
        soldier: soldier.into(),
        environments: vec![(environment.into(), target)],
        modifiers: vec![],
        location: Some("Stream".into()),
    }
}

fn resolve(soldier: &str, choice: EnvironmentChoice) -> Command {
    Command::Resolve {
        soldier: soldier.into(),
        choice,
        rolled_at: None,
    }
}

/// A Soldier card with these keywords and Hardy counters.
fn soldier(name: &str, keywords: &[&str], hardy: &[(&str, u32)]) -> SoldierCard {
    SoldierCard {
        keywords: keywords.iter().map(|k| (*k).to_owned()).collect(),
        hardy: hardy.iter().map(|(k, n)| ((*k).to_owned(), *n)).collect(),
        ..player(name)
    }
}

/// A WWII campaign in Russia: Ivanov holds Hardy Cold 1 and Hardy Any 1, Petrov is
/// Enduring, Sokolov has the Fire keyword, Orlov stays behind. Mission 1 is at turn 1.
fn on_mission() -> Vec<Event> {
    vec![
        created(Game::Wwii),
        enlisted(soldier("Ivanov", &[], &[("cold", 1), ("any", 1)])),
        enlisted(soldier("Petrov", &["enduring"], &[])),
        enlisted(soldier("Sokolov", &["fire"], &[])),
        enlisted(soldier("Orlov", &[], &[])),
        mission_started(1, "Winter Line", &["Ivanov", "Petrov", "Sokolov"]),
        Event::TurnStarted(TurnStarted { mission: 1, turn: 1 }),
    ]
}

/// The EnvironmentRolled event of a roll made at the Stream.
fn rolled(soldier: &str, environment: &str, target: u8, roll: Roll) -> Event {
    Event::EnvironmentRolled(Box::new(EnvironmentRolled {
        soldier: soldier.into(),
        environment: environment.into(),
        target,
        location: Some("Stream".into()),
        immune: false,
        roll: Some(roll),
    }))
}

/// `on_mission` with a failed roll of `soldier` against `environment` as its last event;
/// returns the log and the version of that failed roll.
fn failed(soldier: &str, environment: &str) -> (Vec<Event>, u64) {
    let mut log = on_mission();
    let purpose = format!("Environ {environment} 4+ at Stream");
    step(
        &mut log,
        environ(soldier, environment, 4),
        &[3],
        vec![rolled(
            soldier,
            environment,
            4,
            d10(soldier, &purpose, 3, 4, false),
        )],
    );
    let version = log.len() as u64;
    (log, version)
}

fn resolved(soldier: &str, environment: &str, rolled_at: u64, choice: EnvironmentChoice) -> Event {
    Event::EnvironmentResolved(EnvironmentResolved {
        soldier: soldier.into(),
        environment: environment.into(),
        rolled_at,
        choice,
    })
}

/// The squad of [`on_mission`] under `rules`, on Mission 1 "Winter Line" declared Environ Cold
/// 6+ as it started ("Missions taking place in Russia have the 'Cold' Environmental
/// condition"), before its first turn.
fn winter_line(rules: RulesVersion) -> Vec<Event> {
    let mut log = on_mission();
    log.truncate(5);
    if let Event::CampaignCreated(created) = &mut log[0] {
        created.rules = rules;
    }
    log.push(mission_started(
        1,
        "Winter Line",
        &["Ivanov", "Petrov", "Sokolov"],
    ));
    log.push(declared(EnvironmentScope::Mission, None, "cold", 6));
    log
}

/// Mission 1's Environment of `scope` (named `name`), as declared or cleared.
fn environ_of(
    scope: EnvironmentScope,
    name: Option<&str>,
    environment: &str,
    target: u8,
) -> MissionEnvironment {
    MissionEnvironment {
        environment: environment.into(),
        mission: 1,
        name: name.map(Into::into),
        scope,
        target,
    }
}

fn declared(scope: EnvironmentScope, name: Option<&str>, environment: &str, target: u8) -> Event {
    Event::EnvironmentDeclared(environ_of(scope, name, environment, target))
}

fn turn(turn: u32) -> Event {
    Event::TurnStarted(TurnStarted { mission: 1, turn })
}

/// `muster environ SOLDIER TYPE TARGET`, no Location named.
fn environ_plain(soldier: &str, environment: &str, target: i64) -> Command {
    Command::Environ {
        soldier: soldier.into(),
        environments: vec![(environment.into(), target)],
        modifiers: vec![],
        location: None,
    }
}

/// The roll `environ_plain` records for a face, with Sokolov's Fire −2 on Cold.
fn rolled_plain(soldier: &str, environment: &str, target: u8, face: u8) -> Event {
    let mut roll = d10(
        soldier,
        &format!("Environ {environment} {target}+"),
        face,
        target,
        face >= target,
    );
    if soldier == "Sokolov" && environment == "cold" {
        roll.modifiers = vec![modifier(-2, "keyword Fire")];
        roll.total = Some(i32::from(face) - 2);
        roll.success = i32::from(face) - 2 >= i32::from(target);
    }
    Event::EnvironmentRolled(Box::new(EnvironmentRolled {
        soldier: soldier.into(),
        environment: environment.into(),
        target,
        location: None,
        immune: false,
        roll: Some(roll),
    }))
}

/// Who owes which roll in `state`: `(soldier, environment, target)`.
fn owed(state: &CampaignState) -> Vec<(String, String, u8)> {
    state
        .mission_in_progress()
        .map(|m| {
            m.owed_environment
                .iter()
                .map(|o| {
                    (
                        o.soldier.clone(),
                        o.environment.environment.clone(),
                        o.environment.target,
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn owes(soldier: &str, environment: &str, target: u8) -> (String, String, u8) {
    (soldier.into(), environment.into(), target)
}
