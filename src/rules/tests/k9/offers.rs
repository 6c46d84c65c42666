//! What the rules offer around a K9 Encounter: its next roll while it is open, and after a
//! failed roll the Failure or a retry; the turn waits for it.

use super::*;
use crate::query::offers;

/// A command line offered.
type Args = Vec<String>;

/// The command lines offered on `log`'s state that the rules allow, and those they refuse
/// with their reason.
fn answered(log: Vec<Event>) -> (Vec<Args>, Vec<(Args, String)>) {
    let state = given(log).state;
    let (allowed, refused): (Vec<_>, Vec<_>) = offers("test", &state)
        .into_iter()
        .partition(|o| o.refused.is_none());
    (
        allowed.into_iter().map(|o| o.args).collect(),
        refused
            .into_iter()
            .map(|o| (o.args, o.refused.unwrap_or_default()))
            .collect(),
    )
}

#[test]
fn an_open_encounter_offers_its_next_roll_and_holds_the_turn() {
    let (allowed, refused) = answered(after_gizmos_roll());
    assert!(
        allowed.contains(&vec!["k9".to_owned(), "roll".to_owned()]),
        "{allowed:?}"
    );
    // No roll failed: the rules refuse the Failure and the retry.
    for args in [["k9", "accept"], ["k9", "retry"]] {
        assert!(!allowed.iter().any(|a| a == &args), "{args:?}: {allowed:?}");
    }
    let turn = refused.iter().find(|(args, _)| args == &["turn"]);
    assert!(
        turn.is_some_and(|(_, why)| why.contains("Encounter")),
        "{refused:?}"
    );
}

#[test]
fn a_failed_roll_offers_the_failure_and_the_retry_not_the_next_roll() {
    let (allowed, refused) = answered(after_wongs_failure());
    for args in [["k9", "accept"], ["k9", "retry"]] {
        assert!(allowed.iter().any(|a| a == &args), "{args:?}: {allowed:?}");
    }
    // Wong's was the card's last roll: no roll is left, so none is suggested (no "Roll 3").
    assert!(!allowed.iter().any(|a| a == &["k9", "roll"]), "{allowed:?}");
    assert!(!refused.iter().any(|(a, _)| a == &["k9", "roll"]), "{refused:?}");
}
