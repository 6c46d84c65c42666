//! The few rows a read at a point asks about by what their payload names: the voids of one
//! command, the voids naming a version up to some point, the seeds revealed, and one
//! Mission's start and end, each on its own index (migration 0019), so the read costs the
//! same at a million events as at a thousand.

use rusqlite::params;

use super::row::{COLUMNS, signed, stored_row};
use super::{Store, StoreError, StoredRow};

impl Store {
    /// The voids of `campaign` up to `up_to` that void command `command_id`, in order.
    pub fn voids_of(
        &self,
        campaign: &str,
        command_id: &str,
        up_to: u64,
    ) -> Result<Vec<StoredRow>, StoreError> {
        // The conditions repeat the index's own, so SQLite reads it (events_voids_by_command).
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM events
             WHERE campaign = ?1 AND kind = 'command_voided' AND json_valid(payload)
               AND json_extract(payload, '$.command_id') = ?2 AND version <= ?3
             ORDER BY version"
        ))?;
        let rows = stmt.query_map(params![campaign, command_id, signed(up_to)], stored_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The voids of `campaign` up to `up_to` that name a version at or before `named`, in
    /// order: every void that reaches the log up to `named`, wherever it was written.
    pub fn voids_naming(&self, campaign: &str, named: u64, up_to: u64) -> Result<Vec<StoredRow>, StoreError> {
        // `+version` keeps SQLite off the (campaign, version) index, which would walk the
        // whole log, for the one on the version named (events_voids_by_named).
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM events
             WHERE campaign = ?1 AND kind = 'command_voided' AND json_valid(payload)
               AND json_extract(payload, '$.version') <= ?2 AND +version <= ?3
             ORDER BY version"
        ))?;
        let rows = stmt.query_map(params![campaign, signed(named), signed(up_to)], stored_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The voids of `campaign` written after `after` that name a version at or before `named`:
    /// each one's version and the version it names, in order. Read on the index of voids by
    /// the version they name, without the rows: a blame index's step asks it twice.
    pub fn voids_after_naming(
        &self,
        campaign: &str,
        after: u64,
        named: u64,
    ) -> Result<Vec<(u64, u64)>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT version, json_extract(payload, '$.version') FROM events
             WHERE campaign = ?1 AND kind = 'command_voided' AND json_valid(payload)
               AND json_extract(payload, '$.version') <= ?2 AND +version > ?3
             ORDER BY version",
        )?;
        let rows = stmt.query_map(params![campaign, signed(named), signed(after)], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The seeds of `campaign` revealed up to `up_to`, in order.
    pub fn seeds_revealed(&self, campaign: &str, up_to: u64) -> Result<Vec<StoredRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM events
             WHERE campaign = ?1 AND kind = 'seed_revealed' AND version <= ?2 ORDER BY version"
        ))?;
        let rows = stmt.query_map(params![campaign, signed(up_to)], stored_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The rows of `campaign` up to `up_to` that start or end Mission `number`, in order.
    pub fn mission_bounds_of(
        &self,
        campaign: &str,
        number: u32,
        up_to: u64,
    ) -> Result<Vec<StoredRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM events
             WHERE campaign = ?1 AND kind IN ('mission_started', 'mission_ended') AND json_valid(payload)
               AND json_extract(payload, '$.mission') = ?2 AND version <= ?3
             ORDER BY version"
        ))?;
        let rows = stmt.query_map(params![campaign, number, signed(up_to)], stored_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The newest row of `campaign` at or before `version` that starts or ends a Mission
    /// and whose command `stands` (is not voided), if any, read newest first.
    pub fn last_mission_bound(
        &self,
        campaign: &str,
        version: u64,
        stands: &mut dyn FnMut(&StoredRow) -> Result<bool, StoreError>,
    ) -> Result<Option<StoredRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM events INDEXED BY events_of_missions
             WHERE campaign = ?1 AND kind IN ('mission_started', 'mission_ended') AND version <= ?2
             ORDER BY version DESC"
        ))?;
        let mut rows = stmt.query(params![campaign, signed(version)])?;
        while let Some(row) = rows.next()? {
            let row = stored_row(row)?;
            if stands(&row)? {
                return Ok(Some(row));
            }
        }
        Ok(None)
    }
}
