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
        refusal.contains(&format!("'{CARD}' is not awaiting a choice")),
        "{refusal}"
    );
    assert!(
        refusal.contains(&format!("version {retried} decided again, the rules refuse it")),
        "the retry is named: {refusal}"
    );
}

#[test]
fn an_encounter_ended_with_a_reward_its_failed_roll_does_not_give_is_found() {
    // The setup's commands are written one event each, so only the last command's
    // decision is asked of here.
    let at = |played: &Played, version: u64| -> Vec<String> {
        let found = played.findings("decide").into_iter();
        found
            .filter(|(v, _)| *v == Some(version))
            .map(|(_, p)| p)
            .collect()
    };
    let mut played = Played::new(after_wongs_failure());
    let reward = played.record(vec![resolved(EncounterEnd::Reward, REWARD)]);
    assert_eq!(played.findings("fold"), vec![], "the rule is not the fold's");
    let found = at(&played, reward);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains(
            "the rules give k9_encounter_resolved {\"encounter\":\"Buried Explosive\",\"end\":\"failure\""
        ),
        "the rules end it with the Failure its failed roll gives: {found:?}"
    );
    // The Failure it does give is no finding.
    let mut played = Played::new(after_wongs_failure());
    let failed = played.record(failure());
    assert_eq!(at(&played, failed), Vec::<String>::new());
}
