//! Environments declared by a Mission, a Location or an Event, and cleared when the Soldiers
//! leave the Location or the Event ends; what is refused, what the checked fold finds, and a
//! log under the first rules that still verifies.

use super::*;

use crate::domain::Game;
use crate::domain::rules_version::{ENVIRONMENTS_DECLARED, FIRST};
use crate::rules::harness::Played;

const MISSION: EnvironmentScope = EnvironmentScope::Mission;
const LOCATION: EnvironmentScope = EnvironmentScope::Location;
const EVENT: EnvironmentScope = EnvironmentScope::Event;

fn declare(scope: EnvironmentScope, name: Option<&str>, environments: &[(&str, i64)]) -> Command {
    Command::DeclareEnvironments {
        scope,
        name: name.map(Into::into),
        environments: environments.iter().map(|(e, t)| ((*e).into(), *t)).collect(),
    }
}

fn clear(scope: EnvironmentScope, name: Option<&str>, environments: &[(&str, i64)]) -> Command {
    Command::ClearEnvironments {
        scope,
        name: name.map(Into::into),
        environments: environments.iter().map(|(e, t)| ((*e).into(), *t)).collect(),
    }
}

fn cleared(scope: EnvironmentScope, name: Option<&str>, environment: &str, target: u8) -> Event {
    Event::EnvironmentCleared(environ_of(scope, name, environment, target))
}

/// `mission start "Winter Line" --with Ivanov --with Petrov --with Sokolov --environ cold:6`.
fn start_in_the_cold() -> Command {
    Command::StartMission {
        name: "Winter Line".into(),
        soldiers: vec!["Ivanov".into(), "Petrov".into(), "Sokolov".into()],
        objectives: None,
        k9_objective: None,
        environments: vec![("Cold".into(), 6)],
    }
}

/// The squad enlisted under `rules`, between Missions.
fn enlisted_under(rules: crate::domain::rules_version::RulesVersion) -> Vec<Event> {
    let mut log = winter_line(rules);
    log.truncate(5);
    log
}

#[test]
fn a_mission_in_russia_declares_its_cold_as_it_starts() {
    // Rule 002: "Missions taking place in Russia have the 'Cold' Environmental condition."
    let state = given(enlisted_under(ENVIRONMENTS_DECLARED))
        .when(start_in_the_cold())
        .then([
            mission_started(1, "Winter Line", &["Ivanov", "Petrov", "Sokolov"]),
            declared(MISSION, None, "cold", 6),
        ]);
    let mission = state.mission_in_progress().map(|m| m.environments.clone());
    assert_eq!(
        mission.unwrap_or_default(),
        vec![environ_of(MISSION, None, "cold", 6).declared()]
    );
}

#[test]
fn a_location_and_an_event_declare_theirs_during_the_mission() {
    // Rule 002: "Due to Mission, Location, or Event text, it is possible for a Location to
    // have more than one Environmental effect in effect at a time."
    let mut log = winter_line(ENVIRONMENTS_DECLARED);
    step(
        &mut log,
        declare(LOCATION, Some("Stream"), &[("fever", 4)]),
        &[],
        vec![declared(LOCATION, Some("Stream"), "fever", 4)],
    );
    let state = step(
        &mut log,
        declare(EVENT, Some("Blizzard"), &[("cold", 7), ("ice", 5)]),
        &[],
        vec![
            declared(EVENT, Some("Blizzard"), "cold", 7),
            declared(EVENT, Some("Blizzard"), "ice", 5),
        ],
    );
    let in_force = state.mission_in_progress().map_or(0, |m| m.environments.len());
    assert_eq!(in_force, 4);
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
}

