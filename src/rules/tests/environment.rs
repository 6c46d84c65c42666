//! Environment rolls and Hardy (RULES 2, rule 002): the roll, Enduring and Fire, the choice
//! after a failure, and the pending decision that holds up the turn and the Mission's end.

use super::*;
use crate::domain::command::NamedModifier;
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
    Event::EnvironmentRolled(EnvironmentRolled {
        soldier: soldier.into(),
        environment: environment.into(),
        target,
        location: Some("Stream".into()),
        immune: false,
        roll: Some(roll),
    })
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

#[test]
fn stream_fever_4_is_resisted_on_a_4() {
    let state = given(on_mission())
        .when_rolling(environ("ivanov", "Fever", 4), &[4])
        .then([rolled(
            "Ivanov",
            "fever",
            4,
            d10("Ivanov", "Environ fever 4+ at Stream", 4, 4, true),
        )]);
    assert!(state.pending.is_empty(), "a success awaits nothing");
}

#[test]
fn stream_fever_4_failed_on_a_3_opens_a_pending_decision() {
    let mut log = on_mission();
    let state = step(
        &mut log,
        environ("Ivanov", "fever", 4),
        &[3],
        vec![rolled(
            "Ivanov",
            "fever",
            4,
            d10("Ivanov", "Environ fever 4+ at Stream", 3, 4, false),
        )],
    );
    assert_eq!(
        state.pending,
        vec![PendingEnvironment {
            version: log.len() as u64,
            soldier: "Ivanov".into(),
            environment: "fever".into(),
        }]
    );
}

#[test]
fn an_environment_roll_without_a_location_says_so_in_its_purpose() {
    given(on_mission())
        .when_rolling(
            Command::Environ {
                soldier: "Ivanov".into(),
                environments: vec![("cold".into(), 5)],
                modifiers: vec![NamedModifier {
                    value: 1,
                    source: "Equipment card".into(),
                }],
                location: None,
            },
            &[4],
        )
        .then([Event::EnvironmentRolled(EnvironmentRolled {
            soldier: "Ivanov".into(),
            environment: "cold".into(),
            target: 5,
            location: None,
            immune: false,
            roll: Some(Roll {
                modifiers: vec![modifier(1, "Equipment card")],
                total: Some(5),
                success: true,
                ..d10("Ivanov", "Environ cold 5+", 4, 5, true)
            }),
        })]);
}

#[test]
fn an_enduring_soldier_is_immune_and_rolls_no_die() {
    // `.when` offers no die and no seed: the immune Soldier must not need one.
    let state = given(on_mission())
        .when(environ("Petrov", "cold", 6))
        .then([Event::EnvironmentRolled(EnvironmentRolled {
            soldier: "Petrov".into(),
            environment: "cold".into(),
            target: 6,
            location: Some("Stream".into()),
            immune: true,
            roll: None,
        })]);
    assert!(state.pending.is_empty());
}

#[test]
fn fire_adds_2_to_hot_rolls() {
    given(on_mission())
        .when_rolling(environ("Sokolov", "hot", 6), &[4])
        .then([rolled(
            "Sokolov",
            "hot",
            6,
            Roll {
                modifiers: vec![modifier(2, "keyword Fire")],
                total: Some(6),
                success: true,
                ..d10("Sokolov", "Environ hot 6+ at Stream", 4, 6, true)
            },
        )]);
}

#[test]
fn fire_subtracts_2_from_cold_rolls() {
    given(on_mission())
        .when_rolling(environ("Sokolov", "cold", 4), &[5])
        .then([rolled(
            "Sokolov",
            "cold",
            4,
            Roll {
                modifiers: vec![modifier(-2, "keyword Fire")],
                total: Some(3),
                success: false,
                ..d10("Sokolov", "Environ cold 4+ at Stream", 5, 4, false)
            },
        )]);
}

#[test]
fn fire_does_not_change_fever_rolls() {
    given(on_mission())
        .when_rolling(environ("Sokolov", "fever", 4), &[3])
        .then([rolled(
            "Sokolov",
            "fever",
            4,
            d10("Sokolov", "Environ fever 4+ at Stream", 3, 4, false),
        )]);
}

