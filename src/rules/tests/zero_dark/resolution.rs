//! The priority task settled from the log at the Mission's end (rule 003): success +5 XP to
//! the Spook (Rescue +2 more when extracted), failure −1 from the Spook, or from the team's XP
//! when he has none. The resolution comes before the Mission's end, with no RP award.

use super::*;

/// Five Grunts, a sixth, and the Spook tasked with Observation.
fn observation() -> Vec<Event> {
    let mut events = with_bogeys((1..=6).map(|n| grunt(&format!("Grunt {n}"))));
    events.push(task_chosen(PriorityTask::Observation, None));
    events
}

fn acquisition() -> Vec<Event> {
    let mut events = deployed();
    events.push(task_chosen(PriorityTask::Acquisition, None));
    events
}

/// Three Grunts, the agent Grunt 2 rolled with a 2 on a d3.
fn rescue() -> Vec<Event> {
    let mut events = with_bogeys([grunt("Grunt 1"), grunt("Grunt 2"), grunt("Grunt 3")]);
    events.push(task_chosen(PriorityTask::Rescue, Some("Grunt 2")));
    events
}

fn persuaded(hero: &str, bogey: &str) -> Event {
    Event::PersuasionTested(PersuasionTested {
        bogey: bogey.into(),
        hero: hero.into(),
        hero_successes: 2,
        bogey_successes: 0,
        persuaded: true,
        ally_of: Some(hero.into()),
    })
}

fn team_xp(amount: i64, why: &str) -> Event {
    Event::TeamXpAdjusted(TeamXpAdjusted {
        amount,
        why: why.into(),
    })
}

fn observed(n: usize) -> String {
    format!("{n} distinct bogeys targeted by Kestrel (5 needed)")
}

#[test]
fn observation_succeeds_with_five_distinct_bogeys_targeted_by_the_spook() {
    let mut events = observation();
    events.extend((1..=5).map(|n| targeted(&format!("Grunt {n}"), SPOOK)));
    let state = given(events).when(end_mission()).then([
        resolved(PriorityTask::Observation, true, &observed(5)),
        spook_xp(5, "Observation task succeeded"),
        mission_ended(1),
    ]);
    assert_eq!(state.soldier(SPOOK).unwrap().xp, 5);
    assert!(state.mission_in_progress().is_none());
}

#[test]
fn observation_counts_a_bogey_targeted_twice_once() {
    let mut events = observation();
    events.extend((1..=4).map(|n| targeted(&format!("Grunt {n}"), SPOOK)));
    events.push(targeted("Grunt 1", SPOOK));
    given(events).when(end_mission()).then([
        resolved(PriorityTask::Observation, false, &observed(4)),
        // Kestrel and the team have no XP: nothing to take.
        mission_ended(1),
    ]);
}

#[test]
fn observation_does_not_count_a_bogey_another_hero_targeted() {
    let mut events = observation();
    events.push(xp_adjusted(SPOOK, 3));
    events.extend((1..=4).map(|n| targeted(&format!("Grunt {n}"), SPOOK)));
    events.push(targeted("Grunt 5", GUNNER));
    let state = given(events).when(end_mission()).then([
        resolved(PriorityTask::Observation, false, &observed(4)),
        spook_xp(-1, "Observation task failed"),
        mission_ended(1),
    ]);
    assert_eq!(state.soldier(SPOOK).unwrap().xp, 2);
}

#[test]
fn observation_targeting_recorded_command_by_command_succeeds() {
    let mut log = observation();
    for n in 1..=5 {
        let grunt = format!("Grunt {n}");
        step(
            &mut log,
            target(&grunt, SPOOK),
            &[],
            vec![targeted(&grunt, SPOOK)],
        );
    }
    step(
        &mut log,
        target("Grunt 6", GUNNER),
        &[],
        vec![targeted("Grunt 6", GUNNER)],
    );
    let state = step(
        &mut log,
        end_mission(),
        &[],
        vec![
            resolved(PriorityTask::Observation, true, &observed(5)),
            spook_xp(5, "Observation task succeeded"),
            mission_ended(1),
        ],
    );
    assert_eq!(state.soldier(SPOOK).unwrap().xp, 5);
}

