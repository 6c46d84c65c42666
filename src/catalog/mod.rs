//! Card files written as JSON by the player: Soldiers, K9 Encounters, Locations, Medal decks.

pub mod encounter_card;
pub mod location_card;
pub mod medal_deck;
pub(crate) mod object;
pub mod soldier_card;
