//! Voids that revise a Mission's computed RP award, one after another: each revises the award
//! as it stands (the last revision's), and a void that takes the Mission's end away leaves
//! the revisions before it revising nothing.

use super::*;
use crate::rules::harness::Played;
use crate::rules::tests::void_rests::{end, kill};

/// Wong (8 RP), Park (4) and Ames (3), on Mission "Caen", Park and Ames Killed, the Mission
/// ended with its award computed (7 RP); the versions of the two kills and of the end.
fn two_killed() -> (Played, u64, u64, u64) {
    let mut played = Played::new([
        created(Game::Wwii),
        enlisted(SoldierCard {
            rp: 8,
            ..player("Wong")
        }),
        enlisted(SoldierCard {
            rp: 4,
            ..player("Park")
        }),
        enlisted(SoldierCard {
            rp: 3,
            ..player("Ames")
        }),
    ]);
    played.play(start("Caen", &["Wong", "Park", "Ames"]), &[]);
    let park = played.play(kill("Park"), &[]);
    let ames = played.play(kill("Ames"), &[]);
    let ended = played.play(end(), &[]);
    (played, park, ames, ended)
}

/// The award revisions among `events`: (was, amount).
fn revisions(events: &[Event]) -> Vec<(u32, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::RpAwardRevised(r) => Some((r.was, r.amount)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_second_void_revises_the_award_as_the_first_left_it() {
    // Given the award of 7 RP revised to 3 by the void of Park's KIA
    let (mut played, park, ames, _) = two_killed();
    assert_eq!(played.state().rp_bank, 7);
    let first = played.void(park, false).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(revisions(&first), [(7, 3)]);
    played.record(first);
    assert_eq!(played.state().rp_bank, 3);
    // When Ames' KIA is voided too, though the bank holds only the 3 RP the award now is
    let second = played.void(ames, false).unwrap_or_else(|e| panic!("{e}"));
    // Then it revises the award from 3 to 0, not from the 7 first computed, and is taken
    assert_eq!(revisions(&second), [(3, 0)]);
    played.record(second);
    let state = played.state();
    assert_eq!(state.rp_bank, 0);
    assert!(
        state.anomalies.is_empty() && state.unsettled_awards.is_empty(),
        "{state:?}"
    );
    assert!(crate::verify::verify("test", &played.rows()).ok);
}

#[test]
fn a_missions_end_is_voided_after_a_void_revised_its_award_and_may_end_again() {
    // Given the award revised from 7 to 3 by the void of Park's KIA
    let (mut played, park, _, ended) = two_killed();
    let first = played.void(park, false).unwrap_or_else(|e| panic!("{e}"));
    played.record(first);
    // When the Mission's end is voided: the revision before it revises nothing now
    let events = played.void(ended, false).unwrap_or_else(|e| panic!("{e}"));
    assert!(revisions(&events).is_empty());
    played.record(events);
    let state = played.state();
    assert_eq!(
        (state.rp_bank, state.mission.as_ref().and_then(|m| m.result)),
        (0, None)
    );
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
    // Then it ends again, its award computed from what stands (Ames' 3 RP), and verifies
    played.play(end(), &[]);
    assert_eq!(played.state().rp_bank, 3);
    let report = crate::verify::verify("test", &played.rows());
    assert!(report.ok, "{:?}", report.findings);
}