#[test]
fn clearing_a_locations_environment_ends_its_rolls_from_the_next_turn() {
    // Rule 002: "Soldiers in these Location cards must endure particularly harsh
    // environmental conditions": once they leave the Stream, its Fever is rolled no more.
    let mut log = winter_line(ENVIRONMENTS_DECLARED);
    log.push(declared(LOCATION, Some("Stream"), "fever", 4));
    log.push(turn(1));
    let state = step(
        &mut log,
        clear(LOCATION, Some("stream"), &[]),
        &[],
        vec![cleared(LOCATION, Some("Stream"), "fever", 4)],
    );
    // What the turn's start made owed stays owed: it was owed "at the start of the Soldier Turn".
    assert_eq!(owed(&state).len(), 4);
    for (soldier, face) in [("Ivanov", 9), ("Sokolov", 10)] {
        log.push(rolled_plain(soldier, "cold", 6, face));
        log.push(rolled_plain(soldier, "fever", 4, face));
    }
    let state = step(&mut log, Command::NextTurn, &[], vec![turn(2)]);
    assert_eq!(
        owed(&state),
        vec![owes("Ivanov", "cold", 6), owes("Sokolov", "cold", 6)]
    );
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
}

#[test]
fn clearing_names_one_environment_or_every_one_of_its_source() {
    let mut log = winter_line(ENVIRONMENTS_DECLARED);
    log.push(declared(EVENT, Some("Blizzard"), "cold", 7));
    log.push(declared(EVENT, Some("Blizzard"), "ice", 5));
    step(
        &mut log,
        clear(EVENT, Some("Blizzard"), &[("ice", 5)]),
        &[],
        vec![cleared(EVENT, Some("Blizzard"), "ice", 5)],
    );
    given(log.clone())
        .when(clear(EVENT, Some("Blizzard"), &[("ice", 5)]))
        .then_refused(&[
            "Environ ice 5+ is not in force for the Event Blizzard",
            "in force: Environ cold 6+ of the Mission, Environ cold 7+ of the Event Blizzard",
        ]);
    given(log.clone())
        .when(clear(EVENT, Some("Blizzard"), &[("clod", 7)]))
        .then_refused(&["Environ clod 7+ is not in force for the Event Blizzard; did you mean 'cold'?"]);
    given(log.clone())
        .when(clear(LOCATION, Some("Stream"), &[]))
        .then_refused(&["the Location Stream declared no Environment in force"]);
    given(log)
        .when(clear(EVENT, Some("Blizzard"), &[]))
        .then([cleared(EVENT, Some("Blizzard"), "cold", 7)]);
}

#[test]
fn a_declaration_is_refused_outside_a_mission_twice_or_malformed() {
    given(enlisted_under(ENVIRONMENTS_DECLARED))
        .when(declare(MISSION, None, &[("cold", 6)]))
        .then_refused(&["no Mission is in progress"]);
    let log = winter_line(ENVIRONMENTS_DECLARED);
    given(log.clone())
        .when(declare(MISSION, None, &[("cold", 6)]))
        .then_refused(&["Environ cold 6+ of the Mission is already in force"]);
    given(log.clone())
        .when(declare(LOCATION, Some("Stream"), &[("fever", 4), ("fever", 4)]))
        .then_refused(&["named twice"]);
    given(log.clone())
        .when(declare(LOCATION, Some("Stream"), &[("fever", 11)]))
        .then_refused(&["the Environ target"]);
    given(log.clone())
        .when(declare(LOCATION, Some("Stream"), &[("swamp fever", 4)]))
        .then_refused(&["not accepted as an Environ type"]);
    given(log.clone())
        .when(declare(LOCATION, None, &[("fever", 4)]))
        .then_refused(&["name the Location", "--location Stream"]);
    given(log)
        .when(declare(MISSION, Some("Winter Line"), &[("fever", 4)]))
        .then_refused(&["take no name"]);
}

#[test]
fn under_the_first_rules_no_environment_is_declared() {
    given(enlisted_under(FIRST))
        .when(start_in_the_cold())
        .then_refused(&["under rules 1", "campaign adopt-rules", "muster environ SOLDIER"]);
    let mut log = winter_line(FIRST);
    log.pop();
    given(log)
        .when(declare(LOCATION, Some("Stream"), &[("fever", 4)]))
        .then_refused(&["under rules 1"]);
}

#[test]
fn a_zero_dark_mission_declares_no_environment() {
    let log = vec![created(Game::ZeroDark), enlisted(hero("Vega"))];
    given(log)
        .when(Command::StartMission {
            name: "Dead Letter".into(),
            soldiers: vec![],
            objectives: None,
            k9_objective: None,
            environments: vec![("cold".into(), 6)],
        })
        .then_refused(&["Zero Dark", "Environments belong to Warfighter"]);
}

