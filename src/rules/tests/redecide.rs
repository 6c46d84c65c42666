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
