//! Multiple Objectives (RULES 4, rule 001): the Inactive counter moves left to right, and a
//! Mission succeeds only when every Objective is completed.

use crate::domain::MissionResult;
use crate::domain::state::ObjectiveState;
use crate::rules::harness::given;
use crate::rules::tests::*;

fn activate(n: i64) -> Command {
    Command::ActivateObjective(n)
}

fn complete(n: i64) -> Command {
    Command::CompleteObjective(n)
}

fn activated(objective: u32) -> Event {
    Event::ObjectiveActivated(ObjectiveMarked {
        mission: 1,
        objective,
    })
}

fn completed(objective: u32) -> Event {
    Event::ObjectiveCompleted(ObjectiveMarked {
        mission: 1,
        objective,
    })
}

fn end(result: MissionResult) -> Command {
    Command::EndMission {
        result,
        rp_award: None,
    }
}

fn squad() -> Vec<Event> {
    vec![
        created(Game::Wwii),
        enlisted(player("Able")),
        enlisted(player("Baker")),
    ]
}

/// Mission 1 with three Objectives placed, none Activated yet.
fn three_objectives() -> Vec<Event> {
    let mut events = squad();
    events.push(Event::MissionStarted(MissionStarted {
        mission: 1,
        name: "Three Bridges".into(),
        soldiers: vec!["Able".into(), "Baker".into()],
        objectives: Some(3),
        k9_objective: None,
        untracked_objectives: None,
    }));
    events
}

/// `three_objectives` with these events after it.
fn then_after(events: &[Event]) -> Vec<Event> {
    let mut log = three_objectives();
    log.extend_from_slice(events);
    log
}

#[test]
fn a_mission_started_with_three_objectives_puts_the_inactive_counter_on_the_first() {
    let state = given(squad())
        .when(Command::StartMission {
            name: "Three Bridges".into(),
            soldiers: vec!["Able".into(), "Baker".into()],
            objectives: Some(3),
            k9_objective: None,
            environments: vec![],
        })
        .then(three_objectives().into_iter().skip(3));
    let mission = state.mission.as_ref().unwrap();
    assert_eq!(mission.inactive_at, Some(1));
    assert_eq!(mission.objectives, vec![ObjectiveState::Waiting; 3]);
}

#[test]
fn activating_the_first_objective_moves_the_inactive_counter_to_the_second() {
    let mut log = three_objectives();
    let state = step(&mut log, activate(1), &[], vec![activated(1)]);
    let mission = state.mission.as_ref().unwrap();
    assert_eq!(mission.inactive_at, Some(2));
    assert_eq!(
        mission.objectives,
        vec![
            ObjectiveState::Activated,
            ObjectiveState::Waiting,
            ObjectiveState::Waiting
        ]
    );
}

#[test]
fn activating_the_second_objective_before_the_first_is_refused() {
    given(three_objectives()).when(activate(2)).then_refused(&[
        "Objective 2 does not carry the Inactive counter; Objective 1 does",
        "left to right",
    ]);
}

#[test]
fn activating_the_same_objective_twice_is_refused() {
    given(then_after(&[activated(1)]))
        .when(activate(1))
        .then_refused(&["Objective 1 does not carry the Inactive counter; Objective 2 does"]);
}

#[test]
fn activating_the_last_objective_returns_the_inactive_counter_to_the_supply() {
    let mut log = then_after(&[activated(1), activated(2)]);
    let state = step(&mut log, activate(3), &[], vec![activated(3)]);
    let mission = state.mission.as_ref().unwrap();
    assert_eq!(mission.inactive_at, None);
    assert_eq!(mission.objectives, vec![ObjectiveState::Activated; 3]);
    given(log).when(activate(3)).then_refused(&[
        "every Objective of Mission 1 is already activated",
        "back in the supply",
    ]);
}

#[test]
fn an_objective_outside_those_placed_is_refused() {
    for n in [0, 4] {
        given(three_objectives())
            .when(activate(n))
            .then_refused(&["the Objective must be from 1 to 3", &format!("got {n}")]);
        given(three_objectives())
            .when(complete(n))
            .then_refused(&["the Objective must be from 1 to 3"]);
    }
}

#[test]
fn completing_an_objective_before_it_is_activated_is_refused() {
    given(then_after(&[activated(1)]))
        .when(complete(2))
        .then_refused(&["Objective 2 is not activated yet", "muster objective activate 2"]);
}

#[test]
fn completing_an_activated_objective_is_accepted() {
    let mut log = then_after(&[activated(1)]);
    let state = step(&mut log, complete(1), &[], vec![completed(1)]);
    assert_eq!(
        state.mission.as_ref().unwrap().objectives[0],
        ObjectiveState::Completed
    );
    assert_eq!(
        state.mission.as_ref().unwrap().inactive_at,
        Some(2),
        "completing does not move the counter"
    );
}

#[test]
fn completing_an_objective_twice_is_refused() {
    given(then_after(&[activated(1), completed(1)]))
        .when(complete(1))
        .then_refused(&["Objective 1 is already completed"]);
}

#[test]
fn a_mission_with_objectives_not_completed_cannot_end_in_success() {
    given(three_objectives())
        .when(end(MissionResult::Success))
        .then_refused(&["Objectives 1, 2, 3 of Mission 1 are not completed", "rule 001"]);
    given(then_after(&[
        activated(1),
        completed(1),
        activated(2),
        activated(3),
        completed(3),
    ]))
    .when(end(MissionResult::Success))
    .then_refused(&[
        "Objective 2 of Mission 1 is not completed",
        "complete it, or end it as a failure (`muster mission end --result failure`)",
    ]);
}

#[test]
fn a_mission_with_objectives_not_completed_can_end_in_failure() {
    given(then_after(&[activated(1)]))
        .when(end(MissionResult::Failure))
        .then([Event::MissionEnded(MissionEnded {
            mission: 1,
            result: MissionResult::Failure,
            rp_award: computed_award(8, 8),
        })]);
}

#[test]
fn a_mission_with_every_objective_completed_ends_in_success() {
    let log = then_after(&[
        activated(1),
        completed(1),
        activated(2),
        completed(2),
        activated(3),
        completed(3),
    ]);
    let state = given(log.clone()).state;
    assert_eq!(
        state.mission.as_ref().unwrap().objectives,
        vec![ObjectiveState::Completed; 3]
    );
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
    given(log)
        .when(end(MissionResult::Success))
        .then([mission_ended_computed(1, 8, 8)]);
}

#[test]
fn a_mission_without_tracked_objectives_refuses_to_activate_one() {
    let mut events = squad();
    events.push(mission_started(1, "Patrol", &["Able", "Baker"]));
    given(events.clone())
        .when(activate(1))
        .then_refused(&["Mission 1 does not track Multiple Objectives", "--objectives N"]);
    given(events)
        .when(complete(1))
        .then_refused(&["Mission 1 does not track Multiple Objectives"]);
}

#[test]
fn activating_an_objective_with_no_mission_in_progress_is_refused() {
    given(squad())
        .when(activate(1))
        .then_refused(&["no Mission is in progress"]);
}
