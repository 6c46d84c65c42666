//! A Medal card in one place at a time (rules 10, rule 004): the deck, drawn, or one Soldier's
//! sticker, named as printed; under rules 9 each is recorded as before.

use super::*;
use crate::domain::event::SoldierCarriedOver;
use crate::domain::rules_version::{MEDAL_CARDS_ONCE, WHAT_HAPPENED_ONCE};

/// A Canadian campaign with Able and Baker, no deck loaded yet.
fn able_and_baker() -> Vec<Event> {
    vec![
        canadian_campaign(),
        enlisted(player("Able")),
        enlisted(player("Baker")),
    ]
}

/// `carry-over SOLDIER --medal "MEDAL=RP" --why "the sheet"`.
fn carry_over(soldier: &str, medal: &str, rp: u32) -> Command {
    Command::CarrySoldierOver {
        soldier: soldier.into(),
        xp: None,
        wounds: None,
        hardy: vec![],
        medals: vec![(medal.into(), rp)],
        missions: None,
        discipline: None,
        why: "the sheet".into(),
    }
}

/// What [`carry_over`] records, the sticker named `medal`.
fn carried_over(soldier: &str, medal: &str, rp: u32) -> Event {
    Event::SoldierCarriedOver(Box::new(SoldierCarriedOver {
        discipline: None,
        hardy: Default::default(),
        medals: vec![sticker(medal, rp)],
        missions: None,
        soldier: soldier.into(),
        why: "the sheet".into(),
        wounds: None,
        xp: None,
    }))
}

/// `medal award SOLDIER MEDAL --rp RP --why "drawn at random"`.
fn award(soldier: &str, medal: &str, rp: i64) -> Command {
    Command::AwardMedal {
        soldier: soldier.into(),
        medal: medal.into(),
        rp,
        why: "drawn at random".into(),
    }
}

#[test]
fn a_card_carried_over_before_the_deck_is_loaded_is_shuffled_in_as_earned_and_never_drawn() {
    let mut log = able_and_baker();
    log.push(carried_over("Able", MC, 3));
    let state = step(
        &mut log,
        Command::LoadMedalDeck(canada()),
        &[],
        vec![deck_loaded()],
    );
    assert_eq!(deck(&state).in_deck, names(&[MM, DCM, MID]));
    assert_eq!(deck(&state).earned, names(&[MC]));
    log.push(mission_started(1, "Juno Beach", &["Able", "Baker"]));
    given(log).when(draw(MC, "the Mission starts")).then_refused(&[
        "'Military Cross' is not in the Medal deck",
        "Able holds its sticker",
    ]);
}

#[test]
fn under_rules_9_a_card_carried_over_before_the_deck_could_be_drawn_again() {
    let mut log = under(WHAT_HAPPENED_ONCE, able_and_baker());
    log.push(carried_over("Able", MC, 3));
    log.push(deck_loaded());
    log.push(mission_started(1, "Juno Beach", &["Able", "Baker"]));
    let state = given(log.clone()).state;
    assert_eq!(deck(&state).in_deck, names(&[MM, DCM, MC, MID]));
    given(log)
        .when(draw(MC, "the Mission starts"))
        .then([drawn_face_down(MC, "the Mission starts", 0)]);
}

#[test]
fn a_card_carried_over_after_the_deck_is_loaded_goes_to_the_earned_pile() {
    let mut log = able_and_baker();
    log.push(deck_loaded());
    let state = step(
        &mut log,
        carry_over("Able", MC, 3),
        &[],
        vec![carried_over("Able", MC, 3)],
    );
    assert_eq!(deck(&state).in_deck, names(&[MM, DCM, MID]));
    assert_eq!(deck(&state).earned, names(&[MC]));
    // Under rules 9 it left the deck for no pile.
    let mut earlier = under(WHAT_HAPPENED_ONCE, able_and_baker());
    earlier.push(deck_loaded());
    earlier.push(carried_over("Able", MC, 3));
    let state = given(earlier).state;
    assert_eq!(deck(&state).in_deck, names(&[MM, DCM, MID]));
    assert!(deck(&state).earned.is_empty());
}

#[test]
fn a_card_a_soldier_holds_is_not_carried_over_or_awarded_to_another() {
    let mut log = able_and_baker();
    log.push(deck_loaded());
    log.push(carried_over("Able", MC, 3));
    let held = [
        "Able holds the Military Cross sticker",
        "one Military Cross card is in one place at a time",
    ];
    given(log.clone())
        .when(carry_over("Baker", MC, 3))
        .then_refused(&held);
    given(log.clone())
        .when(award("Baker", "military  cross", 3))
        .then_refused(&held);
    given(log).when(award("Able", MC, 3)).then_refused(&held);
    // Under rules 9 both are recorded, as they were.
    let mut earlier = under(WHAT_HAPPENED_ONCE, able_and_baker());
    earlier.push(deck_loaded());
    earlier.push(carried_over("Able", MC, 3));
    given(earlier.clone())
        .when(carry_over("Baker", MC, 3))
        .then([carried_over("Baker", MC, 3)]);
    given(earlier)
        .when(award("Baker", MC, 3))
        .then([medal_awarded("Baker", MC, 3)]);
}

