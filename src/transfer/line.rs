//! One line of an export file: the row it describes, read borrowing its text, and whether
//! its hash matches (a payload re-spaced by hand is first brought back to canonical form).

use std::borrow::Cow;

use chrono::{DateTime, Utc};

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::Error;
use crate::domain::codec::canonical_payload;
use crate::store::chain;
use crate::store::{RowRef, StoredRow};

/// One line of an export file.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Line {
    pub campaign: String,
    pub version: u64,
    pub event_id: String,
    pub command_id: String,
    pub recorded_at: String,
    pub kind: String,
    pub schema: u32,
    /// The event's payload, as stored: canonical JSON, so its hash can be checked as read.
    pub payload: Box<RawValue>,
    pub prev_hash: String,
    pub hash: String,
    /// The command a command's first row carries (`domain::logged`), as stored: canonical
    /// JSON. Left out where the row has none, as in exports written before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<Box<RawValue>>,
}

/// The export lines of a campaign's rows, in order.
pub fn export(rows: &[StoredRow]) -> Vec<Line> {
    rows.iter().map(Line::of).collect()
}

impl Line {
    /// The export line of one row.
    pub fn of(row: &StoredRow) -> Line {
        Line {
            campaign: row.campaign.clone(),
            version: row.version,
            event_id: row.event_id.clone(),
            command_id: row.command_id.clone(),
            recorded_at: row.recorded_at.clone(),
            kind: row.kind.clone(),
            schema: row.schema,
            // A payload that is not JSON (a damaged row) is exported as null, which no
            // longer matches its hash: the importer then names it.
            payload: RawValue::from_string(row.payload.clone())
                .or_else(|_| RawValue::from_string("null".to_owned()))
                .unwrap_or_default(),
            prev_hash: row.prev_hash.clone(),
            hash: row.hash.clone(),
            // A command that is not JSON (a damaged row) is exported as null, which no longer
            // matches its hash either.
            command: row.command.as_ref().map(|command| {
                RawValue::from_string(command.clone())
                    .or_else(|_| RawValue::from_string("null".to_owned()))
                    .unwrap_or_default()
            }),
        }
    }
}

/// Parses line `number` of an export file into the row it describes (its hash not checked).
pub(super) fn parse_line(number: usize, line: &str) -> Result<StoredRow, Error> {
    Ok(read_row(number, line)?.row().to_stored())
}

/// Reads line `number` of an export file, borrowing its columns from the text.
pub(super) fn read_row(number: usize, line: &str) -> Result<Parsed<'_>, Error> {
    let parsed: Parsed<'_> = read_as(number, line)?;
    ids(number, &parsed.event_id, &parsed.command_id)?;
    time(number, parsed.version, &parsed.recorded_at)?;
    Ok(parsed)
}

/// Reads line `number` of an export file as a [`Line`] of its own.
pub(super) fn read_line(number: usize, line: &str) -> Result<Line, Error> {
    let read: Line = read_as(number, line)?;
    ids(number, &read.event_id, &read.command_id)?;
    time(number, read.version, &read.recorded_at)?;
    Ok(read)
}

/// The longest event or command id a line may hold: muster writes UUIDs, of 36.
pub const MAX_ID: usize = 64;

/// Refuses line `number`'s ids unless each is an id as muster writes them, or near enough
/// for another writer's: 1 to [`MAX_ID`] ASCII letters, digits, `-`, `_`, `:` or `.`. An
/// empty id, or one holding a space or a control character, names no event or command a
/// player could type back.
fn ids(number: usize, event_id: &str, command_id: &str) -> Result<(), Error> {
    let fits = |id: &str| {
        !id.is_empty()
            && id.len() <= MAX_ID
            && id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b':' | b'.'))
    };
    for (what, id) in [("event id", event_id), ("command id", command_id)] {
        if !fits(id) {
            let shown: String = id.chars().take(MAX_ID).collect();
            return Err(Error::input(format!(
                "line {number}'s {what} '{}' is not an id muster accepts: 1 to {MAX_ID} letters, digits, '-', '_', ':' or '.', as the UUIDs muster writes; nothing written",
                shown.escape_debug()
            )));
        }
    }
    Ok(())
}

