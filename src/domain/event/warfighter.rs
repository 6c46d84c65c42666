//! Payloads of Warfighter's core events: Wounds, Suppress and statuses, Hostiles, RP and
//! Medal stickers.

use serde::{Deserialize, Serialize};

use crate::domain::medals::RpCardKind;

/// A number of Wounds or Suppress on one Soldier.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoldierAmount {
    pub amount: u32,
    pub soldier: String,
}

/// An event about one Soldier that carries nothing else.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoldierNamed {
    pub soldier: String,
}

/// A Medal sticker: the Medal's name and its RP value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MedalSticker {
    pub name: String,
    pub rp: u32,
}

/// The payload of [`super::Event::MedalAwarded`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MedalAwarded {
    pub medal: MedalSticker,
    pub soldier: String,
    pub why: String,
}

/// The payload of [`super::Event::MedalStickersRemoved`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MedalStickersRemoved {
    /// The result that removed them: `downed` or `kia`.
    pub because: String,
    pub medals: Vec<MedalSticker>,
    pub soldier: String,
}

/// The payload of [`super::Event::EkiaRecorded`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EkiaRecorded {
    pub hostile: String,
    pub soldier: String,
    pub value: u32,
}

/// An amount of RP moved into or out of the squad's bank, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RpMovement {
    pub amount: u32,
    pub why: String,
}

/// The payload of [`super::Event::RpAwardRevised`]: written by the void that changed what
/// the award was computed from, so the squad's bank follows the log without the voided event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RpAwardRevised {
    /// The award as the log now computes it.
    pub amount: u32,
    pub mission: u32,
    /// The award as recorded (or last revised).
    pub was: u32,
    pub why: String,
}

/// The payload of [`super::Event::HostileSuppressed`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostileSuppressed {
    pub hostile: String,
    pub soldier: String,
}

/// The payload of [`super::Event::RpCardGained`] and [`super::Event::RpCardLost`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RpCard {
    /// Which kind of card (`kind` names the event itself).
    pub card: RpCardKind,
    pub name: String,
    pub rp: u32,
    pub soldier: String,
}
