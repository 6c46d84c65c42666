//! `muster verify`: checks a campaign's rows for everything the log guarantees.
//!
//! The hash chain and its gaps, payloads that no longer decode, the campaign's first event,
//! voids that point at real commands, commands whose events are not contiguous, and
//! anything the fold had to clamp (a counter driven below zero, an unknown Soldier), and
//! every roll whose recorded outcome its own face, modifiers and target do not give,
//! generated faces against revealed seeds, and the paper sheets asserted.

use std::collections::{BTreeMap, BTreeSet};

use chrono::DateTime;
use serde::Serialize;

use crate::dice::Seed;
use crate::domain::event::Event;
use crate::domain::evolve::evolve;
use crate::domain::sheet;
use crate::domain::state::{CampaignState, RecordedEvent, fold, voided_commands};
use crate::projection::blame::changes;
use crate::store::StoredRow;
use crate::store::chain::{self, GENESIS};

/// One thing `verify` found wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The version it concerns, when it concerns one.
    pub version: Option<u64>,
    /// A short name for the check that failed.
    pub check: &'static str,
    pub problem: String,
}

/// The result of verifying one campaign.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    pub campaign: String,
    pub events: usize,
    pub head_version: u64,
    pub head_hash: String,
    pub ok: bool,
    pub findings: Vec<Finding>,
}

/// Verifies one campaign's rows (in version order).
pub fn verify(campaign: &str, rows: &[StoredRow]) -> Report {
    let mut findings = Vec::new();
    let mut found = |version: Option<u64>, check: &'static str, problem: String| {
        findings.push(Finding {
            version,
            check,
            problem,
        });
    };

    let mut prev_hash = GENESIS.to_owned();
    let mut expected_version = 1;
    let mut decoded: Vec<RecordedEvent> = Vec::with_capacity(rows.len());
    for row in rows {
        let v = Some(row.version);
        if row.version != expected_version {
            found(
                v,
                "gap",
                format!("expected version {expected_version} here, found {}", row.version),
            );
        }
        expected_version = row.version + 1;
        if row.prev_hash != prev_hash {
            found(v, "chain", "its prev_hash is not the hash of the event before it: an event was removed, inserted or reordered".to_owned());
        }
        match chain::hash(&row.prev_hash, &row.link()) {
            Some(hash) if hash == row.hash => {}
            _ => found(
                v,
                "hash",
                "its hash does not match its contents: the row was edited".to_owned(),
            ),
        }
        prev_hash = row.hash.clone();
        if DateTime::parse_from_rfc3339(&row.recorded_at).is_err() {
            found(
                v,
                "time",
                format!("recorded_at '{}' is not an RFC 3339 time", row.recorded_at),
            );
        }
        match row.decode() {
            Ok(event) => decoded.push(event),
            Err(e) => found(v, "decode", e.to_string()),
        }
    }
    check_structure(&decoded, &mut found);
    check_seeds(campaign, &decoded, &mut found);
    check_assertions(&decoded, &mut found);
    for recorded in &decoded {
        let Some(roll) = recorded.event.roll() else {
            continue;
        };
        if roll.recompute() != (roll.total, roll.success) {
            found(
                Some(recorded.version),
                "roll",
                format!(
                    "its recorded outcome ({:?}, success {}) is not what its face, modifiers and target give",
                    roll.total, roll.success
                ),
            );
        }
    }
    for anomaly in fold(&decoded).anomalies {
        found(
            Some(anomaly.version),
            "fold",
            format!("the event {}", anomaly.message),
        );
    }

    let head = rows.last();
    Report {
        campaign: campaign.to_owned(),
        events: rows.len(),
        head_version: head.map_or(0, |r| r.version),
        head_hash: head.map_or_else(|| GENESIS.to_owned(), |r| r.hash.clone()),
        ok: findings.is_empty(),
        findings,
    }
}

