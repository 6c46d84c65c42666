//! Rules 10 on the card a once-only check is made on (rule 001): read however spaced and in
//! any case, as a Medal's or a Hostile's name, so a doubled space names the same card, which
//! is recorded as first named. Under rules 9 each is still recorded, and verifies.

use super::*;
use crate::domain::rules_version::{CHECK_CARDS_HOWEVER_SPACED, RulesVersion, WHAT_HAPPENED_ONCE};

/// [`on_mission`] under `rules`, Baker's `heading` check on "Farm house" rolled with `face`.
fn farm_house_under(rules: RulesVersion, heading: Heading, face: u8) -> Vec<Event> {
    let mut log = on_mission();
    if let Some(Event::CampaignCreated(created)) = log.first_mut() {
        created.rules = rules;
    }
    log.push(rolled_on(
        "Baker",
        "Farm house",
        heading,
        d10("Baker", "demo check on Farm house", face, 5, face >= 5),
    ));
    log
}

fn on(card: &'static str, fail: bool) -> Check {
    Check {
        card: Some(card),
        fail,
        ..Check::default()
    }
}

#[test]
fn a_success_on_a_card_is_not_gained_again_on_its_name_spaced_otherwise_from_rules_10() {
    for typed in ["Farm  house", " farm house", "FARM\u{a0}HOUSE"] {
        given(farm_house_under(CHECK_CARDS_HOWEVER_SPACED, Heading::Success, 6))
            .when_rolling(on(typed, false).by("Charlie", "demo"), &[9])
            .then_refused(&[
                "Baker already succeeded at the check on Farm house",
                "gained only once",
            ]);
    }
}

#[test]
fn a_fail_check_on_a_card_is_not_rolled_again_on_its_name_spaced_otherwise_from_rules_10() {
    given(farm_house_under(CHECK_CARDS_HOWEVER_SPACED, Heading::Fail, 2))
        .when_rolling(on("Farm  House", true).by("Baker", "demo"), &[9])
        .then_refused(&["Baker already rolled the Fail check on Farm house", "rolled once"]);
}

#[test]
fn another_check_on_the_card_is_recorded_under_the_name_first_given() {
    given(farm_house_under(CHECK_CARDS_HOWEVER_SPACED, Heading::Fail, 2))
        .when_rolling(on("farm  house", true).by("Charlie", "demo"), &[8])
        .then([rolled_on(
            "Charlie",
            "Farm house",
            Heading::Fail,
            d10("Charlie", "demo check on Farm house", 8, 6, true),
        )]);
}

#[test]
fn under_rules_9_a_card_spaced_otherwise_is_another_card() {
    given(farm_house_under(WHAT_HAPPENED_ONCE, Heading::Success, 6))
        .when_rolling(on("Farm  house", false).by("Charlie", "demo"), &[9])
        .then([rolled_on(
            "Charlie",
            "Farm  house",
            Heading::Success,
            d10("Charlie", "demo check on Farm  house", 9, 6, true),
        )]);
}
