//! The squad's RP bank (RULES 5).

use crate::rules::harness::given;
use crate::rules::tests::*;

fn grant(amount: i64, why: &str) -> Command {
    Command::GrantRp {
        amount,
        why: why.into(),
    }
}

fn spend(amount: i64, why: &str) -> Command {
    Command::SpendRp {
        amount,
        why: why.into(),
    }
}

#[test]
fn granting_rp_puts_it_in_the_bank() {
    let state = given(modern_squad())
        .when(grant(10, " mission award "))
        .then([Event::RpGranted(rp(10, "mission award"))]);
    assert_eq!(state.rp_bank, 10);
}

#[test]
fn granting_zero_rp_is_refused() {
    given(modern_squad())
        .when(grant(0, "nothing"))
        .then_refused(&["the RP amount must be from 1 to 9999; got 0"]);
}

#[test]
fn granting_rp_without_a_reason_is_refused() {
    given(modern_squad())
        .when(grant(5, ""))
        .then_refused(&["the reason (--why) is empty", "give a few words"]);
}

#[test]
fn spending_more_rp_than_the_bank_holds_is_refused() {
    let mut events = modern_squad();
    events.push(Event::RpGranted(rp(4, "mission award")));
    given(events)
        .when(spend(5, "new rifle"))
        .then_refused(&["the squad's bank holds 4 RP; cannot spend 5", "spend at most 4"]);
}

#[test]
fn spending_from_an_empty_bank_is_refused() {
    given(modern_squad())
        .when(spend(1, "new rifle"))
        .then_refused(&["the squad's bank holds 0 RP", "spend at most 0"]);
}

#[test]
fn spending_rp_granted_earlier_is_accepted() {
    let mut events = modern_squad();
    events.push(Event::RpGranted(rp(10, "mission award")));
    let state = given(events)
        .when(spend(4, "new rifle"))
        .then([Event::RpSpent(rp(4, "new rifle"))]);
    assert_eq!(state.rp_bank, 6);
}

#[test]
fn spending_the_whole_bank_is_accepted() {
    let mut events = modern_squad();
    events.push(Event::RpGranted(rp(10, "mission award")));
    let state = given(events)
        .when(spend(10, "new squad member"))
        .then([Event::RpSpent(rp(10, "new squad member"))]);
    assert_eq!(state.rp_bank, 0);
}

#[test]
fn spending_an_rp_award_from_a_mission_end_is_accepted() {
    let mut events = on_mission();
    events.push(Event::MissionEnded(MissionEnded {
        mission: 1,
        result: crate::domain::MissionResult::Success,
        rp_award: Some(rp(10, "30 RP in, 20 RP out")),
    }));
    given(events)
        .when(spend(10, "new rifle"))
        .then([Event::RpSpent(rp(10, "new rifle"))]);
}
