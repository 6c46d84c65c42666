//! The Soldiers each campaign of the file enlisted, read on their own index rather than by
//! reading every event.

use super::{Store, StoreError};

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
}
