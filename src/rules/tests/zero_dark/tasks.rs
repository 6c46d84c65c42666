//! The Spook's priority task (rule 003): one per Mission, chosen at its start, with a
//! recorded random roll for the Rescue agent and the Assassination Boss, and its stat bonus.

use super::*;

use crate::domain::zero_dark::mission_stats;

fn choose(task: PriorityTask) -> Command {
    Command::ChooseTask(task)
}

/// A bogey that is a Nemesis.
fn nemesis(name: &str) -> Bogey {
    Bogey {
        nemesis: true,
        ..grunt(name)
    }
}

/// A named bogey.
fn named_bogey(name: &str) -> Bogey {
    Bogey {
        named: true,
        ..bogey(name, BogeyType::Elite)
    }
}

/// Two Grunts between a Nemesis and a named Elite: only the Grunts may be the agent.
fn rescue_table() -> Vec<Event> {
    with_bogeys([
        nemesis("Viper"),
        grunt("Grunt 1"),
        named_bogey("Colonel Ash"),
        grunt("Grunt 2"),
    ])
}

#[test]
fn rescue_rolls_the_agent_among_the_bogeys_that_are_neither_nemesis_nor_named() {
    for (face, agent) in [(1, "Grunt 1"), (2, "Grunt 2")] {
        let state = given(rescue_table())
            .when_rolling(choose(PriorityTask::Rescue), &[i64::from(face)])
            .then([Event::PriorityTaskChosen(Box::new(PriorityTaskChosen {
                spook: SPOOK.into(),
                task: PriorityTask::Rescue,
                target: Some(agent.into()),
                roll: Some(target_roll(PriorityTask::Rescue, &["Grunt 1", "Grunt 2"], face)),
            }))]);
        let z = &state.mission_in_progress().unwrap().zero_dark;
        assert_eq!(z.task, Some(PriorityTask::Rescue));
        assert_eq!(z.task_target.as_deref(), Some(agent));
        assert_eq!(z.spook.as_deref(), Some(SPOOK));
    }
}

#[test]
fn rescue_with_a_lone_eligible_bogey_takes_it_without_a_roll() {
    given(with_bogeys([nemesis("Viper"), grunt("Grunt 1")]))
        .when(choose(PriorityTask::Rescue))
        .then([task_chosen(PriorityTask::Rescue, Some("Grunt 1"))]);
}

#[test]
fn rescue_never_rolls_a_face_beyond_the_eligible_bogeys() {
    // Four bogeys on the table, two eligible: the die is a d2, so a 3 or 4 is not on it.
    for face in [3, 4] {
        given(rescue_table())
            .when_rolling(choose(PriorityTask::Rescue), &[face])
            .then_refused(&["a d2 shows 1 to 2", &format!("the face {face} is not on the die")]);
    }
}

#[test]
fn rescue_with_only_a_nemesis_and_a_named_bogey_on_the_table_is_refused() {
    given(with_bogeys([nemesis("Viper"), named_bogey("Colonel Ash")]))
        .when_rolling(choose(PriorityTask::Rescue), &[1])
        .then_refused(&[
            "the Rescue task needs a bogey that is not a Nemesis, named or synthetic on the table",
            "`muster bogey add`",
        ]);
}

#[test]
fn assassination_with_one_boss_takes_him_without_a_roll() {
    given(with_bogeys([grunt("Grunt 1"), boss("Big Al")]))
        .when(choose(PriorityTask::Assassination))
        .then([task_chosen(PriorityTask::Assassination, Some("Big Al"))]);
}

#[test]
fn assassination_rolls_among_several_bosses() {
    let bosses = ["Big Al", "The Duke", "Madame X"];
    let table = with_bogeys([
        boss("Big Al"),
        grunt("Grunt 1"),
        boss("The Duke"),
        boss("Madame X"),
    ]);
    for (face, chosen) in [(1, "Big Al"), (2, "The Duke"), (3, "Madame X")] {
        given(table.clone())
            .when_rolling(choose(PriorityTask::Assassination), &[i64::from(face)])
            .then([Event::PriorityTaskChosen(Box::new(PriorityTaskChosen {
                spook: SPOOK.into(),
                task: PriorityTask::Assassination,
                target: Some(chosen.into()),
                roll: Some(target_roll(PriorityTask::Assassination, &bosses, face)),
            }))]);
    }
}

#[test]
fn assassination_without_a_boss_on_the_table_is_refused() {
    given(with_bogeys([grunt("Grunt 1")]))
        .when(choose(PriorityTask::Assassination))
        .then_refused(&["the Assassination task needs a Boss on the table"]);
}

#[test]
fn observation_and_acquisition_need_no_target() {
    for task in [PriorityTask::Observation, PriorityTask::Acquisition] {
        given(deployed())
            .when(choose(task))
            .then([task_chosen(task, None)]);
    }
}

#[test]
fn a_second_task_in_the_same_mission_is_refused() {
    let mut events = deployed();
    events.push(task_chosen(PriorityTask::Observation, None));
    given(events)
        .when(choose(PriorityTask::Acquisition))
        .then_refused(&[
            "the Spook's priority task for this Mission is already Observation",
            "only one task may be selected",
        ]);
}

#[test]
fn a_task_after_the_first_turn_has_started_is_refused() {
    let mut events = deployed();
    events.push(turn_started(1));
    given(events)
        .when(choose(PriorityTask::Observation))
        .then_refused(&[
            "A priority task is chosen at the start of a Mission, before its first turn",
            "Mission 1 is at turn 1",
        ]);
}

