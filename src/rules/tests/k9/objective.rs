//! Resolving the K9 Objective.

use super::*;

#[test]
fn resolving_the_k9_objective_completes_the_mission() {
    let mut log = on_mission();
    let state = step(
        &mut log,
        Command::ResolveK9Objective,
        &[],
        vec![
            Event::K9ObjectiveResolved(K9ObjectiveResolved {
                mission: 1,
                objective: "Find the cache".into(),
            }),
            mission_ended_computed(1, 12, 12),
        ],
    );
    let mission = state.mission.as_ref().unwrap();
    assert!(mission.k9_objective_resolved);
    assert_eq!(mission.result, Some(MissionResult::Success));
    assert!(state.mission_in_progress().is_none());
}

#[test]
fn resolving_the_k9_objective_clears_suppress_like_any_mission_end() {
    let mut log = on_mission();
    log.push(Event::Suppressed(amount("Park", 2)));
    given(log).when(Command::ResolveK9Objective).then([
        Event::K9ObjectiveResolved(K9ObjectiveResolved {
            mission: 1,
            objective: "Find the cache".into(),
        }),
        mission_ended_computed(1, 12, 12),
        Event::SuppressCleared(amount("Park", 2)),
    ]);
}

#[test]
fn resolving_a_k9_objective_on_a_mission_without_one_is_refused() {
    let mut log = squad();
    log.push(mission_started(1, "Dawn Raid", &["Wong", "Park"]));
    given(log)
        .when(Command::ResolveK9Objective)
        .then_refused(&["Mission 1 has no K9 Objective to resolve"]);
}
