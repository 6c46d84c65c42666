//! The fold: voided commands are skipped, and what cannot apply is noted, never a panic.

use super::*;
use crate::domain::fold::fold;
use crate::domain::state::Anomaly;
use crate::rules::harness::given;

/// A log where command `cmd-3` wrote two events (versions 3 and 4).
fn log_with_a_two_event_command() -> Vec<RecordedEvent> {
    vec![
        recorded(1, "cmd-1", created(Game::Modern)),
        recorded(2, "cmd-2", enlisted(player("Wong"))),
        recorded(3, "cmd-3", Event::Wounded(amount("Wong", 2))),
        recorded(4, "cmd-3", xp_adjusted("Wong", 5)),
        recorded(5, "cmd-5", Event::RpGranted(rp(7, "mission award"))),
    ]
}

#[test]
fn fold_applies_every_event_of_a_log_without_voids() {
    let state = fold(&log_with_a_two_event_command());
    let wong = state.soldier("Wong").unwrap();
    assert_eq!(wong.wounds, 2);
    assert_eq!(wong.xp, 5);
    assert_eq!(state.rp_bank, 7);
    assert_eq!(state.version, 5);
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
}

#[test]
fn fold_skips_every_event_of_a_voided_command() {
    let mut log = log_with_a_two_event_command();
    log.push(recorded(
        6,
        "cmd-6",
        Event::CommandVoided(CommandVoided {
            disproofs: Vec::new(),
            version: 4,
            command_id: "cmd-3".into(),
            why: "entered on the wrong Soldier".into(),
        }),
    ));
    let state = fold(&log);
    let wong = state.soldier("Wong").unwrap();
    assert_eq!(
        wong.wounds, 0,
        "the Wounded event of the voided command was applied"
    );
    assert_eq!(wong.xp, 0, "the XP event of the voided command was applied");
    assert_eq!(state.rp_bank, 7, "an event of another command was skipped");
    assert_eq!(state.version, 6, "the version counts voided events too");
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
}

#[test]
fn fold_skips_a_voided_command_even_when_the_void_comes_later_than_its_dependents() {
    // The fold applies voids to the whole log, so an enlistment voided at version 5 is
    // skipped at version 2 too, and the Wound at version 3 names nobody.
    let log = vec![
        recorded(1, "cmd-1", created(Game::Modern)),
        recorded(2, "cmd-2", enlisted(player("Wong"))),
        recorded(3, "cmd-3", Event::Wounded(amount("Wong", 1))),
        recorded(
            4,
            "cmd-4",
            Event::CommandVoided(CommandVoided {
                disproofs: Vec::new(),
                version: 2,
                command_id: "cmd-2".into(),
                why: "typo".into(),
            }),
        ),
    ];
    let state = fold(&log);
    assert!(state.soldiers.is_empty());
    assert_eq!(
        state.anomalies,
        vec![Anomaly {
            version: 3,
            message: "names 'Wong', who was never enlisted".into(),
            check: None,
        }]
    );
}

#[test]
fn evolve_notes_an_event_naming_an_unknown_soldier_instead_of_panicking() {
    let state = given([
        created(Game::Modern),
        enlisted(player("Wong")),
        Event::Wounded(amount("Ghost", 1)),
    ])
    .state;
    assert_eq!(state.soldier("Wong").unwrap().wounds, 0);
    assert_eq!(
        state.anomalies,
        vec![Anomaly {
            version: 3,
            message: "names 'Ghost', who was never enlisted".into(),
            check: None,
        }]
    );
}

#[test]
fn evolve_notes_healing_more_wounds_than_he_has_and_clamps_at_zero() {
    let state = given([
        created(Game::Modern),
        enlisted(player("Wong")),
        Event::Wounded(amount("Wong", 1)),
        Event::Healed(amount("Wong", 3)),
    ])
    .state;
    assert_eq!(state.soldier("Wong").unwrap().wounds, 0);
    assert_eq!(
        state.anomalies,
        vec![Anomaly {
            version: 4,
            message: "takes 3 Wounds from Wong, who had 1".into(),
            check: None,
        }]
    );
}

#[test]
fn evolve_notes_spending_more_xp_than_he_has_and_clamps_at_zero() {
    let state = given([
        created(Game::Modern),
        enlisted(player("Wong")),
        xp_adjusted("Wong", 2),
        xp_adjusted("Wong", -5),
    ])
    .state;
    assert_eq!(state.soldier("Wong").unwrap().xp, 0);
    assert_eq!(
        state.anomalies,
        vec![Anomaly {
            version: 4,
            message: "takes 5 XP from Wong, who had 2".into(),
            check: None,
        }]
    );
}

#[test]
fn evolve_notes_an_rp_overdraft_and_clamps_the_bank_at_zero() {
    let state = given([
        created(Game::Modern),
        Event::RpGranted(rp(3, "award")),
        Event::RpSpent(rp(5, "rifle")),
    ])
    .state;
    assert_eq!(state.rp_bank, 0);
    assert_eq!(
        state.anomalies,
        vec![Anomaly {
            version: 3,
            message: "takes 5 RP from the squad's bank, who had 3".into(),
            check: None,
        }]
    );
}

#[test]
fn evolve_notes_a_turn_of_a_mission_that_never_started() {
    let state = given([
        created(Game::Modern),
        Event::TurnStarted(TurnStarted { mission: 4, turn: 1 }),
    ])
    .state;
    assert!(state.mission.is_none());
    assert_eq!(
        state.anomalies,
        vec![Anomaly {
            version: 2,
            message: "starts a turn of Mission 4, which never started".into(),
            check: None,
        }]
    );
}

#[test]
fn evolve_notes_a_turn_of_a_mission_that_ended_before_the_latest() {
    let state = given([
        created(Game::Modern),
        mission_started(1, "Caen", &[]),
        mission_ended(1),
        mission_started(2, "Carpiquet", &[]),
        Event::TurnStarted(TurnStarted { mission: 1, turn: 2 }),
    ])
    .state;
    let latest = state.mission.as_ref().unwrap();
    assert_eq!(
        (latest.number, latest.turn),
        (2, 0),
        "the latest Mission is untouched"
    );
    assert_eq!(
        state.anomalies,
        vec![Anomaly {
            version: 5,
            message: "starts a turn of Mission 1, which had ended".into(),
            check: None,
        }]
    );
}

#[test]
fn evolve_notes_removing_stickers_the_soldier_does_not_carry() {
    let state = given([
        created(Game::Modern),
        enlisted(player("Wong")),
        medal_awarded("Wong", "Bronze Star", 1),
        Event::MedalStickersRemoved(MedalStickersRemoved {
            soldier: "Wong".into(),
            medals: vec![sticker("Military Medal", 2)],
            because: "downed".into(),
        }),
    ])
    .state;
    assert_eq!(
        state.soldier("Wong").unwrap().medals,
        vec![sticker("Bronze Star", 1)]
    );
    assert_eq!(
        state.anomalies,
        vec![Anomaly {
            version: 4,
            message: "removes Medal stickers Wong does not carry".into(),
            check: None,
        }]
    );
}
