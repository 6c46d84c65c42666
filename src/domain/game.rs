//! The game a campaign is played with, and how a Mission ends.

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
