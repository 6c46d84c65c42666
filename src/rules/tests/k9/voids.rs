//! A retry answers a failed roll: voiding that failure after the retry is refused, as the
//! retry (and the Discipline it paid) would then follow no failure.

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
