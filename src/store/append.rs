//! Appending to the log: a command's events chained after the head it was decided on, and
//! rows that already carry their hashes (an import, a pull, a push), each as one unit.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, TransactionBehavior, params};

use super::head::{head_in, head_with_time};
use super::{Head, RowRef, Store, StoreError, StoredRow, bulk, chain};
use crate::domain::codec;
use crate::domain::event::Event;

impl Store {
    /// Appends one command's events to `campaign` in one transaction.
    ///
    /// Refused with [`StoreError::Conflict`] when the campaign's head is no longer
    /// `expected_version`: another writer got there first, and the caller must decide again.
    pub fn append(
        &mut self,
        campaign: &str,
        expected_version: u64,
        command_id: &str,
        events: &[Event],
        at: DateTime<Utc>,
    ) -> Result<Head, StoreError> {
        self.append_setting(campaign, expected_version, command_id, events, at, None, None)
    }

    /// Like [`Store::append`], the command's first row carrying `command` (its logged form,
    /// JSON), which the hash chain covers.
    pub fn append_command(
        &mut self,
        campaign: &str,
        expected_version: u64,
        (command_id, command): (&str, &str),
        events: &[Event],
        at: DateTime<Utc>,
    ) -> Result<Head, StoreError> {
        self.append_setting(
            campaign,
            expected_version,
            command_id,
            events,
            at,
            None,
            Some(command),
        )
    }

    /// Like [`Store::append`], also writing a setting (`key`, `value`) in the same
    /// transaction, so that both are written or neither; the first row carries `command`
    /// when given.
    #[allow(clippy::too_many_arguments)]
    pub fn append_setting(
        &mut self,
        campaign: &str,
        expected_version: u64,
        command_id: &str,
        events: &[Event],
        at: DateTime<Utc>,
        setting: Option<(&str, &str)>,
        command: Option<&str>,
    ) -> Result<Head, StoreError> {
        let write = |conn: &Connection| -> Result<Head, StoreError> {
            if let Some((key, value)) = setting {
                conn.prepare_cached(
                    "INSERT INTO settings (key, value) VALUES (?1, ?2)
                     ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                )?
                .execute([key, value])?;
            }
            write_events(
                conn,
                campaign,
                expected_version,
                (command_id, command),
                events,
                at,
            )
        };
        self.write_log(write)
    }

    /// Runs `write`, which appends to the log, as one unit: inside a write lock already held
    /// (`Store::locked`, `Store::hold_write_lock`), a savepoint; else a transaction that takes
    /// the lock up front, flushed to disk before it is done.
    fn write_log(
        &mut self,
        write: impl FnOnce(&Connection) -> Result<Head, StoreError>,
    ) -> Result<Head, StoreError> {
        if !self.conn.is_autocommit() {
            let savepoint = self.conn.savepoint()?;
            let head = write(&savepoint)?;
            savepoint.commit()?;
            return Ok(head);
        }
        self.conn.pragma_update(None, "synchronous", "FULL")?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let head = write(&tx)?;
        tx.commit()?;
        Ok(head)
    }

    /// Appends rows that already carry their ids and hashes (an import), in one transaction.
    ///
    /// The rows must continue `campaign`'s chain from `expected` onwards; the caller has
    /// checked their hashes.
    pub fn append_rows(
        &mut self,
        campaign: &str,
        expected: &Head,
        rows: &[StoredRow],
    ) -> Result<Head, StoreError> {
        let write = |conn: &Connection| -> Result<Head, StoreError> {
            let head = head_in(conn, campaign)?;
            if head != *expected {
                return Err(StoreError::Conflict {
                    campaign: campaign.to_owned(),
                    expected: expected.version,
                    found: head.version,
                });
            }
            let rows: Vec<RowRef<'_>> = rows.iter().map(StoredRow::borrowed).collect();
            bulk::Inserts::prepared(conn, "INSERT")?.write(&rows)?;
            head_in(conn, campaign)
        };
        self.write_log(write)
    }
}

/// Writes one command's events after the head, if the head is still `expected_version`.
fn write_events(
    conn: &Connection,
    campaign: &str,
    expected_version: u64,
    (command_id, command): (&str, Option<&str>),
    events: &[Event],
    at: DateTime<Utc>,
) -> Result<Head, StoreError> {
    let (mut head, head_at) = head_with_time(conn, campaign)?;
    if head.version != expected_version {
        return Err(StoreError::Conflict {
            campaign: campaign.to_owned(),
            expected: expected_version,
            found: head.version,
        });
    }
    let recorded_at = crate::clock::written(at);
    if !crate::clock::recordable(at) {
        return Err(StoreError::ClockOutOfRange { now: recorded_at });
    }
    // A clock set back would stamp this event before its predecessor, and `--as-of` would
    // then leave it out while including events before it. Equal times are fine. A head
    // time that does not parse is `verify`'s to report, not a reason to refuse.
    let behind = head_at
        .as_deref()
        .and_then(|text| DateTime::parse_from_rfc3339(text).ok())
        .is_some_and(|then| at < then);
    if behind {
        return Err(StoreError::ClockBehind {
            campaign: campaign.to_owned(),
            version: head.version,
            head_at: head_at.unwrap_or_default(),
            now: recorded_at,
        });
    }
    for (i, event) in events.iter().enumerate() {
        let encoded = codec::encode(event);
        let row = StoredRow {
            seq: 0,
            campaign: campaign.to_owned(),
            version: head.version + 1,
            event_id: crate::ids::event_id(campaign, head.version + 1, at),
            command_id: command_id.to_owned(),
            recorded_at: recorded_at.clone(),
            kind: encoded.kind.to_owned(),
            schema: encoded.schema,
            payload: encoded.payload,
            prev_hash: head.hash.clone(),
            hash: String::new(),
            // The command is on its first row only.
            command: command.filter(|_| i == 0).map(str::to_owned),
        };
        let hash = chain::hash(&head.hash, &row.link()).ok_or_else(|| {
            StoreError::Damaged(format!("the head hash of '{campaign}' is not 64 hex digits"))
        })?;
        head = Head {
            version: row.version,
            hash: hash.clone(),
        };
        insert(conn, &StoredRow { hash, ..row })?;
    }
    Ok(head)
}

fn insert(tx: &Connection, row: &StoredRow) -> Result<(), StoreError> {
    // Prepared once per connection: an import inserts rows by the hundred thousand.
    tx.prepare_cached(
        "INSERT INTO events (campaign, version, event_id, command_id, recorded_at, kind,
                             schema, payload, prev_hash, hash, command)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )?
    .execute(params![
        row.campaign,
        row.version,
        row.event_id,
        row.command_id,
        row.recorded_at,
        row.kind,
        row.schema,
        row.payload,
        row.prev_hash,
        row.hash,
        row.command
    ])?;
    Ok(())
}
