//! Bulk writes for import: many rows to an INSERT, with the triggers set aside.

use rusqlite::config::DbConfig;
use rusqlite::{Connection, Statement};

use super::{RowRef, Store, StoreError};

/// The most rows one INSERT statement of an import writes: each statement has its own
/// set-up, so fewer, larger statements write faster.
pub const ROWS_PER_INSERT: usize = 64;

/// The columns an import writes, in the order they are bound.
const COLUMNS: &str =
    "campaign, version, event_id, command_id, recorded_at, kind, schema, payload, prev_hash, hash, command";

/// The import's two INSERT statements, prepared once: one of [`ROWS_PER_INSERT`] rows and
/// one of a single row, for a short remainder.
pub struct Inserts<'s> {
    full: Statement<'s>,
    single: Statement<'s>,
}

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

    /// The import's INSERT statements, for use inside the transaction of [`Store::locked`]
    /// and, for speed, [`Store::without_triggers`].
    pub fn inserts(&self) -> Result<Inserts<'_>, StoreError> {
        // OR ROLLBACK: a collision ends the whole transaction at once, as the import would
        // anyway, so SQLite keeps no statement journal to undo part of one.
        Inserts::prepared(&self.conn, "INSERT OR ROLLBACK")
    }
}

impl<'s> Inserts<'s> {
    /// INSERT statements of `verb` on `conn`: plain `INSERT` for rows appended inside a
    /// savepoint (a pull's, a push's), where a collision undoes its statement alone. Many rows
    /// to a statement all the same: each statement journals the pages it changes.
    pub(super) fn prepared(conn: &'s Connection, verb: &str) -> Result<Inserts<'s>, StoreError> {
        let statement = |rows: usize| {
            let values = vec!["(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"; rows].join(", ");
            conn.prepare(&format!("{verb} INTO events ({COLUMNS}) VALUES {values}"))
        };
        Ok(Inserts {
            full: statement(ROWS_PER_INSERT)?,
            single: statement(1)?,
        })
    }
}

impl Inserts<'_> {
    /// Writes rows as they stand (their hashes already made), in order. A row that collides
    /// with one already stored rolls back the whole transaction, not only its statement.
    pub fn write(&mut self, rows: &[RowRef<'_>]) -> Result<(), StoreError> {
        let mut chunks = rows.chunks_exact(ROWS_PER_INSERT);
        for chunk in chunks.by_ref() {
            execute(&mut self.full, chunk)?;
        }
        for row in chunks.remainder() {
            execute(&mut self.single, std::slice::from_ref(row))?;
        }
        Ok(())
    }
}

/// Binds `rows` to `statement`, which has exactly their parameters, and runs it.
fn execute(statement: &mut Statement<'_>, rows: &[RowRef<'_>]) -> Result<(), StoreError> {
    // Bound one by one and left bound: the next rows' values overwrite them in place.
    let mut index = 0;
    let mut bind = |value: &dyn rusqlite::ToSql| {
        index += 1;
        statement.raw_bind_parameter(index, value)
    };
    for row in rows {
        bind(&row.campaign)?;
        bind(&row.version)?;
        bind(&row.event_id)?;
        bind(&row.command_id)?;
        bind(&row.recorded_at)?;
        bind(&row.kind)?;
        bind(&row.schema)?;
        bind(&row.payload)?;
        bind(&row.prev_hash)?;
        bind(&row.hash)?;
        bind(&row.command)?;
    }
    statement.raw_execute()?;
    Ok(())
}
