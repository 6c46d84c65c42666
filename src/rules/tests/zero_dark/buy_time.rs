//! The Spook's Buy Time (rule 003): the first Control Deck cards, up to the Spook's D, are set
//! aside; in Versus, the sum of both Spooks' D when both buy time, or only the other side's
//! when only it does.

use super::*;

use crate::domain::rules_version::{BUY_TIME_MISSION_D, FIRST};
use crate::domain::zero_dark::TimeBuyers;
use crate::rules::harness::Played;

fn buy_time(versus: Option<(bool, i64)>) -> Command {
    Command::BuyTime { ours: true, versus }
}

/// `spook buy-time --versus --opponent-only --opponent-d D`.
fn opponent_only(d: i64) -> Command {
    Command::BuyTime {
        ours: false,
        versus: Some((true, d)),
    }
}

fn opponent_bought(opponent_d: u32) -> Event {
    Event::OpponentBoughtTime(OpponentBoughtTime { opponent_d })
}

fn bought(cards: u32, versus: Option<VersusChoice>) -> Event {
    Event::BuyTimeDeclared(BuyTimeDeclared {
        spook: SPOOK.into(),
        cards,
        versus,
    })
}

fn versus(opponent_buys_time: bool, opponent_d: u32) -> Option<VersusChoice> {
    Some(VersusChoice {
        opponent_buys_time,
        opponent_d,
    })
}

#[test]
fn buying_time_sets_aside_as_many_cards_as_the_spooks_d() {
    // Kestrel's D is 2; Vega (D 3) and Moss (D 1) are not Spooks and do not count.
    let state = given(deployed()).when(buy_time(None)).then([bought(2, None)]);
    let z = &state.mission_in_progress().unwrap().zero_dark;
    assert_eq!(z.bought_time, Some(2));
    assert_eq!(z.spook.as_deref(), Some(SPOOK));
}

#[test]
fn assassination_chosen_first_adds_its_plus_one_d_to_the_cards_set_aside() {
    let mut events = with_bogeys([boss("Big Al")]);
    events.push(task_chosen(PriorityTask::Assassination, Some("Big Al")));
    given(events).when(buy_time(None)).then([bought(3, None)]);
}

#[test]
fn other_tasks_chosen_first_leave_the_spooks_d_alone() {
    for task in [PriorityTask::Observation, PriorityTask::Acquisition] {
        let mut events = deployed();
        events.push(task_chosen(task, None));
        given(events).when(buy_time(None)).then([bought(2, None)]);
    }
    let mut events = with_bogeys([grunt("Grunt 1")]);
    events.push(task_chosen(PriorityTask::Rescue, Some("Grunt 1")));
    given(events).when(buy_time(None)).then([bought(2, None)]);
}

#[test]
fn in_versus_when_both_buy_time_the_cards_are_the_sum_of_both_spooks_d() {
    let state = given(deployed())
        .when(buy_time(Some((true, 4))))
        .then([bought(6, versus(true, 4))]);
    assert_eq!(
        state.mission_in_progress().unwrap().zero_dark.bought_time,
        Some(6)
    );
}

#[test]
fn in_versus_both_buying_time_under_assassination_sums_the_raised_d() {
    let mut events = with_bogeys([boss("Big Al")]);
    events.push(task_chosen(PriorityTask::Assassination, Some("Big Al")));
    given(events)
        .when(buy_time(Some((true, 4))))
        .then([bought(7, versus(true, 4))]);
}

#[test]
fn in_versus_when_the_opponent_does_not_buy_time_only_our_spooks_d_counts() {
    given(deployed())
        .when(buy_time(Some((false, 4))))
        .then([bought(2, versus(false, 4))]);
}

#[test]
fn an_opponent_spooks_d_out_of_range_is_refused() {
    given(deployed())
        .when(buy_time(Some((true, 21))))
        .then_refused(&["the opponent Spook's D"]);
    given(deployed())
        .when(buy_time(Some((true, -1))))
        .then_refused(&["the opponent Spook's D"]);
}

#[test]
fn buying_time_twice_in_a_mission_is_refused() {
    let mut events = deployed();
    events.push(bought(2, None));
    given(events)
        .when(buy_time(None))
        .then_refused(&["the Spook already bought time this Mission", "recorded once"]);
}

#[test]
fn buying_time_after_the_first_turn_has_started_is_refused() {
    let mut events = deployed();
    events.push(turn_started(1));
    given(events)
        .when(buy_time(None))
        .then_refused(&["Buying Time is chosen at the start of a Mission", "at turn 1"]);
}

#[test]
fn buying_time_without_a_spook_on_the_mission_is_refused() {
    let mut events = team();
    events.push(mission_started(1, MISSION, &[GUNNER]));
    given(events)
        .when(buy_time(None))
        .then_refused(&["no Spook is on Mission 1"]);
}

#[test]
fn a_task_may_still_be_chosen_after_buying_time() {
    let mut events = deployed();
    events.push(bought(2, None));
    given(events)
        .when(Command::ChooseTask(PriorityTask::Observation))
        .then([task_chosen(PriorityTask::Observation, None)]);
}

// Rule 003: "In a Versus mission, either or both players, if they have a Spook, must secretly
// record whether or not they wish to buy time."

