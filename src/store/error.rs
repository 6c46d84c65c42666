//! Storage errors: what can go wrong with the file, kept apart from rule refusals.

use thiserror::Error;

/// A failure of the database file or of a concurrent writer.
#[derive(Debug, Error)]
pub enum StoreError {
    /// Another writer appended first; the caller decides again on fresh state.
    #[error(
        "another muster wrote to campaign '{campaign}' at the same time (expected version {expected}, found {found}); nothing was written"
    )]
    Conflict {
        campaign: String,
        expected: u64,
        found: u64,
    },
    /// The clock is behind the campaign's newest event: writing now would put the log's
    /// history out of order.
    #[error(
        "the clock says {now}, earlier than the newest event of campaign '{campaign}' (v{version}, recorded {head_at}); muster will not write history out of order, so nothing was written: set this machine's clock right and run the command again"
    )]
    ClockBehind {
        campaign: String,
        version: u64,
        head_at: String,
        now: String,
    },
    /// The clock reads a year muster does not record.
    #[error(
        "the clock says {now}, outside the years 1970 to 9999 muster records; nothing was written: set this machine's clock (or MUSTER_NOW) right and run the command again"
    )]
    ClockOutOfRange { now: String },
    /// The file stayed locked by another process for longer than the busy timeout.
    #[error(
        "the database is locked by another muster and stayed locked after waiting; nothing was written; try again"
    )]
    Busy,
    #[error("cannot open the database at {path}: {reason}")]
    Open { path: String, reason: String },
    /// The file is another application's: muster changes nothing in it.
    #[error(
        "{path} is not a muster database ({why}); nothing in it was changed: give muster its own file with --db or MUSTER_DB"
    )]
    Foreign { path: String, why: String },
    /// The file at the path given is no database muster can read: likelier a wrong path than
    /// a damaged file, so the path is named first.
    #[error(
        "{path} is not a database muster can read: {why}; nothing in it was changed. Check the path given with --db or MUSTER_DB, which names muster's database file. If it is muster's file, it is damaged: a backup (`muster backup`) or an export imported into a new file (`muster --db NEW.db import FILE`) takes its place"
    )]
    Unreadable { path: String, why: String },
    /// A read found no database: only a command that writes creates one.
    #[error(
        "there is no muster database at {path} yet; nothing was created: a command that writes (`muster campaign new`, `muster import`) creates it, or point --db at the file"
    )]
    Missing { path: String },
    /// A read met a file an older muster wrote, which a writing command upgrades.
    #[error(
        "{path} was written by an older muster; run a command that writes (or `muster rebuild`) once to bring it up to date, then read it"
    )]
    Older { path: String },
    #[error(
        "the database was written by a newer muster (schema version {found}; this muster knows up to {known}); upgrade muster to use it"
    )]
    TooNew { found: i64, known: usize },
    #[error("could not bring the database's schema up to date: {0}")]
    Migration(String),
    /// The file holds something the log's guarantees rule out.
    #[error("the log is damaged: {0}; run `muster verify` for a full report")]
    Damaged(String),
    /// A dice seed the file keeps no longer hashes to the commitment it is kept under: it was
    /// changed outside muster, so no face is generated from it and it is never revealed.
    #[error(
        "the dice seed kept for campaign '{campaign}' under the commitment {commitment} (its row in the database's seeds table) does not hash to that commitment: it was changed outside muster, so muster neither rolls with it nor reveals it; nothing was written. Give each face with --die N, or commit a fresh seed in its place with `muster seed commit` (its rolls are checkable once `muster seed reveal` logs it); a backup from before the change still keeps the seed as committed"
    )]
    SeedDamaged { campaign: String, commitment: String },
    /// The file could not be written: a full disk, a read-only file, an I/O failure.
    #[error("{0}; nothing was written")]
    Unwritable(String),
    /// A thread working beside the reader stopped (it panicked): the work was cut short.
    #[error("{0}; the work was cut short and nothing was written")]
    Stopped(String),
    #[error("database error: {0}")]
    Sqlite(rusqlite::Error),
}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> Self {
        use rusqlite::ErrorCode;
        let unwritable = |what: &str| StoreError::Unwritable(format!("{what} ({error})"));
        match error.sqlite_error_code() {
            _ if is_busy(&error) => StoreError::Busy,
            Some(ErrorCode::DiskFull) => unwritable("the disk is full, or the file reached its size limit"),
            Some(ErrorCode::ReadOnly) => unwritable("the database file is read-only"),
            Some(ErrorCode::SystemIoFailure) => unwritable("the disk refused a read or write"),
            Some(ErrorCode::CannotOpen) => {
                unwritable("the database file cannot be opened: check the path and its permissions")
            }
            _ => StoreError::Sqlite(error),
        }
    }
}

/// Whether SQLite refused because another connection holds the lock.
pub(super) fn is_busy(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}
