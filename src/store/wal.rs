//! Folding the write-ahead log back into the file (SQLite's checkpoint of the log, not a
//! projection's): on a connection of its own, so that no commit that finds the log long
//! stops to fold it first.

use super::{Store, StoreError};

/// What a fold of the write-ahead log did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Folded {
    /// How many pages the log holds.
    pub pages: u64,
    /// How many of them are now in the file too.
    pub folded: u64,
}

impl Store {
    /// Leaves folding the write-ahead log to another connection ([`Store::fold_wal`]) until
    /// the log holds `pages`: past that, this connection's commits fold it themselves, as
    /// SQLite's do past a thousand pages, so the log stays bounded should the other stop.
    pub fn fold_wal_past(&self, pages: u32) -> Result<(), StoreError> {
        self.conn.pragma_update(None, "wal_autocheckpoint", pages)?;
        Ok(())
    }

    /// Folds into the file the pages of the write-ahead log that no reader still reads,
    /// waiting for no writer and no reader (`PRAGMA wal_checkpoint(PASSIVE)`).
    pub fn fold_wal(&self) -> Result<Folded, StoreError> {
        let (pages, folded): (i64, i64) =
            self.conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |row| {
                Ok((row.get(1)?, row.get(2)?))
            })?;
        // SQLite answers -1 for a file not in write-ahead-log mode: nothing to fold.
        Ok(Folded {
            pages: u64::try_from(pages).unwrap_or(0),
            folded: u64::try_from(folded).unwrap_or(0),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the file's bytes hold `needle`.
    fn holds(path: &std::path::Path, needle: &[u8]) -> bool {
        let bytes = std::fs::read(path).unwrap();
        bytes.windows(needle.len()).any(|w| w == needle)
    }

    #[test]
    fn a_write_left_to_another_connection_stays_in_the_log_until_that_one_folds_it() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("c.db");
        let writer = Store::open(&db).unwrap();
        writer.fold_wal_past(100_000).unwrap();
        let folder = Store::open(&db).unwrap();
        let marker = "folded-marker-6c1f";
        writer.conn.execute("CREATE TABLE notes (text TEXT)", []).unwrap();
        writer
            .conn
            .execute("INSERT INTO notes VALUES (?1)", [marker.repeat(2_000)])
            .unwrap();
        assert!(
            !holds(&db, marker.as_bytes()),
            "a commit left to another connection is in the log only"
        );
        let folded = folder.fold_wal().unwrap();
        assert!(folded.pages > 0);
        assert_eq!(folded.folded, folded.pages, "no reader held any page back");
        assert!(holds(&db, marker.as_bytes()), "the fold wrote it into the file");
    }
}
