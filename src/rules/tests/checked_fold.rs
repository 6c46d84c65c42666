//! A forged history, whatever path brought it in (an import of a consistent but forged file):
//! a row no command accepts is an anomaly of the checked fold; an event the rules could not
//! have produced in the state before it is found by deciding its command again, and the
//! fold, which keeps no rule of the game, notes nothing.

use super::*;
use crate::domain::event::TeamXpAdjusted;
use crate::domain::roll::Source;
use crate::domain::state::Anomaly;
use crate::rules::harness::{Played, given};

/// The messages of the anomalies the fold of `events` noted, with their versions.
fn anomalies(events: Vec<Event>) -> Vec<(u64, String)> {
    given(events)
        .state
        .anomalies
        .into_iter()
        .map(|Anomaly { version, message, .. }| (version, message))
        .collect()
}

/// Asserts the fold of `events` noted exactly one anomaly, at `version`, containing `needle`.
fn assert_one(events: Vec<Event>, version: u64, needle: &str) {
    let found = anomalies(events);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, version, "{found:?}");
    assert!(found[0].1.contains(needle), "{found:?} lacks {needle:?}");
}

/// Asserts `verify` decides exactly one command of `events` (one command per event)
/// otherwise, at `version`, the rules' word containing `needle`, and the fold notes nothing.
#[track_caller]
fn assert_decided_otherwise(events: Vec<Event>, version: u64, needle: &str) {
    assert_eq!(anomalies(events.clone()), vec![], "the rule is not the fold's");
    let found = Played::new(events).findings("decide");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, Some(version), "{found:?}");
    assert!(found[0].1.contains(needle), "{found:?} lacks {needle:?}");
}

/// Wong (Medic 6+) on Mission 1: a check of his comes at version 4.
fn medic_on_mission() -> Vec<Event> {
    vec![
        created(Game::Modern),
        enlisted(SoldierCard {
            abilities: [("medic".to_owned(), "6+".parse().unwrap())].into(),
            ..player("Wong")
        }),
        mission_started(1, "Caen", &["Wong"]),
    ]
}

fn killed_wong() -> Vec<Event> {
    vec![
        created(Game::Modern),
        enlisted(player("Wong")),
        Event::Killed(named("Wong")),
    ]
}

#[test]
fn xp_for_a_kia_soldier_is_found() {
    let mut events = killed_wong();
    events.push(xp_adjusted("Wong", 2));
    assert_decided_otherwise(events, 4, "Wong is kia: his record is closed");
}

#[test]
fn wounds_for_a_kia_soldier_are_found() {
    let mut events = killed_wong();
    events.push(Event::Wounded(amount("Wong", 1)));
    assert_decided_otherwise(events, 4, "Wong is kia: his record is closed");
}

#[test]
fn xp_beyond_what_one_command_records_is_found_and_the_fold_saturates() {
    let mut events = modern_squad();
    events.push(xp_adjusted("Wong", i64::MAX));
    events.push(xp_adjusted("Wong", i64::MAX));
    let found = anomalies(events.clone());
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found[0].1.contains("XP change of 9223372036854775807"),
        "{found:?}"
    );
    assert_eq!(given(events).state.soldier("Wong").unwrap().xp, u32::MAX);
}

#[test]
fn a_d10_face_of_99_with_a_matching_total_is_found() {
    let mut events = medic_on_mission();
    let mut roll = d10("Wong", "check: medic", 99, 6, true);
    roll.total = Some(99);
    events.push(wong_checked(roll));
    assert_one(events, 4, "a face of 99 on a d10");
}

#[test]
fn a_generated_face_without_its_key_is_found() {
    let mut events = medic_on_mission();
    let mut roll = d10("Wong", "check: medic", 9, 6, true);
    roll.source = Some(Source::Generated);
    events.push(wong_checked(roll));
    assert_one(events, 4, "a generated face without the key");
}