#[test]
fn a_failed_roll_paid_with_a_hardy_counter_of_its_type() {
    let (mut log, at) = failed("Ivanov", "cold");
    let state = step(
        &mut log,
        resolve("Ivanov", EnvironmentChoice::Hardy),
        &[],
        vec![
            resolved("Ivanov", "cold", at, EnvironmentChoice::Hardy),
            Event::HardyAdjusted(HardyAdjusted {
                soldier: "Ivanov".into(),
                hardy: "cold".into(),
                amount: -1,
                why: format!("Environ cold failed at v{at}"),
            }),
        ],
    );
    assert!(state.pending.is_empty());
    let ivanov = state.soldier("Ivanov").unwrap();
    assert_eq!(
        ivanov.hardy.get("cold"),
        None,
        "the only Hardy Cold counter is spent"
    );
    assert_eq!(ivanov.hardy.get("any"), Some(&1));
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
}

#[test]
fn a_failed_roll_paid_with_a_hardy_any_counter() {
    let (mut log, at) = failed("Ivanov", "fever");
    let state = step(
        &mut log,
        resolve("Ivanov", EnvironmentChoice::HardyAny),
        &[],
        vec![
            resolved("Ivanov", "fever", at, EnvironmentChoice::HardyAny),
            Event::HardyAdjusted(HardyAdjusted {
                soldier: "Ivanov".into(),
                hardy: "any".into(),
                amount: -1,
                why: format!("Environ fever failed at v{at}"),
            }),
        ],
    );
    assert!(state.pending.is_empty());
    assert_eq!(state.soldier("Ivanov").unwrap().hardy.get("any"), None);
}

#[test]
fn a_failed_roll_paid_with_a_wound() {
    let (mut log, at) = failed("Sokolov", "fever");
    let state = step(
        &mut log,
        resolve("sokolov", EnvironmentChoice::Wound),
        &[],
        vec![
            resolved("Sokolov", "fever", at, EnvironmentChoice::Wound),
            Event::Wounded(amount("Sokolov", 1)),
        ],
    );
    assert!(state.pending.is_empty());
    assert_eq!(state.soldier("Sokolov").unwrap().wounds, 1);
}

#[test]
fn a_failed_roll_paid_with_a_suppress() {
    let (mut log, at) = failed("Sokolov", "fever");
    let state = step(
        &mut log,
        resolve("Sokolov", EnvironmentChoice::Suppress),
        &[],
        vec![
            resolved("Sokolov", "fever", at, EnvironmentChoice::Suppress),
            Event::Suppressed(amount("Sokolov", 1)),
        ],
    );
    assert!(state.pending.is_empty());
    assert_eq!(state.soldier("Sokolov").unwrap().suppress, 1);
}

#[test]
fn resolving_with_nothing_pending_is_refused() {
    given(on_mission())
        .when(resolve("Ivanov", EnvironmentChoice::Wound))
        .then_refused(&[
            "Ivanov has no failed Environment roll awaiting a choice",
            "awaiting: nothing",
        ]);
}

#[test]
fn resolving_for_a_soldier_who_did_not_fail_names_who_is_awaited() {
    let (log, at) = failed("Ivanov", "fever");
    given(log)
        .when(resolve("Sokolov", EnvironmentChoice::Wound))
        .then_refused(&[
            "Sokolov has no failed Environment roll",
            &format!("awaiting: Ivanov (Environ fever, v{at})"),
        ]);
}

#[test]
fn a_hardy_counter_of_a_type_he_lacks_is_refused() {
    let (log, _) = failed("Ivanov", "fever");
    given(log)
        .when(resolve("Ivanov", EnvironmentChoice::Hardy))
        .then_refused(&[
            "Ivanov has no Hardy fever counter",
            "he has: any 1, cold 1",
            "or hardy --any",
        ]);
}

#[test]
fn a_hardy_any_counter_he_lacks_is_refused() {
    let (log, _) = failed("Sokolov", "fever");
    given(log)
        .when(resolve("Sokolov", EnvironmentChoice::HardyAny))
        .then_refused(&["Sokolov has no Hardy any counter", "he has: none"]);
}

#[test]
fn the_next_turn_is_refused_while_a_failed_roll_awaits_its_choice() {
    let (log, at) = failed("Ivanov", "fever");
    given(log).when(Command::NextTurn).then_refused(&[&format!(
        "Ivanov's failed Environ fever roll (v{at}) awaits a choice"
    )]);
}

