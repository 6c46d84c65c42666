//! The campaign's vocabulary: events, commands, the folded state and the rule errors.

pub mod campaign_name;
pub mod codec;
pub mod command;
pub mod error;
pub mod event;
pub mod evolve;
pub mod fold;
pub mod k9;
pub mod limits;
pub mod medals;
mod ranges;
pub mod roll;
pub mod rulebook;
pub mod rules_version;
pub mod sheet;
pub mod soldier;
pub mod state;
pub mod zero_dark;

use std::fmt;

use serde::{Deserialize, Serialize};

/// The game a campaign is played with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Game {
    /// Warfighter WWII.
    Wwii,
    /// Warfighter Modern.
    Modern,
    /// Horizon Wars: Zero Dark.
    ZeroDark,
}

impl Game {
    /// True for the two Warfighter lines, which have Soldiers and a squad.
    pub fn is_warfighter(self) -> bool {
        !matches!(self, Game::ZeroDark)
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Game::Wwii => "wwii",
            Game::Modern => "modern",
            Game::ZeroDark => "zero-dark",
        })
    }
}

/// How a Mission ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissionResult {
    Success,
    Failure,
}

impl fmt::Display for MissionResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MissionResult::Success => "success",
            MissionResult::Failure => "failure",
        })
    }
}
