//! Projection checkpoints: a disposable cache of folded states, kept beside the log.

use rusqlite::{OptionalExtension, params};

use super::{Store, StoreError, StoredRow, stored_row};

/// How many checkpoints a campaign keeps; older ones are dropped as newer ones are written.
const KEPT: i64 = 3;

impl Store {
    /// The newest checkpoint of `campaign` at or before `version` made by `projection`:
    /// its version and its serialized state.
    pub fn checkpoint(
        &self,
        campaign: &str,
        version: u64,
        projection: &str,
    ) -> Result<Option<(u64, String)>, StoreError> {
        Ok(self
            .conn
            .prepare_cached(
                "SELECT version, state FROM checkpoints
                 WHERE campaign = ?1 AND version <= ?2 AND projection = ?3
                 ORDER BY version DESC LIMIT 1",
            )?
            .query_row(params![campaign, version, projection], |row| {
                Ok((row.get(0)?, row.get(1)?))
            })
            .optional()?)
    }

    /// The version of the newest checkpoint of `campaign` made by `projection`, or 0.
    pub fn newest_checkpoint(&self, campaign: &str, projection: &str) -> Result<u64, StoreError> {
        Ok(self
            .checkpoint(campaign, u64::MAX >> 1, projection)?
            .map_or(0, |(v, _)| v))
    }

    /// Writes a checkpoint and drops all but the newest few of the campaign's.
    pub fn save_checkpoint(
        &self,
        campaign: &str,
        version: u64,
        projection: &str,
        state: &str,
    ) -> Result<(), StoreError> {
        self.conn.execute(
            "INSERT OR REPLACE INTO checkpoints (campaign, version, projection, state) VALUES (?1, ?2, ?3, ?4)",
            params![campaign, version, projection, state],
        )?;
        self.conn.execute(
            "DELETE FROM checkpoints WHERE campaign = ?1 AND version NOT IN
               (SELECT version FROM checkpoints WHERE campaign = ?1 ORDER BY version DESC LIMIT ?2)",
            params![campaign, KEPT],
        )?;
        Ok(())
    }
}

impl Store {
    /// Calls `f` with each row of `campaign` after `after`, up to `up_to`, in version order,
    /// one at a time: the log is never held in memory whole.
    pub fn for_each_row(
        &self,
        campaign: &str,
        after: u64,
        up_to: Option<u64>,
        mut f: impl FnMut(StoredRow) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, campaign, version, event_id, command_id, recorded_at, kind, schema,
                    payload, prev_hash, hash
             FROM events WHERE campaign = ?1 AND version > ?2 AND version <= ?3 ORDER BY version",
        )?;
        let limit = up_to.map_or(i64::MAX, |v| i64::try_from(v).unwrap_or(i64::MAX));
        let mut rows = stmt.query(params![campaign, after, limit])?;
        while let Some(row) = rows.next()? {
            f(stored_row(row)?)?;
        }
        Ok(())
    }

    /// The rows of `campaign` up to `up_to` that reach back over the log (voids, revealed
    /// seeds, asserted sheets), read on their own index without the rest of the log.
    pub fn rows_reaching_back(
        &self,
        campaign: &str,
        up_to: Option<u64>,
    ) -> Result<Vec<StoredRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, campaign, version, event_id, command_id, recorded_at, kind, schema,
                    payload, prev_hash, hash
             FROM events
             WHERE campaign = ?1 AND version <= ?2
               AND kind IN ('command_voided', 'seed_revealed', 'assertion_recorded')
             ORDER BY version",
        )?;
        let limit = up_to.map_or(i64::MAX, |v| i64::try_from(v).unwrap_or(i64::MAX));
        let rows = stmt.query_map(params![campaign, limit], stored_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The command id and kind of the event of `campaign` at `version`, if there is one.
    pub fn command_at(&self, campaign: &str, version: u64) -> Result<Option<(String, String)>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT command_id, kind FROM events WHERE campaign = ?1 AND version = ?2")?
            .query_row(params![campaign, version], |row| Ok((row.get(0)?, row.get(1)?)))
            .optional()?)
    }

    /// The first version written by the command that wrote `version`, if there is one.
    pub fn command_start(&self, campaign: &str, version: u64) -> Result<Option<u64>, StoreError> {
        let Some((command_id, _)) = self.command_at(campaign, version)? else {
            return Ok(None);
        };
        Ok(self
            .conn
            .prepare_cached("SELECT MIN(version) FROM events WHERE campaign = ?1 AND command_id = ?2")?
            .query_row(params![campaign, command_id], |row| row.get(0))
            .optional()?
            .flatten())
    }

    /// Whether `command_id` wrote an event of `campaign` before `version`.
    pub fn command_before(&self, campaign: &str, command_id: &str, version: u64) -> Result<bool, StoreError> {
        Ok(self
            .conn
            .prepare_cached(
                // `+version`: the lookup goes by command id; left to itself SQLite would
                // walk every earlier version instead.
                "SELECT 1 FROM events WHERE campaign = ?1 AND command_id = ?2 AND +version < ?3 LIMIT 1",
            )?
            .query_row(params![campaign, command_id, version], |_| Ok(()))
            .optional()?
            .is_some())
    }
}
