//! Payloads of the core events: the campaign, its Soldiers, Missions and counters.

use serde::{Deserialize, Serialize};

use crate::domain::rulebook::Expansion;
use crate::domain::rules_version::RulesVersion;
use crate::domain::soldier::SoldierCard;
use crate::domain::{Game, MissionResult};

/// The payload of [`super::Event::CampaignCreated`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignCreated {
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

/// The payload of [`super::Event::DisciplineReset`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisciplineReset {
    pub discipline: u32,
    pub soldier: String,
}

/// The payload of [`super::Event::MissionEnded`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionEnded {
    pub mission: u32,
    pub result: MissionResult,
    /// RP the squad gained to make purchases, as the player recorded it.
    pub rp_award: Option<RpMovement>,
}

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

/// The payload of [`super::Event::XpAdjusted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct XpAdjusted {
    pub amount: i64,
    pub soldier: String,
    pub why: String,
}

/// The payload of [`super::Event::TeamXpAdjusted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamXpAdjusted {
    pub amount: i64,
    pub why: String,
}

/// The payload of [`super::Event::HardyAdjusted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HardyAdjusted {
    pub amount: i64,
    pub hardy: String,
    pub soldier: String,
    pub why: String,
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

/// The payload of [`super::Event::CommandVoided`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandVoided {
    /// The command that wrote it: every event of this command is voided.
    pub command_id: String,
    /// The version the player named.
    pub version: u64,
    pub why: String,
}
