//! Payloads of the ability checks and Multiple Objectives events (rule 001).

use serde::{Deserialize, Serialize};

use crate::domain::roll::Roll;

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

/// The payload of [`super::Event::ObjectiveActivated`] and [`super::Event::ObjectiveCompleted`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectiveMarked {
    pub mission: u32,
    /// 1 is the left-most Objective.
    pub objective: u32,
}
