//! The roster's Medal deck line: where each card of the Nation's deck is, and who holds a
//! sticker of one (rule 004).

use serde::Serialize;

use crate::domain::medals::{DrawnMedal, MedalDeck, one_name};
use crate::domain::state::CampaignState;

/// The Medal deck at a glance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckLine {
    pub nation: String,
    /// How many cards are face down in the deck (their order is the physical deck's).
    pub in_deck: usize,
    pub drawn: Vec<DrawnMedal>,
    pub discarded: Vec<String>,
    pub earned: Vec<String>,
    /// Each sticker of a card of the deck a Soldier holds, earned here or carried over.
    pub held: Vec<HeldSticker>,
}

/// A Soldier's sticker of a card of the deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeldSticker {
    /// The card's name as printed.
    pub medal: String,
    pub soldier: String,
}

/// The deck line of `deck` in `state`.
pub fn deck_line(state: &CampaignState, deck: &MedalDeck) -> DeckLine {
    let held = state
        .soldiers
        .iter()
        .flat_map(|s| s.medals.iter().map(move |m| (s, m)))
        .filter_map(|(s, m)| {
            let card = deck.cards.iter().find(|c| one_name(&c.name, &m.name))?;
            Some(HeldSticker {
                medal: card.name.clone(),
                soldier: s.card.name.clone(),
            })
        })
        .collect();
    DeckLine {
        nation: deck.nation.clone(),
        in_deck: deck.in_deck.len(),
        drawn: deck.drawn.clone(),
        discarded: deck.discarded.clone(),
        earned: deck.earned.clone(),
        held,
    }
}