#[test]
fn in_versus_only_the_other_side_may_buy_time_and_its_spooks_d_is_set_aside() {
    let state = given(deployed())
        .when(opponent_only(4))
        .then([opponent_bought(4)]);
    let z = &state.mission_in_progress().unwrap().zero_dark;
    assert_eq!(z.bought_time, Some(4), "the other Spook's D alone");
    assert_eq!(z.bought_time_by, Some(TimeBuyers::Opponent));
    assert_eq!(z.spook, None, "our Spook drew his hand");
}

#[test]
fn only_the_other_side_buying_time_needs_no_spook_of_ours() {
    let mut events = team();
    events.push(mission_started(1, MISSION, &[GUNNER, MEDIC]));
    given(events).when(opponent_only(3)).then([opponent_bought(3)]);
}

#[test]
fn only_the_other_side_buying_time_needs_it_to_have_bought_in_versus() {
    for versus in [None, Some((false, 3))] {
        given(deployed())
            .when(Command::BuyTime { ours: false, versus })
            .then_refused(&["--versus --opponent-only --opponent-d N"]);
    }
}

#[test]
fn after_the_other_side_bought_time_buying_again_is_refused() {
    let mut events = deployed();
    events.push(opponent_bought(4));
    given(events)
        .when(buy_time(None))
        .then_refused(&["the other side already bought time this Mission (4 Control Deck cards)"]);
}

#[test]
fn the_other_side_buying_time_is_recorded_at_the_start_too() {
    let mut events = deployed();
    events.push(turn_started(1));
    given(events)
        .when(opponent_only(4))
        .then_refused(&["Buying Time is chosen at the start of a Mission"]);
}

#[test]
fn a_forged_second_buy_time_by_the_other_side_is_found_by_deciding_it_again() {
    let mut events = deployed();
    events.push(bought(2, None));
    let mut played = Played::new(events);
    let version = played.record(vec![opponent_bought(4)]);
    let findings = played.findings("decide");
    assert!(
        findings
            .iter()
            .any(|(v, p)| *v == Some(version) && p.contains("already bought time this Mission")),
        "{findings:?}"
    );
}

#[test]
fn forged_buy_time_after_the_first_turn_is_found_by_deciding_it_again() {
    for late in [bought(2, None), opponent_bought(4)] {
        let mut events = deployed();
        events.push(turn_started(1));
        let mut played = Played::new(events);
        let version = played.record(vec![late]);
        let findings = played.findings("decide");
        assert!(
            findings
                .iter()
                .any(|(v, p)| *v == Some(version) && p.contains("before its first turn")),
            "{findings:?}"
        );
    }
}

// Rule 003: the cards set aside are "up to a number equal to the Spook’s D", and under
// Assassination "For this mission, the Spook gains +1 D": both are chosen "at the start of a
// mission", so the count is his D for the Mission whichever was recorded first.

/// Big Al the only Boss; Kestrel (D 2) buys time, then takes the Assassination task (+1 D).
fn bought_then_assassination(rules: RulesVersion, versus: Command) -> Played {
    let mut played = Played::new(under(rules, with_bogeys([boss("Big Al")])));
    played.play(versus, &[]);
    played.play(Command::ChooseTask(PriorityTask::Assassination), &[]);
    played
}

fn cards_set_aside(played: &Played) -> Option<u32> {
    played
        .state()
        .mission_in_progress()
        .unwrap()
        .zero_dark
        .bought_time
}

#[test]
fn from_rules_2_buying_time_before_the_assassination_task_sets_aside_the_raised_d() {
    let played = bought_then_assassination(BUY_TIME_MISSION_D, buy_time(None));
    assert_eq!(cards_set_aside(&played), Some(3), "D 2 + 1 for the Mission");
    assert!(crate::verify::verify("test", &played.rows()).ok);
    // The other order gives the same count.
    let mut events = with_bogeys([boss("Big Al")]);
    events.push(task_chosen(PriorityTask::Assassination, Some("Big Al")));
    let state = given(events).when(buy_time(None)).then([bought(3, None)]);
    assert_eq!(
        state.mission_in_progress().unwrap().zero_dark.bought_time,
        Some(3)
    );
}

#[test]
fn from_rules_2_both_sides_buying_before_the_assassination_task_sum_the_raised_d() {
    let played = bought_then_assassination(BUY_TIME_MISSION_D, buy_time(Some((true, 4))));
    assert_eq!(cards_set_aside(&played), Some(7), "3 + the other Spook's 4");
}

#[test]
fn only_the_other_side_buying_time_ignores_our_spooks_task() {
    let played = bought_then_assassination(BUY_TIME_MISSION_D, opponent_only(4));
    assert_eq!(cards_set_aside(&played), Some(4));
}

#[test]
fn under_rules_1_buying_time_before_the_assassination_task_keeps_the_base_d_and_verifies() {
    let played = bought_then_assassination(FIRST, buy_time(None));
    assert_eq!(
        cards_set_aside(&played),
        Some(2),
        "the first rules counted the D at buy-time"
    );
    let report = crate::verify::verify("test", &played.rows());
    assert!(report.ok, "{:?}", report.findings);
}
