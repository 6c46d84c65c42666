//! Rules 5: cards and types as printed. A Hardy or Environment type one letter from one the
//! rule names or the campaign uses is a typo; an Upgunned target is a better one; a K9's
//! Handler has a Handler Ability. Under rules 4 each is still recorded, and verifies.

use super::*;
use crate::domain::environment::EnvironmentScope;
use crate::domain::rules_version::{CARDS_AS_PRINTED, RulesVersion, SET_ASIDE_EXHAUSTED_ENDS_PLAY};
use crate::rules::harness::{Played, given};

/// `game` created under `rules`, with Wong (a Player, no Handler Ability) enlisted.
fn squad_under(game: Game, rules: RulesVersion) -> Vec<Event> {
    let mut created = created(game);
    if let Event::CampaignCreated(c) = &mut created {
        c.rules = rules;
    }
    vec![created, enlisted(player("Wong"))]
}

fn with_hardy(name: &str, hardy: &str) -> SoldierCard {
    let mut card = player(name);
    card.hardy.insert(hardy.to_owned(), 1);
    card
}

fn hardy(soldier: &str, hardy: &str) -> Command {
    Command::AdjustHardy {
        soldier: soldier.into(),
        hardy: hardy.into(),
        amount: 1,
        why: "Service Record".into(),
    }
}

fn medic(target: u8, upgunned: u8) -> SoldierCard {
    let mut card = player("Doc");
    card.abilities.insert(
        "medic".to_owned(),
        Ability {
            target,
            upgunned: Some(upgunned),
        },
    );
    card
}

#[test]
fn a_hardy_type_one_letter_from_cold_is_refused_naming_cold() {
    for typo in ["colt", "cld", "clod", "colds"] {
        given(squad_under(Game::Wwii, CARDS_AS_PRINTED))
            .when(hardy("Wong", typo))
            .then_refused(&[
                format!("a Hardy type '{typo}' is one letter from 'cold'").as_str(),
                "did you mean 'cold'?",
            ]);
        given(squad_under(Game::Wwii, CARDS_AS_PRINTED))
            .when(Command::Enlist(Box::new(with_hardy("Petrov", typo))))
            .then_refused(&["one letter from 'cold'"]);
    }
}

#[test]
fn a_type_of_its_own_is_accepted_and_then_known_to_the_next_typo() {
    let state = given(squad_under(Game::Wwii, CARDS_AS_PRINTED))
        .when(hardy("Wong", "sand"))
        .then([Event::HardyAdjusted(HardyAdjusted {
            soldier: "Wong".into(),
            hardy: "sand".into(),
            amount: 1,
            why: "Service Record".into(),
        })]);
    assert_eq!(state.soldier("Wong").unwrap().hardy.get("sand"), Some(&1));
    let mut events = squad_under(Game::Wwii, CARDS_AS_PRINTED);
    events.push(Event::HardyAdjusted(HardyAdjusted {
        soldier: "Wong".into(),
        hardy: "sand".into(),
        amount: 1,
        why: "Service Record".into(),
    }));
    given(events.clone())
        .when(hardy("Wong", "sane"))
        .then_refused(&["one letter from 'sand'"]);
    // The named types and Hardy Any are types as they are.
    for known in ["cold", "hot", "fever", "any", "sand"] {
        let decided = Played::new(events.clone()).try_play(&hardy("Wong", known), &[]);
        assert!(decided.is_ok(), "{known}: {decided:?}");
    }
}

#[test]
fn an_environment_one_letter_from_fever_is_refused_at_the_missions_start_and_when_declared() {
    let start = Command::StartMission {
        name: "Stream".into(),
        soldiers: vec!["Wong".into()],
        objectives: None,
        k9_objective: None,
        environments: vec![("fevr".into(), 4)],
    };
    given(squad_under(Game::Wwii, CARDS_AS_PRINTED))
        .when(start)
        .then_refused(&["an Environ type 'fevr' is one letter from 'fever'"]);
    let mut events = squad_under(Game::Wwii, CARDS_AS_PRINTED);
    events.push(mission_started(1, "Stream", &["Wong"]));
    given(events)
        .when(Command::DeclareEnvironments {
            scope: EnvironmentScope::Location,
            name: Some("Stream".into()),
            environments: vec![("hit".into(), 6)],
        })
        .then_refused(&["'hit' is one letter from 'hot'"]);
}

