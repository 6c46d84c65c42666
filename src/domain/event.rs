//! The vocabulary of the log: every fact muster records, named in the past tense.
//!
//! An event's shape is a contract with every log ever written: a shipped kind is never
//! changed in place. A new shape gets a higher schema number (see [`Event::schema`]) and an
//! upcaster in `domain::codec` that turns the old payload into the new one on read.

use serde::{Deserialize, Serialize};

use super::soldier::SoldierCard;
use super::{Game, MissionResult};

/// One fact in a campaign's history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// The campaign was created; always the first event of a campaign.
    CampaignCreated(CampaignCreated),
    /// A Soldier (or Zero Dark hero) joined the campaign.
    SoldierEnlisted(SoldierEnlisted),
    /// A Mission began with the Soldiers taken on it.
    MissionStarted(MissionStarted),
    /// A new turn of the Mission in progress began.
    TurnStarted(TurnStarted),
    /// A K9's Discipline counters were set to its Discipline stat (start of turn 1).
    DisciplineReset(DisciplineReset),
    /// The Mission in progress ended.
    MissionEnded(MissionEnded),
    /// A Soldier suffered Wounds.
    Wounded(SoldierAmount),
    /// A Soldier suffered Suppress.
    Suppressed(SoldierAmount),
    /// Wounds were healed.
    Healed(SoldierAmount),
    /// A Soldier's Suppress was cleared at the end of a Mission.
    SuppressCleared(SoldierAmount),
    /// A Soldier suffered a Downed result.
    Downed(SoldierNamed),
    /// A Downed Soldier returned to duty.
    Recovered(SoldierNamed),
    /// A Soldier was Killed (KIA).
    Killed(SoldierNamed),
    /// A Soldier left the campaign alive.
    Discharged(SoldierNamed),
    /// A Medal sticker was put on a Soldier.
    MedalAwarded(MedalAwarded),
    /// A Soldier's Medal stickers were removed after a Downed or KIA result.
    MedalStickersRemoved(MedalStickersRemoved),
    /// A Soldier's XP changed.
    XpAdjusted(XpAdjusted),
    /// The Zero Dark team's shared XP pool changed.
    TeamXpAdjusted(TeamXpAdjusted),
    /// A Soldier's Hardy counters of one type changed.
    HardyAdjusted(HardyAdjusted),
    /// A Soldier inflicted an EKIA on a Hostile, gaining its value in XP.
    EkiaRecorded(EkiaRecorded),
    /// RP went into the squad's bank.
    RpGranted(RpMovement),
    /// RP was spent from the squad's bank.
    RpSpent(RpMovement),
    /// Every event of an earlier command was voided; projections skip them from here on.
    CommandVoided(CommandVoided),
}

/// The payload of [`Event::CampaignCreated`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignCreated {
    pub game: Game,
    pub nation: Option<String>,
    pub expansions: Vec<String>,
}

/// The payload of [`Event::SoldierEnlisted`]: the Soldier's card as enlisted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoldierEnlisted {
    pub card: SoldierCard,
}

/// The payload of [`Event::MissionStarted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionStarted {
    pub mission: u32,
    pub name: String,
    pub soldiers: Vec<String>,
    pub objectives: u32,
    pub k9_objective: Option<String>,
}

/// The payload of [`Event::TurnStarted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnStarted {
    pub mission: u32,
    pub turn: u32,
}

/// The payload of [`Event::DisciplineReset`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisciplineReset {
    pub soldier: String,
    pub discipline: u32,
}

/// The payload of [`Event::MissionEnded`].
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
    pub soldier: String,
    pub amount: u32,
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

/// The payload of [`Event::MedalAwarded`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MedalAwarded {
    pub soldier: String,
    pub medal: MedalSticker,
    pub why: String,
}

/// The payload of [`Event::MedalStickersRemoved`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MedalStickersRemoved {
    pub soldier: String,
    pub medals: Vec<MedalSticker>,
    /// The result that removed them: `downed` or `kia`.
    pub because: String,
}

