//! Rules 10 on the types players type for rule 002: "any" names the Hardy Any counter and no
//! Environment, and `assert` reads a Hardy type as every other command reads it. Under rules
//! 9 each is still recorded, and verifies.

use std::collections::BTreeMap;

use super::*;
use crate::domain::rules_version::{ENVIRONMENTS_OWED, WHAT_HAPPENED_ONCE};

/// A WWII squad of Wong alone, created under `rules`, on Mission 1 "Stream" when `started`.
fn wong_under(rules: RulesVersion, started: bool) -> Vec<Event> {
    let mut created = created(Game::Wwii);
    if let Event::CampaignCreated(c) = &mut created {
        c.rules = rules;
    }
    let mut log = vec![created, enlisted(player("Wong"))];
    if started {
        log.push(mission_started(1, "Stream", &["Wong"]));
    }
    log
}

fn start_with(environment: &str) -> Command {
    Command::StartMission {
        name: "Stream".into(),
        soldiers: vec!["Wong".into()],
        objectives: None,
        k9_objective: None,
        environments: vec![(environment.into(), 5)],
    }
}

fn sheet(field: &str, value: &str) -> Command {
    Command::Assert {
        soldier: "Wong".into(),
        fields: vec![(field.into(), value.into())],
    }
}

fn asserted(field: &str, value: &str) -> Event {
    Event::AssertionRecorded(AssertionRecorded {
        soldier: "Wong".into(),
        fields: BTreeMap::from([(field.to_owned(), value.to_owned())]),
    })
}

#[test]
fn any_is_no_environ_type_from_rules_10() {
    // Rule 002: "'Hardy Any' means the Hardy counters can be used to fend off any type of
    // Environment": a Mission or a Location declares the Environment's own type.
    given(wong_under(ENVIRONMENTS_OWED, false))
        .when(start_with("any"))
        .then_refused(&["'any' is no Environ type", "as cold, hot or fever"]);
    given(wong_under(ENVIRONMENTS_OWED, true))
        .when(Command::DeclareEnvironments {
            scope: EnvironmentScope::Location,
            name: Some("Stream".into()),
            environments: vec![("Any".into(), 5)],
        })
        .then_refused(&["'any' is no Environ type"]);
    // Under rules 9 it is still declared, as it was recorded then
    let state = given(wong_under(WHAT_HAPPENED_ONCE, false))
        .when(start_with("any"))
        .then([
            mission_started(1, "Stream", &["Wong"]),
            declared(EnvironmentScope::Mission, None, "any", 5),
        ]);
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
}

#[test]
fn an_asserted_hardy_type_one_letter_from_cold_is_refused_from_rules_10() {
    given(wong_under(ENVIRONMENTS_OWED, false))
        .when(sheet("hardy.colt", "3"))
        .then_refused(&[
            "a Hardy type 'colt' is one letter from 'cold'",
            "did you mean 'cold'?",
        ]);
    // A type as typed elsewhere, and one of its own, are asserted as before
    for (field, value) in [("hardy.cold", "2"), ("hardy.any", "1"), ("hardy.sand", "1")] {
        given(wong_under(ENVIRONMENTS_OWED, false))
            .when(sheet(field, value))
            .then([asserted(field, value)]);
    }
    given(wong_under(WHAT_HAPPENED_ONCE, false))
        .when(sheet("hardy.colt", "3"))
        .then([asserted("hardy.colt", "3")]);
}
