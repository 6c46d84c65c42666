//! Rules 10 on the ability words a card is enlisted with (rule 001): one letter from an ability
//! known here is a typo, refused with the one meant; only words tested so, and those a card
//! names, make another word a typo, so one enlisted untested under rules 9 never refuses the
//! right one. Under rules 9 each is still recorded, and verifies.

use super::*;

use crate::domain::event::RulesAdopted;
use crate::domain::rules_version::{ABILITY_TYPOS_AT_ENLIST, RulesVersion, WHAT_HAPPENED_ONCE};

/// [`squad`] (Able recon, Baker, Charlie and Dog demo) created under `rules`.
fn squad_under(rules: RulesVersion) -> Vec<Event> {
    let mut events = squad();
    if let Some(Event::CampaignCreated(created)) = events.first_mut() {
        created.rules = rules;
    }
    events
}

/// `muster enlist NAME --ability ABILITY=6`, and what it records.
fn enlist(name: &str, ability: &str) -> (Command, Event) {
    let card = soldier(name, &[(ability, "6+")]);
    (Command::Enlist(Box::new(card.clone())), enlisted(card))
}

#[test]
fn an_ability_one_letter_from_a_known_one_is_refused_at_enlisting_from_rules_10() {
    for (typo, meant) in [("dmeo", "demo"), ("demos", "demo"), ("recn", "recon")] {
        given(squad_under(ABILITY_TYPOS_AT_ENLIST))
            .when(enlist("Easy", typo).0)
            .then_refused(&[
                &format!("the ability '{typo}' is one letter from '{meant}'"),
                &format!("did you mean '{meant}'?"),
            ]);
    }
    // K9 & Handlers names its abilities where the campaign uses it.
    given(modern_squad())
        .when(enlist("Reyes", "bomn").0)
        .then_refused(&["did you mean 'bomb'?"]);
}

#[test]
fn a_known_ability_or_one_of_its_own_is_enlisted_and_a_typo_under_rules_9() {
    for ability in ["demo", "climbing", "medic"] {
        let (command, event) = enlist("Easy", ability);
        given(squad_under(ABILITY_TYPOS_AT_ENLIST))
            .when(command)
            .then([event]);
    }
    let (command, event) = enlist("Easy", "dmeo");
    given(squad_under(WHAT_HAPPENED_ONCE)).when(command).then([event]);
}

#[test]
fn a_word_enlisted_untested_under_rules_9_does_not_refuse_the_right_one_after_adopting_rules_10() {
    // Doc's card was typed `medik` under rules 9, which tested no card's words.
    let mut events = squad_under(WHAT_HAPPENED_ONCE);
    events.push(enlisted(soldier("Doc", &[("medik", "6+")])));
    // Under rules 9 the right word is refused at a check for the rest of the campaign.
    let mut on_rules_9 = events.clone();
    on_rules_9.push(mission_started(1, "Bridge at Dawn", &["Able", "Doc"]));
    given(on_rules_9)
        .when(check("Able", "medic"))
        .then_refused(&["did you mean 'medik'?"]);
    // Once rules 10 are adopted, the right word is enlisted and checked; `medik` is still an
    // ability (Doc rolls it, and it is no typo), while a typo of a tested word is refused.
    events.push(Event::RulesAdopted(RulesAdopted {
        version: ABILITY_TYPOS_AT_ENLIST,
    }));
    let (command, event) = enlist("Doc2", "medic");
    let mut log = events.clone();
    given(log.clone()).when(command).then([event.clone()]);
    log.push(event);
    given(log.clone())
        .when(enlist("Doc3", "medc").0)
        .then_refused(&["did you mean 'medic'?"]);
    let mut mission = log.clone();
    mission.push(mission_started(1, "Bridge at Dawn", &["Able", "Doc"]));
    given(mission.clone())
        .when(check("Able", "medic"))
        .then([failed_without_a_roll("medic")]);
    given(mission.clone())
        .when(check("Able", "medik"))
        .then([failed_without_a_roll("medik")]);
    // The price: a word only cards enlisted untested have makes no typo either, until a card
    // enlisted under rules 10 has it too.
    given(mission)
        .when(check("Able", "dmeo"))
        .then([failed_without_a_roll("dmeo")]);
    log.push(enlisted(soldier("Easy", &[("demo", "4+")])));
    log.push(mission_started(1, "Bridge at Dawn", &["Able", "Doc"]));
    given(log)
        .when(check("Able", "dmeo"))
        .then_refused(&["did you mean 'demo'?"]);
}

/// Able's check of `ability`, which he lacks: no roll, a failure.
fn failed_without_a_roll(ability: &str) -> Event {
    rolled(
        "Able",
        ability,
        Roll {
            who: "Able".into(),
            purpose: format!("{ability} check"),
            die: "d10".into(),
            faces: vec![],
            source: None,
            target: None,
            modifiers: vec![],
            costs: vec![],
            total: None,
            success: false,
            dice: None,
        },
    )
}
