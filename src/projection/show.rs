//! One event explained: what it says, the command it belongs to, its place in the chain,
//! and whether (and why) it was voided.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::summary::summary;
use crate::Error;
use crate::dice::Seed;
use crate::domain::event::{Disproof, Event};
use crate::domain::logged::Logged;
use crate::domain::roll::Roll;
use crate::domain::state::RecordedEvent;
use crate::store::StoredRow;

/// `muster show VERSION`, as one object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Shown {
    pub version: u64,
    pub kind: String,
    pub schema: u32,
    pub recorded_at: String,
    pub event_id: String,
    pub command_id: String,
    /// Who recorded its command, as the command's first row names them; null for a command
    /// recorded before the log kept its command.
    pub recorded_by: Option<String>,
    /// The command as its first row carries it (`command_schema`, `command`, `faces`,
    /// `recorded_by`); null when it carries none.
    pub recorded_command: Option<Value>,
    pub summary: String,
    pub payload: Value,
    /// The roll this event records, if any.
    pub roll: Option<Roll>,
    /// The roll's total and outcome computed again now from its recorded inputs.
    pub recomputed: Option<Recomputed>,
    pub voided: bool,
    pub voided_by: Option<VoidedBy>,
    /// Every event of the same command, this one included.
    pub command: Vec<Sibling>,
    pub prev_hash: String,
    pub hash: String,
}

/// A roll's outcome computed again from its face, modifiers and target, and a generated
/// face computed again from its seed once that seed is revealed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recomputed {
    pub total: Option<i32>,
    pub success: bool,
    /// The face the revealed seed gives; null while the seed is unrevealed or the face was
    /// entered.
    pub face_from_seed: Option<u8>,
    /// For a generated face, whether this file keeps the seed that made it (rolled here, its
    /// face checked when it came in) or not (rolled on another copy, offline: checked only
    /// once that seed is revealed); null for a face not generated.
    pub seed_held: Option<bool>,
    /// True when the recorded total and outcome (and face, once the seed is revealed) are
    /// the ones computed now.
    pub agrees: bool,
}

impl Recomputed {
    /// Its verdict in words, for every front end: `7: success; agrees with the record`.
    pub fn verdict(&self) -> String {
        let total = self.total.map_or("no roll".to_owned(), |t| t.to_string());
        let outcome = if self.success { "success" } else { "fail" };
        let verdict = if self.agrees {
            "agrees with"
        } else {
            "DISAGREES with"
        };
        format!("{total}: {outcome}; {verdict} the record")
    }
}

/// The void that struck an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VoidedBy {
    pub version: u64,
    pub why: String,
    /// The generated faces a revealed seed disproved, which let the void strike them.
    pub disproofs: Vec<Disproof>,
}

/// Another event of the same command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Sibling {
    pub version: u64,
    pub kind: String,
    pub summary: String,
}

/// Explains the event at `version` among `rows` (a campaign's rows, in order).
/// `rows` need hold only the event's command and the events that reach back (voids,
/// revealed seeds) up to `head`, the end of the log as it stood; `held` holds the
/// commitments of the seeds this file keeps.
pub fn explain(rows: &[StoredRow], version: u64, head: u64, held: &BTreeSet<String>) -> Result<Shown, Error> {
    let row = rows.iter().find(|r| r.version == version).ok_or_else(|| {
        Error::input(format!(
            "version {version} does not exist; this campaign's log runs from 1 to {head}"
        ))
    })?;
    let decoded: Vec<RecordedEvent> = rows.iter().filter_map(|r| r.decode().ok()).collect();
    let target = row
        .decode()
        .map_err(|e| Error::input(format!("version {version} cannot be read: {e}")))?;
    let voided_by = decoded.iter().find_map(|r| match &r.event {
        Event::CommandVoided(v) if v.command_id == row.command_id => Some(VoidedBy {
            version: r.version,
            why: v.why.clone(),
            disproofs: v.disproofs.clone(),
        }),
        _ => None,
    });
    let logged = rows
        .iter()
        .filter(|r| r.command_id == row.command_id)
        .find_map(|r| r.command.as_deref());
    Ok(Shown {
        recorded_by: logged
            .and_then(|text| Logged::decode(text).ok())
            .map(|logged| logged.recorded_by),
        recorded_command: logged.and_then(|text| serde_json::from_str(text).ok()),
        version,
        kind: row.kind.clone(),
        schema: row.schema,
        recorded_at: row.recorded_at.clone(),
        event_id: row.event_id.clone(),
        command_id: row.command_id.clone(),
        summary: summary(&target.event),
        payload: serde_json::from_str(&row.payload).unwrap_or(Value::Null),
        roll: target.event.roll().cloned(),
        recomputed: target.event.roll().map(|roll| {
            let (total, success) = roll.recompute();
            let face_from_seed = roll.dice.as_ref().and_then(|key| {
                let seed = revealed_seed(&decoded, &key.commitment)?;
                let sides = roll.sides()?;
                Some(seed.face(&row.campaign, key.version, key.index, sides))
            });
            let face_agrees = face_from_seed.is_none_or(|f| roll.faces.first() == Some(&f));
            Recomputed {
                total,
                success,
                face_from_seed,
                seed_held: roll.dice.as_ref().map(|key| held.contains(&key.commitment)),
                agrees: total == roll.total && success == roll.success && face_agrees,
            }
        }),
        voided: voided_by.is_some(),
        voided_by,
        command: decoded
            .iter()
            .filter(|r| r.command_id == row.command_id)
            .map(|r| Sibling {
                version: r.version,
                kind: r.event.kind().to_owned(),
                summary: summary(&r.event),
            })
            .collect(),
        prev_hash: row.prev_hash.clone(),
        hash: row.hash.clone(),
    })
}

/// The seed revealed for `commitment` in the log, if it has been.
fn revealed_seed(log: &[RecordedEvent], commitment: &str) -> Option<Seed> {
    log.iter().find_map(|r| match &r.event {
        Event::SeedRevealed(e) if e.commitment == commitment => Seed::from_hex(&e.seed),
        _ => None,
    })
}
