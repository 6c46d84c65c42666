//! Payloads of the Medals expansion's events (Warfighter WWII Expansion #44, rule 004): the
//! deck, draws, recipients, Medals earned and lost.

use serde::{Deserialize, Serialize};

use crate::domain::medals::{MedalCard, MedalReturn};
use crate::domain::roll::Roll;

/// The payload of [`super::Event::MedalDeckLoaded`]: the Nation's whole deck, shuffled face
/// down, so replaying never needs the deck file again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MedalDeckLoaded {
    pub medals: Vec<MedalCard>,
    pub nation: String,
}

/// The payload of [`super::Event::MedalDrawn`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MedalDrawn {
    /// Held aside face down until its condition is met.
    pub face_down: bool,
    /// The Hostile card an Eliminate Medal is about.
    pub hostile: Option<String>,
    pub medal: String,
    pub mission: u32,
    /// What met the card's draw condition, e.g. "played the Farmhouse Location".
    pub trigger: String,
    pub turn: u32,
}

/// The payload of [`super::Event::MedalRevealed`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MedalRevealed {
    pub medal: String,
}

/// The payload of [`super::Event::MedalRecipientRolled`]: face N picks the Nth candidate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MedalRecipientRolled {
    /// The Soldiers on the Mission, in the order the die counts them.
    pub candidates: Vec<String>,
    pub medal: String,
    pub recipient: String,
    pub roll: Roll,
}

/// The payload of [`super::Event::MedalEarned`]; the sticker and benefits follow as events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MedalEarned {
    pub medal: String,
    pub soldier: String,
}

/// The payload of [`super::Event::MedalLost`]: a drawn Medal not earned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MedalLost {
    pub medal: String,
    pub to: MedalReturn,
    pub why: String,
}

/// The payload of [`super::Event::MedalsReshuffled`]: discarded Medals back into the deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MedalsReshuffled {
    pub medals: Vec<String>,
}