#[test]
fn a_task_without_a_spook_on_the_mission_is_refused() {
    let mut events = team();
    events.push(mission_started(1, MISSION, &[GUNNER, MEDIC]));
    given(events)
        .when(choose(PriorityTask::Observation))
        .then_refused(&["no Spook is on Mission 1", "specialism spook"]);
}

#[test]
fn a_task_without_a_mission_in_progress_is_refused() {
    given(team())
        .when(choose(PriorityTask::Observation))
        .then_refused(&["no Mission is in progress"]);
}

#[test]
fn a_new_mission_allows_a_different_task() {
    let mut events = deployed();
    events.push(task_chosen(PriorityTask::Observation, None));
    events.push(resolved(
        PriorityTask::Observation,
        false,
        "0 distinct bogeys targeted by Kestrel (5 needed)",
    ));
    events.push(mission_ended(1));
    events.push(mission_started(2, "Second Pigeon", &[SPOOK]));
    given(events)
        .when(choose(PriorityTask::Acquisition))
        .then([task_chosen(PriorityTask::Acquisition, None)]);
}

#[test]
fn each_task_gives_its_bonus_to_the_spooks_stats_for_the_mission() {
    let base = Stats {
        m: 5,
        f: 4,
        a: 3,
        d: 2,
    };
    let with = |task| mission_stats(base, Some(task));
    assert_eq!(with(PriorityTask::Rescue), Stats { a: 4, ..base });
    assert_eq!(with(PriorityTask::Assassination), Stats { d: 3, ..base });
    assert_eq!(with(PriorityTask::Acquisition), Stats { m: 6, ..base });
    // Observation gives the Dotlight upgrade instead of a stat.
    assert_eq!(with(PriorityTask::Observation), base);
    assert_eq!(mission_stats(base, None), base);
}

#[test]
fn the_dead_drop_is_recorded_only_under_acquisition() {
    let mut events = deployed();
    events.push(task_chosen(PriorityTask::Acquisition, None));
    let state = given(events)
        .when(Command::InteractDeadDrop)
        .then([Event::DeadDropInteracted(spook_step())]);
    assert!(state.mission_in_progress().unwrap().zero_dark.dead_drop);

    let mut events = deployed();
    events.push(task_chosen(PriorityTask::Observation, None));
    given(events)
        .when(Command::InteractDeadDrop)
        .then_refused(&["the Spook's priority task this Mission is not Acquisition (Observation)"]);
    given(deployed())
        .when(Command::InteractDeadDrop)
        .then_refused(&["is not Acquisition (none)"]);
}

#[test]
fn the_rescue_extraction_is_recorded_only_under_rescue() {
    let mut events = with_bogeys([grunt("Grunt 1")]);
    events.push(task_chosen(PriorityTask::Rescue, Some("Grunt 1")));
    given(events.clone())
        .when(Command::RescueExtracted)
        .then_refused(&["Grunt 1 has not been persuaded by Kestrel"]);
    events.push(Event::PersuasionTested(crate::domain::event::PersuasionTested {
        bogey: "Grunt 1".into(),
        hero: "Kestrel".into(),
        hero_successes: 2,
        bogey_successes: 0,
        persuaded: true,
        ally_of: Some("Kestrel".into()),
    }));
    let state = given(events)
        .when(Command::RescueExtracted)
        .then([Event::RescueExtracted(spook_step())]);
    assert!(state.mission_in_progress().unwrap().zero_dark.extracted);

    let mut events = deployed();
    events.push(task_chosen(PriorityTask::Acquisition, None));
    given(events)
        .when(Command::RescueExtracted)
        .then_refused(&["is not Rescue (Acquisition)"]);
}

#[test]
fn from_rules_7_a_spook_recorded_dead_chooses_no_task_buys_no_time_and_makes_no_interact() {
    use crate::domain::rules_version::{ACTIVE_SOLDIERS_ACT, LIVING_SPOOK_PRINTED_MEDALS};
    let mut dead = deployed();
    dead.push(hero_state(SPOOK, HeroState::Dead));
    for (command, what) in [
        (
            choose(PriorityTask::Observation),
            "a priority task is the Spook's own",
        ),
        (
            Command::BuyTime {
                ours: true,
                versus: None,
            },
            "buying time is the Spook's own",
        ),
    ] {
        given(dead.clone()).when(command).then_refused(&[
            "Kestrel is recorded dead and cannot act",
            what,
            "muster hero-state Kestrel ready",
        ]);
    }
    let mut interact = deployed();
    interact.push(task_chosen(PriorityTask::Acquisition, None));
    interact.push(turn_started(1));
    interact.push(hero_state(SPOOK, HeroState::Dead));
    given(interact.clone())
        .when(Command::InteractDeadDrop)
        .then_refused(&["Kestrel is recorded dead", "the dead-drop's interact"]);
    // Recorded ready again, he makes it.
    let mut back = interact.clone();
    back.push(hero_state(SPOOK, HeroState::Ready));
    given(back)
        .when(Command::InteractDeadDrop)
        .then([Event::DeadDropInteracted(spook_step())]);
    // Under rules 6 the dead Spook's interact is still recorded, as it was.
    given(under(ACTIVE_SOLDIERS_ACT, interact))
        .when(Command::InteractDeadDrop)
        .then([Event::DeadDropInteracted(spook_step())]);
    assert!(LIVING_SPOOK_PRINTED_MEDALS > ACTIVE_SOLDIERS_ACT);
}
