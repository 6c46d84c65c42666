//! Opening a muster database: creating it, refusing one not ours or from a newer muster,
//! its connection's settings, the schema migrations, and a read-only open for archived files.

use std::path::Path;

use rusqlite::{Connection, TransactionBehavior};
use rusqlite_migration::{M, Migrations};

use super::waiting::{self, retry_busy};
use super::{Store, StoreError, decided, held, listed, ownership, upgrading};

/// The bytes of write-ahead log kept once a checkpoint has emptied it: about as much as one
/// automatic checkpoint lets it hold (1,000 pages, of 16 KiB in a file made before pages of
/// 4 KiB).
const WAL_KEPT: i64 = 16 * 1024 * 1024;

/// The schema migrations, in order. A shipped migration is never edited.
const MIGRATIONS: &[&str] = &[
    include_str!("../../migrations/0001_events.sql"),
    include_str!("../../migrations/0002_refuse_replace.sql"),
    include_str!("../../migrations/0003_seeds.sql"),
    include_str!("../../migrations/0004_checkpoints.sql"),
    include_str!("../../migrations/0005_refuse_replace_by_index.sql"),
    include_str!("../../migrations/0006_events_reaching_back.sql"),
    include_str!("../../migrations/0007_checkpoints_vouched.sql"),
    include_str!("../../migrations/0008_application_id.sql"),
    include_str!("../../migrations/0009_events_of_missions.sql"),
    include_str!("../../migrations/0010_blame_index.sql"),
    include_str!("../../migrations/0011_events_enlisting.sql"),
    include_str!("../../migrations/0012_covering_rare_and_missions.sql"),
    include_str!("../../migrations/0013_serve.sql"),
    include_str!("../../migrations/0014_witnessed_heads.sql"),
    include_str!("../../migrations/0015_served_by_sender.sql"),
    include_str!("../../migrations/0016_events_command.sql"),
    include_str!("../../migrations/0017_invites_sessions.sql"),
    include_str!("../../migrations/0018_award_revisions.sql"),
    include_str!("../../migrations/0019_voids_and_missions_by_name.sql"),
    include_str!("../../migrations/0020_covering_with_command.sql"),
    include_str!("../../migrations/0021_blame_runs.sql"),
    include_str!("../../migrations/0022_event_ids_per_campaign.sql"),
    include_str!("../../migrations/0023_campaigns_of_rights.sql"),
];

/// The oldest schema a read-only open reads: the events' `command` column (0016), which
/// every read of rows selects.
const READS_NEED: usize = 16;

/// How many prepared statements a connection keeps (rusqlite's default is 16): room for
/// every statement a long-lived connection's requests use (the server's: authenticating,
/// reading a campaign's head, checkpoint and seeds, appending, keeping its caches and
/// answers), so none is prepared again for the next request.
const STATEMENTS_KEPT: usize = 128;

