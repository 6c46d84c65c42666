//! How the Medals events change the deck, the Mission and the Soldiers' RP.

use crate::domain::event::{MedalDeckLoaded, MedalDrawn, MedalsReshuffled};
use crate::domain::medals::{DrawnMedal, MedalDeck, MedalReturn};
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
    state.medal_deck = Some(MedalDeck {
        nation: e.nation.clone(),
        in_deck: e.medals.iter().map(|m| m.name.clone()).collect(),
        cards: e.medals.clone(),
        drawn: Vec::new(),
        discarded: Vec::new(),
        earned: Vec::new(),
    });
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