/// Checks the campaign's first event, contiguous commands and the targets of voids.
fn check_structure(log: &[RecordedEvent], found: &mut impl FnMut(Option<u64>, &'static str, String)) {
    for (i, recorded) in log.iter().enumerate() {
        let is_creation = matches!(recorded.event, Event::CampaignCreated(_));
        if i == 0 && !is_creation {
            found(
                Some(recorded.version),
                "start",
                "the campaign's first event is not campaign_created".to_owned(),
            );
        }
        if i > 0 && is_creation {
            found(
                Some(recorded.version),
                "start",
                "campaign_created appears after the campaign began".to_owned(),
            );
        }
    }
    let mut last_of_command: BTreeMap<&str, u64> = BTreeMap::new();
    let mut previous: Option<&str> = None;
    for recorded in log {
        let id = recorded.command_id.as_str();
        if previous != Some(id) && last_of_command.contains_key(id) {
            found(
                Some(recorded.version),
                "command",
                format!("command {id} resumes after other commands: its events are not contiguous"),
            );
        }
        last_of_command.insert(id, recorded.version);
        previous = Some(id);
    }
    let mut voided = BTreeSet::new();
    for recorded in log {
        let Event::CommandVoided(void) = &recorded.event else {
            continue;
        };
        let v = Some(recorded.version);
        // Versions are sorted: a binary search, not a scan per void.
        let target = log
            .binary_search_by_key(&void.version, |r| r.version)
            .ok()
            .and_then(|i| log.get(i))
            .filter(|r| r.version < recorded.version);
        match target {
            None => found(
                v,
                "void",
                format!("voids version {}, which does not precede it", void.version),
            ),
            Some(t) if t.command_id != void.command_id => {
                found(
                    v,
                    "void",
                    format!("names version {} but a different command", void.version),
                );
            }
            Some(t) if matches!(t.event, Event::CampaignCreated(_) | Event::CommandVoided(_)) => {
                found(
                    v,
                    "void",
                    format!("voids version {}, which cannot be voided", void.version),
                );
            }
            Some(_) if !voided.insert(void.command_id.clone()) => {
                found(
                    v,
                    "void",
                    format!("voids the command of version {} a second time", void.version),
                );
            }
            Some(_) => {}
        }
    }
}

/// Seeds: a revealed seed must match its commitment; a generated face must come from the
/// seed in force when it was rolled, and equal the face that seed gives once revealed.
fn check_seeds(
    campaign: &str,
    log: &[RecordedEvent],
    found: &mut impl FnMut(Option<u64>, &'static str, String),
) {
    let mut in_force: Option<&str> = None;
    let mut revealed: BTreeMap<&str, Seed> = BTreeMap::new();
    let mut generated = Vec::new();
    for recorded in log {
        let v = Some(recorded.version);
        match &recorded.event {
            Event::SeedCommitted(e) => in_force = Some(e.commitment.as_str()),
            Event::SeedRevealed(e) => match Seed::from_hex(&e.seed) {
                Some(seed) if seed.commitment() == e.commitment => {
                    revealed.insert(e.commitment.as_str(), seed);
                }
                _ => found(
                    v,
                    "seed",
                    format!(
                        "the revealed seed does not hash to its commitment {}",
                        e.commitment
                    ),
                ),
            },
            event => {
                let Some(key) = event.roll().and_then(|r| r.dice.as_ref().map(|k| (r, k))) else {
                    continue;
                };
                if in_force != Some(key.1.commitment.as_str()) {
                    found(
                        v,
                        "seed",
                        "a generated face names a seed that was not the one committed at the time".to_owned(),
                    );
                }
                generated.push((recorded.version, key));
            }
        }
    }
    for (version, (roll, key)) in generated {
        let Some(seed) = revealed.get(key.commitment.as_str()) else {
            continue;
        };
        let sides = roll.die.trim_start_matches('d').parse::<u8>().unwrap_or(10);
        let expected = seed.face(campaign, key.version, key.index, sides);
        if roll.faces.first() != Some(&expected) {
            found(
                Some(version),
                "seed",
                format!(
                    "the recorded face {:?} is not the {expected} the revealed seed gives (version {}, die {})",
                    roll.faces, key.version, key.index
                ),
            );
        }
    }
}

/// Assertions: at each one, the log's numbers (voids applied) must be the paper sheet's.
fn check_assertions(log: &[RecordedEvent], found: &mut impl FnMut(Option<u64>, &'static str, String)) {
    let voided = voided_commands(log);
    let mut state = CampaignState::default();
    for (i, recorded) in log.iter().enumerate() {
        state.version = recorded.version;
        if voided.contains(&recorded.command_id) {
            continue;
        }
        state = evolve(state, &recorded.event);
        let Event::AssertionRecorded(a) = &recorded.event else {
            continue;
        };
        let Some(soldier) = state.soldier(&a.soldier) else {
            continue;
        };
        for (field, paper) in &a.fields {
            let logged = sheet::value(soldier, field).unwrap_or_default();
            if logged.eq_ignore_ascii_case(paper) {
                continue;
            }
            let upto = log.get(..=i).unwrap_or_default();
            let events: Vec<String> = upto
                .iter()
                .filter(|r| !voided.contains(&r.command_id))
                .filter(|r| changes(&r.event, &a.soldier).iter().any(|(f, _)| f == field))
                .map(|r| format!("v{}", r.version))
                .collect();
            found(
                Some(recorded.version),
                "assert",
                format!(
                    "{}'s {field} is {logged} in the log but {paper} on the paper sheet; the events that made it: {}",
                    a.soldier,
                    if events.is_empty() {
                        "none".to_owned()
                    } else {
                        events.join(", ")
                    }
                ),
            );
        }
    }
}

/// Checks the log against a head a player noted (its version and at least the first 12 hex
/// digits of its hash): a truncated, rewritten or replaced log no longer holds it.
pub fn noted_head(rows: &[StoredRow], version: u64, hash_prefix: &str) -> Option<Finding> {
    let prefix = hash_prefix.to_lowercase();
    let problem = match rows.iter().find(|r| r.version == version) {
        None => format!(
            "the noted head v{version} is gone: the log ends at v{}",
            rows.last().map_or(0, |r| r.version)
        ),
        Some(row) if !row.hash.starts_with(&prefix) => format!(
            "v{version}'s hash is {}, not the {prefix} noted: the log was rewritten since",
            row.hash.get(..prefix.len().max(12)).unwrap_or(&row.hash)
        ),
        Some(_) => return None,
    };
    Some(Finding {
        version: Some(version),
        check: "head",
        problem,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(version: u64, hash: &str) -> StoredRow {
        StoredRow {
            seq: 0,
            campaign: "c".into(),
            version,
            event_id: format!("e{version}"),
            command_id: format!("c{version}"),
            recorded_at: "2026-11-29T21:00:00Z".into(),
            kind: "wounded".into(),
            schema: 1,
            payload: "{}".into(),
            prev_hash: GENESIS.into(),
            hash: hash.into(),
        }
    }

    #[test]
    fn a_noted_head_still_held_passes_and_a_lost_or_rewritten_one_is_found() {
        let rows = vec![row(1, &"ab".repeat(32)), row(2, &"cd".repeat(32))];
        assert_eq!(noted_head(&rows, 2, "cdcdcdcdcdcd"), None);
        let rewritten = noted_head(&rows, 2, "000000000000").unwrap();
        assert!(rewritten.problem.contains("rewritten"), "{rewritten:?}");
        let truncated = noted_head(&rows, 3, "cdcdcdcdcdcd").unwrap();
        assert!(truncated.problem.contains("the log ends at v2"), "{truncated:?}");
    }
}
