//! Voiding an earlier command (DESIGN 2): which voids are refused, and what a valid one records.

use super::*;
use crate::domain::error::RuleError;
use crate::domain::fold::voided_commands;
use crate::rules::void::{History, Request};

/// Decides a void on the whole of `log`, folded from the start, without --cascade.
fn decide(log: &[RecordedEvent], version: u64, why: &str) -> Result<Vec<Event>, RuleError> {
    let voided = voided_commands(log);
    let history = History {
        campaign: "test",
        base: CampaignState::default(),
        tail: log,
        voided: &voided,
        stored: &crate::rules::void::Stored::new(),
    };
    let request = Request {
        version,
        why,
        cascade: false,
    };
    crate::rules::void::decide(&history, &request)
}

/// Create, enlist Wong, wound him (version 3), one command writing two events (Wong's XP at
/// version 4 and an RP grant at version 5), and Park's enlistment at version 6.
fn log() -> Vec<RecordedEvent> {
    vec![
        recorded(1, "cmd-1", created(Game::Modern)),
        recorded(2, "cmd-2", enlisted(player("Wong"))),
        recorded(3, "cmd-3", Event::Wounded(amount("Wong", 2))),
        recorded(4, "cmd-4", xp_adjusted("Wong", 3)),
        recorded(5, "cmd-4", Event::RpGranted(rp(5, "mission award"))),
        recorded(6, "cmd-6", enlisted(player("Park"))),
    ]
}

fn void_event(version: u64, command_id: &str) -> Event {
    Event::CommandVoided(CommandVoided {
        disproofs: Vec::new(),
        version,
        command_id: command_id.into(),
        why: "entered by mistake".into(),
    })
}

/// Asserts `result` is a refusal containing every one of `needles`.
fn assert_refused(result: Result<Vec<Event>, RuleError>, needles: &[&str]) {
    match result {
        Ok(events) => panic!("expected a refusal, but the void decided {events:?}"),
        Err(e) => {
            let message = e.to_string();
            for needle in needles {
                assert!(message.contains(needle), "refusal {message:?} lacks {needle:?}");
            }
        }
    }
}

#[test]
fn voiding_a_version_past_the_head_is_refused_naming_the_range() {
    assert_refused(
        decide(&log(), 9, "typo"),
        &["version 9 does not exist", "runs from 1 to 6", "muster log"],
    );
}

#[test]
fn voiding_version_zero_is_refused_naming_the_range() {
    assert_refused(
        decide(&log(), 0, "typo"),
        &["version 0 does not exist", "runs from 1 to 6"],
    );
}

#[test]
fn voiding_the_campaigns_creation_is_refused() {
    assert_refused(
        decide(&log(), 1, "typo"),
        &[
            "version 1 created the campaign and cannot be voided",
            "start a new campaign instead",
        ],
    );
}

#[test]
fn voiding_a_void_is_refused() {
    let mut log = log();
    log.push(recorded(7, "cmd-7", void_event(3, "cmd-3")));
    assert_refused(
        decide(&log, 7, "changed my mind"),
        &[
            "version 7 is itself a void (of version 3)",
            "record the voided events again instead",
        ],
    );
}

#[test]
fn voiding_an_already_voided_command_is_refused() {
    let mut log = log();
    log.push(recorded(7, "cmd-7", void_event(3, "cmd-3")));
    assert_refused(
        decide(&log, 3, "typo"),
        &[
            "version 3 was already voided by version 7",
            "nothing left to void",
        ],
    );
}

#[test]
fn voiding_another_event_of_an_already_voided_command_is_refused() {
    let mut log = log();
    log.push(recorded(7, "cmd-7", void_event(4, "cmd-4")));
    assert_refused(
        decide(&log, 5, "typo"),
        &["version 5 was already voided by version 7"],
    );
}

#[test]
fn voiding_an_enlistment_that_later_events_depend_on_is_refused_listing_them() {
    assert_refused(
        decide(&log(), 2, "typo"),
        &[
            "later events depend on version 2",
            "version 3 names 'Wong', who was never enlisted",
            "version 4 names 'Wong', who was never enlisted",
            "Void those first, newest first",
        ],
    );
}

#[test]
fn voiding_a_wound_that_a_later_heal_depends_on_is_refused() {
    let mut log = log();
    log.push(recorded(7, "cmd-7", Event::Healed(amount("Wong", 2))));
    assert_refused(
        decide(&log, 3, "typo"),
        &[
            "later events depend on version 3",
            "version 7 takes 2 Wounds from Wong, who had 0",
        ],
    );
}

#[test]
fn voiding_an_rp_grant_that_a_later_spend_depends_on_is_refused() {
    let mut log = log();
    log.push(recorded(7, "cmd-7", Event::RpSpent(rp(5, "new rifle"))));
    assert_refused(
        decide(&log, 5, "typo"),
        &[
            "later events depend on version 5",
            "version 7 takes 5 RP from the squad's bank, who had 0",
        ],
    );
}

#[test]
fn voiding_an_enlistment_once_its_dependents_are_voided_is_accepted() {
    let mut log = log();
    log.push(recorded(7, "cmd-7", void_event(4, "cmd-4")));
    log.push(recorded(8, "cmd-8", void_event(3, "cmd-3")));
    assert_eq!(
        decide(&log, 2, "wrong campaign").unwrap(),
        vec![Event::CommandVoided(CommandVoided {
            disproofs: Vec::new(),
            version: 2,
            command_id: "cmd-2".into(),
            why: "wrong campaign".into(),
        })]
    );
}

#[test]
fn voiding_a_command_records_the_targets_command_id_and_the_reason() {
    assert_eq!(
        decide(&log(), 5, "  granted twice ").unwrap(),
        vec![Event::CommandVoided(CommandVoided {
            disproofs: Vec::new(),
            version: 5,
            command_id: "cmd-4".into(),
            why: "granted twice".into(),
        })]
    );
}

#[test]
fn voiding_without_a_reason_is_refused() {
    assert_refused(
        decide(&log(), 3, " "),
        &["the reason (--why) is empty", "give a few words"],
    );
}

/// Bug: a K9's card names his Handler, but evolve notes no anomaly when the Handler is
/// missing, so voiding the Handler's enlistment is accepted and leaves Gizmo handled by
/// nobody (and `mission start --with Gizmo` can then never succeed).
#[test]
fn voiding_a_handlers_enlistment_is_refused_while_his_k9_is_enlisted() {
    let log = vec![
        recorded(1, "cmd-1", created(Game::Modern)),
        recorded(2, "cmd-2", enlisted(player("Wong"))),
        recorded(3, "cmd-3", enlisted(k9("Gizmo", "Wong", 2))),
    ];
    assert_refused(
        decide(&log, 2, "typo"),
        &["later events depend on version 2", "version 3"],
    );
}

/// Bug: Mission 2 could only start because Mission 1 had ended, but voiding Mission 1's
/// end is accepted, leaving two Missions in progress at once (and Mission 1 never ending,
/// since only the last Mission is ever "in progress").
#[test]
fn voiding_a_missions_end_is_refused_once_a_later_mission_has_started() {
    let log = vec![
        recorded(1, "cmd-1", created(Game::Modern)),
        recorded(2, "cmd-2", enlisted(player("Wong"))),
        recorded(3, "cmd-3", mission_started(1, "Dawn Raid", &["Wong"])),
        recorded(4, "cmd-4", mission_ended(1)),
        recorded(5, "cmd-5", mission_started(2, "Night Drop", &["Wong"])),
    ];
    assert_refused(
        decide(&log, 4, "typo"),
        &["later events depend on version 4", "version 5"],
    );
}
