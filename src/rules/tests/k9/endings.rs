//! How an Encounter ends: never with XP for its Hostile value, and never stuck open.

use super::*;

#[test]
fn the_encounters_hostile_value_never_gives_xp() {
    // Every way the Encounter ends, as decided: no XP and no EKIA for its Hostile value (5).
    let endings: [(Vec<Event>, Command, &[i64]); 5] = [
        (after_gizmos_roll(), roll(&[Resource::Discards]), &[6]),
        (after_wongs_failure(), Command::AcceptFailure, &[]),
        (after_wongs_failure(), retry(&[Resource::Discipline]), &[9]),
        (
            on_mission().into_iter().chain([drawn("Wong")]).collect(),
            Command::IgnoreEncounter,
            &[3],
        ),
        (on_mission(), draw(Some("Park")), &[]),
    ];
    for (log, command, faces) in endings {
        let events = given(log.clone()).when_rolling(command, faces).result.unwrap();
        assert!(
            matches!(
                events.last(),
                Some(Event::K9EncounterResolved(_) | Event::Wounded(_))
            ),
            "{events:?}"
        );
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::XpAdjusted(_) | Event::EkiaRecorded(_))),
            "{events:?}"
        );
        let state = given(log.into_iter().chain(events)).state;
        assert_eq!(state.mission.as_ref().unwrap().encounter, None);
        assert_eq!(state.soldier("Wong").unwrap().xp, 0);
        assert_eq!(state.soldier("Gizmo").unwrap().xp, 0);
    }
}

/// The refusals of every command that could close an open Encounter or get past it, when
/// all of them are refused; `None` when at least one is accepted.
fn no_way_out(log: &[Event]) -> Option<Vec<String>> {
    let ways_out = [
        roll(&[]),
        Command::IgnoreEncounter,
        Command::AcceptFailure,
        retry(&[]),
        Command::NextTurn,
        Command::EndMission {
            result: MissionResult::Failure,
            rp_award: None,
        },
        Command::ResolveK9Objective,
    ];
    let refusals: Vec<String> = ways_out
        .iter()
        .filter_map(|command| {
            given(log.to_vec())
                .when_rolling(command.clone(), &[5])
                .result
                .err()
                .map(|e| e.to_string())
        })
        .collect();
    (refusals.len() == ways_out.len()).then_some(refusals)
}

/// A downed K9 never leaves the Mission stuck: an Encounter drawn for him would have every
/// Encounter command refused (he is not active) while `turn`, `mission end` and
/// `k9 objective` wait for it to close. So the draw is refused, or some way out is accepted.
#[test]
fn an_encounter_for_a_downed_k9_is_refused_or_can_be_finished() {
    let mut log = on_mission();
    log.push(Event::Downed(named("Gizmo")));
    if let Ok(events) = given(log.clone()).when(draw(None)).result {
        let kinds: Vec<&str> = events.iter().map(Event::kind).collect();
        log.extend(events);
        if let Some(refusals) = no_way_out(&log) {
            panic!("the draw was accepted ({kinds:?}), then every way out is refused: {refusals:#?}");
        }
    }
}

/// A Handler Killed while an Encounter is open cannot roll, ignore, accept or retry, and a
/// KIA is final: some way out (a turn, the Mission's end, the K9 Objective) must still be
/// accepted, or the Mission could end only by voiding history.
#[test]
fn a_handler_killed_with_an_encounter_open_leaves_a_way_to_end_the_mission() {
    let mut log = after_gizmos_roll();
    log.push(Event::Killed(named("Wong")));
    if let Some(refusals) = no_way_out(&log) {
        panic!("every way out is refused: {refusals:#?}");
    }
}
