//! The Control Deck under Buy Time (rule 003): "the first Control Deck cards flipped in the
//! mission, up to a number equal to the Spook’s D, are placed to one side instead of going
//! into the discard pile. When the last card in the Control Deck is flipped, shuffle these
//! cards and place them face down in place of the Control Deck. You may now continue to play
//! until these cards are exhausted. At that point, the mission is over as normal."

use super::*;

use crate::domain::rules_version::{BUY_TIME_MISSION_D, FIRST};
use crate::rules::harness::Played;

fn set_aside(cards: u32) -> Event {
    Event::ControlCardsSetAside(ControlCardsSetAside { cards })
}

fn ran_out(set_aside: u32) -> Event {
    Event::ControlDeckRanOut(ControlDeckRanOut { set_aside })
}

fn flipped(cards: u32, remaining: u32) -> Event {
    Event::SetAsideCardsFlipped(SetAsideCardsFlipped { cards, remaining })
}

/// Kestrel (D 2) bought time; the first turn has started.
fn bought_two() -> Vec<Event> {
    let mut events = deployed();
    events.push(Event::BuyTimeDeclared(BuyTimeDeclared {
        cards: 2,
        spook: SPOOK.into(),
        versus: None,
    }));
    events.push(turn_started(1));
    events
}

/// [`bought_two`] with both cards set aside and the Control Deck run out.
fn deck_out() -> Vec<Event> {
    let mut events = bought_two();
    events.push(set_aside(2));
    events.push(ran_out(2));
    events
}

fn remaining(state: &CampaignState) -> Option<u32> {
    state
        .mission_in_progress()
        .unwrap()
        .zero_dark
        .set_aside_remaining()
}

#[test]
fn the_cards_are_set_aside_the_deck_runs_out_and_they_are_played_until_exhausted() {
    let mut log = bought_two();
    let state = step(&mut log, Command::SetAside(1), &[], vec![set_aside(1)]);
    assert_eq!(state.mission_in_progress().unwrap().zero_dark.set_aside, 1);
    assert_eq!(remaining(&state), Some(2), "both bought cards are still to play");
    step(&mut log, Command::SetAside(1), &[], vec![set_aside(1)]);
    let state = step(&mut log, Command::ControlDeckOut, &[], vec![ran_out(2)]);
    assert!(
        state
            .mission_in_progress()
            .unwrap()
            .zero_dark
            .control_deck_ran_out
    );
    let state = step(&mut log, Command::FlipSetAside(1), &[], vec![flipped(1, 1)]);
    assert_eq!(remaining(&state), Some(1));
    let state = step(&mut log, Command::FlipSetAside(1), &[], vec![flipped(1, 0)]);
    assert_eq!(remaining(&state), Some(0), "exhausted: the Mission is over");
    let mut played = Played::new(log);
    played.play(end_mission(), &[]);
    assert!(crate::verify::verify("test", &played.rows()).ok);
}

#[test]
fn no_cards_are_set_aside_where_no_one_bought_time() {
    let mut events = deployed();
    events.push(turn_started(1));
    given(events)
        .when(Command::SetAside(1))
        .then_refused(&["no one bought time on Mission 1", "muster spook buy-time"]);
}

#[test]
fn cards_are_set_aside_once_play_has_begun() {
    let mut events = bought_two();
    events.pop();
    given(events)
        .when(Command::SetAside(1))
        .then_refused(&["once play begins", "muster turn"]);
}

#[test]
fn no_more_cards_than_bought_are_set_aside() {
    given(bought_two())
        .when(Command::SetAside(3))
        .then_refused(&["Buy Time sets aside 2 Control Deck cards and 0 are set aside: 2 more at most"]);
    given(bought_two())
        .when(Command::SetAside(0))
        .then_refused(&["the cards set aside"]);
}

#[test]
fn the_deck_runs_out_only_once_every_card_bought_is_set_aside() {
    let mut events = bought_two();
    events.push(set_aside(1));
    given(events)
        .when(Command::ControlDeckOut)
        .then_refused(&["1 of the 2", "muster spook set-aside 1"]);
}

#[test]
fn set_aside_cards_are_flipped_only_after_the_deck_ran_out() {
    let mut events = bought_two();
    events.push(set_aside(2));
    given(events)
        .when(Command::FlipSetAside(1))
        .then_refused(&["once the Control Deck runs out", "muster spook deck-out"]);
}

#[test]
fn no_more_set_aside_cards_are_flipped_than_remain() {
    let mut events = deck_out();
    events.push(flipped(1, 1));
    given(events)
        .when(Command::FlipSetAside(2))
        .then_refused(&["1 set-aside card remains"]);
}

#[test]
fn after_the_deck_ran_out_nothing_more_is_set_aside_and_it_runs_out_once() {
    given(deck_out())
        .when(Command::SetAside(1))
        .then_refused(&["the Control Deck has run out"]);
    given(deck_out())
        .when(Command::ControlDeckOut)
        .then_refused(&["already ran out"]);
}

#[test]
fn forged_control_deck_records_are_found_by_deciding_them_again() {
    let mut played = Played::new(bought_two());
    let too_many = played.record(vec![set_aside(3)]);
    let early = played.record(vec![flipped(1, 1)]);
    let findings = played.findings("decide");
    for (version, problem) in [
        (too_many, "2 more at most"),
        (early, "flipped once the Control Deck runs out"),
    ] {
        assert!(
            findings
                .iter()
                .any(|(v, p)| *v == Some(version) && p.contains(problem)),
            "{problem}: {findings:?}"
        );
    }
    let mut played = Played::new(deck_out());
    let wrong = played.record(vec![flipped(1, 0)]);
    let findings = played.findings("decide");
    assert!(
        findings.iter().any(|(v, p)| *v == Some(wrong)
            && p.contains("the rules give set_aside_cards_flipped {\"cards\":1,\"remaining\":1}")),
        "{findings:?}"
    );
}

/// Kestrel (D 2) buys time, then takes the Assassination task (+1 D), and the first turn
/// starts: how many cards may be set aside depends on the rules.
fn bought_before_assassination(rules: RulesVersion) -> Played {
    let mut played = Played::new(under(rules, with_bogeys([boss("Big Al")])));
    played.play(
        Command::BuyTime {
            ours: true,
            versus: None,
        },
        &[],
    );
    played.play(Command::ChooseTask(PriorityTask::Assassination), &[]);
    played.play(Command::NextTurn, &[]);
    played
}

#[test]
fn from_rules_2_the_spooks_d_for_the_mission_is_set_aside_whatever_the_order() {
    let mut played = bought_before_assassination(BUY_TIME_MISSION_D);
    played.play(Command::SetAside(3), &[]);
    played.play(Command::ControlDeckOut, &[]);
    assert!(crate::verify::verify("test", &played.rows()).ok);
}

#[test]
fn under_rules_1_only_the_d_at_buy_time_is_set_aside() {
    let mut played = bought_before_assassination(FIRST);
    let refused = played.try_play(&Command::SetAside(3), &[]).unwrap_err();
    assert!(refused.to_string().contains("2 more at most"), "{refused}");
    played.play(Command::SetAside(2), &[]);
    played.play(Command::ControlDeckOut, &[]);
    assert!(crate::verify::verify("test", &played.rows()).ok);
}
