//! Reads of a few rows at a point of the log, each on an index: one row, the rows of one
//! command, the rows that start and end Missions, and the last row recorded by a time. They
//! cost the same at a million events as at a thousand.

use rusqlite::{OptionalExtension, params};

use super::row::{signed, stored_row};
use super::{Store, StoreError, StoredRow};

/// The rows of a campaign up to a version that start or end a Mission, read from their
/// covering index alone (migration 0020).
pub(super) const MISSION_ROWS: &str =
    "SELECT seq, campaign, version, event_id, command_id, recorded_at, kind, schema,
        payload, prev_hash, hash, command
     FROM events
     WHERE campaign = ?1 AND version <= ?2
       AND kind IN ('mission_started', 'mission_ended')
     ORDER BY version";

impl Store {
    /// Whether `campaign` holds an event with id `event_id` (ids are unique within a
    /// campaign, migration 0022).
    pub fn holds_event_id(&self, campaign: &str, event_id: &str) -> Result<bool, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT 1 FROM events WHERE campaign = ?1 AND event_id = ?2")?;
        Ok(stmt
            .query_row(params![campaign, event_id], |_| Ok(()))
            .optional()?
            .is_some())
    }

    /// The row of `campaign` at `version`, if the log has one.
    pub fn row_at(&self, campaign: &str, version: u64) -> Result<Option<StoredRow>, StoreError> {
        Ok(self
            .rows_between(campaign, version.saturating_sub(1), Some(version))?
            .pop())
    }

    /// The command (`domain::logged`, JSON) the first row of command `command_id` carries,
    /// if it carries one.
    pub fn logged_command(&self, campaign: &str, command_id: &str) -> Result<Option<String>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT command FROM events INDEXED BY events_by_command
             WHERE campaign = ?1 AND command_id = ?2 AND command IS NOT NULL
             ORDER BY version LIMIT 1",
        )?;
        Ok(stmt
            .query_row(params![campaign, command_id], |row| row.get(0))
            .optional()?)
    }

    /// Every row of the command that wrote `version`, in order, found on the commands' index
    /// (named, since ordering by version would otherwise lead SQLite to walk the campaign).
    pub fn command_rows(&self, campaign: &str, version: u64) -> Result<Vec<StoredRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, campaign, version, event_id, command_id, recorded_at, kind, schema,
                    payload, prev_hash, hash, command
             FROM events INDEXED BY events_by_command
             WHERE campaign = ?1
               AND command_id = (SELECT command_id FROM events WHERE campaign = ?1 AND version = ?2)
             ORDER BY version",
        )?;
        let rows = stmt.query_map(params![campaign, signed(version)], stored_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The award revisions of `campaign` after version `after` up to `up_to`, in order: the
    /// few `rp_award_revised` rows, read on their own partial index.
    pub fn award_revisions(
        &self,
        campaign: &str,
        after: u64,
        up_to: u64,
    ) -> Result<Vec<StoredRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, campaign, version, event_id, command_id, recorded_at, kind, schema,
                    payload, prev_hash, hash, command
             FROM events INDEXED BY events_award_revisions
             WHERE campaign = ?1 AND version > ?2 AND version <= ?3
               AND kind = 'rp_award_revised'
             ORDER BY version",
        )?;
        let rows = stmt.query_map(params![campaign, signed(after), signed(up_to)], stored_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The rows of `campaign` up to `up_to` that start or end a Mission, in order.
    pub fn mission_rows(&self, campaign: &str, up_to: Option<u64>) -> Result<Vec<StoredRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(MISSION_ROWS)?;
        let rows = stmt.query_map(params![campaign, up_to.map_or(i64::MAX, signed)], stored_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The last version of `campaign` recorded at or before `at` (RFC 3339), if any, found by
    /// halving: times never go back along a log muster wrote.
    pub fn last_recorded_by(&self, campaign: &str, head: u64, at: &str) -> Result<Option<u64>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT recorded_at FROM events WHERE campaign = ?1 AND version = ?2")?;
        let mut by = |version: u64| -> Result<bool, StoreError> {
            let recorded: Option<String> = stmt
                .query_row(params![campaign, signed(version)], |row| row.get(0))
                .optional()?;
            Ok(recorded.is_some_and(|text| {
                chrono::DateTime::parse_from_rfc3339(&text)
                    .ok()
                    .zip(chrono::DateTime::parse_from_rfc3339(at).ok())
                    .is_some_and(|(then, at)| then <= at)
            }))
        };
        // Invariant: every version below `low` is by `at`; every version from `high` is not.
        let (mut low, mut high) = (1, head.saturating_add(1));
        while low < high {
            let middle = low + (high - low) / 2;
            if by(middle)? {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        Ok(low.checked_sub(1).filter(|v| *v >= 1))
    }
}
