//! Turn limits, Medals lost to the deck or the discards, reshuffling, and the Medals still
//! drawn when the Mission ends (rule 004).

use super::*;
use crate::domain::rules_version::{NEWEST, RulesVersion, WHAT_HAPPENED_ONCE};

const LOCATION: &str = "played the Farmhouse Location";

fn expired(medal: &str, last_turn: u32) -> Event {
    lost(
        medal,
        MedalReturn::Deck,
        &format!("its turn limit of 1 turn ended with turn {last_turn}"),
    )
}

#[test]
fn a_one_turn_medal_drawn_in_turn_1_goes_back_when_turn_2_starts() {
    let mut log = juno_turn_1();
    log.push(drawn(MM, LOCATION, 1));
    let state = given(log)
        .when(Command::NextTurn)
        .then([expired(MM, 1), turn_started(1, 2)]);
    let deck = deck(&state);
    assert!(deck.drawn.is_empty());
    assert_eq!(deck.in_deck, names(&[DCM, MC, MID, MM]));
    assert_eq!(state.mission.as_ref().unwrap().turn, 2);
}

#[test]
fn a_one_turn_medal_drawn_before_turn_1_counts_turn_1_as_its_first() {
    let mut log = on_juno();
    log.push(drawn(MM, "the Mission starts", 0));
    let state = step(&mut log, Command::NextTurn, &[], vec![turn_started(1, 1)]);
    assert_eq!(deck(&state).drawn.len(), 1);
    let state = step(
        &mut log,
        Command::NextTurn,
        &[],
        vec![expired(MM, 1), turn_started(1, 2)],
    );
    assert!(deck(&state).drawn.is_empty());
}

#[test]
fn a_one_turn_medal_drawn_in_turn_2_stays_through_turn_2() {
    let mut log = juno_turn_1();
    log.push(turn_started(1, 2));
    log.push(drawn(MID, "played the Caen Objective", 2));
    let state = step(
        &mut log,
        Command::NextTurn,
        &[],
        vec![expired(MID, 2), turn_started(1, 3)],
    );
    assert_eq!(deck(&state).in_deck, names(&[MM, DCM, MC, MID]));
}

#[test]
fn every_expired_medal_goes_back_before_the_turn_starts() {
    let mut log = juno_turn_1();
    log.push(drawn(MM, LOCATION, 1));
    log.push(drawn(MID, "played the Caen Objective", 1));
    log.push(drawn_on(DCM, "Baker was Wounded", 1, SNIPER));
    // The Distinguished Conduct Medal has no turn limit and stays.
    let state =
        given(log)
            .when(Command::NextTurn)
            .then([expired(MM, 1), expired(MID, 1), turn_started(1, 2)]);
    assert_eq!(deck(&state).drawn.len(), 1);
    assert_eq!(deck(&state).drawn[0].name, DCM);
}

#[test]
fn a_medal_without_a_turn_limit_stays_across_turns() {
    let mut log = juno_turn_1();
    log.push(drawn_on(DCM, "Baker was Wounded", 1, SNIPER));
    step(&mut log, Command::NextTurn, &[], vec![turn_started(1, 2)]);
    let state = step(&mut log, Command::NextTurn, &[], vec![turn_started(1, 3)]);
    assert_eq!(deck(&state).drawn.len(), 1);
}

#[test]
fn a_medal_earned_within_its_limit_is_not_returned() {
    let mut log = juno_turn_1();
    log.extend([
        drawn(MID, "played the Caen Objective", 1),
        recipient_rolled(MID, &["Able", "Baker", "Charlie"], 1, "Able"),
        earned(MID, "Able"),
        sticker_on("Able", MID, 1, "Place an EKIA this turn"),
    ]);
    let state = given(log).when(Command::NextTurn).then([turn_started(1, 2)]);
    assert_eq!(deck(&state).earned, names(&[MID]));
}

#[test]
fn losing_a_medal_to_the_discards_keeps_it_out_of_the_deck() {
    let mut log = juno_turn_1();
    log.push(drawn(MM, LOCATION, 1));
    let why = "only one EKIA on the Rifle Team this turn";
    let state = step(
        &mut log,
        lose("military medal", MedalReturn::Discard, &format!(" {why} ")),
        &[],
        vec![lost(MM, MedalReturn::Discard, why)],
    );
    let deck_now = deck(&state);
    assert!(deck_now.drawn.is_empty());
    assert_eq!(deck_now.discarded, names(&[MM]));
    assert_eq!(deck_now.in_deck, names(&[DCM, MC, MID]));
    given(log.clone())
        .when(draw(MM, "played the Church Location"))
        .then_refused(&["'Military Medal' is not in the Medal deck"]);

    let state = step(
        &mut log,
        Command::ReshuffleMedals,
        &[],
        vec![Event::MedalsReshuffled(MedalsReshuffled { medals: names(&[MM]) })],
    );
    let deck_now = deck(&state);
    assert!(deck_now.discarded.is_empty());
    assert_eq!(deck_now.in_deck, names(&[DCM, MC, MID, MM]));
    step(
        &mut log,
        draw(MM, "played the Church Location"),
        &[],
        vec![drawn(MM, "played the Church Location", 1)],
    );
}

