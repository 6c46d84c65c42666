//! Bogeys and the Assassination Boss (rule 003): a "dead" Boss is only down until the Spook,
//! engaged, spends an action to make him dead; nobody else can.

use super::*;

/// Mission 1 with the Boss Big Al and a Grunt, the Spook tasked with Assassination.
fn contract() -> Vec<Event> {
    let mut events = with_bogeys([boss("Big Al"), grunt("Grunt 1")]);
    events.push(task_chosen(PriorityTask::Assassination, Some("Big Al")));
    events
}

fn dead_bogeys(state: &CampaignState) -> Vec<(String, String)> {
    state.mission_in_progress().unwrap().zero_dark.dead.clone()
}

#[test]
fn a_bogey_is_placed_for_the_mission_by_its_trimmed_name() {
    let state = given(deployed())
        .when(Command::AddBogey(grunt("  Grunt 1 ")))
        .then([bogey_added(grunt("Grunt 1"))]);
    assert_eq!(
        state.mission_in_progress().unwrap().zero_dark.bogeys,
        vec![grunt("Grunt 1")]
    );
}

#[test]
fn a_second_bogey_of_the_same_name_is_refused() {
    given(with_bogeys([grunt("Grunt 1")]))
        .when(Command::AddBogey(grunt("grunt 1")))
        .then_refused(&["a bogey named 'grunt 1' is already on Mission 1", "\"Grunt 2\""]);
}

#[test]
fn targeting_an_unknown_bogey_is_refused_listing_the_bogeys() {
    given(with_bogeys([grunt("Grunt 1"), boss("Big Al")]))
        .when(target("Grunt 9", SPOOK))
        .then_refused(&["no bogey named 'Grunt 9' on Mission 1", "bogeys: Grunt 1, Big Al"]);
}

#[test]
fn targeting_a_mistyped_bogey_is_refused_offering_the_closest_name() {
    given(with_bogeys([grunt("Grunt 1"), boss("Big Al")]))
        .when(target("Big Ali", SPOOK))
        .then_refused(&["no bogey named 'Big Ali' on Mission 1; did you mean 'Big Al'?"]);
}

#[test]
fn a_hero_who_is_not_on_the_mission_cannot_act_on_a_bogey() {
    let mut events = team();
    events.push(mission_started(1, MISSION, &[SPOOK, GUNNER]));
    events.push(bogey_added(grunt("Grunt 1")));
    given(events)
        .when(target("Grunt 1", MEDIC))
        .then_refused(&["Moss is not a hero on Mission 1 (Kestrel, Vega)"]);
}

#[test]
fn without_assassination_a_boss_killed_by_anyone_is_dead_at_once() {
    let state = given(with_bogeys([boss("Big Al")]))
        .when(kill("big al", GUNNER))
        .then([killed("Big Al", GUNNER)]);
    assert_eq!(
        dead_bogeys(&state),
        vec![("Big Al".to_owned(), GUNNER.to_owned())]
    );
}

#[test]
fn a_dead_bogey_is_no_longer_in_play() {
    let mut events = with_bogeys([grunt("Grunt 1")]);
    events.push(killed("Grunt 1", GUNNER));
    given(events)
        .when(target("Grunt 1", SPOOK))
        .then_refused(&["Grunt 1 is no longer a bogey in play"]);
}

#[test]
fn under_assassination_the_boss_killed_by_another_hero_is_only_down() {
    let state = given(contract())
        .when(kill("Big Al", GUNNER))
        .then([downed("Big Al", GUNNER)]);
    let z = &state.mission_in_progress().unwrap().zero_dark;
    assert_eq!(z.down, vec!["Big Al".to_owned()]);
    assert!(z.dead.is_empty());
}

#[test]
fn under_assassination_the_boss_killed_by_the_spook_himself_is_first_only_down() {
    given(contract())
        .when(kill("Big Al", SPOOK))
        .then([downed("Big Al", SPOOK)]);
}

#[test]
fn another_heros_kill_on_the_down_boss_is_refused() {
    let mut events = contract();
    events.push(downed("Big Al", GUNNER));
    given(events).when(kill("Big Al", MEDIC)).then_refused(&[
        "the Boss Big Al is down",
        "only the Spook Kestrel, engaged, can put him into the dead state (Assassination)",
    ]);
}

#[test]
fn the_spooks_verifying_action_on_the_down_boss_makes_him_dead() {
    let mut events = contract();
    events.push(downed("Big Al", GUNNER));
    let state = given(events)
        .when(kill("Big Al", SPOOK))
        .then([killed("Big Al", SPOOK)]);
    let z = &state.mission_in_progress().unwrap().zero_dark;
    assert!(z.down.is_empty());
    assert_eq!(z.dead, vec![("Big Al".to_owned(), SPOOK.to_owned())]);
}

#[test]
fn a_boss_put_down_by_a_down_action_also_waits_for_the_spook() {
    let mut events = contract();
    let state = given(events.clone())
        .when(Command::DownBogey {
            bogey: "Big Al".into(),
            by: GUNNER.into(),
        })
        .then([downed("Big Al", GUNNER)]);
    assert_eq!(
        state.mission_in_progress().unwrap().zero_dark.down,
        vec!["Big Al".to_owned()]
    );
    events.push(downed("Big Al", GUNNER));
    given(events.clone())
        .when(kill("Big Al", GUNNER))
        .then_refused(&["only the Spook Kestrel"]);
    given(events)
        .when(kill("Big Al", SPOOK))
        .then([killed("Big Al", SPOOK)]);
}

#[test]
fn under_assassination_other_bogeys_die_as_usual() {
    given(contract())
        .when(kill("Grunt 1", GUNNER))
        .then([killed("Grunt 1", GUNNER)]);
}

#[test]
fn the_whole_assassination_plays_out_to_five_xp_for_the_spook() {
    let mut log = contract();
    step(
        &mut log,
        kill("Big Al", GUNNER),
        &[],
        vec![downed("Big Al", GUNNER)],
    );
    given(log.clone())
        .when(kill("Big Al", GUNNER))
        .then_refused(&["the Boss Big Al is down"]);
    step(
        &mut log,
        kill("Big Al", SPOOK),
        &[],
        vec![killed("Big Al", SPOOK)],
    );
    let state = step(
        &mut log,
        end_mission(),
        &[],
        vec![
            resolved(
                PriorityTask::Assassination,
                true,
                "Kestrel verified the death of Big Al",
            ),
            spook_xp(5, "Assassination task succeeded"),
            mission_ended(1),
        ],
    );
    assert_eq!(state.soldier(SPOOK).unwrap().xp, 5);
    assert_eq!(state.team_xp, 0);
}

#[test]
fn an_assassination_whose_boss_was_only_down_at_the_end_fails() {
    let mut events = contract();
    events.push(xp_adjusted(SPOOK, 2));
    events.push(downed("Big Al", GUNNER));
    let state = given(events).when(end_mission()).then([
        resolved(
            PriorityTask::Assassination,
            false,
            "Big Al was not made dead by Kestrel",
        ),
        spook_xp(-1, "Assassination task failed"),
        mission_ended(1),
    ]);
    assert_eq!(state.soldier(SPOOK).unwrap().xp, 1);
}
