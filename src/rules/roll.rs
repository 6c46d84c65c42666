//! Making one d10 roll against a printed target, with its modifiers and costs recorded.

use crate::dice::Cup;
use crate::domain::command::NamedModifier;
use crate::domain::error::{RuleError, in_range};
use crate::domain::limits::MAX_MODIFIER;
use crate::domain::roll::{Cost, Modifier, Roll};

/// What a roll is, before the die is cast.
pub(super) struct RollSpec {
    pub who: String,
    pub purpose: String,
    pub target: u8,
    pub modifiers: Vec<Modifier>,
    pub costs: Vec<Cost>,
}

impl RollSpec {
    /// Rolls a d10 from `cup` and tests face plus every modifier against the target.
    pub fn roll(self, cup: &mut Cup) -> Result<Roll, RuleError> {
        let face = cup.d10()?;
        let total = i32::from(face.value) + self.modifiers.iter().map(|m| m.value).sum::<i32>();
        Ok(Roll {
            who: self.who,
            purpose: self.purpose,
            die: "d10".to_owned(),
            faces: vec![face.value],
            source: Some(face.source),
            target: Some(self.target),
            modifiers: self.modifiers,
            costs: self.costs,
            total: Some(total),
            success: total >= i32::from(self.target),
            dice: face.key,
        })
    }
}

/// Checks the player's `--mod` values: whole numbers from -10 to +10, each with a source.
pub(super) fn named_modifiers(modifiers: &[NamedModifier]) -> Result<Vec<Modifier>, RuleError> {
    modifiers
        .iter()
        .map(|m| {
            let value = in_range("a modifier", m.value, -MAX_MODIFIER, MAX_MODIFIER)?;
            Ok(Modifier {
                value: i32::try_from(value).unwrap_or(0),
                source: crate::rules::preconditions::check_text("a modifier's source", &m.source)?,
            })
        })
        .collect()
}

/// Picks one of `candidates` at random: a d*N* over them, face *k* picking the *k*th. The
/// roll is recorded as made by `who`, or by the one picked when `who` is `None`.
pub(super) fn pick(
    cup: &mut Cup,
    who: Option<&str>,
    purpose: String,
    candidates: &[String],
) -> Result<(String, Roll), RuleError> {
    let sides = u8::try_from(candidates.len()).unwrap_or(u8::MAX);
    if sides == 0 {
        return Err(RuleError::refused(format!(
            "nothing to choose from for the {purpose}"
        )));
    }
    let face = cup.roll(sides)?;
    let chosen = candidates
        .get(usize::from(face.value) - 1)
        .cloned()
        .unwrap_or_default();
    let roll = Roll {
        who: who.unwrap_or(&chosen).to_owned(),
        purpose,
        die: format!("d{sides}"),
        faces: vec![face.value],
        source: Some(face.source),
        target: None,
        modifiers: Vec::new(),
        costs: Vec::new(),
        total: Some(i32::from(face.value)),
        success: true,
        dice: face.key,
    };
    Ok((chosen, roll))
}
