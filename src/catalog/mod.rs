//! Card files written as JSON by the player: Soldiers, K9 Encounters and Locations.

pub mod encounter_card;
pub mod location_card;
pub mod soldier_card;
