//! Intents: what a player asks muster to record. `rules::decide` turns one into events.

use super::soldier::SoldierCard;
use super::{Game, MissionResult};

/// Who an XP change is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum XpTarget {
    /// One Soldier or hero, by name (any case).
    Soldier(String),
    /// The Zero Dark team's shared pool.
    Team,
}

/// A status change the player records for a Soldier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusChange {
    Down,
    Recover,
    Kill,
    Discharge,
}

/// A counter a player adds to or takes from a Soldier in whole points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Harm {
    Wound,
    Suppress,
    Heal,
}

/// One intent. Names of Soldiers are as the player typed them; `decide` resolves them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    CreateCampaign {
        game: Game,
        nation: Option<String>,
        expansions: Vec<String>,
    },
    Enlist(SoldierCard),
    StartMission {
        name: String,
        /// Empty means every Soldier fit for duty.
        soldiers: Vec<String>,
        objectives: u32,
        k9_objective: Option<String>,
    },
    NextTurn,
    EndMission {
        result: MissionResult,
        rp_award: Option<(i64, String)>,
    },
    Harm {
        harm: Harm,
        soldier: String,
        amount: i64,
    },
    ChangeStatus {
        change: StatusChange,
        soldier: String,
    },
    AdjustXp {
        target: XpTarget,
        amount: i64,
        why: String,
    },
    AdjustHardy {
        soldier: String,
        hardy: String,
        amount: i64,
        why: String,
    },
    RecordEkia {
        soldier: String,
        hostile: String,
        value: i64,
    },
    GrantRp {
        amount: i64,
        why: String,
    },
    SpendRp {
        amount: i64,
        why: String,
    },
    AwardMedal {
        soldier: String,
        medal: String,
        rp: i64,
        why: String,
    },
}
