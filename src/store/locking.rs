//! The write lock and commits: taking the lock up front (waiting for a busy file: `waiting`),
//! holding it across several writes, savepoints within it, and commits that wait for no disk
//! flush.

use super::waiting::retry_busy;
use super::{Store, StoreError};

impl Store {
    /// Runs `write` with commits that wait for no disk flush: for what is not the log (a cache,
    /// or a served command's kept answer). In write-ahead-log mode such a commit is flushed by
    /// the next full one, the log's own, so it is never durable before what precedes it; lost
    /// to a power cut, it is either remade (a cache) or leaves a retry answered as unknown.
    pub fn relaxed<T>(&self, write: impl FnOnce(&Store) -> T) -> T {
        // Inside a transaction (an import's), the outer commit decides; nothing is changed.
        let relaxed =
            self.conn.is_autocommit() && self.conn.pragma_update(None, "synchronous", "NORMAL").is_ok();
        let written = write(self);
        if relaxed {
            // Should this fail, the log's own appends set FULL again before they commit.
            let _restored = self.conn.pragma_update(None, "synchronous", "FULL");
        }
        written
    }

    /// Whether this connection was opened to read only.
    pub fn is_read_only(&self) -> bool {
        self.conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(true)
    }

    /// Runs `f` holding the write lock, so nothing can be appended between what `f` reads
    /// and what it writes; committed if `f` succeeds, rolled back otherwise. Within a
    /// transaction already open (which holds the lock), `f` runs in a savepoint.
    pub fn locked<T, E: From<StoreError>>(
        &mut self,
        f: impl FnOnce(&mut Store) -> Result<T, E>,
    ) -> Result<T, E> {
        if !self.conn.is_autocommit() {
            self.begin_savepoint("locked")?;
            let result = f(self);
            return self.end_savepoint("locked", result);
        }
        retry_busy(|| self.conn.execute_batch("BEGIN IMMEDIATE")).map_err(E::from)?;
        let result = f(self);
        self.end_transaction(result)
    }

    /// Takes the write lock and holds it, writing nothing durable, until
    /// [`Store::release_write_lock`]: what is read and written between is one transaction,
    /// which no other writer, in this process or another, can slip into.
    pub fn hold_write_lock(&self) -> Result<(), StoreError> {
        self.conn.pragma_update(None, "synchronous", "FULL")?;
        retry_busy(|| self.conn.execute_batch("BEGIN IMMEDIATE"))
    }

    /// Takes the write lock as [`Store::hold_write_lock`] does, for a transaction whose commit
    /// writes the write-ahead log without waiting for the disk: the caller flushes it with
    /// [`flush_log`] before it tells anyone the transaction is kept. In write-ahead-log mode a
    /// commit that is not flushed is never a damaged file, only one a power cut can undo.
    pub fn hold_write_lock_flushed_later(&self) -> Result<(), StoreError> {
        self.conn.pragma_update(None, "synchronous", "NORMAL")?;
        retry_busy(|| self.conn.execute_batch("BEGIN IMMEDIATE"))
    }

    /// Commits what was written since [`Store::hold_write_lock_flushed_later`], unflushed, and
    /// lets the lock go; the connection's next commits wait for the disk again.
    pub fn release_write_lock_unflushed(&self) -> Result<(), StoreError> {
        let committed = self.release_write_lock();
        // Should this fail, the log's own appends set FULL again before they commit.
        let _restored = self.conn.pragma_update(None, "synchronous", "FULL");
        committed
    }

    /// The write-ahead log this connection commits to, for [`flush_log`].
    pub fn log_path(&self) -> Option<std::path::PathBuf> {
        self.conn
            .path()
            .filter(|p| !p.is_empty())
            .map(|p| format!("{p}-wal").into())
    }

    /// Rolls back everything written since [`Store::hold_write_lock`] and lets the lock go:
    /// what a dry run wrote to see whether it would land.
    pub fn abandon_write_lock(&self) -> Result<(), StoreError> {
        Ok(self.conn.execute_batch("ROLLBACK")?)
    }

    /// Commits what was written since [`Store::hold_write_lock`], flushed to disk, and lets
    /// the lock go.
    pub fn release_write_lock(&self) -> Result<(), StoreError> {
        let committed = self.conn.execute_batch("COMMIT");
        if committed.is_err() && !self.conn.is_autocommit() {
            // Nothing of the transaction is kept; the connection is left ready for the next.
            let _rolled_back = self.conn.execute_batch("ROLLBACK");
        }
        Ok(committed?)
    }

    /// Runs `f` holding the write lock, as [`Store::locked`] does, or within the transaction
    /// already open (which holds it): for a cache brought up to date from what it reads, so no
    /// other writer appends between the reading and the writing.
    pub fn under_write_lock<T, E: From<StoreError>>(
        &self,
        f: impl FnOnce(&Store) -> Result<T, E>,
    ) -> Result<T, E> {
        if !self.conn.is_autocommit() {
            return f(self);
        }
        retry_busy(|| self.conn.execute_batch("BEGIN IMMEDIATE")).map_err(E::from)?;
        let result = f(self);
        self.end_transaction(result)
    }

    /// Commits the transaction `BEGIN IMMEDIATE` opened when `result` is a success, and
    /// rolls it back otherwise.
    fn end_transaction<T, E: From<StoreError>>(&self, result: Result<T, E>) -> Result<T, E> {
        let end = if result.is_ok() { "COMMIT" } else { "ROLLBACK" };
        self.ending(end, result)
    }

    /// Opens the savepoint `name` within the transaction already open: what is written until
    /// [`Store::end_savepoint`] is kept or undone together, the transaction going on.
    pub fn begin_savepoint<E: From<StoreError>>(&self, name: &str) -> Result<(), E> {
        self.conn
            .execute_batch(&format!("SAVEPOINT {name}"))
            .map_err(|e| E::from(StoreError::from(e)))
    }

    /// Releases the savepoint `name` when `result` is a success, else undoes what was written
    /// since it first.
    pub fn end_savepoint<T, E: From<StoreError>>(&self, name: &str, result: Result<T, E>) -> Result<T, E> {
        let end = match result.is_ok() {
            true => format!("RELEASE {name}"),
            false => format!("ROLLBACK TO {name}; RELEASE {name}"),
        };
        self.ending(&end, result)
    }

    /// `result`, once `end` (SQL that ends a transaction or savepoint) has run; a success
    /// whose end failed is that failure.
    fn ending<T, E: From<StoreError>>(&self, end: &str, result: Result<T, E>) -> Result<T, E> {
        match (result, self.conn.execute_batch(end)) {
            (Ok(value), Ok(())) => Ok(value),
            (Ok(_), Err(e)) => Err(E::from(StoreError::from(e))),
            (Err(e), _) => Err(e),
        }
    }
}

/// Flushes the write-ahead log at `log` to disk: every transaction committed to it before, by
/// any connection, is then kept through a power cut.
pub fn flush_log(log: &std::path::Path) -> std::io::Result<()> {
    std::fs::File::open(log)?.sync_data()
}
