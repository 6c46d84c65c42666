//! Missions: who goes, turns and K9 Discipline, the end of a Mission (RULES 3, 5 and 6).

use crate::domain::MissionResult;
use crate::rules::harness::given;
use crate::rules::tests::*;

#[test]
fn starting_a_mission_takes_the_named_soldiers_by_their_enlisted_names() {
    let state = given(modern_squad())
        .when(start(" Dawn Raid ", &["park", "WONG"]))
        .then([mission_started(1, "Dawn Raid", &["Park", "Wong"])]);
    let mission = state.mission_in_progress().unwrap();
    assert_eq!(mission.number, 1);
    assert_eq!(mission.turn, 0);
    assert_eq!(state.soldier("Wong").unwrap().missions, vec![1]);
    assert!(state.soldier("Gizmo").unwrap().missions.is_empty());
}

#[test]
fn starting_a_mission_without_names_takes_every_active_soldier() {
    given([
        created(Game::Modern),
        enlisted(player("Wong")),
        enlisted(player("Park")),
        enlisted(player("Lee")),
        enlisted(player("Kim")),
        enlisted(player("Ortiz")),
        Event::Downed(named("Park")),
        Event::Killed(named("Lee")),
        Event::Discharged(named("Kim")),
    ])
    .when(start("Dawn Raid", &[]))
    .then([mission_started(1, "Dawn Raid", &["Wong", "Ortiz"])]);
}

#[test]
fn starting_a_mission_without_names_takes_a_k9_with_his_handler() {
    given(modern_squad())
        .when(start_k9("Dawn Raid", &[], "Sniff out the cache"))
        .then([k9_mission_started(
            1,
            "Dawn Raid",
            &["Wong", "Gizmo", "Park"],
            "Sniff out the cache",
        )]);
}

#[test]
fn starting_a_mission_with_nobody_fit_for_duty_is_refused() {
    given([
        created(Game::Modern),
        enlisted(player("Wong")),
        Event::Downed(named("Wong")),
    ])
    .when(start("Dawn Raid", &[]))
    .then_refused(&[
        "no Soldier is fit for duty",
        "enlist one, or recover a downed one",
    ]);
}

#[test]
fn starting_a_mission_with_a_k9_but_not_his_handler_is_refused() {
    given(modern_squad())
        .when(start_k9("Dawn Raid", &["Gizmo", "Park"], "Sniff out the cache"))
        .then_refused(&[
            "the K9 'Gizmo' may only go on a Mission with his Handler 'Wong'",
            "add --with Wong",
            "or leave Gizmo behind",
        ]);
}

#[test]
fn starting_a_mission_with_a_handler_but_not_his_k9_is_accepted() {
    given(modern_squad())
        .when(start("Dawn Raid", &["Wong"]))
        .then([mission_started(1, "Dawn Raid", &["Wong"])]);
}

#[test]
fn starting_a_mission_with_a_k9_and_his_handler_records_the_k9_objective() {
    given(modern_squad())
        .when(start_k9(
            "Dawn Raid",
            &["gizmo", "wong"],
            "  Sniff out the cache ",
        ))
        .then([k9_mission_started(
            1,
            "Dawn Raid",
            &["Gizmo", "Wong"],
            "Sniff out the cache",
        )]);
}

/// Bug: rule 000 says "If a K9 is brought on a Mission, you must choose one of the K9
/// Objectives" (RULES 3), but a Mission with a K9 and no K9 Objective is accepted.
#[test]
fn starting_a_mission_with_a_k9_but_no_k9_objective_is_refused() {
    given(modern_squad())
        .when(start("Dawn Raid", &["Wong", "Gizmo"]))
        .then_refused(&["K9 Objective", "--k9-objective"]);
}

#[test]
fn starting_a_mission_naming_a_soldier_twice_is_refused() {
    given(modern_squad())
        .when(start("Dawn Raid", &["Wong", "Park", "wong"]))
        .then_refused(&["Wong is named twice in --with", "name each Soldier once"]);
}

