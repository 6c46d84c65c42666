//! Bulk writes for import: many rows to an INSERT, with the triggers set aside.

use rusqlite::config::DbConfig;

use super::{Store, StoreError, StoredRow};

/// The most rows one INSERT statement of an import writes: each statement has its own
/// journal and trigger set-up, so fewer, larger statements write faster.
pub const ROWS_PER_INSERT: usize = 64;

impl Store {
    /// Runs `f` with the triggers off on this connection: for the import's plain INSERTs.
    ///
    /// The triggers refuse UPDATE, DELETE and INSERT OR REPLACE, which tools other than
    /// muster could issue; plain INSERTs are held to the same by the UNIQUE constraints.
    /// Without them an insert costs a third less. Statements prepared meanwhile are
    /// prepared again once the triggers are back.
    pub fn without_triggers<T>(&self, f: impl FnOnce(&Store) -> T) -> Result<T, StoreError> {
        self.conn
            .set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_TRIGGER, false)?;
        let result = f(self);
        self.conn
            .set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_TRIGGER, true)?;
        Ok(result)
    }

    /// Writes rows as they stand (their hashes already made), in order, with one statement
    /// for up to [`ROWS_PER_INSERT`] of them: the import's write, inside the transaction of
    /// [`Store::locked`] and, for speed, [`Store::without_triggers`]. A row that collides
    /// with one already stored rolls back the whole transaction, not only its statement.
    pub fn insert_rows(&self, rows: &[&StoredRow]) -> Result<(), StoreError> {
        let mut chunks = rows.chunks_exact(ROWS_PER_INSERT);
        for chunk in chunks.by_ref() {
            self.insert_statement(chunk)?;
        }
        // A short remainder goes row by row, after the full batches: one statement text per
        // length would fill the statement cache with texts used once.
        for row in chunks.remainder() {
            self.insert_statement(&[row])?;
        }
        Ok(())
    }

    /// One INSERT statement of `rows`.
    fn insert_statement(&self, rows: &[&StoredRow]) -> Result<(), StoreError> {
        let values = vec!["(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"; rows.len()].join(", ");
        // OR ROLLBACK: a collision ends the whole transaction at once, as the import would
        // anyway, so SQLite keeps no statement journal to undo a part-written statement.
        let mut stmt = self.conn.prepare_cached(&format!(
            "INSERT OR ROLLBACK INTO events (campaign, version, event_id, command_id, recorded_at, kind, schema, payload, prev_hash, hash) VALUES {values}"
        ))?;
        let mut params: Vec<&dyn rusqlite::ToSql> = Vec::with_capacity(rows.len() * 10);
        for row in rows {
            params.extend_from_slice(&[
                &row.campaign,
                &row.version,
                &row.event_id,
                &row.command_id,
                &row.recorded_at,
                &row.kind,
                &row.schema,
                &row.payload,
                &row.prev_hash,
                &row.hash,
            ]);
        }
        stmt.execute(params.as_slice())?;
        Ok(())
    }
}
