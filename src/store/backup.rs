//! The whole file copied in one step, as one snapshot (`VACUUM INTO`), and SQLite's own check
//! of a file (`PRAGMA integrity_check`), for `muster backup`.

use std::path::Path;

use super::{Store, StoreError};

impl Store {
    /// Writes every table of the database (every campaign's log, the seeds, the tokens and
    /// the settings) into the empty file at `into`, as one read transaction sees them.
    ///
    /// `VACUUM INTO` copies in a single step on a snapshot, so writers of other connections
    /// go on meanwhile and never make it start again (the online backup taken a few pages at
    /// a time restarts whenever another connection writes, and under load may never end).
    /// The file must exist and be empty, so its mode is the one its creator gave it; it is
    /// not flushed to disk here.
    pub fn copy_into(&self, into: &Path) -> Result<(), StoreError> {
        let Some(target) = into.to_str() else {
            return Err(StoreError::Unwritable(format!(
                "the backup's path {} is not UTF-8, which SQLite takes",
                into.display()
            )));
        };
        self.conn.execute("VACUUM INTO ?1", [target])?;
        Ok(())
    }

    /// What SQLite's own check of the whole file (`PRAGMA integrity_check`) found wrong:
    /// empty when it says `ok`.
    pub fn integrity_problems(&self) -> Result<Vec<String>, StoreError> {
        let mut stmt = self.conn.prepare("PRAGMA integrity_check")?;
        let lines = stmt.query_map([], |row| row.get::<_, String>(0))?;
        let lines: Vec<String> = lines.collect::<Result<_, _>>()?;
        Ok(match lines.as_slice() {
            [only] if only == "ok" => Vec::new(),
            _ => lines,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_holds_what_the_file_held_and_checks_whole() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("muster.db")).unwrap();
        store.set_setting("selected_campaign", "Op").unwrap();
        let into = dir.path().join("copy.db");
        std::fs::File::create(&into).unwrap();
        store.copy_into(&into).unwrap();
        let copy = Store::open_read_only(&into).unwrap();
        assert_eq!(copy.setting("selected_campaign").unwrap().as_deref(), Some("Op"));
        assert!(copy.integrity_problems().unwrap().is_empty());
        assert_eq!(copy.schema_version().unwrap(), store.schema_version().unwrap());
    }

    #[test]
    fn a_file_already_written_is_not_copied_into() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("muster.db")).unwrap();
        let into = dir.path().join("copy.db");
        std::fs::write(&into, b"something else").unwrap();
        assert!(store.copy_into(&into).is_err());
        assert_eq!(std::fs::read(&into).unwrap(), b"something else");
    }
}
