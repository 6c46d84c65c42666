//! The rolls a declared Environment makes owed at each turn: who owes them, how a roll settles
//! one, and the turn and the Mission's end that wait until every one is rolled and resolved.

use super::*;

use crate::domain::MissionResult;
use crate::domain::rules_version::{ENVIRONMENTS_DECLARED, FIRST};

fn end(result: MissionResult) -> Command {
    Command::EndMission {
        result,
        rp_award: None,
    }
}

/// [`winter_line`] under the newest rules at the start of turn 1.
fn turn_one() -> Vec<Event> {
    let mut log = winter_line(ENVIRONMENTS_DECLARED);
    log.push(turn(1));
    log
}

#[test]
fn at_the_start_of_the_turn_each_soldier_on_the_mission_owes_a_roll() {
    // Rule 002: "each Soldier in the Location must roll the noted value or higher on a
    // 10-sided die at the start of the Soldier Turn."
    let state = given(winter_line(ENVIRONMENTS_DECLARED))
        .when(Command::NextTurn)
        .then([turn(1)]);
    assert_eq!(
        owed(&state),
        vec![owes("Ivanov", "cold", 6), owes("Sokolov", "cold", 6)],
        "Orlov stayed behind; Petrov is Enduring"
    );
}

#[test]
fn an_enduring_soldier_owes_no_roll() {
    // Rule 002: "Enduring – The Soldier is immune to Environ effects."
    let state = given(turn_one()).state;
    assert!(!owed(&state).iter().any(|(soldier, ..)| soldier == "Petrov"));
    // His immune roll may still be recorded; it makes no difference to what is owed.
    let state = given(turn_one())
        .when(environ_plain("Petrov", "cold", 6))
        .then([Event::EnvironmentRolled(Box::new(EnvironmentRolled {
            soldier: "Petrov".into(),
            environment: "cold".into(),
            target: 6,
            location: None,
            immune: true,
            roll: None,
        }))]);
    assert_eq!(owed(&state).len(), 2);
}

#[test]
fn a_roll_against_the_environment_settles_what_the_soldier_owes() {
    let mut log = turn_one();
    let state = step(
        &mut log,
        environ_plain("Ivanov", "cold", 6),
        &[7],
        vec![rolled_plain("Ivanov", "cold", 6, 7)],
    );
    assert_eq!(owed(&state), vec![owes("Sokolov", "cold", 6)]);
    // A roll against another Environ (or another target) settles nothing owed.
    let state = step(
        &mut log,
        environ_plain("Sokolov", "cold", 5),
        &[9],
        vec![rolled_plain("Sokolov", "cold", 5, 9)],
    );
    assert_eq!(owed(&state), vec![owes("Sokolov", "cold", 6)]);
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
}

#[test]
fn several_environments_at_once_are_owed_and_rolled_separately() {
    // Rule 002: "it is possible for a Location to have more than one Environmental effect in
    // effect at a time. When this happens, roll for all of them separately."
    let mut log = winter_line(ENVIRONMENTS_DECLARED);
    log.push(declared(EnvironmentScope::Location, Some("Stream"), "fever", 4));
    let state = step(&mut log, Command::NextTurn, &[], vec![turn(1)]);
    assert_eq!(
        owed(&state),
        vec![
            owes("Ivanov", "cold", 6),
            owes("Ivanov", "fever", 4),
            owes("Sokolov", "cold", 6),
            owes("Sokolov", "fever", 4),
        ]
    );
    step(
        &mut log,
        environ_plain("Ivanov", "cold", 6),
        &[6],
        vec![rolled_plain("Ivanov", "cold", 6, 6)],
    );
    step(
        &mut log,
        environ_plain("Sokolov", "cold", 6),
        &[10],
        vec![rolled_plain("Sokolov", "cold", 6, 10)],
    );
    step(
        &mut log,
        environ_plain("Sokolov", "fever", 4),
        &[4],
        vec![rolled_plain("Sokolov", "fever", 4, 4)],
    );
    // The cold roll did not stand for the fever one.
    given(log.clone()).when(Command::NextTurn).then_refused(&[
        "Ivanov owes a roll against Environ fever 4+ of the Location Stream",
        "muster environ Ivanov fever 4",
    ]);
    step(
        &mut log,
        environ_plain("Ivanov", "fever", 4),
        &[5],
        vec![rolled_plain("Ivanov", "fever", 4, 5)],
    );
    given(log).when(Command::NextTurn).then([turn(2)]);
}

#[test]
fn the_next_turn_is_refused_naming_everyone_who_still_owes_a_roll() {
    given(turn_one()).when(Command::NextTurn).then_refused(&[
        "Ivanov owes a roll against Environ cold 6+ of the Mission",
        "Sokolov owes a roll against Environ cold 6+ of the Mission",
        "at the start of the Soldier Turn",
    ]);
}

#[test]
fn the_mission_end_is_refused_until_every_owed_roll_is_rolled_and_resolved() {
    let mut log = turn_one();
    for result in [MissionResult::Success, MissionResult::Failure] {
        given(log.clone())
            .when(end(result))
            .then_refused(&["Ivanov owes a roll against Environ cold 6+ of the Mission"]);
    }
    step(
        &mut log,
        environ_plain("Ivanov", "cold", 6),
        &[8],
        vec![rolled_plain("Ivanov", "cold", 6, 8)],
    );
    // Sokolov rolls 7, less 2 for Fire: a failure ("must either discard a Hardy counter of
    // the appropriate type, suffer a Wound, or suffer a Suppress"), which the end still waits for.
    let state = step(
        &mut log,
        environ_plain("Sokolov", "cold", 6),
        &[7],
        vec![rolled_plain("Sokolov", "cold", 6, 7)],
    );
    assert!(owed(&state).is_empty());
    let failed_at = log.len() as u64;
    given(log.clone())
        .when(end(MissionResult::Failure))
        .then_refused(&["Sokolov's failed Environ cold roll", "awaits a choice"]);
    step(
        &mut log,
        resolve("Sokolov", EnvironmentChoice::Wound),
        &[],
        vec![
            resolved("Sokolov", "cold", failed_at, EnvironmentChoice::Wound),
            Event::Wounded(amount("Sokolov", 1)),
        ],
    );
    let state = given(log)
        .when(end(MissionResult::Failure))
        .then([Event::MissionEnded(MissionEnded {
            mission: 1,
            result: MissionResult::Failure,
            rp_award: computed_award(12, 12),
        })]);
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
}

