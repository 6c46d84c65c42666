//! Voids under a settled priority task: the +5 XP it paid rests on the choice and the
//! dead-drop, so voiding either is refused, or cascades to the Mission's end (and, from the
//! choice, to the dead-drop the rules allow only under an Acquisition task).

use super::*;
use crate::rules::harness::Played;

/// [`deployed`] with Acquisition chosen, the dead-drop interacted with and the Mission
/// ended: the versions of the choice and of the dead-drop.
fn acquired() -> (Played, u64, u64) {
    let mut played = Played::new(deployed());
    let chosen = played.play(Command::ChooseTask(PriorityTask::Acquisition), &[]);
    let dropped = played.play(Command::InteractDeadDrop, &[]);
    played.play(end_mission(), &[]);
    assert_eq!(
        played.state().soldier(SPOOK).unwrap().xp,
        5,
        "the task paid +5 XP"
    );
    (played, chosen, dropped)
}

#[test]
fn voiding_the_dead_drop_after_the_task_paid_for_it_is_refused() {
    let (played, _, dropped) = acquired();
    let refusal = played.void(dropped, false).unwrap_err().to_string();
    assert!(
        refusal.contains("version 8 decided again") && refusal.contains("\"success\":false"),
        "{refusal}"
    );
    assert!(
        refusal.contains("the dead-drop was never interacted with"),
        "{refusal}"
    );
}

#[test]
fn voiding_the_task_choice_after_the_mission_end_paid_for_it_is_refused_or_cascades() {
    let (mut played, chosen, _) = acquired();
    let refusal = played.void(chosen, false).unwrap_err().to_string();
    assert!(
        refusal.contains("the Spook's priority task this Mission is not Acquisition (none)"),
        "{refusal}"
    );
    let events = played.void(chosen, true).unwrap();
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::CommandVoided(_)))
            .count(),
        3,
        "the choice, the dead-drop (the rules refuse it with no Acquisition task chosen) and the Mission's end: {events:?}"
    );
    played.record(events);
    let state = played.state();
    assert_eq!(state.anomalies, vec![]);
    assert_eq!(
        state.soldier(SPOOK).unwrap().xp,
        0,
        "nothing rests on a voided choice"
    );
    assert!(
        state.mission_in_progress().is_some(),
        "the Mission's end was voided with it"
    );
}
