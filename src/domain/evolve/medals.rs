//! How the Medals events change the deck, the Mission and the Soldiers' RP.

use crate::domain::event::{MedalDeckLoaded, MedalDrawn, MedalsReshuffled};
use crate::domain::medals::{DrawnMedal, MedalDeck, MedalReturn, one_name};
use crate::domain::rules_version::MEDAL_CARDS_ONCE;
use crate::domain::state::{CampaignState, HostileHit, total};

/// Notes the squad's RP and Medal RP as the Mission just started finds them (rule 004).
pub(super) fn mission_started(state: &mut CampaignState) {
    let Some(mission) = state.mission.as_ref() else {
        return;
    };
    let squad: Vec<_> = mission
        .soldiers
        .iter()
        .filter_map(|name| state.soldier(name))
        .collect();
    let rp = total(squad.iter().map(|s| s.rp()));
    let medal_rp = total(squad.iter().map(|s| s.medal_rp()));
    let by_soldier: Vec<(String, u32)> = squad.iter().map(|s| (s.card.name.clone(), s.rp())).collect();
    if let Some(mission) = state.mission.as_mut() {
        mission.start_rp = rp;
        mission.start_medal_rp = medal_rp;
        mission.start_rp_by_soldier = by_soldier;
    }
}

pub(super) fn deck_loaded(state: &mut CampaignState, e: &MedalDeckLoaded) {
    if state.medal_deck.is_some() {
        state.note("loads a second Medal deck".to_owned());
        return;
    }
    // Rules 10: a card is in one place at a time, so one a Soldier holds as a sticker is
    // shuffled in as earned, not into the deck.
    let one_place = state.rules() >= MEDAL_CARDS_ONCE;
    let held = |card: &str| {
        one_place
            && state
                .soldiers
                .iter()
                .any(|s| s.medals.iter().any(|m| one_name(&m.name, card)))
    };
    let (earned, in_deck): (Vec<String>, Vec<String>) = e
        .medals
        .iter()
        .map(|m| m.name.clone())
        .partition(|name| held(name));
    state.medal_deck = Some(MedalDeck {
        nation: e.nation.clone(),
        in_deck,
        cards: e.medals.clone(),
        drawn: Vec::new(),
        discarded: Vec::new(),
        earned,
    });
}

/// A sticker of `medal` put on a Soldier: from rules 10 its card, if the loaded deck has one,
/// leaves the deck or the discards for the earned pile, so it is in one place at a time.
pub(super) fn sticker_put_on(state: &mut CampaignState, medal: &str) {
    if state.rules() < MEDAL_CARDS_ONCE {
        return;
    }
    let Some(deck) = state.medal_deck.as_mut() else {
        return;
    };
    let Some(name) = deck.printed(medal).map(|card| card.name.clone()) else {
        return;
    };
    deck.in_deck.retain(|n| *n != name);
    deck.discarded.retain(|n| *n != name);
    if !deck.earned.contains(&name) && deck.drawn(&name).is_none() {
        deck.earned.push(name);
    }
}

pub(super) fn drawn(state: &mut CampaignState, e: &MedalDrawn) {
    let drawn_at = state.version;
    let taken = state.medal_deck.as_mut().and_then(|deck| {
        let i = deck.in_deck.iter().position(|n| *n == e.medal)?;
        deck.in_deck.remove(i);
        deck.drawn.push(DrawnMedal {
            name: e.medal.clone(),
            drawn_at,
            mission: e.mission,
            turn: e.turn,
            face_down: e.face_down,
            hostile: e.hostile.clone(),
            recipient: None,
            revealed_turn: None,
        });
        Some(())
    });
    if taken.is_none() {
        state.note(format!("draws the Medal '{}', which is not in the deck", e.medal));
    }
    if let Some(mission) = state.mission_in_progress_mut() {
        mission.medal_triggers.push(e.trigger.clone());
    }
}

/// Applies `f` to the drawn Medal `name`, or notes that it is not drawn.
pub(super) fn with_drawn(state: &mut CampaignState, name: &str, f: impl FnOnce(&mut DrawnMedal)) {
    let drawn = state
        .medal_deck
        .as_mut()
        .and_then(|deck| deck.drawn.iter_mut().find(|d| d.name == name));
    match drawn {
        Some(drawn) => f(drawn),
        None => state.note(format!("names the Medal '{name}', which is not drawn")),
    }
}

/// A drawn Medal leaves play: earned (`None`), or back to the deck or the discards.
pub(super) fn left_play(state: &mut CampaignState, name: &str, to: Option<MedalReturn>) {
    let moved = state.medal_deck.as_mut().and_then(|deck| {
        let i = deck.drawn.iter().position(|d| d.name == name)?;
        deck.drawn.remove(i);
        match to {
            None => deck.earned.push(name.to_owned()),
            Some(MedalReturn::Deck) => deck.in_deck.push(name.to_owned()),
            Some(MedalReturn::Discard) => deck.discarded.push(name.to_owned()),
        }
        Some(())
    });
    if moved.is_none() {
        state.note(format!("settles the Medal '{name}', which is not drawn"));
    }
}

pub(super) fn reshuffled(state: &mut CampaignState, e: &MedalsReshuffled) {
    let Some(deck) = state.medal_deck.as_mut() else {
        state.note("reshuffles a Medal deck that was never loaded".to_owned());
        return;
    };
    deck.discarded.retain(|n| !e.medals.contains(n));
    deck.in_deck.extend(e.medals.iter().cloned());
}

/// Records who placed a Suppression or EKIA on a Hostile card during the Mission.
pub(super) fn hit(state: &mut CampaignState, hostile: &str, soldier: &str) {
    if let Some(mission) = state.mission_in_progress_mut() {
        mission.hostile_hits.push(HostileHit {
            hostile: hostile.to_owned(),
            soldier: soldier.to_owned(),
        });
    }
}

/// A face-down Medal turned up: its reveal's turn is noted, from which (rules 10) its turn
/// limit runs.
pub(super) fn revealed(state: &mut CampaignState, name: &str) {
    let turn = state.mission_in_progress().map(|m| m.turn);
    with_drawn(state, name, |d| {
        d.face_down = false;
        d.revealed_turn = turn;
    });
}
