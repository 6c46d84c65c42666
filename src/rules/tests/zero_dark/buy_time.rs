//! The Spook's Buy Time (rule 003): the first Control Deck cards, up to the Spook's D, are set
//! aside; in Versus, the sum of both Spooks' D when both buy time.

use super::*;

fn buy_time(versus: Option<(bool, i64)>) -> Command {
    Command::BuyTime { versus }
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
        .then_refused(&["the Spook already bought time this Mission"]);
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
