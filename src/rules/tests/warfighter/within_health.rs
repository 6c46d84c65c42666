//! Rules 10 on Wounds within the Health on a Soldier's card: `wound` and `carry-over --wounds`
//! take none past it, as at his Health he is Downed or Killed; a card without a Health counts
//! none. Under rules 9 each is still recorded, and verifies.

use crate::domain::command::Harm;
use crate::domain::event::SoldierCarriedOver;
use crate::domain::rules_version::{RulesVersion, WHAT_HAPPENED_ONCE, WOUNDS_WITHIN_HEALTH};
use crate::rules::harness::given;
use crate::rules::tests::*;

/// A Modern campaign under `rules`: Wong's card prints Health 3, Park's none; Wong has
/// `wounds` Wounds.
fn wong_wounded(rules: RulesVersion, wounds: u32) -> Vec<Event> {
    let mut created = created(Game::Modern);
    if let Event::CampaignCreated(c) = &mut created {
        c.rules = rules;
    }
    let mut events = vec![
        created,
        enlisted(SoldierCard {
            health: Some(3),
            ..player("Wong")
        }),
        enlisted(player("Park")),
    ];
    if wounds > 0 {
        events.push(Event::Wounded(amount("Wong", wounds)));
    }
    events
}

fn wound(soldier: &str, amount: i64) -> Command {
    Command::Harm {
        harm: Harm::Wound,
        soldier: soldier.into(),
        amount,
    }
}

fn carry_over(soldier: &str, wounds: u32) -> Command {
    Command::CarrySoldierOver {
        soldier: soldier.into(),
        xp: None,
        wounds: Some(wounds),
        hardy: vec![],
        medals: vec![],
        missions: None,
        discipline: None,
        why: "the paper sheet".into(),
    }
}

fn carried_over(soldier: &str, wounds: u32) -> Event {
    Event::SoldierCarriedOver(Box::new(SoldierCarriedOver {
        discipline: None,
        hardy: Default::default(),
        medals: vec![],
        missions: None,
        soldier: soldier.into(),
        why: "the paper sheet".into(),
        wounds: Some(wounds),
        xp: None,
    }))
}

#[test]
fn a_wound_past_his_health_is_refused_from_rules_10_saying_how_many_he_can_take() {
    given(wong_wounded(WOUNDS_WITHIN_HEALTH, 1))
        .when(wound("Wong", 5))
        .then_refused(&[
            "Wong has 1 Wound of his Health 3",
            "he can take 2 more (`muster wound Wong 2`)",
            "Downed or Killed (`muster down Wong` or `muster kill Wong`)",
        ]);
    given(wong_wounded(WOUNDS_WITHIN_HEALTH, 3))
        .when(wound("wong", 1))
        .then_refused(&["Wong has 3 Wounds of his Health 3", "he can take no more"]);
}

#[test]
fn a_wound_up_to_his_health_or_on_a_card_without_one_is_recorded() {
    given(wong_wounded(WOUNDS_WITHIN_HEALTH, 1))
        .when(wound("Wong", 2))
        .then([Event::Wounded(amount("Wong", 2))]);
    given(wong_wounded(WOUNDS_WITHIN_HEALTH, 3))
        .when(wound("Park", 20))
        .then([Event::Wounded(amount("Park", 20))]);
}

#[test]
fn under_rules_9_a_wound_past_his_health_is_still_recorded() {
    given(wong_wounded(WHAT_HAPPENED_ONCE, 3))
        .when(wound("Wong", 5))
        .then([Event::Wounded(amount("Wong", 5))]);
}

#[test]
fn a_sheet_carried_over_holds_no_wounds_past_his_health_from_rules_10() {
    given(wong_wounded(WOUNDS_WITHIN_HEALTH, 0))
        .when(carry_over("Wong", 12))
        .then_refused(&["Wong's card prints Health 3", "0 to 3 Wounds, not 12"]);
    given(wong_wounded(WOUNDS_WITHIN_HEALTH, 0))
        .when(carry_over("Wong", 3))
        .then([carried_over("Wong", 3)]);
    given(wong_wounded(WOUNDS_WITHIN_HEALTH, 0))
        .when(carry_over("Park", 12))
        .then([carried_over("Park", 12)]);
    given(wong_wounded(WHAT_HAPPENED_ONCE, 0))
        .when(carry_over("Wong", 12))
        .then([carried_over("Wong", 12)]);
}
