//! Payloads of the events every game shares: the campaign, its rules and expansions,
//! enlisting, Missions and turns, XP, dice seeds, voids and the paper sheet.

use serde::{Deserialize, Serialize};

use crate::domain::game::{Game, MissionResult};
use crate::domain::rulebook::Expansion;
use crate::domain::rules_version::RulesVersion;
use crate::domain::soldier::SoldierCard;

use super::warfighter::RpMovement;

/// The payload of [`super::Event::CampaignCreated`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignCreated {
    /// Every command from the campaign's start carries its command (schema 3: a campaign
    /// created by a muster that keeps them); a campaign created before is marked later, by a
    /// `commands_kept` event.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub commands_kept: bool,
    pub expansions: Vec<Expansion>,
    pub game: Game,
    pub nation: Option<String>,
    /// The rules it is decided under (schema 2; a schema 1 campaign was created under the first).
    pub rules: RulesVersion,
    /// Words a schema 1 log gave as expansions that name none muster knows (a typo such as
    /// "medal"): kept as written, and never read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unrecognized_expansions: Vec<String>,
}

/// The payload of [`super::Event::ExpansionAdded`] and [`super::Event::ExpansionRemoved`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExpansionChanged {
    pub expansion: Expansion,
}

/// The payload of [`super::Event::RulesAdopted`]: the campaign is decided under these rules
/// from here on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesAdopted {
    pub version: RulesVersion,
}

/// The payload of [`super::Event::CommandsKept`]: from this event on, every command's first
/// row carries its command (`domain::logged`), so `verify`, import, pull and push decide each
/// one again from it and refuse a command that carries none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandsKept {}

/// The payload of [`super::Event::SoldierEnlisted`]: the Soldier's card as enlisted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoldierEnlisted {
    pub card: SoldierCard,
}

/// The payload of [`super::Event::MissionStarted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionStarted {
    pub k9_objective: Option<String>,
    pub mission: u32,
    pub name: String,
    /// How many Objectives are placed, when the Mission tracks Multiple Objectives.
    pub objectives: Option<u32>,
    pub soldiers: Vec<String>,
    /// How many Objectives were placed in a Mission that did not track them: only logs
    /// written before Objectives were tracked (schema 1) say, through their upcaster.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub untracked_objectives: Option<u32>,
}

/// The payload of [`super::Event::TurnStarted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnStarted {
    pub mission: u32,
    pub turn: u32,
}

/// The payload of [`super::Event::MissionEnded`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionEnded {
    pub mission: u32,
    pub result: MissionResult,
    /// RP the squad gained to make purchases, as the player recorded it.
    pub rp_award: Option<RpMovement>,
}

/// The payload of [`super::Event::XpAdjusted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct XpAdjusted {
    pub amount: i64,
    pub soldier: String,
    pub why: String,
}

/// The payload of [`super::Event::CommandVoided`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandVoided {
    /// The command that wrote it: every event of this command is voided.
    pub command_id: String,
    /// The generated faces a revealed seed disproves, when the command voided rolled them
    /// (schema 2): the only reason a generated roll may be voided.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub disproofs: Vec<Disproof>,
    /// The version the player named.
    pub version: u64,
    pub why: String,
}

/// A generated face that its revealed seed does not give: the roll was forged, and the void
/// that strikes it says how anyone can see so.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Disproof {
    /// The die's number in the command that rolled it (its key's index).
    pub die_index: u32,
    /// The face the log records.
    pub recorded_face: u8,
    /// The version of the `seed_revealed` that made the seed public.
    pub revealed_at: u64,
    /// The version of the event that records the roll.
    pub roll_version: u64,
    /// The face the revealed seed gives for that die.
    pub seed_face: u8,
}

/// The payload of [`super::Event::SeedCommitted`]: the SHA-256 of the seed that makes
/// every generated face from here on, logged before it makes any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeedCommitted {
    pub commitment: String,
}

/// The payload of [`super::Event::SeedRevealed`]: the seed behind a commitment, so anyone
/// can recompute every face it generated.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeedRevealed {
    pub commitment: String,
    /// The seed, 64 hex digits.
    pub seed: String,
}

/// The payload of [`super::Event::AssertionRecorded`]: what the paper sheet says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssertionRecorded {
    /// Field (`xp`, `wounds`, `hardy.cold`…) to the value on paper.
    pub fields: std::collections::BTreeMap<String, String>,
    pub soldier: String,
}

/// The payload of [`super::Event::NoteWritten`]: a player's words kept with the campaign's
/// story, on the campaign, a Soldier or a Mission (the one in progress when it was written,
/// unless another was named).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoteWritten {
    /// The Mission the note is on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission: Option<u32>,
    /// The Soldier the note is on, as enlisted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub soldier: Option<String>,
    pub text: String,
}

/// The payload of [`super::Event::SoldierCarriedOver`]: what a Soldier's paper sheet says,
/// brought into muster once, before his first Mission recorded here. A number left out stays
/// as the log has it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoldierCarriedOver {
    /// A K9's Discipline counters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discipline: Option<u32>,
    /// Hardy counters by type, each set to its number.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub hardy: std::collections::BTreeMap<String, u32>,
    /// Medal stickers on the sheet, with their RP.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub medals: Vec<super::warfighter::MedalSticker>,
    /// How many Missions he went on, played on paper.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missions: Option<u32>,
    pub soldier: String,
    pub why: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wounds: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub xp: Option<u32>,
}

/// The payload of [`super::Event::SquadCarriedOver`]: the squad's sheet brought into muster
/// once, before the campaign's first Mission recorded here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquadCarriedOver {
    /// How many Missions the campaign played on paper: muster numbers its first after them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missions: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rp_bank: Option<u32>,
    pub why: String,
}
