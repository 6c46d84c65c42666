//! What the rules offer while an Environment roll is owed or a failed one awaits its choice:
//! the roll and the choice, each allowed; the next turn and the Mission's end refused with the
//! rules' own reason.

use super::*;

use crate::domain::rules_version::ENVIRONMENTS_DECLARED;
use crate::query::{Offer, offers};

/// The offer whose command line is `args`.
#[track_caller]
fn offer<'a>(offers: &'a [Offer], args: &[&str]) -> &'a Offer {
    offers
        .iter()
        .find(|o| o.args == args)
        .unwrap_or_else(|| panic!("{args:?} is not offered: {offers:?}"))
}

#[test]
fn no_mission_in_progress_offers_no_play() {
    let state = given(winter_line(ENVIRONMENTS_DECLARED)).state;
    let mut ended = state.clone();
    ended.mission = None;
    assert_eq!(offers("test", &ended), vec![]);
}

#[test]
fn an_owed_roll_is_offered_and_the_next_turn_is_refused_naming_it() {
    // Given turn 1 under Environ Cold 6+: Ivanov and Sokolov owe a roll
    let mut log = winter_line(ENVIRONMENTS_DECLARED);
    log.push(turn(1));
    let state = given(log).state;
    // When the rules are asked what may be done
    let offered = offers("test", &state);
    // Then each owed roll is offered, allowed
    for soldier in ["Ivanov", "Sokolov"] {
        let roll = offer(&offered, &["environ", soldier, "cold", "6"]);
        assert_eq!(roll.refused, None, "{roll:?}");
        assert_eq!(roll.dice, 1, "one d10 for the page's keypad: {roll:?}");
    }
    // And the next turn and the Mission's end are refused with the rules' reason
    for args in [&["turn"][..], &["mission", "end", "--result", "success"][..]] {
        let refused = offer(&offered, args).refused.clone().unwrap_or_default();
        assert!(refused.contains("owes a roll"), "{args:?}: {refused}");
        assert_eq!(offer(&offered, args).dice, 0, "a refused command rolls nothing");
    }
    // And what is owed comes before the turn
    let first_turn = offered.iter().position(|o| o.args == ["turn"]);
    let last_roll = offered
        .iter()
        .rposition(|o| o.args.first().is_some_and(|a| a == "environ"));
    assert!(last_roll < first_turn, "{offered:?}");
}

#[test]
fn a_failed_roll_offers_its_choices_and_nothing_else_is_decided_here() {
    // Given Sokolov's failed Environ fever roll, awaiting its choice
    let (log, _) = failed("Sokolov", "fever");
    let state = given(log).state;
    let offered = offers("test", &state);
    // Then giving up a Wound or a Suppress is allowed
    for choice in ["wound", "suppress"] {
        assert_eq!(offer(&offered, &["resolve", "Sokolov", choice]).refused, None);
    }
    // And the Hardy counter is the rules' to allow: he has none of the type
    assert!(
        offer(&offered, &["resolve", "Sokolov", "hardy"])
            .refused
            .is_some(),
        "{offered:?}"
    );
    // And the turn waits for the choice
    let refused = offer(&offered, &["turn"]).refused.clone().unwrap_or_default();
    assert!(refused.contains("awaits a choice"), "{refused}");
}
