//! A row of the `events` table: owned as read from SQLite, or borrowed from wherever its
//! columns are held.

use super::chain::Link;
use crate::domain::codec::{self, DecodeError};
use crate::domain::state::RecordedEvent;

/// The columns every row read selects, in [`stored_row`]'s order.
pub(super) const COLUMNS: &str = "seq, campaign, version, event_id, command_id, recorded_at, kind, schema, payload, prev_hash, hash, command";

/// A version as SQLite compares it: versions past `i64::MAX` are read as that.
pub(super) fn signed(version: u64) -> i64 {
    i64::try_from(version).unwrap_or(i64::MAX)
}

/// The last version a scan reads: `up_to`, or every one.
pub(super) fn limit(up_to: Option<u64>) -> i64 {
    up_to.map_or(i64::MAX, signed)
}

/// One row of the `events` table, exactly as stored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredRow {
    pub seq: i64,
    pub campaign: String,
    pub version: u64,
    pub event_id: String,
    pub command_id: String,
    pub recorded_at: String,
    pub kind: String,
    pub schema: u32,
    pub payload: String,
    pub prev_hash: String,
    pub hash: String,
    /// The command a command's first row carries (JSON, `domain::logged`); `None` on its
    /// other rows and on rows written before the column.
    pub command: Option<String>,
}

impl StoredRow {
    /// The row's columns, borrowed.
    pub fn borrowed(&self) -> RowRef<'_> {
        RowRef {
            campaign: &self.campaign,
            version: self.version,
            event_id: &self.event_id,
            command_id: &self.command_id,
            recorded_at: &self.recorded_at,
            kind: &self.kind,
            schema: self.schema,
            payload: &self.payload,
            prev_hash: &self.prev_hash,
            hash: &self.hash,
            command: self.command.as_deref(),
        }
    }

    /// The columns the hash chain covers.
    pub fn link(&self) -> Link<'_> {
        self.borrowed().link()
    }

    /// The event this row holds, upcast to the current schema.
    pub fn decode(&self) -> Result<RecordedEvent, DecodeError> {
        self.borrowed().decode()
    }
}

/// The columns of one row of the `events` table, borrowed from wherever they are held: a
/// [`StoredRow`], or a line of an export file being imported.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowRef<'a> {
    pub campaign: &'a str,
    pub version: u64,
    pub event_id: &'a str,
    pub command_id: &'a str,
    pub recorded_at: &'a str,
    pub kind: &'a str,
    pub schema: u32,
    pub payload: &'a str,
    pub prev_hash: &'a str,
    pub hash: &'a str,
    pub command: Option<&'a str>,
}

impl<'a> RowRef<'a> {
    /// The columns the hash chain covers.
    pub fn link(&self) -> Link<'a> {
        Link {
            campaign: self.campaign,
            version: self.version,
            event_id: self.event_id,
            command_id: self.command_id,
            recorded_at: self.recorded_at,
            kind: self.kind,
            schema: self.schema,
            payload: self.payload,
            command: self.command,
        }
    }

    /// The event this row holds, upcast to the current schema.
    pub fn decode(&self) -> Result<RecordedEvent, DecodeError> {
        Ok(RecordedEvent {
            version: self.version,
            command_id: self.command_id.to_owned(),
            recorded_at: self.recorded_at.to_owned(),
            event: codec::decode(self.kind, self.schema, self.payload)?,
        })
    }

    /// The row, owned.
    pub fn to_stored(&self) -> StoredRow {
        StoredRow {
            seq: 0,
            campaign: self.campaign.to_owned(),
            version: self.version,
            event_id: self.event_id.to_owned(),
            command_id: self.command_id.to_owned(),
            recorded_at: self.recorded_at.to_owned(),
            kind: self.kind.to_owned(),
            schema: self.schema,
            payload: self.payload.to_owned(),
            prev_hash: self.prev_hash.to_owned(),
            hash: self.hash.to_owned(),
            command: self.command.map(str::to_owned),
        }
    }
}

/// A row of `SELECT seq, campaign, version, event_id, command_id, recorded_at, kind, schema,
/// payload, prev_hash, hash, command`.
pub(super) fn stored_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<StoredRow> {
    let mut stored = StoredRow::default();
    fill(&mut stored, row)?;
    Ok(stored)
}

/// Overwrites `into` with a row of the same `SELECT` as [`stored_row`], reusing its strings'
/// buffers: a long read allocates nothing per row but its stored command.
pub(super) fn fill(into: &mut StoredRow, row: &rusqlite::Row<'_>) -> rusqlite::Result<()> {
    into.seq = row.get(0)?;
    let row = row_ref(row)?;
    overwrite(&mut into.campaign, row.campaign);
    overwrite(&mut into.event_id, row.event_id);
    overwrite(&mut into.payload, row.payload);
    place(into, &row);
    into.command = row.command.map(str::to_owned);
    Ok(())
}

/// A row of the same `SELECT` as [`stored_row`], borrowed from SQLite without a copy: valid
/// until the statement steps on. A column that does not read fails with the error
/// `row.get` gives, the first such column in the `SELECT`'s order.
pub(super) fn row_ref<'r>(row: &'r rusqlite::Row<'_>) -> rusqlite::Result<RowRef<'r>> {
    Ok(RowRef {
        campaign: text(row, 1)?,
        version: row.get(2)?,
        event_id: text(row, 3)?,
        command_id: text(row, 4)?,
        recorded_at: text(row, 5)?,
        kind: text(row, 6)?,
        schema: row.get(7)?,
        payload: text(row, 8)?,
        prev_hash: text(row, 9)?,
        hash: text(row, 10)?,
        command: match row.get_ref(11)? {
            rusqlite::types::ValueRef::Null => None,
            _ => Some(text(row, 11)?),
        },
    })
}

/// Overwrites `into` with the columns that place `row` in its log, reusing its strings'
/// buffers: its version, command id, time, kind, schema and hashes, and whether it carries a
/// command (`Some("")`); the campaign, the event id and the payload are left as they were.
pub(super) fn place(into: &mut StoredRow, row: &RowRef<'_>) {
    into.version = row.version;
    overwrite(&mut into.command_id, row.command_id);
    overwrite(&mut into.recorded_at, row.recorded_at);
    overwrite(&mut into.kind, row.kind);
    into.schema = row.schema;
    overwrite(&mut into.prev_hash, row.prev_hash);
    overwrite(&mut into.hash, row.hash);
    into.command = row.command.map(|_| String::new());
}

fn overwrite(slot: &mut String, text: &str) {
    slot.clear();
    slot.push_str(text);
}

/// Column `idx` as text, borrowed: the error `row.get::<_, String>(idx)` gives otherwise.
fn text<'r>(row: &'r rusqlite::Row<'_>, idx: usize) -> rusqlite::Result<&'r str> {
    use rusqlite::types::FromSqlError;
    let value = row.get_ref(idx)?;
    value.as_str().map_err(|err| match err {
        FromSqlError::Utf8Error(e) => rusqlite::Error::Utf8Error(idx, e),
        FromSqlError::InvalidType => rusqlite::Error::InvalidColumnType(
            idx,
            row.as_ref().column_name(idx).unwrap_or_default().to_owned(),
            value.data_type(),
        ),
        other => rusqlite::Error::FromSqlConversionFailure(idx, value.data_type(), Box::new(other)),
    })
}