#[test]
fn under_rules_4_a_typo_of_a_type_is_still_recorded() {
    given(squad_under(Game::Wwii, SET_ASIDE_EXHAUSTED_ENDS_PLAY))
        .when(hardy("Wong", "colt"))
        .then([Event::HardyAdjusted(HardyAdjusted {
            soldier: "Wong".into(),
            hardy: "colt".into(),
            amount: 1,
            why: "Service Record".into(),
        })]);
}

#[test]
fn an_upgunned_target_no_better_than_the_abilitys_own_is_refused() {
    for (target, upgunned) in [(6, 8), (6, 6)] {
        given(squad_under(Game::Wwii, CARDS_AS_PRINTED))
            .when(Command::Enlist(Box::new(medic(target, upgunned))))
            .then_refused(&[
                format!("medic {target}+ [{upgunned}+] is not accepted").as_str(),
                "the Upgunned target gives a better chance (rule 001)",
            ]);
    }
    given(squad_under(Game::Wwii, CARDS_AS_PRINTED))
        .when(Command::Enlist(Box::new(medic(6, 5))))
        .then([enlisted(medic(6, 5))]);
    given(squad_under(Game::Wwii, SET_ASIDE_EXHAUSTED_ENDS_PLAY))
        .when(Command::Enlist(Box::new(medic(6, 8))))
        .then([enlisted(medic(6, 8))]);
}

#[test]
fn a_k9_whose_handler_has_no_handler_ability_is_refused() {
    given(squad_under(Game::Modern, CARDS_AS_PRINTED))
        .when(Command::Enlist(Box::new(k9("Gizmo", "Wong", 2))))
        .then_refused(&[
            "'Wong' has no Handler Ability",
            "All Handler Soldiers have a Handler Ability",
            "--ability handler=N",
        ]);
    given(squad_under(Game::Modern, SET_ASIDE_EXHAUSTED_ENDS_PLAY))
        .when(Command::Enlist(Box::new(k9("Gizmo", "Wong", 2))))
        .then([enlisted(k9("Gizmo", "Wong", 2))]);
}

#[test]
fn from_rules_5_a_soldiers_name_holding_a_rarer_character_that_prints_as_nothing_is_refused() {
    let hidden = player("Wong\u{e0041}");
    given(squad_under(Game::Wwii, CARDS_AS_PRINTED))
        .when(Command::Enlist(Box::new(player("Park\u{e0041}"))))
        .then_refused(&["prints as nothing"]);
    let mut enlisted_before = squad_under(Game::Wwii, SET_ASIDE_EXHAUSTED_ENDS_PLAY);
    enlisted_before.truncate(1);
    given(enlisted_before)
        .when(Command::Enlist(Box::new(hidden.clone())))
        .then([enlisted(hidden)]);
}

#[test]
fn a_name_that_prints_as_one_enlisted_is_refused_from_rules_10() {
    use crate::domain::rules_version::{NAMES_READ_ALIKE, WHAT_HAPPENED_ONCE};
    let with_obrien = |rules| {
        let mut log = squad_under(Game::Wwii, rules);
        log.push(enlisted(player("Sgt. O'Brien")));
        log
    };
    for alike in ["Sgt.  O'Brien", "Sgt. O\u{2019}Brien", "SGT.  O'BRIEN"] {
        given(with_obrien(NAMES_READ_ALIKE))
            .when(Command::Enlist(Box::new(player(alike))))
            .then_refused(&["reads as Sgt. O'Brien's, already enlisted"]);
    }
    // Another name is enlisted; under rules 9 the look-alike is still recorded, and verifies.
    given(with_obrien(NAMES_READ_ALIKE))
        .when(Command::Enlist(Box::new(player("Sgt. OBrien"))))
        .then([enlisted(player("Sgt. OBrien"))]);
    let state = given(with_obrien(WHAT_HAPPENED_ONCE))
        .when(Command::Enlist(Box::new(player("Sgt.  O'Brien"))))
        .then([enlisted(player("Sgt.  O'Brien"))]);
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
}
