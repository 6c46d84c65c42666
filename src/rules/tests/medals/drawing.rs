//! Drawing a Medal card: one card per trigger, only cards still in the deck, during a Mission;
//! "Draw and leave face down" cards held aside until revealed (rule 004).

use super::*;

const LOCATION: &str = "played the Farmhouse Location";

#[test]
fn drawing_a_card_records_its_trigger_mission_and_turn() {
    let state = given(juno_turn_1())
        .when(draw("military medal", &format!(" {LOCATION} ")))
        .then([drawn(MM, LOCATION, 1)]);
    let deck = deck(&state);
    assert_eq!(deck.in_deck, names(&[DCM, MC, MID]));
    assert_eq!(deck.drawn.len(), 1);
    let card = &deck.drawn[0];
    assert_eq!((card.name.as_str(), card.mission, card.turn), (MM, 1, 1));
    assert_eq!(
        (card.face_down, card.hostile.as_deref(), card.recipient.as_deref()),
        (false, None, None)
    );
    assert_eq!(state.mission.as_ref().unwrap().medal_triggers, names(&[LOCATION]));
}

#[test]
fn a_card_drawn_before_turn_1_is_drawn_in_turn_0() {
    given(on_juno())
        .when(draw(MM, "the Mission starts"))
        .then([drawn(MM, "the Mission starts", 0)]);
}

#[test]
fn the_same_trigger_draws_only_one_card() {
    let mut log = juno_turn_1();
    log.push(drawn(MM, LOCATION, 1));
    given(log)
        .when(draw(MID, "Played the farmhouse location"))
        .then_refused(&[
            "'Played the farmhouse location' already drew a Medal this Mission",
            "one card per trigger",
        ]);
}

#[test]
fn a_new_trigger_draws_the_next_card() {
    let mut log = juno_turn_1();
    log.push(drawn(MM, LOCATION, 1));
    let state = given(log)
        .when(draw(MID, "played the Church Location"))
        .then([drawn(MID, "played the Church Location", 1)]);
    assert_eq!(
        state.mission.as_ref().unwrap().medal_triggers,
        names(&[LOCATION, "played the Church Location"])
    );
}

#[test]
fn a_trigger_of_an_earlier_mission_may_draw_again() {
    let mut log = juno_turn_1();
    log.push(drawn(MM, LOCATION, 1));
    log.push(lost(MM, MedalReturn::Deck, "not earned by the end of Mission 1"));
    log.push(mission_ended_computed(1, 12, 12));
    log.push(mission_started(2, "Caen", &["Able", "Baker"]));
    given(log)
        .when(draw(MM, LOCATION))
        .then([Event::MedalDrawn(MedalDrawn {
            medal: MM.into(),
            trigger: LOCATION.into(),
            mission: 2,
            turn: 0,
            face_down: false,
            hostile: None,
        })]);
}

#[test]
fn drawing_a_card_already_drawn_is_refused_listing_the_deck() {
    let mut log = juno_turn_1();
    log.push(drawn(MM, LOCATION, 1));
    given(log)
        .when(draw(MM, "played the Church Location"))
        .then_refused(&[
            "'Military Medal' is not in the Medal deck: it was drawn at v",
            "and is held until it is earned or lost",
            "the deck holds: Distinguished Conduct Medal, Military Cross, Mention in Despatches",
        ]);
}

#[test]
fn drawing_a_card_the_deck_never_had_is_refused_listing_the_deck() {
    given(juno_turn_1())
        .when(draw("Victoria Cross", LOCATION))
        .then_refused(&[
            "'Victoria Cross' is not in the Medal deck",
            "the deck holds: Military Medal, Distinguished Conduct Medal, Military Cross, Mention in Despatches",
        ]);
}

#[test]
fn drawing_a_mistyped_card_is_refused_offering_the_closest_name() {
    given(juno_turn_1())
        .when(draw("Militray Cross", LOCATION))
        .then_refused(&["'Militray Cross' is not in the Medal deck; did you mean 'Military Cross'?"]);
}