/// Refuses line `number`'s `recorded_at` unless it is a time as muster writes it
/// ([`crate::clock::WRITTEN_FORM`]): every output shows a time as the log keeps it, and one
/// written with an offset, a fraction or a leap second would read as another day or minute
/// than its neighbours' (`+14:00` reads as the next day).
fn time(number: usize, version: u64, recorded_at: &str) -> Result<(), Error> {
    if crate::clock::read_written(recorded_at).is_some() {
        return Ok(());
    }
    let shown: String = recorded_at.chars().take(MAX_ID).collect();
    Err(Error::input(format!(
        "line {number} (version {version}) was recorded at '{}', not a time as muster writes it: {}",
        shown.escape_debug(),
        crate::clock::WRITTEN_FORM
    )))
}

/// Whether `recorded_at`, read as muster writes a time, is after `now`: an event received
/// from another machine's clock that this machine's has not reached yet.
pub fn dated_after(recorded_at: &str, now: DateTime<Utc>) -> bool {
    crate::clock::read_written(recorded_at).is_some_and(|at| at > now)
}

/// Reads line `number` of an export file into `T`, refused as not an exported event.
fn read_as<'a, T: Deserialize<'a>>(number: usize, line: &'a str) -> Result<T, Error> {
    let bad = |e: String| {
        Error::input(format!(
            "line {number} is not an exported event: {e}; each line must be one JSON object as `muster export` writes it"
        ))
    };
    // Straight into the struct when it is an object (a JSON array would fill it by position).
    if line.trim_start().starts_with('{') {
        serde_json::from_str(line).map_err(|e| bad(e.to_string()))
    } else {
        // Not an object: the same words as for a card file say why.
        Err(bad(crate::catalog::object::from_object::<Line>(line)
            .err()
            .unwrap_or_default()))
    }
}

/// One line of an export file as read: [`Line`] with its columns borrowed from the text
/// (copied only where the text escapes a character).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Parsed<'a> {
    #[serde(borrow)]
    campaign: Cow<'a, str>,
    version: u64,
    #[serde(borrow)]
    event_id: Cow<'a, str>,
    #[serde(borrow)]
    command_id: Cow<'a, str>,
    #[serde(borrow)]
    recorded_at: Cow<'a, str>,
    #[serde(borrow)]
    kind: Cow<'a, str>,
    schema: u32,
    #[serde(borrow)]
    payload: &'a RawValue,
    #[serde(borrow)]
    prev_hash: Cow<'a, str>,
    #[serde(borrow)]
    hash: Cow<'a, str>,
    #[serde(borrow, default)]
    command: Option<&'a RawValue>,
}

impl Parsed<'_> {
    /// The row the line describes.
    pub(super) fn row(&self) -> RowRef<'_> {
        RowRef {
            campaign: &self.campaign,
            version: self.version,
            event_id: &self.event_id,
            command_id: &self.command_id,
            recorded_at: &self.recorded_at,
            kind: &self.kind,
            schema: self.schema,
            payload: self.payload.get(),
            prev_hash: &self.prev_hash,
            hash: &self.hash,
            command: self.command.map(RawValue::get),
        }
    }
}

/// A row's payload and command as they were checked, where that is not the row's own text.
#[derive(Debug, Default)]
pub(super) struct Respaced {
    pub(super) payload: Option<String>,
    pub(super) command: Option<String>,
}

/// Whether a row's hash matches its contents, with the payload and command it was checked in
/// when that is not the row's own text. JSON written as muster writes it hashes as it
/// stands; JSON re-spaced or re-ordered by hand is first brought to the canonical form it
/// was hashed in.
pub(super) fn settle(row: RowRef<'_>) -> (bool, Respaced) {
    if chain::matches(row.prev_hash, &row.link(), row.hash) {
        return (true, Respaced::default());
    }
    let canonical = |text: &str| {
        serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .map(|value| canonical_payload(&value))
    };
    let respaced = Respaced {
        payload: canonical(row.payload).filter(|p| p != row.payload),
        command: row
            .command
            .and_then(canonical)
            .filter(|c| Some(c.as_str()) != row.command),
    };
    if respaced.payload.is_none() && respaced.command.is_none() {
        return (false, respaced);
    }
    let settled = RowRef {
        payload: respaced.payload.as_deref().unwrap_or(row.payload),
        command: respaced.command.as_deref().or(row.command),
        ..row
    };
    let hashes = chain::matches(row.prev_hash, &settled.link(), row.hash);
    (hashes, respaced)
}

/// [`settle`] for an owned row, whose payload and command then become the ones it was
/// checked in.
pub(super) fn settle_hash(row: &mut StoredRow) -> bool {
    let (hashes, respaced) = settle(row.borrowed());
    if let Some(canonical) = respaced.payload {
        row.payload = canonical;
    }
    if let Some(canonical) = respaced.command {
        row.command = Some(canonical);
    }
    hashes
}
