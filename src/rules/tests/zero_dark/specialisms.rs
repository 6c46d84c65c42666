//! Rules 10 on a hero's specialism as typed (rule 003): one letter from Spook, or from one a
//! hero of the campaign has, is a typo; one of its own is a specialism. Under rules 9 each is
//! still recorded, and verifies.

use super::*;
use crate::domain::rules_version::{SPECIALISMS_READ, WHAT_HAPPENED_ONCE};

/// A Zero Dark campaign under `rules`, with Kato (specialism assault) enlisted.
fn team_under(rules: RulesVersion) -> Vec<Event> {
    let mut created = created(Game::ZeroDark);
    if let Event::CampaignCreated(c) = &mut created {
        c.rules = rules;
    }
    let kato = SoldierCard {
        specialism: Some("assault".into()),
        ..hero("Kato")
    };
    vec![created, enlisted(kato)]
}

fn enlist(specialism: &str) -> (Command, Event) {
    let card = SoldierCard {
        specialism: Some(specialism.into()),
        ..hero("Vega")
    };
    (Command::Enlist(Box::new(card.clone())), enlisted(card))
}

#[test]
fn a_specialism_one_letter_from_spook_or_a_known_one_is_refused_from_rules_10() {
    for (typo, meant) in [("spok", "spook"), ("Sppok", "spook"), ("asault", "assault")] {
        given(team_under(SPECIALISMS_READ))
            .when(enlist(typo).0)
            .then_refused(&[
                &format!("the specialism '{typo}' is one letter from '{meant}'"),
                &format!("did you mean '{meant}'?"),
            ]);
    }
}

#[test]
fn a_known_specialism_or_one_of_its_own_is_enlisted_and_a_typo_under_rules_9() {
    for specialism in ["spook", "Spook", "assault", "sniper"] {
        let (command, event) = enlist(specialism);
        given(team_under(SPECIALISMS_READ)).when(command).then([event]);
    }
    let (command, event) = enlist("spok");
    given(team_under(WHAT_HAPPENED_ONCE)).when(command).then([event]);
}
