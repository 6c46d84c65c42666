//! `verify` decides again the commands whose events show what was asked: a log whose events
//! each pass the checked fold, but which the rules would have written otherwise, is found.

use super::*;
use crate::domain::command::StatusChange;
use crate::domain::error::RuleError;
use crate::rules::harness::Played;

#[test]
fn a_turn_1_without_its_k9_discipline_reset_is_found() {
    let mut played = Played::new(modern_squad());
    played.play(start_k9("Dawn", &["Wong", "Gizmo"], "Find the cache"), &[]);
    let turn = played.play(Command::NextTurn, &[]);
    assert_eq!(played.findings("decide"), vec![]);
    // The reset dropped: each event left passes the fold on its own.
    played
        .log
        .retain(|r| !matches!(r.event, Event::DisciplineReset(_)));
    let found = played.findings("decide");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, Some(turn));
    assert!(
        found[0]
            .1
            .contains("the rules give 2 event(s) where the log has 1"),
        "{found:?}"
    );
}

#[test]
fn a_downed_soldier_who_keeps_his_medal_stickers_is_found() {
    let mut events = modern_squad();
    events.push(medal_awarded("Park", "Bronze Star", 2));
    let mut played = Played::new(events);
    let downed = played.play(
        Command::ChangeStatus {
            change: StatusChange::Down,
            soldier: "Park".into(),
        },
        &[],
    );
    assert_eq!(played.findings("decide"), vec![]);
    played
        .log
        .retain(|r| !matches!(r.event, Event::MedalStickersRemoved(_)));
    let found = played.findings("decide");
    assert_eq!(
        found.iter().map(|f| f.0).collect::<Vec<_>>(),
        vec![Some(downed)],
        "{found:?}"
    );
}

#[test]
fn a_second_success_on_a_cards_check_is_found() {
    use crate::domain::soldier::Ability;
    let mut played = Played::new(vec![
        created(Game::Wwii),
        enlisted(SoldierCard {
            abilities: [("medic".to_owned(), "6+".parse::<Ability>().unwrap())].into(),
            ..player("Wong")
        }),
        mission_started(1, "Caen", &["Wong"]),
    ]);
    let check = Command::Check {
        soldier: "Wong".into(),
        ability: "medic".into(),
        modifiers: vec![],
        upgunned: false,
        trap: false,
        fail: false,
        card: Some("Farmhouse".into()),
    };
    played.play(check.clone(), &[8]);
    let second = played.try_play(&check, &[9]).unwrap_err();
    assert!(matches!(second, RuleError::Refused(_)), "{second:?}");
    assert!(
        second.to_string().contains("its benefit is gained only once"),
        "{second}"
    );
    // The same event again, as a forged file would hold it: every number checks out.
    let again = played.log.last().map(|r| r.event.clone()).unwrap();
    let forged = played.record(vec![again]);
    assert_eq!(played.state().anomalies, vec![]);
    let found = played.findings("decide");
    assert_eq!(
        found.iter().map(|f| f.0).collect::<Vec<_>>(),
        vec![Some(forged)],
        "{found:?}"
    );
    assert!(
        found[0].1.contains("already succeeded at the check on Farmhouse"),
        "{found:?}"
    );
}

#[test]
fn a_single_event_command_the_rules_refuse_is_found_though_the_fold_lets_it_pass() {
    // A Soldier named 'team' (the word `xp team` reserves) and an RP grant without a reason:
    // each event passes the checked fold on its own, and each is one command.
    let mut played = Played::new(modern_squad());
    let team = played.record(vec![enlisted(player("Team"))]);
    assert_eq!(played.state().anomalies, vec![]);
    let found = played.findings("decide");
    assert_eq!(
        found.iter().map(|f| f.0).collect::<Vec<_>>(),
        vec![Some(team)],
        "{found:?}"
    );
    assert!(found[0].1.contains("the rules refuse it"), "{found:?}");
    assert!(found[0].1.contains("'team' is reserved"), "{found:?}");
    let report = crate::verify::verify("test", &played.rows());
    assert_eq!(report.decided_again, report.commands, "{report:?}");
}

#[test]
fn an_amendments_correction_is_decided_again_on_the_state_after_its_void() {
    let mut played = Played::new(on_mission());
    let wound = played.play(
        Command::Harm {
            harm: crate::domain::command::Harm::Wound,
            soldier: "Park".into(),
            amount: 1,
        },
        &[],
    );
    let command_id = played.log.last().map(|r| r.command_id.clone()).unwrap();
    // The amendment: the void of the Wound, then a Wound of 2, in one command.
    let void = |amount| {
        vec![
            Event::CommandVoided(crate::domain::event::CommandVoided {
                command_id: command_id.clone(),
                disproofs: vec![],
                version: wound,
                why: "two, not one".into(),
            }),
            Event::Wounded(crate::domain::event::SoldierAmount {
                amount,
                soldier: "Park".into(),
            }),
        ]
    };
    let mut good = Played::new(vec![]);
    good.log = played.log.clone();
    good.record(void(2));
    let report = crate::verify::verify("test", &good.rows());
    assert!(report.ok, "{:?}", report.findings);
    assert_eq!(
        (report.decided_again, report.voids, report.voided),
        (report.commands - 1, 0, 1),
        "{report:?}"
    );
    // A correction enlisting a Soldier named 'team' passes the fold, but the rules refuse it.
    let mut forged = Played::new(vec![]);
    forged.log = played.log.clone();
    let mut events = void(2);
    events[1] = enlisted(player("Team"));
    let at = forged.record(events);
    let found = forged.findings("decide");
    assert!(
        found
            .iter()
            .any(|(v, p)| *v == Some(at) && p.contains("the rules refuse it")),
        "{found:?}"
    );
}
