//! An Encounter's end follows from its rolls: a Reward needs them to succeed, and a retry
//! answers a failed roll, so voiding that failure after the retry is refused.

use super::*;
use crate::rules::harness::Played;

#[test]
fn voiding_the_failed_roll_a_retry_answered_is_refused() {
    let mut played = Played::new(after_wongs_failure());
    let failed = played.log.len() as u64;
    let retried = played.play(retry(&[Resource::Discipline]), &[4]);
    let refusal = played.void(failed, false).unwrap_err().to_string();
    assert!(
        refusal.contains(&format!(
            "retries '{CARD}', which no failed roll left awaiting a choice"
        )),
        "{refusal}"
    );
    assert!(
        refusal.contains(&format!("version {}", retried + 1)),
        "the retry's roll is named: {refusal}"
    );
}

#[test]
fn an_encounter_ended_with_a_reward_its_failed_roll_does_not_give_is_found() {
    let mut log = after_wongs_failure();
    log.push(resolved(EncounterEnd::Reward, REWARD));
    let state = given(log.clone()).state;
    let messages: Vec<&str> = state.anomalies.iter().map(|a| a.message.as_str()).collect();
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].contains("which its last roll (Roll(1), a failure) does not give"),
        "{messages:?}"
    );
    // The Failure it does give is no finding.
    let mut log = after_wongs_failure();
    log.extend(failure());
    assert_eq!(given(log).state.anomalies, vec![]);
}