#[test]
fn starting_a_mission_with_a_downed_soldier_is_refused() {
    let mut events = modern_squad();
    events.push(Event::Downed(named("Park")));
    given(events)
        .when(start("Dawn Raid", &["Wong", "Park"]))
        .then_refused(&[
            "Park is downed and cannot go on a Mission",
            "take Soldiers who are active",
        ]);
}

#[test]
fn starting_a_mission_with_an_unknown_soldier_is_refused_listing_who_is_there() {
    given(modern_squad())
        .when(start("Dawn Raid", &["Wong", "Smith"]))
        .then_refused(&["no Soldier named 'Smith'", "Soldiers here: Wong, Gizmo, Park"]);
}

#[test]
fn starting_a_second_mission_while_one_is_in_progress_is_refused() {
    given(on_mission())
        .when(start("Night Drop", &["Wong"]))
        .then_refused(&[
            "Mission 1 'Dawn Raid' is still in progress",
            "muster mission end --result success|failure",
        ]);
}

#[test]
fn starting_a_mission_with_a_k9_objective_but_no_k9_is_refused() {
    given(modern_squad())
        .when(start_k9("Dawn Raid", &["Wong", "Park"], "Sniff out the cache"))
        .then_refused(&[
            "a K9 Objective is chosen only when a K9 goes on the Mission",
            "drop --k9-objective or take a K9",
        ]);
}

#[test]
fn starting_a_mission_with_no_objectives_is_refused() {
    given(modern_squad())
        .when(Command::StartMission {
            name: "Dawn Raid".into(),
            soldiers: vec!["Wong".into()],
            objectives: Some(0),
            k9_objective: None,
            environments: vec![],
        })
        .then_refused(&["the number of Objectives must be from 1 to 10; got 0"]);
}

#[test]
fn starting_a_mission_with_eleven_objectives_is_refused() {
    given(modern_squad())
        .when(Command::StartMission {
            name: "Dawn Raid".into(),
            soldiers: vec!["Wong".into()],
            objectives: Some(11),
            k9_objective: None,
            environments: vec![],
        })
        .then_refused(&["the number of Objectives must be from 1 to 10; got 11"]);
}

#[test]
fn starting_a_mission_with_a_blank_name_is_refused() {
    given(modern_squad())
        .when(start(" ", &["Wong"]))
        .then_refused(&["the Mission's name is empty", "give a few words"]);
}

#[test]
fn mission_numbers_follow_the_last_mission() {
    let mut events = on_mission();
    events.push(mission_ended(1));
    events.push(mission_started(2, "Night Drop", &["Park"]));
    events.push(mission_ended(2));
    let state = given(events)
        .when(start("Last Stand", &["Wong"]))
        .then([mission_started(3, "Last Stand", &["Wong"])]);
    assert_eq!(state.mission.as_ref().unwrap().number, 3);
    assert_eq!(state.soldier("Wong").unwrap().missions, vec![1, 3]);
}

#[test]
fn a_turn_without_a_mission_in_progress_is_refused() {
    given(modern_squad())
        .when(Command::NextTurn)
        .then_refused(&["no Mission is in progress", "muster mission start NAME"]);
}

#[test]
fn a_turn_after_the_mission_ended_is_refused() {
    let mut events = on_mission();
    events.push(mission_ended(1));
    given(events)
        .when(Command::NextTurn)
        .then_refused(&["no Mission is in progress", "muster mission start NAME"]);
}

#[test]
fn turn_one_sets_each_k9_on_the_mission_to_his_discipline_stat() {
    let state = given([
        created(Game::Modern),
        enlisted(player("Wong")),
        enlisted(k9("Gizmo", "Wong", 2)),
        enlisted(player("Park")),
        enlisted(k9("Rex", "Park", 3)),
        enlisted(player("Lee")),
        enlisted(k9("Bolt", "Lee", 1)),
        // Gizmo has spent a counter on an earlier Mission.
        Event::DisciplineReset(DisciplineReset {
            soldier: "Gizmo".into(),
            discipline: 0,
        }),
        k9_mission_started(1, "Dawn Raid", &["Wong", "Gizmo", "Park", "Rex", "Lee"], "Track"),
    ])
    .when(Command::NextTurn)
    .then([
        Event::TurnStarted(TurnStarted { mission: 1, turn: 1 }),
        Event::DisciplineReset(DisciplineReset {
            soldier: "Gizmo".into(),
            discipline: 2,
        }),
        Event::DisciplineReset(DisciplineReset {
            soldier: "Rex".into(),
            discipline: 3,
        }),
    ]);
    assert_eq!(state.soldier("Gizmo").unwrap().discipline, Some(2));
    assert_eq!(state.soldier("Rex").unwrap().discipline, Some(3));
    assert_eq!(state.mission_in_progress().unwrap().turn, 1);
}