#[test]
fn acquisition_succeeds_with_the_dead_drop_and_the_spook_not_lost() {
    let mut events = acquisition();
    events.push(Event::DeadDropInteracted(spook_step()));
    let state = given(events).when(end_mission()).then([
        resolved(PriorityTask::Acquisition, true, "the intelligence is secured"),
        spook_xp(5, "Acquisition task succeeded"),
        mission_ended(1),
    ]);
    assert_eq!(state.soldier(SPOOK).unwrap().xp, 5);
}

#[test]
fn acquisition_fails_when_the_spook_is_lost_at_the_end() {
    let mut events = acquisition();
    events.push(xp_adjusted(SPOOK, 4));
    events.push(Event::DeadDropInteracted(spook_step()));
    events.push(hero_state(SPOOK, HeroState::Lost));
    let state = given(events).when(end_mission()).then([
        resolved(PriorityTask::Acquisition, false, "Kestrel is lost at the end"),
        spook_xp(-1, "Acquisition task failed"),
        mission_ended(1),
    ]);
    assert_eq!(state.soldier(SPOOK).unwrap().xp, 3);
}

#[test]
fn acquisition_fails_without_the_dead_drop() {
    let mut events = acquisition();
    events.push(xp_adjusted(SPOOK, 1));
    let state = given(events).when(end_mission()).then([
        resolved(
            PriorityTask::Acquisition,
            false,
            "the dead-drop was never interacted with",
        ),
        spook_xp(-1, "Acquisition task failed"),
        mission_ended(1),
    ]);
    assert_eq!(state.soldier(SPOOK).unwrap().xp, 0);
}

#[test]
fn rescue_persuaded_by_the_spook_gains_five_xp() {
    let mut events = rescue();
    events.push(persuaded(SPOOK, "Grunt 2"));
    given(events).when(end_mission()).then([
        resolved(PriorityTask::Rescue, true, "Grunt 2 was persuaded by Kestrel"),
        spook_xp(5, "Rescue task succeeded"),
        mission_ended(1),
    ]);
}

#[test]
fn rescue_persuaded_and_extracted_gains_two_xp_more() {
    let mut events = rescue();
    events.push(persuaded(SPOOK, "Grunt 2"));
    events.push(Event::RescueExtracted(spook_step()));
    let state = given(events).when(end_mission()).then([
        resolved(PriorityTask::Rescue, true, "Grunt 2 was persuaded by Kestrel"),
        spook_xp(5, "Rescue task succeeded"),
        spook_xp(2, "Rescue: the agent was extracted"),
        mission_ended(1),
    ]);
    assert_eq!(state.soldier(SPOOK).unwrap().xp, 7);
}

#[test]
fn rescue_fails_when_the_agent_is_not_persuaded() {
    let mut events = rescue();
    events.push(xp_adjusted(SPOOK, 2));
    // Persuading another bogey, or the agent persuaded by another hero, does not count.
    events.push(persuaded(SPOOK, "Grunt 1"));
    events.push(persuaded(GUNNER, "Grunt 2"));
    events.push(Event::RescueExtracted(spook_step()));
    let state = given(events).when(end_mission()).then([
        resolved(
            PriorityTask::Rescue,
            false,
            "Grunt 2 was not persuaded by Kestrel",
        ),
        spook_xp(-1, "Rescue task failed"),
        mission_ended(1),
    ]);
    assert_eq!(state.soldier(SPOOK).unwrap().xp, 1);
}

#[test]
fn rescue_played_out_from_the_roll_to_the_extraction_gains_seven_xp() {
    let mut log = with_bogeys([
        Bogey {
            nemesis: true,
            ..grunt("Viper")
        },
        grunt("Grunt 1"),
        grunt("Grunt 2"),
    ]);
    let roll = target_roll(PriorityTask::Rescue, &["Grunt 1", "Grunt 2"], 2);
    step(
        &mut log,
        Command::ChooseTask(PriorityTask::Rescue),
        &[2],
        vec![Event::PriorityTaskChosen(Box::new(PriorityTaskChosen {
            spook: SPOOK.into(),
            task: PriorityTask::Rescue,
            target: Some("Grunt 2".into()),
            roll: Some(roll),
        }))],
    );
    step(&mut log, Command::NextTurn, &[], vec![turn_started(1)]);
    let persuade = Command::Persuade {
        hero: SPOOK.into(),
        bogey: "Grunt 2".into(),
        hero_successes: 2,
        bogey_successes: 0,
        hero_died: false,
        ally_to: None,
    };
    step(&mut log, persuade, &[], vec![persuaded(SPOOK, "Grunt 2")]);
    step(
        &mut log,
        Command::RescueExtracted,
        &[],
        vec![Event::RescueExtracted(spook_step())],
    );
    let state = step(
        &mut log,
        end_mission(),
        &[],
        vec![
            resolved(PriorityTask::Rescue, true, "Grunt 2 was persuaded by Kestrel"),
            spook_xp(5, "Rescue task succeeded"),
            spook_xp(2, "Rescue: the agent was extracted"),
            mission_ended(1),
        ],
    );
    let kestrel = state.soldier(SPOOK).unwrap();
    assert_eq!(kestrel.xp, 7);
    assert_eq!(kestrel.allies.len(), 1);
    assert_eq!(kestrel.allies[0].name, "Grunt 2");
}

