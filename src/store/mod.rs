//! The SQLite event log: an open database, its campaigns and their heads, reading rows back,
//! dice seeds and the local settings table. Opening and migrating the file is `opening`'s,
//! appending with an expected version `append`'s.

mod apart;
mod append;
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
mod opening;
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

use rusqlite::{Connection, OptionalExtension, params};

pub use apart::{APART_FROM, Apart};
pub use blame_index::{BlameIndexed, BlameWriter, IndexedLine};
pub use bulk::ROWS_PER_INSERT;
pub use checkpoints::{Checkpoint, Columns};
pub use decided::KEPT;
pub use error::StoreError;
pub use head::Head;
use head::{CAMPAIGN_NAMES, head_in, head_with_time};
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

use crate::domain::state::RecordedEvent;

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
    /// Who sends the commands written through this connection, when a server writes them: a
    /// token's name, or a phone's name within its invite ([`Store::set_sending_as`]).
    sender: Option<String>,
    /// The campaigns this connection's caller may be told of (`None`: every one), when a
    /// server serves a caller bound to some: a refusal's advice names no other.
    told_of: Option<Vec<String>>,
    /// Whether the file was opened as immutable (read-only media): its write-ahead log is not
    /// read, which a second connection could not repeat.
    immutable: bool,
    /// This connection's hold on its file, let go once the connection (declared before it,
    /// so dropped first) is closed.
    _holding: held::Holding,
}

impl Store {
    /// SQLite's count of the commits other connections made to the file since this one was
    /// opened: a number that changes when the file does, read without reading the file.
    pub fn data_version(&self) -> Result<i64, StoreError> {
        Ok(self.conn.query_row("PRAGMA data_version", [], |row| row.get(0))?)
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

    /// Names who sends the commands written through this connection from now on, when a
    /// server writes them (`None`: the command line, which sends none).
    pub fn set_sending_as(&mut self, sender: Option<&str>) {
        self.sender = sender.map(str::to_owned);
    }

    /// Who sends the commands written through this connection, when a server writes them.
    pub fn sending_as(&self) -> Option<&str> {
        self.sender.as_deref()
    }

    /// Names the campaigns this connection's caller may be told of from now on (`None`:
    /// every one, as on the command line).
    pub fn set_told_of(&mut self, campaigns: Option<Vec<String>>) {
        self.told_of = campaigns;
    }

    /// Whether this connection's caller may be told of `campaign` (as the file spells it).
    pub fn may_tell_of(&self, campaign: &str) -> bool {
        self.told_of
            .as_ref()
            .is_none_or(|names| names.iter().any(|name| name == campaign))
    }

    /// The raw connection, for tests and checks that go under the log's API on purpose.
    pub fn connection(&self) -> &Connection {
        &self.conn
    }
}