#[test]
fn turn_one_without_a_k9_on_the_mission_only_starts_the_turn() {
    given(on_mission())
        .when(Command::NextTurn)
        .then([Event::TurnStarted(TurnStarted { mission: 1, turn: 1 })]);
}

#[test]
fn turn_two_does_not_reset_discipline() {
    let mut events = modern_squad();
    events.push(k9_mission_started(1, "Dawn Raid", &["Wong", "Gizmo"], "Track"));
    events.push(Event::TurnStarted(TurnStarted { mission: 1, turn: 1 }));
    events.push(Event::DisciplineReset(DisciplineReset {
        soldier: "Gizmo".into(),
        discipline: 2,
    }));
    let state = given(events)
        .when(Command::NextTurn)
        .then([Event::TurnStarted(TurnStarted { mission: 1, turn: 2 })]);
    assert_eq!(state.mission_in_progress().unwrap().turn, 2);
}

#[test]
fn ending_a_mission_without_one_in_progress_is_refused() {
    given(modern_squad())
        .when(Command::EndMission {
            result: MissionResult::Success,
            rp_award: None,
        })
        .then_refused(&["no Mission is in progress", "muster mission start NAME"]);
}

#[test]
fn ending_a_mission_clears_each_soldiers_suppress_after_recording_the_end() {
    let mut events = modern_squad();
    events.push(enlisted(player("Lee")));
    events.push(mission_started(1, "Dawn Raid", &["Wong", "Park", "Lee"]));
    events.push(Event::Suppressed(amount("Wong", 2)));
    events.push(Event::Suppressed(amount("Lee", 1)));
    let state = given(events)
        .when(Command::EndMission {
            result: MissionResult::Failure,
            rp_award: None,
        })
        .then([
            Event::MissionEnded(MissionEnded {
                mission: 1,
                result: MissionResult::Failure,
                rp_award: computed_award(12, 12),
            }),
            Event::SuppressCleared(amount("Wong", 2)),
            Event::SuppressCleared(amount("Lee", 1)),
        ]);
    assert!(state.soldiers.iter().all(|s| s.suppress == 0));
    assert!(state.mission_in_progress().is_none());
    assert_eq!(
        state.mission.as_ref().unwrap().result,
        Some(MissionResult::Failure)
    );
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
}

#[test]
fn ending_a_mission_records_the_rp_award_and_banks_it() {
    let state = given(on_mission())
        .when(Command::EndMission {
            result: MissionResult::Success,
            rp_award: Some((10, " 30 RP in, 20 RP out ".into())),
        })
        .then([Event::MissionEnded(MissionEnded {
            mission: 1,
            result: MissionResult::Success,
            rp_award: Some(rp(10, "30 RP in, 20 RP out")),
        })]);
    assert_eq!(state.rp_bank, 10);
}

#[test]
fn ending_a_mission_with_an_rp_award_but_no_reason_is_refused() {
    given(on_mission())
        .when(Command::EndMission {
            result: MissionResult::Success,
            rp_award: Some((10, "".into())),
        })
        .then_refused(&["the reason for the RP award (--why) is empty", "give a few words"]);
}

#[test]
fn ending_a_mission_with_a_negative_rp_award_is_refused() {
    given(on_mission())
        .when(Command::EndMission {
            result: MissionResult::Success,
            rp_award: Some((-1, "lost ground".into())),
        })
        .then_refused(&["the RP award must be from 0 to 999; got -1"]);
}
