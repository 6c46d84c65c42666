//! Projection checkpoints: a disposable cache of folded states, kept beside the log.

use rusqlite::{OptionalExtension, params};

use super::{Store, StoreError};

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
