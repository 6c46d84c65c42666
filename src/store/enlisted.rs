//! The Soldiers each campaign of the file enlisted, read on their own index rather than by
//! reading every event.

use super::row::stored_row;
use super::{Store, StoreError, StoredRow};

impl Store {
    /// Every campaign other than `except` with the name of each Soldier it enlisted, in no
    /// particular order. Voided enlistments are listed too.
    pub fn enlisted_elsewhere(&self, except: &str) -> Result<Vec<(String, String)>, StoreError> {
        let mut stmt = self.conn.prepare(
            "SELECT campaign, json_extract(payload, '$.card.name') FROM events
             WHERE kind IN ('soldier_enlisted') AND campaign <> ?1 AND json_valid(payload)",
        )?;
        let rows = stmt.query_map([except], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, Option<String>>(1)?))
        })?;
        let mut found = Vec::new();
        for row in rows {
            if let (campaign, Some(name)) = row? {
                found.push((campaign, name));
            }
        }
        Ok(found)
    }

    /// The rows of `campaign` that enlisted Soldiers, oldest first (voided ones too), read on
    /// their own index: who recorded each enlistment, for a page that puts a player's own
    /// Soldiers first.
    pub fn enlisting_rows(&self, campaign: &str) -> Result<Vec<StoredRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, campaign, version, event_id, command_id, recorded_at, kind, schema,
                    payload, prev_hash, hash, command
             FROM events WHERE campaign = ?1 AND kind IN ('soldier_enlisted') ORDER BY version",
        )?;
        let rows = stmt.query_map([campaign], stored_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}
