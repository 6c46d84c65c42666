//! The SQLite event log: opening and migrating the file, appending with an expected
//! version, reading back, and the local settings table.

mod apart;
mod backup;
mod blame_digests;
mod blame_index;
mod bulk;
pub mod chain;
mod checkpoints;
#[cfg(test)]
mod covering_tests;
mod decided;
mod enlisted;
mod error;
mod head;
mod held;
mod known;
mod listed;
mod locking;
mod lookups;
mod ownership;
mod pipeline;
mod points;
mod pool;
mod reset;
mod row;
mod scan;
mod serving;
mod sessions;
mod spread;
mod upgrading;
mod waiting;
mod wal;
mod witnessed;

use std::path::Path;

use chrono::{DateTime, SecondsFormat, Utc};
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use rusqlite_migration::{M, Migrations};

pub use apart::{APART_FROM, Apart};
pub use blame_index::{BlameIndexed, BlameWriter, IndexedLine};
pub use bulk::ROWS_PER_INSERT;
pub use checkpoints::{Checkpoint, Columns};
pub use decided::KEPT;
pub use error::StoreError;
use head::CAMPAIGN_NAMES;
pub use head::Head;
pub use held::is_held as is_open_here;
pub use known::{Known, RARE_KINDS};
pub use locking::flush_log;
pub use pipeline::BATCH;
pub use row::{RowRef, StoredRow};
use row::{limit, stored_row};
pub use scan::Order;
pub use serving::{Keeping, ServedAnswer, TokenRow};
pub use sessions::{InviteRow, InviteUse, SessionRow, Via};
pub use spread::Spread;
pub use upgrading::{Upgrade, on_upgrading};
use waiting::retry_busy;
pub use waiting::{NOTICE_AFTER, on_waiting};
pub use wal::Folded;
pub use witnessed::Witnessed;

use crate::domain::codec;
use crate::domain::event::Event;
use crate::domain::state::RecordedEvent;

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

/// A campaign in the file and its head version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignSummary {
    pub name: String,
    pub version: u64,
}

