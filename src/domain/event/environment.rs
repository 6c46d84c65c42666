//! Payloads of the Environment and Hardy events (rule 002).

use serde::{Deserialize, Serialize};

use crate::domain::environment::{DeclaredEnvironment, EnvironmentScope};
use crate::domain::roll::Roll;

/// The payload of [`super::Event::EnvironmentRolled`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnvironmentRolled {
    /// The Environ type: cold, hot, fever…
    pub environment: String,
    /// True for an Enduring Soldier, who makes no roll.
    pub immune: bool,
    pub location: Option<String>,
    pub roll: Option<Roll>,
    pub soldier: String,
    pub target: u8,
}

/// How a failed Environment roll was paid for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnvironmentChoice {
    /// A Hardy counter of the Environment's type.
    Hardy,
    /// A Hardy Any counter.
    HardyAny,
    Wound,
    Suppress,
}

/// The payload of [`super::Event::EnvironmentResolved`]; its effect follows as its own event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnvironmentResolved {
    pub choice: EnvironmentChoice,
    pub environment: String,
    /// The version of the failed roll this settles.
    pub rolled_at: u64,
    pub soldier: String,
}

/// The payload of [`super::Event::HardyAdjusted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HardyAdjusted {
    pub amount: i64,
    pub hardy: String,
    pub soldier: String,
    pub why: String,
}

/// The payload of [`super::Event::EnvironmentDeclared`] and [`super::Event::EnvironmentCleared`]:
/// one Environment of the Mission in progress, and what declared it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionEnvironment {
    /// The Environ type: cold, hot, fever…
    pub environment: String,
    pub mission: u32,
    /// The Location's or the Event's name; `None` for the Mission's own.
    pub name: Option<String>,
    pub scope: EnvironmentScope,
    pub target: u8,
}

impl MissionEnvironment {
    /// The payload naming `environment` of Mission `mission`.
    pub fn of(mission: u32, environment: DeclaredEnvironment) -> MissionEnvironment {
        MissionEnvironment {
            environment: environment.environment,
            mission,
            name: environment.name,
            scope: environment.scope,
            target: environment.target,
        }
    }

    /// The Environment it names, without its Mission's number.
    pub fn declared(&self) -> DeclaredEnvironment {
        DeclaredEnvironment {
            environment: self.environment.clone(),
            name: self.name.clone(),
            scope: self.scope,
            target: self.target,
        }
    }
}
