//! A recorded roll: who rolled, for what, the target, every modifier and cost with its
//! source, the face and where it came from, the total and the outcome.

use serde::{Deserialize, Serialize};

/// Where a face came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The player rolled a real die and typed the face.
    Entered,
    /// muster generated it from the committed seed.
    Generated,
    /// Not rolled: a Trap takes the face as 1 (rule 001).
    Assumed,
}

/// Where a face came from, in words, for every front end: `None` is a roll not made.
pub fn source_words(source: Option<Source>) -> &'static str {
    match source {
        Some(Source::Entered) => "entered from a real die",
        Some(Source::Generated) => "generated from the committed seed",
        Some(Source::Assumed) => "assumed: a Trap",
        None => "not rolled",
    }
}

/// A modifier applied to a roll, with where it came from ("card", "paid 1 Discipline"…).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub source: String,
    pub value: i32,
}

/// A cost paid for a roll: a resource (`discipline`, `xp`, `discards`) and how much.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cost {
    pub amount: u32,
    pub resource: String,
}

/// The inputs of a generated face, so anyone can recompute it once the seed is revealed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceKey {
    /// The SHA-256 commitment of the seed that made the face.
    pub commitment: String,
    /// Which die of that command (0, 1, 2…).
    pub index: u32,
    /// The campaign version of the first event of the command that rolled.
    pub version: u64,
}

/// One roll, as `show` and the audit print it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub costs: Vec<Cost>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<DiceKey>,
    pub die: String,
    /// Empty when nothing was rolled (a check without the ability).
    pub faces: Vec<u8>,
    #[serde(rename = "for")]
    pub purpose: String,
    pub modifiers: Vec<Modifier>,
    /// `entered`, `generated`, or `assumed` (a Trap's face of 1); null when nothing rolled.
    pub source: Option<Source>,
    pub success: bool,
    /// The printed target; null when the Soldier has no such ability.
    pub target: Option<u8>,
    /// Face plus every modifier; null when nothing was rolled.
    pub total: Option<i32>,
    pub who: String,
}

impl Roll {
    /// The sides of the roll's die, when it is a die muster rolls: `d` then a number of at
    /// least 1. Every reader of a die parses it here, so a die the fold refuses is never
    /// read as some other die elsewhere.
    pub fn sides(&self) -> Option<u8> {
        self.die
            .strip_prefix('d')
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| *n >= 1)
    }

    /// Recomputes the total and the outcome from the roll's own inputs.
    ///
    /// A Trap's assumed 1 is never raised by modifiers and fails; a roll with no face fails;
    /// a roll with no target (a Medal's recipient) picks, and so succeeds.
    pub fn recompute(&self) -> (Option<i32>, bool) {
        let Some(face) = self.faces.first().map(|f| i32::from(*f)) else {
            return (None, false);
        };
        let total = if self.source == Some(Source::Assumed) {
            face
        } else {
            face + self.modifiers.iter().map(|m| m.value).sum::<i32>()
        };
        let success = match self.target {
            Some(target) => total >= i32::from(target),
            // A roll with no target picks rather than passes (a Medal's recipient); a Trap's
            // assumed 1 is a failure.
            None => self.source != Some(Source::Assumed),
        };
        (Some(total), success)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roll(faces: Vec<u8>, source: Option<Source>, target: Option<u8>, modifiers: &[i32]) -> Roll {
        Roll {
            who: "Gizmo".into(),
            purpose: "test".into(),
            die: "d10".into(),
            faces,
            source,
            target,
            modifiers: modifiers
                .iter()
                .map(|v| Modifier {
                    value: *v,
                    source: "card".into(),
                })
                .collect(),
            costs: Vec::new(),
            total: None,
            success: false,
            dice: None,
        }
    }

    #[test]
    fn the_rulebooks_bomb_roll_recomputes_to_seven_against_five() {
        let bomb = roll(vec![4], Some(Source::Entered), Some(5), &[-1, 4]);
        assert_eq!(bomb.recompute(), (Some(7), true));
        let short = roll(vec![1], Some(Source::Entered), Some(5), &[-1, 4]);
        assert_eq!(short.recompute(), (Some(4), false));
    }

    #[test]
    fn a_trap_is_not_raised_and_a_missing_face_fails() {
        let trap = roll(vec![1], Some(Source::Assumed), None, &[5]);
        assert_eq!(trap.recompute(), (Some(1), false));
        assert_eq!(roll(vec![], None, None, &[]).recompute(), (None, false));
    }

    #[test]
    fn a_recipient_roll_without_a_target_recomputes_as_a_pick_that_succeeds() {
        let recipient = roll(vec![3], Some(Source::Generated), None, &[]);
        assert_eq!(recipient.recompute(), (Some(3), true));
    }
}