#[test]
fn the_mission_end_is_refused_while_a_failed_roll_awaits_its_choice() {
    let (log, at) = failed("Ivanov", "fever");
    for result in [
        crate::domain::MissionResult::Success,
        crate::domain::MissionResult::Failure,
    ] {
        given(log.clone())
            .when(Command::EndMission {
                result,
                rp_award: None,
            })
            .then_refused(&[
                &format!("Ivanov's failed Environ fever roll (v{at}) awaits a choice"),
                "muster resolve Ivanov",
            ]);
    }
}

#[test]
fn once_the_choice_is_recorded_the_next_turn_goes_ahead() {
    let (mut log, at) = failed("Ivanov", "fever");
    step(
        &mut log,
        resolve("Ivanov", EnvironmentChoice::Suppress),
        &[],
        vec![
            resolved("Ivanov", "fever", at, EnvironmentChoice::Suppress),
            Event::Suppressed(amount("Ivanov", 1)),
        ],
    );
    given(log)
        .when(Command::NextTurn)
        .then([Event::TurnStarted(TurnStarted { mission: 1, turn: 2 })]);
}

#[test]
fn two_environments_roll_separately_and_are_settled_oldest_first() {
    let mut log = on_mission();
    step(
        &mut log,
        environ("Ivanov", "cold", 5),
        &[2],
        vec![rolled(
            "Ivanov",
            "cold",
            5,
            d10("Ivanov", "Environ cold 5+ at Stream", 2, 5, false),
        )],
    );
    let cold_at = log.len() as u64;
    let state = step(
        &mut log,
        environ("Ivanov", "fever", 4),
        &[1],
        vec![rolled(
            "Ivanov",
            "fever",
            4,
            d10("Ivanov", "Environ fever 4+ at Stream", 1, 4, false),
        )],
    );
    let fever_at = log.len() as u64;
    let awaited: Vec<(u64, &str)> = state
        .pending
        .iter()
        .map(|p| (p.version, p.environment.as_str()))
        .collect();
    assert_eq!(awaited, vec![(cold_at, "cold"), (fever_at, "fever")]);

    // The first choice settles the cold roll (with its own Hardy Cold counter)…
    let state = step(
        &mut log,
        resolve("Ivanov", EnvironmentChoice::Hardy),
        &[],
        vec![
            resolved("Ivanov", "cold", cold_at, EnvironmentChoice::Hardy),
            Event::HardyAdjusted(HardyAdjusted {
                soldier: "Ivanov".into(),
                hardy: "cold".into(),
                amount: -1,
                why: format!("Environ cold failed at v{cold_at}"),
            }),
        ],
    );
    assert_eq!(state.pending.len(), 1);
    given(log.clone())
        .when(Command::NextTurn)
        .then_refused(&["Environ fever roll", "awaits a choice"]);
    // …the second the fever roll; Hardy Cold is gone and does not serve against fever.
    given(log.clone())
        .when(resolve("Ivanov", EnvironmentChoice::Hardy))
        .then_refused(&["no Hardy fever counter", "he has: any 1"]);
    let state = step(
        &mut log,
        resolve("Ivanov", EnvironmentChoice::Wound),
        &[],
        vec![
            resolved("Ivanov", "fever", fever_at, EnvironmentChoice::Wound),
            Event::Wounded(amount("Ivanov", 1)),
        ],
    );
    assert!(state.pending.is_empty());
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
    given(log)
        .when(Command::NextTurn)
        .then([Event::TurnStarted(TurnStarted { mission: 1, turn: 2 })]);
}

#[test]
fn an_environment_roll_for_a_soldier_not_on_the_mission_is_refused() {
    given(on_mission())
        .when_rolling(environ("Orlov", "cold", 4), &[5])
        .then_refused(&["Orlov is not in play on Mission 1"]);
}

#[test]
fn an_environment_roll_with_no_mission_in_progress_is_refused() {
    given(on_mission().into_iter().take(5))
        .when_rolling(environ("Ivanov", "cold", 4), &[5])
        .then_refused(&["no Mission is in progress"]);
}

#[test]
fn an_environment_target_off_the_die_is_refused() {
    for target in [0, 11] {
        given(on_mission())
            .when_rolling(environ("Ivanov", "cold", target), &[5])
            .then_refused(&["the Environ target must be from 1 to 10"]);
    }
}

#[test]
fn an_environment_face_off_the_die_is_refused() {
    given(on_mission())
        .when_rolling(environ("Ivanov", "cold", 4), &[11])
        .then_refused(&["1 to 10"]);
}