#[test]
fn team_xp_in_a_warfighter_campaign_is_found() {
    let mut events = modern_squad();
    events.push(Event::TeamXpAdjusted(TeamXpAdjusted {
        amount: 2,
        why: "forged".into(),
    }));
    assert_decided_otherwise(events, 5, "a team XP pool exists only in Zero Dark campaigns");
}

#[test]
fn a_reason_longer_than_the_command_line_accepts_is_found() {
    let mut events = modern_squad();
    events.push(Event::RpGranted(rp(3, &"x".repeat(5_000))));
    assert_one(events, 5, "5000 characters long");
}

#[test]
fn a_computed_award_the_log_does_not_give_is_unsettled_until_revised() {
    let mut events = on_mission();
    // Wong and Park (4 RP each) both come back: the award computes to 0, not 8.
    events.push(mission_ended_computed(1, 8, 0));
    let state = given(events.clone()).state;
    assert_eq!(state.anomalies, vec![]);
    assert_eq!(
        state.unsettled_awards,
        vec![crate::domain::state::UnsettledAward {
            mission: 1,
            version: 6,
            recorded: 8,
            computed: 0,
        }]
    );
    events.push(Event::RpAwardRevised(crate::domain::event::RpAwardRevised {
        mission: 1,
        was: 8,
        amount: 0,
        why: "computed again".into(),
    }));
    let state = given(events).state;
    assert_eq!((state.unsettled_awards.len(), state.rp_bank), (0, 0));
}

#[test]
fn a_revision_no_award_awaits_is_found() {
    let mut events = on_mission();
    events.push(mission_ended_computed(1, 8, 8));
    events.push(Event::RpAwardRevised(crate::domain::event::RpAwardRevised {
        mission: 1,
        was: 0,
        amount: 50,
        why: "forged".into(),
    }));
    assert_one(events, 7, "which is not what the log computes");
}

#[test]
fn medal_rp_past_u32_saturates_instead_of_overflowing() {
    // Two stickers whose RP add past u32::MAX, as an edited export can hold: the Mission's
    // start sums them, and must not overflow.
    let mut events = modern_squad();
    events.push(medal_awarded("Wong", "Forged Cross", u32::MAX));
    events.push(medal_awarded("Wong", "Forged Star", u32::MAX));
    events.push(mission_started(1, "Caen", &["Wong"]));
    let state = given(events).state;
    assert_eq!(state.soldier("Wong").unwrap().medal_rp(), u32::MAX);
    assert_eq!(state.mission.unwrap().start_medal_rp, u32::MAX);
    assert_eq!(state.anomalies.len(), 2, "both stickers are beyond a Medal's RP");
}

/// Wong's Medic check with this roll, as `check Wong medic` records it.
fn wong_checked(roll: Roll) -> Event {
    Event::CheckRolled(Box::new(crate::domain::event::CheckRolled {
        soldier: "Wong".into(),
        ability: "medic".into(),
        card: None,
        heading: crate::domain::event::Heading::Success,
        upgunned: false,
        trap: false,
        roll,
    }))
}

fn medic_check(target: Option<u8>) -> Event {
    let mut roll = d10("Wong", "medic check", 7, 6, true);
    roll.target = target;
    roll.success = target.is_none_or(|t| 7 >= t);
    wong_checked(roll)
}

#[test]
fn a_check_against_a_target_his_card_does_not_print_is_found() {
    let mut events = medic_on_mission();
    events.push(medic_check(Some(6)));
    assert_eq!(anomalies(events.clone()), vec![], "Medic 6+ as printed");
    events.push(medic_check(Some(2)));
    assert_decided_otherwise(events, 5, "the rules give check_rolled");
}