#[test]
fn a_deck_is_not_loaded_while_two_soldiers_carry_one_cards_sticker() {
    let mut log = able_and_baker();
    log.push(carried_over("Able", MC, 3));
    log.push(carried_over("Baker", MC, 3));
    given(log.clone())
        .when(Command::LoadMedalDeck(canada()))
        .then_refused(&[
            "Able and Baker carry 2 Military Cross stickers",
            "one Military Cross card",
        ]);
    given(under(WHAT_HAPPENED_ONCE, log))
        .when(Command::LoadMedalDeck(canada()))
        .then([deck_loaded()]);
}

#[test]
fn a_drawn_card_is_not_awarded_but_earned() {
    let mut log = juno_turn_1();
    log.push(drawn(MM, "played the Farmhouse Location", 1));
    given(log).when(award("Baker", MM, 2)).then_refused(&[
        "the Military Medal was drawn at v",
        "is in play",
        "muster medal earn",
    ]);
}

#[test]
fn an_awarded_card_leaves_the_deck_or_the_discards_for_the_earned_pile() {
    let mut log = squad();
    let state = step(
        &mut log,
        award("Able", MID, 1),
        &[],
        vec![medal_awarded("Able", MID, 1)],
    );
    assert_eq!(deck(&state).in_deck, names(&[MM, DCM, MC]));
    assert_eq!(deck(&state).earned, names(&[MID]));
    let mut discarded = juno_turn_1();
    discarded.push(drawn(MM, "played the Farmhouse Location", 1));
    discarded.push(lost(MM, MedalReturn::Discard, "the printed example"));
    let state = step(
        &mut discarded,
        award("Baker", MM, 2),
        &[],
        vec![medal_awarded("Baker", MM, 2)],
    );
    assert!(deck(&state).discarded.is_empty());
    assert_eq!(deck(&state).earned, names(&[MM]));
}

#[test]
fn once_his_sticker_comes_off_the_card_stays_earned_and_may_go_to_another() {
    let mut log = squad();
    log.push(medal_awarded("Able", MC, 3));
    log.push(Event::Downed(named("Able")));
    log.push(Event::MedalStickersRemoved(MedalStickersRemoved {
        soldier: "Able".into(),
        medals: vec![sticker(MC, 3)],
        because: "downed".into(),
    }));
    let state = step(
        &mut log,
        award("Baker", MC, 3),
        &[],
        vec![medal_awarded("Baker", MC, 3)],
    );
    assert_eq!(deck(&state).earned, names(&[MC]));
    assert!(!deck(&state).in_deck.contains(&MC.to_owned()));
}

#[test]
fn a_card_held_when_rules_10_are_adopted_is_not_drawn() {
    let mut log = under(WHAT_HAPPENED_ONCE, able_and_baker());
    log.push(carried_over("Able", MC, 3));
    log.push(deck_loaded());
    log.push(Event::RulesAdopted(crate::domain::event::RulesAdopted {
        version: MEDAL_CARDS_ONCE,
    }));
    log.push(mission_started(1, "Juno Beach", &["Able", "Baker"]));
    given(log)
        .when(draw(MC, "the Mission starts"))
        .then_refused(&["'Military Cross' is not in the Medal deck: it was earned (Able holds its sticker)"]);
}

#[test]
fn a_sticker_of_a_deck_card_is_named_as_the_card_prints_it() {
    let mut log = able_and_baker();
    log.push(deck_loaded());
    given(log.clone())
        .when(award("Able", "military  cross", 3))
        .then([medal_awarded("Able", MC, 3)]);
    given(log)
        .when(carry_over("Baker", " MILITARY medal ", 2))
        .then([carried_over("Baker", MM, 2)]);
    // Under rules 9 it is kept as typed.
    let mut earlier = under(WHAT_HAPPENED_ONCE, able_and_baker());
    earlier.push(deck_loaded());
    given(earlier)
        .when(award("Able", "military  cross", 3))
        .then([medal_awarded("Able", "military  cross", 3)]);
}

#[test]
fn a_campaign_adopting_rules_10_takes_each_card_a_soldier_holds_out_of_the_deck() {
    // Given a campaign under rules 9 whose deck was loaded after Able's sticker was carried
    // over: rules 9 left the card in the deck
    let mut log = able_and_baker();
    if let Some(Event::CampaignCreated(created)) = log.first_mut() {
        created.rules = WHAT_HAPPENED_ONCE;
    }
    log.push(carried_over("Able", MC, 3));
    log.push(deck_loaded());
    assert!(
        given(log.clone())
            .state
            .medal_deck
            .is_some_and(|d| d.in_deck.contains(&MC.to_owned()))
    );
    // When it adopts rules 10
    let state = given(log)
        .when(Command::AdoptRules {
            version: Some(MEDAL_CARDS_ONCE),
        })
        .then([Event::RulesAdopted(crate::domain::event::RulesAdopted {
            version: MEDAL_CARDS_ONCE,
        })]);
    // Then the card is earned, as a sticker carried over under rules 10 leaves it
    assert_eq!(deck(&state).in_deck, names(&[MM, DCM, MID]));
    assert_eq!(deck(&state).earned, names(&[MC]));
}
