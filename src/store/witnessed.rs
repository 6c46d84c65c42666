//! Heads of another copy of a campaign this database saw (a server's at a pull or push, a
//! file's at an import), which `verify` holds the log to.

use rusqlite::params;

use super::head::Head;
use super::{Store, StoreError};

/// The schema version that keeps witnessed heads (migration 0014).
const WITNESSED_SINCE: u32 = 14;

/// A head another copy showed: where, and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Witnessed {
    pub head: Head,
    /// The server's address, or the file's path.
    pub source: String,
    pub witnessed_at: String,
}

impl Store {
    /// Keeps `head` of `campaign` as shown by `source` at `at`; seen before, it is kept once.
    pub fn witness(&self, campaign: &str, head: &Head, source: &str, at: &str) -> Result<(), StoreError> {
        if head.version == 0 {
            return Ok(());
        }
        let version = i64::try_from(head.version).unwrap_or(i64::MAX);
        self.conn.execute(
            "INSERT INTO witnessed_heads (campaign, version, hash, source, witnessed_at)
             VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING",
            params![campaign, version, head.hash, source, at],
        )?;
        Ok(())
    }

    /// Every head of `campaign` another copy showed, oldest version first; none in a file
    /// from before they were kept (read, not yet brought up to date).
    pub fn witnessed(&self, campaign: &str) -> Result<Vec<Witnessed>, StoreError> {
        if self.schema_version()? < WITNESSED_SINCE {
            return Ok(Vec::new());
        }
        let mut stmt = self.conn.prepare(
            "SELECT version, hash, source, witnessed_at FROM witnessed_heads
             WHERE campaign = ?1 ORDER BY version, witnessed_at",
        )?;
        let rows = stmt.query_map([campaign], |row| {
            Ok(Witnessed {
                head: Head {
                    version: row.get::<_, i64>(0)?.try_into().unwrap_or(0),
                    hash: row.get(1)?,
                },
                source: row.get(2)?,
                witnessed_at: row.get(3)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}