/// An open muster database.
pub struct Store {
    conn: Connection,
    /// The state a write through this connection left, kept for the next command.
    decided: decided::Decided,
    behind: decided::Behind,
    /// What `campaign list` folded of each campaign through this connection, at its head.
    listed: listed::Listed,
    /// Who the commands written through this connection are recorded by: the front end's
    /// word (the server's caller, the command line's `--as`), written with each command.
    recorder: Option<String>,
    /// Whether the file was opened as immutable (read-only media): its write-ahead log is not
    /// read, which a second connection could not repeat.
    immutable: bool,
    /// This connection's hold on its file, let go once the connection (declared before it,
    /// so dropped first) is closed.
    _holding: held::Holding,
}

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

    /// SQLite's count of the commits other connections made to the file since this one was
    /// opened: a number that changes when the file does, read without reading the file.
    pub fn data_version(&self) -> Result<i64, StoreError> {
        Ok(self.conn.query_row("PRAGMA data_version", [], |row| row.get(0))?)
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
            Ok(found) if (READS_NEED..=known).contains(&found) => Ok(Store {
                conn,
                decided: decided::Decided::default(),
                behind: decided::Behind::default(),
                listed: listed::Listed::default(),
                recorder: None,
                immutable,
                _holding: holding,
            }),
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
        Ok(Store {
            conn,
            decided: decided::Decided::default(),
            behind: decided::Behind::default(),
            listed: listed::Listed::default(),
            recorder: None,
            immutable: false,
            _holding: holding,
        })
    }

    /// The head of `campaign`: version 0 with the genesis hash when it has no events.
    pub fn head(&self, campaign: &str) -> Result<Head, StoreError> {
        head_in(&self.conn, campaign)
    }

    /// The head of `campaign` and when its event was recorded (`None` with no events), read
    /// together.
    pub fn head_and_time(&self, campaign: &str) -> Result<(Head, Option<String>), StoreError> {
        head_with_time(&self.conn, campaign)
    }

    /// The campaign whose name is `name`, compared as Soldier names are (without case, in
    /// either Unicode form), if the file holds one.
    pub fn campaign_named(&self, name: &str) -> Result<Option<String>, StoreError> {
        // Read on the (campaign, version) index alone, not the head's row: every served
        // request names its campaign.
        let held: bool = self
            .conn
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM events WHERE campaign = ?1)")?
            .query_row([name], |row| row.get(0))?;
        if held {
            return Ok(Some(name.to_owned()));
        }
        Ok(self
            .campaigns()?
            .into_iter()
            .map(|c| c.name)
            .find(|other| crate::domain::names::same(other, name)))
    }

    /// Every campaign in the file, oldest first, with its head version.
    pub fn campaigns(&self) -> Result<Vec<CampaignSummary>, StoreError> {
        let mut stmt = self.conn.prepare(&format!(
            "{CAMPAIGN_NAMES}
             SELECT name,
                    (SELECT MAX(version) FROM events WHERE campaign = names.name),
                    (SELECT seq FROM events WHERE campaign = names.name ORDER BY version LIMIT 1) AS first
             FROM names WHERE name IS NOT NULL ORDER BY first"
        ))?;
        let rows = stmt.query_map([], |row| {
            Ok(CampaignSummary {
                name: row.get(0)?,
                version: row.get(1)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The rows of `campaign` in version order, up to and including `up_to` when given.
    pub fn rows(&self, campaign: &str, up_to: Option<u64>) -> Result<Vec<StoredRow>, StoreError> {
        self.rows_between(campaign, 0, up_to)
    }

    /// The rows of `campaign` after version `after`, up to and including `up_to` when given.
    pub fn rows_between(
        &self,
        campaign: &str,
        after: u64,
        up_to: Option<u64>,
    ) -> Result<Vec<StoredRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, campaign, version, event_id, command_id, recorded_at, kind, schema,
                    payload, prev_hash, hash, command
             FROM events WHERE campaign = ?1 AND version > ?2 AND version <= ?3 ORDER BY version",
        )?;
        let rows = stmt.query_map(params![campaign, after, limit(up_to)], stored_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The decoded events of `campaign` in version order, up to `up_to` when given.
    pub fn events(&self, campaign: &str, up_to: Option<u64>) -> Result<Vec<RecordedEvent>, StoreError> {
        self.events_between(campaign, 0, up_to)
    }

    /// The decoded events of `campaign` after version `after`, up to `up_to` when given.
    pub fn events_between(
        &self,
        campaign: &str,
        after: u64,
        up_to: Option<u64>,
    ) -> Result<Vec<RecordedEvent>, StoreError> {
        self.rows_between(campaign, after, up_to)?
            .iter()
            .map(|row| {
                row.decode()
                    .map_err(|e| StoreError::Damaged(format!("version {} of '{campaign}': {e}", row.version)))
            })
            .collect()
    }

    /// Appends one command's events to `campaign` in one transaction.
    ///
    /// Refused with [`StoreError::Conflict`] when the campaign's head is no longer
    /// `expected_version`: another writer got there first, and the caller must decide again.
    pub fn append(
        &mut self,
        campaign: &str,
        expected_version: u64,
        command_id: &str,
        events: &[Event],
        at: DateTime<Utc>,
    ) -> Result<Head, StoreError> {
        self.append_setting(campaign, expected_version, command_id, events, at, None, None)
    }

    /// Like [`Store::append`], the command's first row carrying `command` (its logged form,
    /// JSON), which the hash chain covers.
    pub fn append_command(
        &mut self,
        campaign: &str,
        expected_version: u64,
        (command_id, command): (&str, &str),
        events: &[Event],
        at: DateTime<Utc>,
    ) -> Result<Head, StoreError> {
        self.append_setting(
            campaign,
            expected_version,
            command_id,
            events,
            at,
            None,
            Some(command),
        )
    }

    /// Like [`Store::append`], also writing a setting (`key`, `value`) in the same
    /// transaction, so that both are written or neither; the first row carries `command`
    /// when given.
    #[allow(clippy::too_many_arguments)]
    pub fn append_setting(
        &mut self,
        campaign: &str,
        expected_version: u64,
        command_id: &str,
        events: &[Event],
        at: DateTime<Utc>,
        setting: Option<(&str, &str)>,
        command: Option<&str>,
    ) -> Result<Head, StoreError> {
        let write = |conn: &Connection| -> Result<Head, StoreError> {
            if let Some((key, value)) = setting {
                conn.prepare_cached(
                    "INSERT INTO settings (key, value) VALUES (?1, ?2)
                     ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                )?
                .execute([key, value])?;
            }
            write_events(
                conn,
                campaign,
                expected_version,
                (command_id, command),
                events,
                at,
            )
        };
        self.write_log(write)
    }

    /// Runs `write`, which appends to the log, as one unit: inside a write lock already held
    /// (`Store::locked`, `Store::hold_write_lock`), a savepoint; else a transaction that takes
    /// the lock up front, flushed to disk before it is done.
    fn write_log(
        &mut self,
        write: impl FnOnce(&Connection) -> Result<Head, StoreError>,
    ) -> Result<Head, StoreError> {
        if !self.conn.is_autocommit() {
            let savepoint = self.conn.savepoint()?;
            let head = write(&savepoint)?;
            savepoint.commit()?;
            return Ok(head);
        }
        self.conn.pragma_update(None, "synchronous", "FULL")?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let head = write(&tx)?;
        tx.commit()?;
        Ok(head)
    }

    /// Appends rows that already carry their ids and hashes (an import), in one transaction.
    ///
    /// The rows must continue `campaign`'s chain from `expected` onwards; the caller has
    /// checked their hashes.
    pub fn append_rows(
        &mut self,
        campaign: &str,
        expected: &Head,
        rows: &[StoredRow],
    ) -> Result<Head, StoreError> {
        let write = |conn: &Connection| -> Result<Head, StoreError> {
            let head = head_in(conn, campaign)?;
            if head != *expected {
                return Err(StoreError::Conflict {
                    campaign: campaign.to_owned(),
                    expected: expected.version,
                    found: head.version,
                });
            }
            let rows: Vec<RowRef<'_>> = rows.iter().map(StoredRow::borrowed).collect();
            bulk::Inserts::prepared(conn, "INSERT")?.write(&rows)?;
            head_in(conn, campaign)
        };
        self.write_log(write)
    }

    /// Keeps a dice seed (hex) for `campaign` under its commitment.
    pub fn save_seed(&self, campaign: &str, commitment: &str, seed_hex: &str) -> Result<(), StoreError> {
        self.conn
            .prepare_cached("INSERT OR IGNORE INTO seeds (campaign, commitment, seed) VALUES (?1, ?2, ?3)")?
            .execute([campaign, commitment, seed_hex])?;
        Ok(())
    }

    /// The seed (hex) kept for `campaign` under `commitment`, if this file has it.
    pub fn seed(&self, campaign: &str, commitment: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT seed FROM seeds WHERE campaign = ?1 AND commitment = ?2")?
            .query_row([campaign, commitment], |row| row.get(0))
            .optional()?)
    }

    /// Every seed (hex) kept for `campaign`, with its commitment.
    pub fn seeds_of(&self, campaign: &str) -> Result<Vec<(String, String)>, StoreError> {
        let mut statement = self
            .conn
            .prepare_cached("SELECT commitment, seed FROM seeds WHERE campaign = ?1 ORDER BY commitment")?;
        let seeds = statement
            .query_map([campaign], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(seeds)
    }

    /// The schema version: SQLite's `user_version`, the number of migrations applied.
    pub fn schema_version(&self) -> Result<u32, StoreError> {
        let found: i64 = retry_busy(|| self.conn.query_row("PRAGMA user_version", [], |row| row.get(0)))?;
        u32::try_from(found).map_err(|_| StoreError::Damaged(format!("the schema version is {found}")))
    }

    /// A local setting, such as the selected campaign.
    pub fn setting(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT value FROM settings WHERE key = ?1")?
            .query_row([key], |row| row.get(0))
            .optional()?)
    }

    /// Sets a local setting.
    pub fn set_setting(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.conn
            .prepare_cached(
                "INSERT INTO settings (key, value) VALUES (?1, ?2)
             ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            )?
            .execute([key, value])?;
        Ok(())
    }

    /// Names who records the commands written through this connection from now on (`None`:
    /// nobody named, which the write path takes as the command line).
    pub fn set_recorder(&mut self, name: Option<&str>) {
        self.recorder = name.map(str::to_owned);
    }

    /// Who records the commands written through this connection, if named.
    pub fn recorder(&self) -> Option<&str> {
        self.recorder.as_deref()
    }

    /// The raw connection, for tests and checks that go under the log's API on purpose.
    pub fn connection(&self) -> &Connection {
        &self.conn
    }
}

/// Writes one command's events after the head, if the head is still `expected_version`.
fn write_events(
    conn: &Connection,
    campaign: &str,
    expected_version: u64,
    (command_id, command): (&str, Option<&str>),
    events: &[Event],
    at: DateTime<Utc>,
) -> Result<Head, StoreError> {
    let (mut head, head_at) = head_with_time(conn, campaign)?;
    if head.version != expected_version {
        return Err(StoreError::Conflict {
            campaign: campaign.to_owned(),
            expected: expected_version,
            found: head.version,
        });
    }
    let recorded_at = at.to_rfc3339_opts(SecondsFormat::Secs, true);
    if !crate::clock::recordable(at) {
        return Err(StoreError::ClockOutOfRange { now: recorded_at });
    }
    // A clock set back would stamp this event before its predecessor, and `--as-of` would
    // then leave it out while including events before it. Equal times are fine. A head
    // time that does not parse is `verify`'s to report, not a reason to refuse.
    let behind = head_at
        .as_deref()
        .and_then(|text| DateTime::parse_from_rfc3339(text).ok())
        .is_some_and(|then| at < then);
    if behind {
        return Err(StoreError::ClockBehind {
            campaign: campaign.to_owned(),
            version: head.version,
            head_at: head_at.unwrap_or_default(),
            now: recorded_at,
        });
    }
    for (i, event) in events.iter().enumerate() {
        let encoded = codec::encode(event);
        let row = StoredRow {
            seq: 0,
            campaign: campaign.to_owned(),
            version: head.version + 1,
            event_id: crate::ids::event_id(campaign, head.version + 1, at),
            command_id: command_id.to_owned(),
            recorded_at: recorded_at.clone(),
            kind: encoded.kind.to_owned(),
            schema: encoded.schema,
            payload: encoded.payload,
            prev_hash: head.hash.clone(),
            hash: String::new(),
            // The command is on its first row only.
            command: command.filter(|_| i == 0).map(str::to_owned),
        };
        let hash = chain::hash(&head.hash, &row.link()).ok_or_else(|| {
            StoreError::Damaged(format!("the head hash of '{campaign}' is not 64 hex digits"))
        })?;
        head = Head {
            version: row.version,
            hash: hash.clone(),
        };
        insert(conn, &StoredRow { hash, ..row })?;
    }
    Ok(head)
}

fn head_in(conn: &Connection, campaign: &str) -> Result<Head, StoreError> {
    Ok(head_with_time(conn, campaign)?.0)
}

/// The head of `campaign` and the time its event was recorded (`None` with no events).
fn head_with_time(conn: &Connection, campaign: &str) -> Result<(Head, Option<String>), StoreError> {
    let head = conn
        .prepare_cached(
            "SELECT version, hash, recorded_at FROM events WHERE campaign = ?1 ORDER BY version DESC LIMIT 1",
        )?
        .query_row([campaign], |row| {
            Ok((
                Head {
                    version: row.get(0)?,
                    hash: row.get(1)?,
                },
                Some(row.get(2)?),
            ))
        })
        .optional()?;
    Ok(head.unwrap_or_else(|| (Head::empty(), None)))
}

fn insert(tx: &Connection, row: &StoredRow) -> Result<(), StoreError> {
    // Prepared once per connection: an import inserts rows by the hundred thousand.
    tx.prepare_cached(
        "INSERT INTO events (campaign, version, event_id, command_id, recorded_at, kind,
                             schema, payload, prev_hash, hash, command)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )?
    .execute(params![
        row.campaign,
        row.version,
        row.event_id,
        row.command_id,
        row.recorded_at,
        row.kind,
        row.schema,
        row.payload,
        row.prev_hash,
        row.hash,
        row.command
    ])?;
    Ok(())
}
