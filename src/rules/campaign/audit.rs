//! The audit's records: revealing the dice seed, and assertions of a paper sheet's numbers.

use std::collections::BTreeMap;

use crate::dice::Seed;
use crate::domain::error::RuleError;
use crate::domain::event::{AssertionRecorded, Event, SeedCommitted, SeedRevealed};
use crate::domain::rules_version;
use crate::domain::sheet;
use crate::domain::soldier::SoldierKind;
use crate::domain::state::{CampaignState, SoldierState};
use crate::domain::zero_dark::HERO_STATES;
use crate::rules::types::check_type;

/// Reveals a seed: the one in force, which commits `next` in its place, or an earlier one
/// whose faces are on the log and still unrevealed (one a pushed copy's seed displaced), which
/// commits nothing.
pub(in crate::rules) fn reveal_seed(
    state: &CampaignState,
    seed: &str,
    next: &str,
) -> Result<Vec<Event>, RuleError> {
    let Some(in_force) = &state.seed_commitment else {
        return Err(RuleError::refused(
            "no dice seed is committed in this campaign; nothing to reveal",
        ));
    };
    let revealed = Seed::from_hex(seed).ok_or_else(|| RuleError::refused("a seed is 64 hex digits"))?;
    let commitment = revealed.commitment();
    let reveal = Event::SeedRevealed(SeedRevealed {
        commitment: commitment.clone(),
        seed: revealed.to_hex(),
    });
    if commitment == *in_force {
        return Ok(vec![
            reveal,
            Event::SeedCommitted(SeedCommitted {
                commitment: next.to_owned(),
            }),
        ]);
    }
    if state.generated_rolls.contains_key(&commitment) && !state.revealed_seeds.contains(&commitment) {
        return Ok(vec![reveal]);
    }
    Err(RuleError::refused(format!(
        "that seed does not match the commitment in force ({in_force}), nor an earlier one whose rolls are on the log and still unrevealed"
    )))
}

/// What a sheet's field of `reading`'s kind holds, when `value` is none of it: a value that
/// can never match is a slip of the pen, refused rather than found by every `verify` after.
fn never_on_a_sheet(reading: sheet::Reading, value: &str) -> Option<&'static str> {
    match reading {
        sheet::Reading::Number(_) => value
            .parse::<u32>()
            .is_err()
            .then_some("give a whole number of 0 or more, as the sheet writes it (xp=7)"),
        sheet::Reading::Status(_) => (!["active", "downed", "kia", "discharged"].contains(&value))
            .then_some("a status is active, downed, kia or discharged"),
        // A hero's state is checked against the log's as it is written (`wounded 2`).
        sheet::Reading::HeroState(_) => None,
    }
}

/// A hero's field as the log writes it, from rules 9: his state as `wounded(2)` (read from
/// `wounded 2` too), refused when it is no state; his Wounds and Suppress are his state.
fn as_the_log_writes(
    soldier: &SoldierState,
    reading: sheet::Reading,
    field: &str,
    value: String,
) -> Result<String, RuleError> {
    if soldier.card.kind != SoldierKind::Hero {
        return Ok(value);
    }
    if matches!(field, "wounds" | "suppress") {
        return Err(RuleError::refused(format!(
            "{} is a hero, whose wounds are his state: state it as state=wounded(N)",
            soldier.card.name
        )));
    }
    if !matches!(reading, sheet::Reading::HeroState(_)) {
        return Ok(value);
    }
    // Every state is written as its word but wounded, written with its count.
    let states: Vec<&str> = HERO_STATES.into_iter().filter(|s| *s != "wounded").collect();
    if states.contains(&value.as_str()) {
        return Ok(value);
    }
    let wounds = value
        .strip_prefix("wounded")
        .map(|n| n.trim().trim_start_matches('(').trim_end_matches(')').trim())
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|n| *n > 0);
    match wounds {
        Some(n) => Ok(format!("wounded({n})")),
        None => Err(RuleError::refused(format!(
            "state={value} is no state a hero is in: give one of {}, or wounded(N) as wounded(2)",
            states.join(", ")
        ))),
    }
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
        let Some(reading) = sheet::reading(soldier, &field) else {
            return Err(RuleError::refused(format!(
                "{} has no {field} (only a K9 has Discipline; only a hero has a state)",
                soldier.card.name
            )));
        };
        // From rules 10 a Hardy type is read as every other command reads it: a typo of a
        // known type could never match the log.
        if state.rules() >= rules_version::ENVIRONMENTS_OWED
            && let Some(kind) = field.strip_prefix("hardy.")
        {
            check_type(state, "a Hardy type", kind)?;
        }
        let mut value = crate::rules::preconditions::check_text("a field's value", value)?.to_lowercase();
        if state.rules() >= rules_version::WHAT_HAPPENED_ONCE {
            value = as_the_log_writes(soldier, reading, &field, value)?;
        }
        if state.rules() >= rules_version::CARDS_AS_PRINTED
            && let Some(accepted) = never_on_a_sheet(reading, &value)
        {
            return Err(RuleError::refused(format!(
                "{field}={value} is no value a paper sheet holds: {accepted}"
            )));
        }
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