#[test]
fn environments_the_rules_would_not_have_declared_are_found_by_deciding_them_again() {
    let decided_otherwise = |log: Vec<Event>| -> Vec<String> {
        let played = Played::new(log);
        assert_eq!(played.findings("fold"), vec![], "the rule is not the fold's");
        played.findings("decide").into_iter().map(|(_, m)| m).collect()
    };
    // Outside a Mission.
    let mut outside = enlisted_under(ENVIRONMENTS_DECLARED);
    outside.push(declared(MISSION, None, "cold", 6));
    let found = decided_otherwise(outside);
    assert!(
        found.iter().any(|m| m.contains("no Mission is in progress")),
        "{found:?}"
    );
    // Under the first rules.
    let found = decided_otherwise(winter_line(FIRST));
    assert!(found.iter().any(|m| m.contains("under rules 1")), "{found:?}");
    // Twice, or cleared when not in force.
    let mut log = winter_line(ENVIRONMENTS_DECLARED);
    log.push(declared(MISSION, None, "cold", 6));
    log.push(cleared(EVENT, Some("Blizzard"), "ice", 5));
    let found = decided_otherwise(log);
    for problem in ["already in force", "not in force"] {
        assert!(found.iter().any(|m| m.contains(problem)), "{problem}: {found:?}");
    }
    // A turn, or the Mission's end, while a roll is owed.
    let mut log = winter_line(ENVIRONMENTS_DECLARED);
    log.push(turn(1));
    log.push(turn(2));
    let found = decided_otherwise(log);
    assert!(found.iter().any(|m| m.contains("owes")), "{found:?}");
}

#[test]
fn the_checked_fold_finds_environments_no_command_could_declare() {
    let mut log = winter_line(ENVIRONMENTS_DECLARED);
    log.push(declared(LOCATION, None, "fever", 4));
    log.push(declared(LOCATION, Some("Stream"), "fever", 0));
    let found: Vec<String> = given(log)
        .state
        .anomalies
        .into_iter()
        .map(|a| a.message)
        .collect();
    assert_eq!(found.len(), 2, "{found:?}");
    for problem in ["unnamed Location", "the target 0"] {
        assert!(found.iter().any(|m| m.contains(problem)), "{problem}: {found:?}");
    }
}

#[test]
fn a_log_under_the_first_rules_still_verifies_and_a_turn_forged_past_an_owed_roll_does_not() {
    let mut first = Played::new(enlisted_under(FIRST));
    first.play(start("Winter Line", &["Ivanov", "Sokolov"]), &[]);
    first.play(Command::NextTurn, &[]);
    first.play(environ_plain("Ivanov", "cold", 6), &[3]);
    first.play(resolve("Ivanov", EnvironmentChoice::Hardy), &[]);
    first.play(Command::NextTurn, &[]);
    let report = crate::verify::verify("test", &first.rows());
    assert!(report.ok, "{:?}", report.findings);

    let mut second = Played::new(enlisted_under(ENVIRONMENTS_DECLARED));
    second.play(start_in_the_cold(), &[]);
    second.play(declare(LOCATION, Some("Stream"), &[("fever", 4)]), &[]);
    second.play(Command::NextTurn, &[]);
    for (soldier, environment, target) in [("Ivanov", "cold", 6), ("Ivanov", "fever", 4)] {
        second.play(environ_plain(soldier, environment, target), &[9]);
    }
    second.play(environ_plain("Sokolov", "cold", 6), &[10]);
    second.play(clear(LOCATION, Some("Stream"), &[]), &[]);
    let refused = second.try_play(&Command::NextTurn, &[]);
    assert!(refused.is_err(), "Sokolov still owes the Stream's fever roll");
    second.play(environ_plain("Sokolov", "fever", 4), &[4]);
    second.play(Command::NextTurn, &[]);
    let report = crate::verify::verify("test", &second.rows());
    assert!(report.ok, "{:?}", report.findings);

    // Forged: the next turn recorded while both still owe their cold roll: decided again,
    // the rules refuse it.
    let forged = second.record(vec![turn(3)]);
    let fold = second.findings("decide");
    assert!(
        fold.iter()
            .any(|(v, m)| *v == Some(forged) && m.contains("owes a roll")),
        "{fold:?}"
    );
}
