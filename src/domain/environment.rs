//! The Environments a Mission, a Location or an Event declares during a Mission (rule 002),
//! and the rolls each Soldier on it owes for them at the start of a turn.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::soldier::same_name;

/// What declared an Environment: "Due to Mission, Location, or Event text, it is possible
/// for a Location to have more than one Environmental effect in effect at a time" (rule 002).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnvironmentScope {
    /// The Mission's own, for all of it ("Missions taking place in Russia have the 'Cold'
    /// Environmental condition").
    Mission,
    /// A Location card's, while the Soldiers are in it.
    Location,
    /// An Event card's, while the Event lasts.
    Event,
}

impl fmt::Display for EnvironmentScope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EnvironmentScope::Mission => "Mission",
            EnvironmentScope::Location => "Location",
            EnvironmentScope::Event => "Event",
        })
    }
}

/// One Environment in force during the Mission: its type and target, and what declared it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeclaredEnvironment {
    /// The Environ type: cold, hot, fever…
    pub environment: String,
    /// The Location's or the Event's name; `None` for the Mission's own.
    pub name: Option<String>,
    pub scope: EnvironmentScope,
    /// The number to roll or higher on a d10.
    pub target: u8,
}

impl DeclaredEnvironment {
    /// True when `other` is the same Environment of the same source (names in any case).
    pub fn same_as(&self, other: &DeclaredEnvironment) -> bool {
        self.environment == other.environment
            && self.target == other.target
            && self.from(other.scope, other.name.as_deref())
    }

    /// True when it was declared by `scope` named `name` (in any case).
    pub fn from(&self, scope: EnvironmentScope, name: Option<&str>) -> bool {
        self.scope == scope
            && match (self.name.as_deref(), name) {
                (Some(mine), Some(theirs)) => same_name(mine, theirs),
                (None, None) => true,
                _ => false,
            }
    }

    /// Where it comes from, in words: `the Mission`, `the Location Stream`.
    pub fn source(&self) -> String {
        match &self.name {
            Some(name) => format!("the {} {name}", self.scope),
            None => format!("the {}", self.scope),
        }
    }
}

impl fmt::Display for DeclaredEnvironment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Environ {} {}+ of {}",
            self.environment,
            self.target,
            self.source()
        )
    }
}

/// A roll a Soldier owes for an Environment this turn and has not yet made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwedEnvironment {
    pub soldier: String,
    pub environment: DeclaredEnvironment,
}

/// A roll a Soldier owed this turn and made, with the version that recorded it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolledEnvironment {
    pub owed: OwedEnvironment,
    pub version: u64,
}

impl fmt::Display for OwedEnvironment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} owes a roll against {}", self.soldier, self.environment)
    }
}
