//! The audit's records: revealing the dice seed, and assertions of a paper sheet's numbers.

use std::collections::BTreeMap;

use crate::dice::Seed;
use crate::domain::error::RuleError;
use crate::domain::event::{AssertionRecorded, Event, SeedCommitted, SeedRevealed};
use crate::domain::sheet;
use crate::domain::state::CampaignState;

pub(in crate::rules) fn reveal_seed(
    state: &CampaignState,
    seed: &str,
    next: &str,
) -> Result<Vec<Event>, RuleError> {
    let Some(commitment) = &state.seed_commitment else {
        return Err(RuleError::refused(
            "no dice seed is committed in this campaign; nothing to reveal",
        ));
    };
    let revealed = Seed::from_hex(seed).ok_or_else(|| RuleError::refused("a seed is 64 hex digits"))?;
    if revealed.commitment() != *commitment {
        return Err(RuleError::refused(format!(
            "that seed does not match the commitment in force ({commitment})"
        )));
    }
    Ok(vec![
        Event::SeedRevealed(SeedRevealed {
            commitment: commitment.clone(),
            seed: revealed.to_hex(),
        }),
        Event::SeedCommitted(SeedCommitted {
            commitment: next.to_owned(),
        }),
    ])
}

pub(in crate::rules) fn assert(
    state: &CampaignState,
    soldier: &str,
    fields: &[(String, String)],
) -> Result<Vec<Event>, RuleError> {
    let soldier = state.find_soldier(soldier)?;
    if fields.is_empty() {
        return Err(RuleError::refused(
            "name at least one field and its value on the paper sheet, e.g. xp=7 wounds=1 hardy.cold=2",
        ));
    }
    let mut stated = BTreeMap::new();
    for (field, value) in fields {
        let field = field.trim().to_lowercase();
        if !sheet::is_field(&field) {
            return Err(RuleError::refused(format!(
                "'{field}' is not a field of the roster; use one of {} or hardy.TYPE",
                sheet::FIELDS.join(", ")
            )));
        }
        if sheet::value(soldier, &field).is_none() {
            return Err(RuleError::refused(format!(
                "{} has no {field} (only a K9 has Discipline; only a hero has a state)",
                soldier.card.name
            )));
        }
        let value = crate::rules::preconditions::check_text("a field's value", value)?.to_lowercase();
        if stated.insert(field.clone(), value).is_some() {
            return Err(RuleError::refused(format!(
                "{field} is stated twice; state each field once"
            )));
        }
    }
    Ok(vec![Event::AssertionRecorded(AssertionRecorded {
        soldier: soldier.card.name.clone(),
        fields: stated,
    })])
}
