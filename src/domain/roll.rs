//! A recorded roll: who rolled, for what, the target, every modifier and cost with its
//! source, the face and where it came from, the total and the outcome.

use serde::{Deserialize, Serialize};

use crate::dice::Source;

/// A modifier applied to a roll, with where it came from ("card", "paid 1 Discipline"…).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub value: i32,
    pub source: String,
}

/// A cost paid for a roll: a resource (`discipline`, `xp`, `discards`) and how much.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cost {
    pub resource: String,
    pub amount: u32,
}

/// The inputs of a generated face, so anyone can recompute it once the seed is revealed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceKey {
    /// The SHA-256 commitment of the seed that made the face.
    pub commitment: String,
    /// The campaign version of the first event of the command that rolled.
    pub version: u64,
    /// Which die of that command (0, 1, 2…).
    pub index: u32,
}

/// One roll, as `show` and the audit print it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub who: String,
    #[serde(rename = "for")]
    pub purpose: String,
    pub die: String,
    /// Empty when nothing was rolled (a check without the ability).
    pub faces: Vec<u8>,
    /// `entered`, `generated`, or `assumed` (a Trap's face of 1); null when nothing rolled.
    pub source: Option<Source>,
    /// The printed target; null when the Soldier has no such ability.
    pub target: Option<u8>,
    pub modifiers: Vec<Modifier>,
    pub costs: Vec<Cost>,
    /// Face plus every modifier; null when nothing was rolled.
    pub total: Option<i32>,
    pub success: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<DiceKey>,
}

impl Roll {
    /// Recomputes the total and the outcome from the roll's own inputs.
    ///
    /// A Trap's assumed 1 is never raised by modifiers; a roll with no face fails.
    pub fn recompute(&self) -> (Option<i32>, bool) {
        let Some(face) = self.faces.first().map(|f| i32::from(*f)) else {
            return (None, false);
        };
        let total = if self.source == Some(Source::Assumed) {
            face
        } else {
            face + self.modifiers.iter().map(|m| m.value).sum::<i32>()
        };
        let success = self.target.is_some_and(|t| total >= i32::from(t));
        (Some(total), success)
    }
}
