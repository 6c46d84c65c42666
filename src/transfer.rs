//! Export and import: a campaign as JSON Lines, one event per line with its ids and hashes.
//!
//! Import checks the whole file (every hash, the chain, every payload, the fold) before
//! writing anything, then writes in one transaction, so a bad file leaves the database as
//! it was.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::Error;
use crate::domain::codec::canonical_payload;
use crate::store::{Head, Store, StoredRow};
use crate::verify;

/// One line of an export file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Line {
    pub campaign: String,
    pub version: u64,
    pub event_id: String,
    pub command_id: String,
    pub recorded_at: String,
    pub kind: String,
    pub schema: u32,
    pub payload: Value,
    pub prev_hash: String,
    pub hash: String,
}

/// The export lines of a campaign's rows, in order.
pub fn export(rows: &[StoredRow]) -> Vec<Line> {
    rows.iter()
        .map(|row| Line {
            campaign: row.campaign.clone(),
            version: row.version,
            event_id: row.event_id.clone(),
            command_id: row.command_id.clone(),
            recorded_at: row.recorded_at.clone(),
            kind: row.kind.clone(),
            schema: row.schema,
            payload: serde_json::from_str(&row.payload).unwrap_or(Value::Null),
            prev_hash: row.prev_hash.clone(),
            hash: row.hash.clone(),
        })
        .collect()
}

/// What an import did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub campaign: String,
    /// Events written; 0 when the database already had them all.
    pub added: usize,
    pub head: Head,
}

/// Parses an export file: one JSON object per non-blank line.
pub fn parse(text: &str) -> Result<Vec<StoredRow>, Error> {
    let mut rows = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let line: Line = crate::catalog::from_object(line).map_err(|e| {
            Error::input(format!(
                "line {} is not an exported event: {e}; each line must be one JSON object as `muster export` writes it",
                index + 1
            ))
        })?;
        rows.push(StoredRow {
            seq: 0,
            campaign: line.campaign,
            version: line.version,
            event_id: line.event_id,
            command_id: line.command_id,
            recorded_at: line.recorded_at,
            kind: line.kind,
            schema: line.schema,
            payload: canonical_payload(&line.payload),
            prev_hash: line.prev_hash,
            hash: line.hash,
        });
    }
    Ok(rows)
}

/// Imports an export file's text into `store`.
///
/// A new campaign is written whole. A campaign already here takes the file's missing tail
/// when the file continues it; a file that diverged from it is refused.
pub fn import(store: &mut Store, text: &str) -> Result<Imported, Error> {
    let rows = parse(text)?;
    let Some(first) = rows.first() else {
        return Err(Error::input(
            "the file holds no events; give a file written by `muster export`",
        ));
    };
    let campaign = first.campaign.clone();
    if let Some(other) = rows.iter().find(|r| r.campaign != campaign) {
        return Err(Error::input(format!(
            "the file mixes campaigns ('{campaign}' and '{}'); export and import one campaign per file",
            other.campaign
        )));
    }
    let report = verify::verify(&campaign, &rows);
    if let Some(finding) = report.findings.first() {
        return Err(Error::input(format!(
            "the file does not verify ({} problem{}), nothing imported; first: {}{}",
            report.findings.len(),
            if report.findings.len() == 1 { "" } else { "s" },
            finding
                .version
                .map(|v| format!("version {v}: "))
                .unwrap_or_default(),
            finding.problem
        )));
    }
    let here = store.head(&campaign)?;
    let known = usize::try_from(here.version).unwrap_or(usize::MAX);
    if let Some(last) = rows.last().filter(|last| last.version < here.version) {
        // An older copy of this campaign: nothing to add if it is a prefix of ours.
        let ours = store.rows(&campaign, Some(last.version))?;
        if ours.last().map(|r| &r.hash) == Some(&last.hash) {
            return Ok(Imported {
                campaign,
                added: 0,
                head: here,
            });
        }
        return Err(Error::input(diverged(store, &campaign, &rows)?));
    }
    if here.version > 0 {
        let theirs = rows.get(known.saturating_sub(1)).map(|r| r.hash.as_str());
        if theirs != Some(here.hash.as_str()) {
            return Err(Error::input(diverged(store, &campaign, &rows)?));
        }
    }
    let tail = rows.get(known..).unwrap_or_default();
    let head = if tail.is_empty() {
        here
    } else {
        store.append_rows(&campaign, &here, tail)?
    };
    Ok(Imported {
        campaign,
        added: tail.len(),
        head,
    })
}

/// Describes where the file and the database part ways.
fn diverged(store: &Store, campaign: &str, rows: &[StoredRow]) -> Result<String, Error> {
    let ours = store.rows(campaign, None)?;
    let common = ours
        .iter()
        .zip(rows)
        .take_while(|(a, b)| a.hash == b.hash)
        .count();
    Ok(format!(
        "campaign '{campaign}' here and in the file diverge after version {common}: this database has {} events, the file {}; nothing imported. Keep one copy, or import the file into another database with --db",
        ours.len(),
        rows.len()
    ))
}
