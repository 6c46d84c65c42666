//! Payloads of the K9 & Handlers events (rule 000): Discipline, Encounters and the K9
//! Objective.

use serde::{Deserialize, Serialize};

use crate::domain::k9::{EncounterCard, Resource};
use crate::domain::roll::Roll;

/// The payload of [`super::Event::DisciplineReset`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisciplineReset {
    pub discipline: u32,
    pub soldier: String,
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

/// A payment named on the command line, for the audit.
pub fn payment_source(resource: Resource, amount: u32) -> String {
    match resource {
        Resource::Discipline => format!("paid {amount} Discipline"),
        Resource::Xp => format!("paid {amount} XP"),
        Resource::Discards => format!("discarded {amount} cards"),
    }
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
