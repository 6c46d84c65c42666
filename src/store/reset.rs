//! A campaign's reset, done by rebuilding the file rather than deleting rows: every table of
//! the old file copied into a new one, the campaign's rows (its log, checkpoints, blame index,
//! witnessed heads, seeds and kept answers, in every table that names a campaign) left behind.

use std::path::Path;

use rusqlite::params;

use super::{Store, StoreError};

impl Store {
    /// Copies into this (new, empty) database every row of the database at `from`, except the
    /// rows of `campaign` in each table that has a `campaign` column. Tables are found in the
    /// file itself, so a table a later schema adds is carried too.
    pub fn copy_all_but(&self, from: &Path, campaign: &str) -> Result<(), StoreError> {
        let from = from.to_string_lossy().into_owned();
        self.conn.execute("ATTACH DATABASE ?1 AS old", [&from])?;
        let copied = self.under_write_lock(|store: &Store| -> Result<(), StoreError> {
            let tables: Vec<String> = {
                let mut stmt = store.conn.prepare(
                    "SELECT name FROM old.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
                )?;
                let names = stmt.query_map([], |row| row.get(0))?;
                names.collect::<Result<_, _>>()?
            };
            for table in &tables {
                let columns: Vec<String> = {
                    let mut stmt = store.conn.prepare(&format!("PRAGMA old.table_info(\"{table}\")"))?;
                    let names = stmt.query_map([], |row| row.get(1))?;
                    names.collect::<Result<_, _>>()?
                };
                let listed = columns
                    .iter()
                    .map(|c| format!("\"{c}\""))
                    .collect::<Vec<_>>()
                    .join(", ");
                let but = if columns.iter().any(|c| c == "campaign") {
                    " WHERE campaign IS NOT ?1"
                } else {
                    " WHERE ?1 IS NOT NULL"
                };
                store.conn.execute(
                    &format!("INSERT INTO main.\"{table}\" ({listed}) SELECT {listed} FROM old.\"{table}\"{but}"),
                    params![campaign],
                )?;
            }
            Ok(())
        });
        let detached = self.conn.execute("DETACH DATABASE old", []);
        copied?;
        detached?;
        Ok(())
    }
}
