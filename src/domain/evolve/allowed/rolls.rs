//! A roll's own numbers: its faces on its die, its outcome from its inputs, and a generated
//! face's seed.

use crate::domain::limits::{MAX_MODIFIER, MAX_TEXT};
use crate::domain::roll::Roll;
use crate::domain::roll::Source;
use crate::domain::state::CampaignState;

/// A roll's faces lie on its die, its outcome follows from its inputs, and a generated face
/// names the seed in force.
pub(super) fn roll_problem(state: &CampaignState, roll: &Roll) -> Option<(&'static str, String)> {
    let Some(sides) = roll.sides() else {
        return Some((
            "roll",
            format!("records a roll on a '{}', which is no die muster rolls", roll.die),
        ));
    };
    if roll.faces.len() > 1 {
        return Some(("roll", format!("records {} faces for one roll", roll.faces.len())));
    }
    if let Some(face) = roll.faces.iter().find(|f| **f < 1 || **f > sides) {
        return Some(("roll", format!("records a face of {face} on a {}", roll.die)));
    }
    if roll.target.is_some_and(|t| !(1..=10).contains(&t)) {
        return Some((
            "roll",
            format!("records a target of {:?}; targets run from 1 to 10", roll.target),
        ));
    }
    if let Some(m) = roll.modifiers.iter().find(|m| {
        m.source.trim().is_empty()
            || m.source.chars().count() > MAX_TEXT
            || m.source.chars().any(char::is_control)
    }) {
        return Some((
            "roll",
            format!(
                "records a modifier whose source '{}' the command line refuses",
                m.source.escape_debug()
            ),
        ));
    }
    if roll
        .modifiers
        .iter()
        .any(|m| !(-MAX_MODIFIER..=MAX_MODIFIER).contains(&i64::from(m.value)))
    {
        return Some(("roll", "records a modifier outside -10 to +10".to_owned()));
    }
    if roll.recompute() != (roll.total, roll.success) {
        return Some((
            "roll",
            format!(
                "records the outcome ({:?}, success {}) that its face, modifiers and target do not give",
                roll.total, roll.success
            ),
        ));
    }
    let problem = match (roll.source, &roll.dice) {
        (Some(Source::Generated), None) => {
            Some("records a generated face without the key that made it".to_owned())
        }
        (Some(Source::Entered | Source::Assumed) | None, Some(_)) => {
            Some("records a generator key for a face muster did not generate".to_owned())
        }
        (Some(Source::Assumed), None) if roll.faces != [1] => {
            Some("records an assumed face other than 1".to_owned())
        }
        (_, Some(key)) if state.seed_commitment.as_deref() != Some(key.commitment.as_str()) => {
            Some("records a generated face from a seed that was not the one committed at the time".to_owned())
        }
        _ => None,
    };
    problem.map(|p| ("seed", p))
}