#[test]
fn a_failure_takes_the_point_from_the_team_when_the_spook_has_no_xp() {
    let mut events = acquisition();
    events.push(team_xp(3, "service"));
    let state = given(events).when(end_mission()).then([
        resolved(
            PriorityTask::Acquisition,
            false,
            "the dead-drop was never interacted with",
        ),
        team_xp(-1, "Acquisition task failed and Kestrel had no XP to lose"),
        mission_ended(1),
    ]);
    assert_eq!(state.team_xp, 2);
    assert_eq!(state.soldier(SPOOK).unwrap().xp, 0);
}

#[test]
fn a_failure_takes_the_point_from_the_spook_before_the_team() {
    let mut events = acquisition();
    events.push(team_xp(3, "service"));
    events.push(xp_adjusted(SPOOK, 1));
    let state = given(events).when(end_mission()).then([
        resolved(
            PriorityTask::Acquisition,
            false,
            "the dead-drop was never interacted with",
        ),
        spook_xp(-1, "Acquisition task failed"),
        mission_ended(1),
    ]);
    assert_eq!(state.team_xp, 3);
    assert_eq!(state.soldier(SPOOK).unwrap().xp, 0);
}

#[test]
fn a_failure_takes_nothing_when_neither_the_spook_nor_the_team_has_xp() {
    let state = given(acquisition()).when(end_mission()).then([
        resolved(
            PriorityTask::Acquisition,
            false,
            "the dead-drop was never interacted with",
        ),
        mission_ended(1),
    ]);
    assert_eq!(state.team_xp, 0);
    assert_eq!(state.soldier(SPOOK).unwrap().xp, 0);
    assert!(
        state.anomalies.is_empty(),
        "no overdraw noted: {:?}",
        state.anomalies
    );
}

#[test]
fn a_mission_ended_in_failure_still_settles_the_task() {
    let mut events = acquisition();
    events.push(Event::DeadDropInteracted(spook_step()));
    given(events)
        .when(Command::EndMission {
            result: MissionResult::Failure,
            rp_award: None,
        })
        .then([
            resolved(PriorityTask::Acquisition, true, "the intelligence is secured"),
            spook_xp(5, "Acquisition task succeeded"),
            Event::MissionEnded(MissionEnded {
                mission: 1,
                result: MissionResult::Failure,
                rp_award: None,
            }),
        ]);
}

#[test]
fn the_mission_end_records_the_resolution_first_and_no_rp_award() {
    let mut events = acquisition();
    events.push(Event::DeadDropInteracted(spook_step()));
    let decided = given(events).when(end_mission()).result.unwrap();
    let ended = decided
        .iter()
        .position(|e| matches!(e, Event::MissionEnded(_)))
        .expect("the Mission ends");
    assert_eq!(ended, decided.len() - 1, "nothing after the end: {decided:?}");
    assert!(matches!(decided[0], Event::PriorityTaskResolved(_)));
    match &decided[ended] {
        Event::MissionEnded(end) => assert_eq!(end.rp_award, None),
        other => panic!("{other:?}"),
    }
}

#[test]
fn each_mission_settles_only_its_own_task() {
    let mut events = acquisition();
    events.push(Event::DeadDropInteracted(spook_step()));
    events.push(resolved(
        PriorityTask::Acquisition,
        true,
        "the intelligence is secured",
    ));
    events.push(spook_xp(5, "Acquisition task succeeded"));
    events.push(mission_ended(1));
    events.push(mission_started(2, "Second Pigeon", &[SPOOK, GUNNER]));
    let state = given(events).when(end_mission()).then([mission_ended(2)]);
    assert_eq!(state.soldier(SPOOK).unwrap().xp, 5);
}