impl Store {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| StoreError::Open {
                path: path.display().to_string(),
                reason: e.to_string(),
            })?;
        }
        let conn = Connection::open(path).map_err(|e| StoreError::Open {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        let holding = held::Holding::take(path);
        conn.busy_handler(Some(waiting::busy))?;
        conn.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
        retry_busy(|| Ok(ownership::check_ours(&conn, &path.display().to_string())))??;
        Self::prepare(conn, holding)
    }

    /// Opens the database at `path` to read it only: nothing in the file changes, a file on
    /// read-only media (an archived campaign) can be read and verified, and a missing file
    /// is not created. A file an older muster wrote is read once a writing command has
    /// brought it up to date.
    pub fn open_read_only(path: &Path) -> Result<Store, StoreError> {
        use rusqlite::OpenFlags;
        let shown = path.display().to_string();
        if !path.exists() {
            return Err(StoreError::Missing { path: shown });
        }
        // A file this process already holds through SQLite is never opened outside it (its
        // locks would be dropped), and is known to be a database SQLite reads: its header was
        // checked when it was first opened.
        let held = held::is_held(path);
        ownership::check_header(path, MIGRATIONS.len())?;
        let flags =
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let open = |uri: String| -> Result<(Connection, held::Holding), StoreError> {
            let conn = Connection::open_with_flags(uri, flags).map_err(|e| StoreError::Open {
                path: shown.clone(),
                reason: e.to_string(),
            })?;
            let holding = held::Holding::take(path);
            conn.busy_handler(Some(waiting::busy))?;
            conn.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
            conn.query_row("SELECT count(*) FROM sqlite_master", [], |row| {
                row.get::<_, i64>(0)
            })?;
            Ok((conn, holding))
        };
        let escaped = shown.replace('%', "%25").replace('?', "%3f").replace('#', "%23");
        // A file in write-ahead-log mode needs its shared-memory file to be read; on media
        // nobody can write, it is read as immutable instead. Never a file this process is
        // writing: an immutable read would ignore its write-ahead log, and so its last writes.
        let read_only = open(format!("file:{escaped}?mode=ro"));
        let (conn, holding, immutable) = match read_only {
            Err(e) if held => return Err(e),
            Ok((conn, holding)) => (conn, holding, false),
            Err(_) => {
                let (conn, holding) = open(format!("file:{escaped}?immutable=1"))?;
                (conn, holding, true)
            }
        };
        retry_busy(|| Ok(ownership::check_ours(&conn, &shown)))??;
        let found: i64 = retry_busy(|| conn.query_row("PRAGMA user_version", [], |row| row.get(0)))?;
        let known = MIGRATIONS.len();
        match usize::try_from(found) {
            // Later migrations mark the file, add indexes and reshape caches (blame's runs),
            // which reads do without.
            Ok(found) if (READS_NEED..=known).contains(&found) => Ok(Store::fresh(conn, holding, immutable)),
            Ok(found) if found < READS_NEED && found > 0 => Err(StoreError::Older { path: shown }),
            // A file with no schema yet holds nothing to read.
            Ok(0) => Err(StoreError::Missing { path: shown }),
            _ => Err(StoreError::TooNew { found, known }),
        }
    }

    fn prepare(mut conn: Connection, holding: held::Holding) -> Result<Store, StoreError> {
        // Every transaction takes the write lock up front, so two writers never deadlock
        // upgrading a read lock (which SQLite reports as busy without waiting).
        conn.set_transaction_behavior(TransactionBehavior::Immediate);
        // A file from a newer muster is refused before anything here could change it.
        let found: i64 = retry_busy(|| conn.query_row("PRAGMA user_version", [], |row| row.get(0)))?;
        let known = MIGRATIONS.len();
        if usize::try_from(found).map_or(true, |found| found > known) {
            return Err(StoreError::TooNew { found, known });
        }
        // Pages of 4 KiB for a new file (an existing one keeps its own). A served command
        // writes a few pages of each index its campaign has a leaf in, and every page it writes
        // in its turn's savepoint is journaled first: with 16 KiB pages, 20 clients over 20
        // campaigns wrote three times the bytes to the write-ahead log and spilled each turn's
        // journal to a temporary file (about 200 kB a command), and recorded 30% fewer commands
        // than with 4 KiB. Bigger pages made a million-event import about a tenth faster.
        conn.pragma_update(None, "page_size", 4096)?;
        // Switching a new file to WAL needs a lock SQLite does not wait for; retry briefly.
        let mode: String = retry_busy(|| conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0)))?;
        if !mode.eq_ignore_ascii_case("wal") && !mode.eq_ignore_ascii_case("memory") {
            return Err(StoreError::Damaged(format!(
                "the database refused write-ahead logging (journal mode is {mode})"
            )));
        }
        conn.pragma_update(None, "synchronous", "FULL")?;
        // Once a checkpoint has folded the write-ahead log into the file, the log is cut back
        // to this size, so a burst of writes (an import, a busy night) does not leave it large.
        conn.pragma_update(None, "journal_size_limit", WAL_KEPT)?;
        // A larger page cache (about 16 MiB) keeps big imports and rebuilds off the disk.
        conn.pragma_update(None, "cache_size", -16_384)?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // Each insert fires triggers that may abort it, so SQLite keeps a statement journal
        // for it: in memory while it is small (SQLite's 64 KiB), else a temporary file. Kept
        // in memory whatever its size, the journal of a long savepoint (a push of thousands of
        // events) was walked from its start at the end of every insert: a 10,000-event push
        // took 17 s on a large file.
        conn.pragma_update(None, "temp_store", "FILE")?;
        // A REPLACE's implicit delete then fires the DELETE trigger too.
        conn.pragma_update(None, "recursive_triggers", "ON")?;
        // A new file (schema 0) has no log to make again; an older muster's is told of first.
        if let Ok(from @ 1..) = usize::try_from(found)
            && from < known
        {
            upgrading::tell(&conn, from, known);
        }
        let migrations = Migrations::new(MIGRATIONS.iter().map(|sql| M::up(sql)).collect());
        if let Err(e) = migrations.to_latest(&mut conn) {
            // Two processes opening a new file at once both see it unmigrated; the one that
            // loses fails inside its own transaction, which is harmless once the other has
            // finished, so only a file still behind is an error.
            let now: i64 = conn.query_row("PRAGMA user_version", [], |row| row.get(0))?;
            if usize::try_from(now).ok() != Some(known) {
                return Err(StoreError::Migration(e.to_string()));
            }
        }
        Ok(Store::fresh(conn, holding, false))
    }

    /// A store on `conn` (holding its file by `holding`) with nothing kept yet: no state
    /// decided, no campaign listed, nobody named as recorder or sender.
    fn fresh(conn: Connection, holding: held::Holding, immutable: bool) -> Store {
        Store {
            conn,
            decided: decided::Decided::default(),
            behind: decided::Behind::default(),
            listed: listed::Listed::default(),
            recorder: None,
            sender: None,
            told_of: None,
            immutable,
            _holding: holding,
        }
    }
}
