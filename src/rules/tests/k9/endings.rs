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

/// BUG (src/rules/k9.rs, `pair_on`/`draw`): `pair_on` is documented as "The K9 and Handler
/// on the Mission (both active)" but never looks at their status, so `draw` opens an
/// Encounter for a downed K9. Every later Encounter command is then refused by `open`
/// ("Gizmo is not active"), while `turn`, `mission end` and `k9 objective` are refused
/// because an Encounter is open: nothing can close it. The draw should be refused (or the
/// Encounter resolved at once).
#[test]
fn regression_an_encounter_drawn_for_a_downed_k9_can_never_be_finished() {
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

/// BUG (src/rules/k9.rs, `open`, with src/rules/mission.rs, `clear_to_end`): once the
/// Handler is Killed while an Encounter is open, `k9 roll`, `ignore`, `accept` and `retry`
/// are refused because the Handler is not active, and `turn`, `mission end` (even
/// `--result failure`) and `k9 objective` are refused because the Encounter is open. A KIA
/// is final, so the Mission can never end except by voiding history.
#[test]
fn regression_a_handler_killed_with_an_encounter_open_blocks_the_mission_for_good() {
    let mut log = after_gizmos_roll();
    log.push(Event::Killed(named("Wong")));
    if let Some(refusals) = no_way_out(&log) {
        panic!("every way out is refused: {refusals:#?}");
    }
}