#[test]
fn each_turn_owes_the_rolls_again() {
    let mut log = turn_one();
    log.push(rolled_plain("Ivanov", "cold", 6, 9));
    log.push(rolled_plain("Sokolov", "cold", 6, 10));
    let state = step(&mut log, Command::NextTurn, &[], vec![turn(2)]);
    assert_eq!(
        owed(&state),
        vec![owes("Ivanov", "cold", 6), owes("Sokolov", "cold", 6)]
    );
}

#[test]
fn a_downed_or_killed_soldier_owes_no_roll() {
    let mut log = turn_one();
    log.push(Event::Downed(named("Ivanov")));
    assert_eq!(owed(&given(log.clone()).state), vec![owes("Sokolov", "cold", 6)]);
    log.push(Event::Killed(named("Sokolov")));
    assert!(owed(&given(log.clone()).state).is_empty());
    // Ivanov, still Downed at the next turn's start, owes nothing then either.
    let state = given(log).when(Command::NextTurn).then([turn(2)]);
    assert!(owed(&state).is_empty());
}

#[test]
fn under_the_first_rules_a_turn_owes_nothing() {
    // A campaign under rules 1 never declared an Environment: its turns wait for failed
    // rolls only, as they always did.
    let mut log = winter_line(FIRST);
    log.pop();
    let state = given(log).when(Command::NextTurn).then([turn(1)]);
    assert!(owed(&state).is_empty());
}

/// [`turn_one`] under `rules`.
fn turn_one_under(rules: crate::domain::rules_version::RulesVersion) -> Vec<Event> {
    let mut log = winter_line(rules);
    log.push(turn(1));
    log
}

/// `down SOLDIER`, recorded on `log` as the rules decide it; the state after it.
fn downed(log: &mut Vec<Event>, soldier: &str) -> CampaignState {
    let change = crate::domain::command::StatusChange::Down;
    step(
        log,
        status(change, soldier),
        &[],
        vec![Event::Downed(named(soldier))],
    )
}

/// `recover SOLDIER`, recorded on `log` as the rules decide it; the state after it.
fn recovered(log: &mut Vec<Event>, soldier: &str) -> CampaignState {
    let change = crate::domain::command::StatusChange::Recover;
    step(
        log,
        status(change, soldier),
        &[],
        vec![Event::Recovered(named(soldier))],
    )
}

fn status(change: crate::domain::command::StatusChange, soldier: &str) -> Command {
    Command::ChangeStatus {
        change,
        soldier: soldier.into(),
    }
}

#[test]
fn a_soldier_downed_and_recovered_in_the_turn_owes_its_roll_again_from_rules_10() {
    use crate::domain::rules_version::{ENVIRONMENTS_OWED, WHAT_HAPPENED_ONCE};
    // Given turn 1 under rules 10, Ivanov Downed before his roll: he owes none while Downed
    let mut log = turn_one_under(ENVIRONMENTS_OWED);
    let state = downed(&mut log, "Ivanov");
    assert_eq!(owed(&state), vec![owes("Sokolov", "cold", 6)]);
    // When he recovers in the same turn, then he owes it again: he was in the Location at the
    // start of the Soldier Turn (rule 002)
    let state = recovered(&mut log, "Ivanov");
    assert_eq!(
        owed(&state),
        vec![owes("Sokolov", "cold", 6), owes("Ivanov", "cold", 6)]
    );
    // Under rules 9 the roll lapsed with his Downed result, as it was recorded then
    let mut log = turn_one_under(WHAT_HAPPENED_ONCE);
    downed(&mut log, "Ivanov");
    let state = recovered(&mut log, "Ivanov");
    assert_eq!(owed(&state), vec![owes("Sokolov", "cold", 6)]);
}

#[test]
fn a_roll_made_before_the_downed_result_is_not_owed_again_nor_one_of_a_turn_gone() {
    use crate::domain::rules_version::ENVIRONMENTS_OWED;
    // Given Ivanov's roll made, then his Downed result and his recovery: nothing is owed again
    let mut log = turn_one_under(ENVIRONMENTS_OWED);
    step(
        &mut log,
        environ_plain("Ivanov", "cold", 6),
        &[7],
        vec![rolled_plain("Ivanov", "cold", 6, 7)],
    );
    downed(&mut log, "Ivanov");
    let state = recovered(&mut log, "Ivanov");
    assert_eq!(owed(&state), vec![owes("Sokolov", "cold", 6)]);
    // Downed before his roll with the next turn begun: the new turn's roll is owed once he is
    // active, not the last turn's
    let mut log = turn_one_under(ENVIRONMENTS_OWED);
    downed(&mut log, "Ivanov");
    step(
        &mut log,
        environ_plain("Sokolov", "cold", 6),
        &[8],
        vec![rolled_plain("Sokolov", "cold", 6, 8)],
    );
    step(&mut log, Command::NextTurn, &[], vec![turn(2)]);
    let state = recovered(&mut log, "Ivanov");
    assert_eq!(owed(&state), vec![owes("Sokolov", "cold", 6)]);
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
}
