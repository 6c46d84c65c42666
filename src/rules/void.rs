//! Voiding: a mistake is fixed by a new event that voids an earlier command, never by editing.

use super::check_text;
use crate::domain::error::RuleError;
use crate::domain::event::{CommandVoided, Event};
use crate::domain::state::{RecordedEvent, fold_skipping, voided_commands};

/// Decides the void of the command that wrote `version`, given the whole log so far.
///
/// Refused when the version does not exist, names the campaign's creation or another void,
/// is already voided, or when later events depend on it (voiding it would leave them
/// pointing at nothing); those must be voided first.
pub fn decide(log: &[RecordedEvent], version: u64, why: &str) -> Result<Vec<Event>, RuleError> {
    let head = log.last().map_or(0, |r| r.version);
    let target = log.iter().find(|r| r.version == version).ok_or_else(|| {
        RuleError::refused(format!(
            "version {version} does not exist; this campaign's log runs from 1 to {head} (see `muster log`)"
        ))
    })?;
    let why = check_text("the reason (--why)", why)?;
    match &target.event {
        Event::CampaignCreated(_) => {
            return Err(RuleError::refused(
                "version 1 created the campaign and cannot be voided; start a new campaign instead",
            ));
        }
        Event::CommandVoided(v) => {
            return Err(RuleError::refused(format!(
                "version {version} is itself a void (of version {}); a void is not undone by another void: record the voided events again instead",
                v.version
            )));
        }
        _ => {}
    }
    // A seed once revealed is public: un-revealing it would let it generate faces again.
    if log
        .iter()
        .any(|r| r.command_id == target.command_id && matches!(r.event, Event::SeedRevealed(_)))
    {
        return Err(RuleError::refused(format!(
            "version {version} belongs to a seed reveal, which cannot be voided: a revealed seed must never generate faces again"
        )));
    }
    let creation = log.iter().find(|r| matches!(r.event, Event::CampaignCreated(_)));
    if creation.is_some_and(|c| c.command_id == target.command_id) {
        return Err(RuleError::refused(format!(
            "version {version} was written with the campaign's creation (version 1) and cannot be voided"
        )));
    }
    if let Some(earlier) = log
        .iter()
        .find(|r| matches!(&r.event, Event::CommandVoided(v) if v.command_id == target.command_id))
    {
        return Err(RuleError::refused(format!(
            "version {version} was already voided by version {}; nothing left to void",
            earlier.version
        )));
    }
    let mut voided = voided_commands(log);
    let before = fold_skipping(log, &voided).anomalies;
    voided.insert(target.command_id.clone());
    let broken: Vec<String> = fold_skipping(log, &voided)
        .anomalies
        .into_iter()
        .filter(|a| !before.contains(a))
        .map(|a| format!("version {} {}", a.version, a.message))
        .collect();
    if !broken.is_empty() {
        return Err(RuleError::refused(format!(
            "later events depend on version {version}; voiding it would leave: {}. Void those first, newest first",
            broken.join("; ")
        )));
    }
    Ok(vec![Event::CommandVoided(CommandVoided {
        version,
        command_id: target.command_id.clone(),
        why,
    })])
}
