//! Payloads of the events that carry rolls and decisions: ability checks, Environment,
//! Objectives, K9 Encounters and the dice seed.

use serde::{Deserialize, Serialize};

use crate::domain::k9::{EncounterCard, Resource};
use crate::domain::roll::Roll;

/// The payload of [`super::Event::SeedCommitted`]: the SHA-256 of the seed that makes
/// every generated face from here on, logged before it makes any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeedCommitted {
    pub commitment: String,
}

/// Which heading of a card an ability check serves (rule 001).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Heading {
    /// Attempted for 1 Action by a Soldier at the Location; its benefit is gained once.
    Success,
    /// Rolled once, as soon as a Soldier enters; a Soldier lacking the ability fails.
    Fail,
}

/// The payload of [`super::Event::CheckRolled`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckRolled {
    pub ability: String,
    /// The card whose check it is, when the player named it.
    pub card: Option<String>,
    pub heading: Heading,
    pub roll: Roll,
    pub soldier: String,
    pub trap: bool,
    pub upgunned: bool,
}

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

/// The payload of [`super::Event::ObjectiveActivated`] and [`super::Event::ObjectiveCompleted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectiveMarked {
    pub mission: u32,
    /// 1 is the left-most Objective.
    pub objective: u32,
}

/// The payload of [`super::Event::K9EncounterDrawn`]: the whole card, so replaying the log
/// never needs the card file again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct K9EncounterDrawn {
    pub card: EncounterCard,
    /// The Soldier who Entered the Location first.
    pub first_in: String,
    pub handler: String,
    pub k9: String,
    pub mission: u32,
}

/// Which roll of the Encounter this was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EncounterStep {
    /// The Ignore roll.
    Ignore,
    /// Roll N of the card's series (0 is the first).
    Roll(usize),
    /// The fresh roll after a failure, at the risk of the major harm.
    Retry,
}

/// The payload of [`super::Event::K9RollMade`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct K9RollMade {
    pub encounter: String,
    pub roll: Roll,
    pub step: EncounterStep,
}

/// The payload of [`super::Event::DisciplineSpent`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisciplineSpent {
    pub amount: u32,
    pub soldier: String,
    pub why: String,
}

/// How an Encounter ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EncounterEnd {
    /// Every roll succeeded (or the retry did): the Reward is gained.
    Reward,
    /// Ignored successfully: the card is discarded.
    Discarded,
    /// The Failure was suffered (a failed roll, a failed Ignore, or accepted).
    Failure,
    /// The retry failed: the major harm was suffered.
    MajorFailure,
}

/// The payload of [`super::Event::K9EncounterResolved`]; effects follow as their own events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct K9EncounterResolved {
    pub encounter: String,
    pub end: EncounterEnd,
    /// The card's text for that end.
    pub text: String,
}

/// The payload of [`super::Event::K9ObjectiveResolved`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct K9ObjectiveResolved {
    pub mission: u32,
    pub objective: String,
}

/// A payment named on the command line, for the audit.
pub fn payment_source(resource: Resource, amount: u32) -> String {
    match resource {
        Resource::Discipline => format!("paid {amount} Discipline"),
        Resource::Xp => format!("paid {amount} XP"),
        Resource::Discards => format!("discarded {amount} cards"),
    }
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