#[test]
fn losing_a_medal_to_the_deck_shuffles_it_back() {
    let mut log = juno_turn_1();
    log.push(drawn(MM, LOCATION, 1));
    let state = given(log)
        .when(lose(MM, MedalReturn::Deck, "the Rifle Team withdrew"))
        .then([lost(MM, MedalReturn::Deck, "the Rifle Team withdrew")]);
    assert_eq!(deck(&state).in_deck, names(&[DCM, MC, MID, MM]));
    assert!(deck(&state).discarded.is_empty());
}

#[test]
fn losing_a_medal_not_drawn_is_refused() {
    given(juno_turn_1())
        .when(lose(MM, MedalReturn::Discard, "turn limit"))
        .then_refused(&["the Medal 'Military Medal' is not drawn; drawn now: none"]);
}

#[test]
fn losing_a_medal_without_a_reason_is_refused() {
    let mut log = juno_turn_1();
    log.push(drawn(MM, LOCATION, 1));
    given(log)
        .when(lose(MM, MedalReturn::Discard, ""))
        .then_refused(&["the reason (--why) is empty"]);
}

#[test]
fn reshuffling_with_no_discards_is_refused() {
    given(juno_turn_1())
        .when(Command::ReshuffleMedals)
        .then_refused(&["no Medal is discarded; nothing to shuffle back"]);
}

#[test]
fn reshuffling_without_a_deck_is_refused() {
    given([canadian_campaign()])
        .when(Command::ReshuffleMedals)
        .then_refused(&["no Medal deck is shuffled for this campaign"]);
}

#[test]
fn the_mission_end_returns_the_medals_still_drawn_before_it_ends() {
    let mut log = juno_turn_1();
    log.extend([
        drawn_face_down(MC, "the Mission starts", 0),
        drawn(MM, LOCATION, 1),
        drawn_on(DCM, "Baker was Wounded", 1, SNIPER),
        recipient_rolled(DCM, &["Able", "Baker", "Charlie"], 2, "Baker"),
    ]);
    let why = "not earned by the end of Mission 1";
    let state = given(log).when(end(None)).then([
        lost(MC, MedalReturn::Deck, why),
        lost(MM, MedalReturn::Deck, why),
        lost(DCM, MedalReturn::Deck, why),
        mission_ended_computed(1, 12, 12),
    ]);
    let deck = deck(&state);
    assert!(deck.drawn.is_empty());
    assert_eq!(deck.in_deck, names(&[MID, MC, MM, DCM]));
    assert!(state.mission_in_progress().is_none());
}

#[test]
fn the_mission_end_returns_medals_before_suppress_is_cleared() {
    let mut log = juno_turn_1();
    log.push(drawn(MM, LOCATION, 1));
    log.push(Event::Suppressed(amount("Able", 2)));
    given(log).when(end(None)).then([
        lost(MM, MedalReturn::Deck, "not earned by the end of Mission 1"),
        mission_ended_computed(1, 12, 12),
        Event::SuppressCleared(amount("Able", 2)),
    ]);
}

#[test]
fn a_discarded_medal_stays_discarded_when_the_mission_ends() {
    let mut log = juno_turn_1();
    log.push(drawn(MM, LOCATION, 1));
    log.push(lost(MM, MedalReturn::Discard, "the printed example"));
    let state = given(log)
        .when(end(None))
        .then([mission_ended_computed(1, 12, 12)]);
    assert_eq!(deck(&state).discarded, names(&[MM]));
}

/// [`juno_turn_1`] under `rules`, its deck's Military Cross given a turn limit of 1 and drawn
/// face down in turn 1.
fn face_down_with_a_limit(rules: RulesVersion) -> Vec<Event> {
    let mut log = under(rules, juno_turn_1());
    for event in &mut log {
        if let Event::MedalDeckLoaded(loaded) = event {
            for card in loaded.medals.iter_mut().filter(|c| c.name == MC) {
                card.turn_limit = Some(1);
            }
        }
    }
    log.push(drawn_face_down(MC, "the Mission starts", 1));
    log
}

#[test]
fn from_rules_10_a_face_down_medal_waits_for_its_reveal_and_its_limit_runs_from_there() {
    let mut log = face_down_with_a_limit(NEWEST);
    // Rule 004: "leave it face down ... Reveal it, when the condition is met".
    step(&mut log, Command::NextTurn, &[], vec![turn_started(1, 2)]);
    step(&mut log, Command::NextTurn, &[], vec![turn_started(1, 3)]);
    let revealed = Event::MedalRevealed(MedalRevealed { medal: MC.into() });
    let state = step(&mut log, reveal(MC), &[], vec![revealed]);
    assert_eq!(deck(&state).drawn[0].revealed_turn, Some(3));
    let why = "its turn limit of 1 turn from its reveal in turn 3 ended with turn 3";
    step(
        &mut log,
        Command::NextTurn,
        &[],
        vec![lost(MC, MedalReturn::Deck, why), turn_started(1, 4)],
    );
}

#[test]
fn under_rules_9_a_face_down_medals_limit_ran_from_its_draw() {
    let mut log = face_down_with_a_limit(WHAT_HAPPENED_ONCE);
    step(
        &mut log,
        Command::NextTurn,
        &[],
        vec![expired(MC, 1), turn_started(1, 2)],
    );
    given(log)
        .when(reveal(MC))
        .then_refused(&["the Medal 'Military Cross' is not drawn"]);
}