#[test]
fn a_turn_while_an_environment_roll_awaits_its_choice_is_found() {
    let mut events = medic_on_mission();
    events.push(Event::TurnStarted(crate::domain::event::TurnStarted {
        mission: 1,
        turn: 1,
    }));
    events.push(Event::EnvironmentRolled(Box::new(
        crate::domain::event::EnvironmentRolled {
            environment: "cold".into(),
            immune: false,
            location: None,
            roll: Some(d10("Wong", "Environ cold 6+", 2, 6, false)),
            soldier: "Wong".into(),
            target: 6,
        },
    )));
    events.push(Event::TurnStarted(crate::domain::event::TurnStarted {
        mission: 1,
        turn: 2,
    }));
    assert_decided_otherwise(events, 6, "awaits a choice");
}

#[test]
fn an_ekia_by_a_soldier_left_behind_is_found() {
    let mut events = on_mission();
    events.push(Event::EkiaRecorded(crate::domain::event::EkiaRecorded {
        hostile: "Rifle Team".into(),
        soldier: "Gizmo".into(),
        value: 2,
    }));
    assert_decided_otherwise(events, 6, "K9 Soldiers cannot perform Attacks");
}

#[test]
fn a_k9_taken_on_a_mission_without_his_handler_is_found() {
    let mut events = modern_squad();
    events.push(mission_started(1, "Caen", &["Gizmo", "Park"]));
    assert_decided_otherwise(events, 5, "may only go on a Mission with his Handler 'Wong'");
}

#[test]
fn a_soldier_card_the_command_line_refuses_is_found() {
    let events = vec![
        created(Game::Modern),
        enlisted(SoldierCard {
            rp: 500,
            ..player("Wong")
        }),
        enlisted(player(&"N".repeat(41))),
    ];
    let found = anomalies(events);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].1.contains("RP 500; 0 to 99"), "{found:?}");
    assert!(
        found[1].1.contains("a name the command line refuses"),
        "{found:?}"
    );
}

#[test]
fn a_persuasion_its_successes_do_not_give_is_found() {
    let events = vec![
        created(Game::ZeroDark),
        enlisted(hero("Vega")),
        mission_started(1, "Dead Letter", &["Vega"]),
        Event::BogeyAdded(crate::domain::event::BogeyAdded {
            bogey: crate::domain::zero_dark::Bogey {
                name: "Courier".into(),
                named: false,
                nemesis: false,
                synthetic: false,
                bogey_type: crate::domain::zero_dark::BogeyType::Grunt,
            },
            mission: 1,
        }),
        Event::PersuasionTested(crate::domain::event::PersuasionTested {
            ally_of: Some("Vega".into()),
            bogey: "Courier".into(),
            bogey_successes: 3,
            hero: "Vega".into(),
            hero_successes: 1,
            persuaded: true,
        }),
    ];
    assert_decided_otherwise(events, 5, "\"persuaded\":false");
}

#[test]
fn a_name_with_a_control_character_is_found_whatever_event_brings_it() {
    let at = |location: &str| {
        let mut events = medic_on_mission();
        events.push(Event::EnvironmentRolled(Box::new(
            crate::domain::event::EnvironmentRolled {
                environment: "cold".into(),
                immune: false,
                location: Some(location.into()),
                roll: Some(d10("Wong", &format!("Environ cold 6+ at {location}"), 8, 6, true)),
                soldier: "Wong".into(),
                target: 6,
            },
        )));
        events
    };
    assert_eq!(anomalies(at("Stream")), vec![], "a plain name");
    assert_one(
        at("Str\u{1b}[2Jeam"),
        4,
        "records the Location's name with a control character",
    );
    let mut started = vec![created(Game::Modern), enlisted(player("Wong"))];
    let Event::MissionStarted(mut mission) = mission_started(1, "Caen", &["Wong"]) else {
        unreachable!("mission_started gives a MissionStarted");
    };
    mission.k9_objective = Some("Find\u{7} it".into());
    started.push(Event::MissionStarted(mission));
    assert_one(started, 3, "records the K9 Objective with a control character");
}