/// The payload of [`Event::XpAdjusted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct XpAdjusted {
    pub soldier: String,
    pub amount: i64,
    pub why: String,
}

/// The payload of [`Event::TeamXpAdjusted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamXpAdjusted {
    pub amount: i64,
    pub why: String,
}

/// The payload of [`Event::HardyAdjusted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HardyAdjusted {
    pub soldier: String,
    pub hardy: String,
    pub amount: i64,
    pub why: String,
}

/// The payload of [`Event::EkiaRecorded`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EkiaRecorded {
    pub soldier: String,
    pub hostile: String,
    pub value: u32,
}

/// An amount of RP moved into or out of the squad's bank, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RpMovement {
    pub amount: u32,
    pub why: String,
}

/// The payload of [`Event::CommandVoided`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandVoided {
    /// The version the player named.
    pub version: u64,
    /// The command that wrote it: every event of this command is voided.
    pub command_id: String,
    pub why: String,
}

impl Event {
    /// The snake_case name of this event's kind, as stored in the log's `kind` column.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::CampaignCreated(_) => "campaign_created",
            Event::SoldierEnlisted(_) => "soldier_enlisted",
            Event::MissionStarted(_) => "mission_started",
            Event::TurnStarted(_) => "turn_started",
            Event::DisciplineReset(_) => "discipline_reset",
            Event::MissionEnded(_) => "mission_ended",
            Event::Wounded(_) => "wounded",
            Event::Suppressed(_) => "suppressed",
            Event::Healed(_) => "healed",
            Event::SuppressCleared(_) => "suppress_cleared",
            Event::Downed(_) => "downed",
            Event::Recovered(_) => "recovered",
            Event::Killed(_) => "killed",
            Event::Discharged(_) => "discharged",
            Event::MedalAwarded(_) => "medal_awarded",
            Event::MedalStickersRemoved(_) => "medal_stickers_removed",
            Event::XpAdjusted(_) => "xp_adjusted",
            Event::TeamXpAdjusted(_) => "team_xp_adjusted",
            Event::HardyAdjusted(_) => "hardy_adjusted",
            Event::EkiaRecorded(_) => "ekia_recorded",
            Event::RpGranted(_) => "rp_granted",
            Event::RpSpent(_) => "rp_spent",
            Event::CommandVoided(_) => "command_voided",
        }
    }

    /// The current schema number of this event's payload shape.
    ///
    /// Every kind is at schema 1; raising one needs an upcaster in `domain::codec`.
    pub fn schema(&self) -> u32 {
        1
    }

    /// The Soldier this event is about, if it is about one.
    pub fn soldier(&self) -> Option<&str> {
        match self {
            Event::SoldierEnlisted(e) => Some(&e.card.name),
            Event::DisciplineReset(e) => Some(&e.soldier),
            Event::Wounded(e) | Event::Suppressed(e) | Event::Healed(e) => Some(&e.soldier),
            Event::SuppressCleared(e) => Some(&e.soldier),
            Event::Downed(e) | Event::Recovered(e) | Event::Killed(e) => Some(&e.soldier),
            Event::Discharged(e) => Some(&e.soldier),
            Event::MedalAwarded(e) => Some(&e.soldier),
            Event::MedalStickersRemoved(e) => Some(&e.soldier),
            Event::XpAdjusted(e) => Some(&e.soldier),
            Event::HardyAdjusted(e) => Some(&e.soldier),
            Event::EkiaRecorded(e) => Some(&e.soldier),
            Event::CampaignCreated(_)
            | Event::MissionStarted(_)
            | Event::TurnStarted(_)
            | Event::MissionEnded(_)
            | Event::TeamXpAdjusted(_)
            | Event::RpGranted(_)
            | Event::RpSpent(_)
            | Event::CommandVoided(_) => None,
        }
    }
}