#[test]
fn drawing_from_an_empty_deck_is_refused() {
    let mut log = juno_turn_1();
    log.push(drawn(MM, "played the Farmhouse Location", 1));
    log.push(drawn_on(DCM, "Baker was Wounded", 1, SNIPER));
    log.push(drawn_face_down(MC, "the Mission starts", 1));
    log.push(drawn(MID, "played the Caen Objective", 1));
    let state = given(log.clone()).state;
    assert!(deck(&state).in_deck.is_empty());
    given(log)
        .when(draw(MM, "played the Church Location"))
        .then_refused(&["the Medal deck is empty", "muster medal reshuffle"]);
}

#[test]
fn drawing_with_no_mission_in_progress_is_refused() {
    given(squad())
        .when(draw(MM, LOCATION))
        .then_refused(&["no Mission is in progress", "muster mission start"]);
}

#[test]
fn drawing_after_the_mission_ended_is_refused() {
    let mut log = juno_turn_1();
    log.push(mission_ended_computed(1, 12, 12));
    given(log)
        .when(draw(MM, LOCATION))
        .then_refused(&["no Mission is in progress"]);
}

#[test]
fn drawing_before_a_deck_is_loaded_is_refused() {
    given([
        canadian_campaign(),
        enlisted(player("Able")),
        mission_started(1, "Juno Beach", &["Able"]),
    ])
    .when(draw(MM, LOCATION))
    .then_refused(&[
        "no Medal deck is shuffled for this campaign",
        "muster medal deck FILE",
    ]);
}

#[test]
fn drawing_without_a_trigger_is_refused() {
    given(juno_turn_1())
        .when(draw(MM, "  "))
        .then_refused(&["the trigger (--trigger) is empty"]);
}

#[test]
fn an_eliminate_medal_is_drawn_about_the_hostile_named() {
    let state = given(juno_turn_1())
        .when(draw_on(DCM, "Baker was Wounded", " Sniper "))
        .then([drawn_on(DCM, "Baker was Wounded", 1, SNIPER)]);
    assert_eq!(deck(&state).drawn[0].hostile.as_deref(), Some(SNIPER));
}

#[test]
fn an_eliminate_medal_without_its_hostile_is_refused() {
    given(juno_turn_1())
        .when(draw(DCM, "Baker was Wounded"))
        .then_refused(&["is an Eliminate Medal: name the Hostile card with --hostile NAME"]);
}

#[test]
fn a_hostile_for_a_medal_that_is_not_eliminate_is_refused() {
    given(juno_turn_1())
        .when(draw_on(MM, LOCATION, SNIPER))
        .then_refused(&["'Military Medal' is not an Eliminate Medal; drop --hostile"]);
}

#[test]
fn a_face_down_card_is_held_aside_and_its_recipient_waits_for_the_reveal() {
    let mut log = on_juno();
    let state = step(
        &mut log,
        draw(MC, "the Mission starts"),
        &[],
        vec![drawn_face_down(MC, "the Mission starts", 0)],
    );
    assert!(deck(&state).drawn[0].face_down);
    given(log.clone())
        .when_rolling(roll_recipient(MC), &[1])
        .then_refused(&["'Military Cross' is held face down", "muster medal reveal"]);

    let state = step(
        &mut log,
        reveal("military cross"),
        &[],
        vec![Event::MedalRevealed(MedalRevealed { medal: MC.into() })],
    );
    assert!(!deck(&state).drawn[0].face_down);
    step(
        &mut log,
        roll_recipient(MC),
        &[2],
        vec![recipient_rolled(MC, &["Able", "Baker", "Charlie"], 2, "Baker")],
    );
}

#[test]
fn a_face_down_card_cannot_be_earned_before_it_is_revealed() {
    let mut log = on_juno();
    log.push(drawn_face_down(MC, "the Mission starts", 0));
    given(log)
        .when(earn(MC))
        .then_refused(&["'Military Cross' has no recipient yet"]);
}

#[test]
fn revealing_a_face_up_card_is_refused() {
    let mut log = juno_turn_1();
    log.push(drawn(MM, LOCATION, 1));
    given(log)
        .when(reveal(MM))
        .then_refused(&["'Military Medal' is already face up"]);
}

#[test]
fn revealing_a_card_not_drawn_is_refused() {
    given(juno_turn_1())
        .when(reveal(MC))
        .then_refused(&["the Medal 'Military Cross' is not drawn; drawn now: none"]);
}
