//! Projection checkpoints: a disposable cache of folded states, kept beside the log.

use std::collections::BTreeSet;

use rusqlite::{OptionalExtension, params};

use super::{Store, StoreError, StoredRow};

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
            f(StoredRow {
                seq: row.get(0)?,
                campaign: row.get(1)?,
                version: row.get(2)?,
                event_id: row.get(3)?,
                command_id: row.get(4)?,
                recorded_at: row.get(5)?,
                kind: row.get(6)?,
                schema: row.get(7)?,
                payload: row.get(8)?,
                prev_hash: row.get(9)?,
                hash: row.get(10)?,
            })?;
        }
        Ok(())
    }

    /// The ids of the commands voided in `campaign` up to `up_to`, read without the rest of
    /// the log.
    pub fn voided_command_ids(
        &self,
        campaign: &str,
        up_to: Option<u64>,
    ) -> Result<BTreeSet<String>, StoreError> {
        let mut voided = BTreeSet::new();
        let mut stmt = self.conn.prepare_cached(
            "SELECT payload FROM events
             WHERE campaign = ?1 AND kind = 'command_voided' AND version <= ?2",
        )?;
        let limit = up_to.map_or(i64::MAX, |v| i64::try_from(v).unwrap_or(i64::MAX));
        let mut rows = stmt.query(params![campaign, limit])?;
        while let Some(row) = rows.next()? {
            let payload: String = row.get(0)?;
            let value: serde_json::Value = serde_json::from_str(&payload)
                .map_err(|e| StoreError::Damaged(format!("a void's payload is not JSON: {e}")))?;
            if let Some(id) = value["command_id"].as_str() {
                voided.insert(id.to_owned());
            }
        }
        Ok(voided)
    }
}
