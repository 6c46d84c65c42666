//! Reading a campaign's rows one at a time, in either direction, with a stop: the reads
//! that stream a long log (`log`) without holding it.

use rusqlite::{OptionalExtension, params};

use super::row::{COLUMNS, signed, stored_row};
use super::{Store, StoreError, StoredRow};

/// The order rows are read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Oldest first.
    Ascending,
    /// Newest first.
    Descending,
}

impl Store {
    /// Gives `each` the rows of `campaign` after version `after`, up to and including
    /// `up_to`, in `order`, one at a time as they are read; `each` returns false to stop.
    pub fn scan_rows(
        &self,
        campaign: &str,
        (after, up_to): (u64, u64),
        order: Order,
        each: &mut dyn FnMut(StoredRow) -> Result<bool, StoreError>,
    ) -> Result<(), StoreError> {
        let direction = match order {
            Order::Ascending => "ASC",
            Order::Descending => "DESC",
        };
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM events
             WHERE campaign = ?1 AND version > ?2 AND version <= ?3 ORDER BY version {direction}"
        ))?;
        let mut rows = stmt.query(params![campaign, after, signed(up_to)])?;
        while let Some(row) = rows.next()? {
            if !each(stored_row(row)?)? {
                break;
            }
        }
        Ok(())
    }

    /// Gives `each` the rows of `campaign` after version `after`, up to `up_to`, that start
    /// or end a Mission, oldest first: a Mission's bounds found without decoding the events
    /// between them.
    pub fn scan_mission_bounds(
        &self,
        campaign: &str,
        (after, up_to): (u64, u64),
        each: &mut dyn FnMut(StoredRow) -> Result<bool, StoreError>,
    ) -> Result<(), StoreError> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM events
             WHERE campaign = ?1 AND version > ?2 AND version <= ?3
               AND kind IN ('mission_started', 'mission_ended')
             ORDER BY version"
        ))?;
        let mut rows = stmt.query(params![campaign, signed(after), signed(up_to)])?;
        while let Some(row) = rows.next()? {
            if !each(stored_row(row)?)? {
                break;
            }
        }
        Ok(())
    }

    /// The first version of `campaign` after `after`, up to `up_to`, written by a command
    /// other than `command_id`: where the run of that command's events ends.
    pub fn next_command_after(
        &self,
        campaign: &str,
        after: u64,
        command_id: &str,
        up_to: u64,
    ) -> Result<Option<u64>, StoreError> {
        // Walks the (campaign, version) index from `after` to the first other command.
        Ok(self
            .conn
            .prepare_cached(
                "SELECT version FROM events
                 WHERE campaign = ?1 AND version > ?2 AND version <= ?4 AND command_id != ?3
                 ORDER BY version LIMIT 1",
            )?
            .query_row(params![campaign, after, command_id, signed(up_to)], |row| {
                row.get(0)
            })
            .optional()?)
    }
}
