//! Projection checkpoints: a disposable cache of folded states, kept beside the log, each
//! with what vouches for it (the hash of the event it was taken at and its own digest).

use rusqlite::{OptionalExtension, Row, params};
use sha2::{Digest, Sha256};

use super::head::CAMPAIGN_NAMES;
use super::row::{limit, signed, stored_row};
use super::{Store, StoreError, StoredRow};

/// How many of the newest checkpoints at or before a point a read looks through for one it
/// can trust; older ones stay for reads further back. Written into the statements rather
/// than bound (as the limit below): SQLite prepares a statement again at every run whose
/// `LIMIT` is a bound parameter, a tenth of a served roster read's time.
const TRIED: u8 = 8;

/// How many checkpoints of other projection code (another build of muster) are kept.
const OTHERS_KEPT: u8 = 3;

/// One stored checkpoint, with the log's hash at its version read beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoint {
    pub version: u64,
    /// The hash of the event it was taken at, as it was then.
    pub event_hash: String,
    /// The SHA-256 (hex) of `state`, as it was written.
    pub digest: String,
    /// The serialized state.
    pub state: String,
    /// The log's hash at `version` now, if the log has that version.
    pub log_hash: Option<String>,
}

impl Checkpoint {
    /// Why this checkpoint cannot be trusted, or `None` when its digest matches its state
    /// and its event is still the log's event at its version.
    pub fn flaw(&self) -> Option<String> {
        if digest(&self.state) != self.digest {
            return Some("its state does not match its digest: the checkpoint was edited".to_owned());
        }
        match &self.log_hash {
            None => Some(format!("the log has no version {}", self.version)),
            Some(hash) if *hash != self.event_hash => Some(format!(
                "it was taken at an event with hash {}, but the log's hash at v{} is {}: the log was rewritten",
                prefix(&self.event_hash),
                self.version,
                prefix(hash)
            )),
            Some(_) => None,
        }
    }
}

fn prefix(hash: &str) -> &str {
    hash.get(..20).unwrap_or(hash)
}

/// The SHA-256 of a checkpoint's serialized state, in hex.
pub fn digest(state: &str) -> String {
    hex::encode(Sha256::digest(state.as_bytes()))
}

/// The columns a [`Checkpoint`] is read from, the log's hash at its version joined on.
const SELECT: &str = "SELECT c.version, c.event_hash, c.digest, c.state, e.hash
     FROM checkpoints c LEFT JOIN events e ON e.campaign = c.campaign AND e.version = c.version";

fn checkpoint_row(row: &Row<'_>) -> rusqlite::Result<Checkpoint> {
    Ok(Checkpoint {
        version: row.get(0)?,
        event_hash: row.get(1)?,
        digest: row.get(2)?,
        state: row.get(3)?,
        log_hash: row.get(4)?,
    })
}

/// The rows of a campaign that reach back, between two versions, read from their covering
/// index alone (migration 0020).
pub(super) const REACHING_BACK: &str =
    "SELECT seq, campaign, version, event_id, command_id, recorded_at, kind, schema,
        payload, prev_hash, hash, command
     FROM events
     WHERE campaign = ?1 AND version > ?2 AND version <= ?3
       AND kind IN ('command_voided', 'seed_revealed', 'assertion_recorded')
     ORDER BY version";

impl Store {
    /// The newest few checkpoints of `campaign` at or before `version` made by `projection`,
    /// newest first: whoever uses one checks its [`Checkpoint::flaw`] first.
    pub fn checkpoints(
        &self,
        campaign: &str,
        version: u64,
        projection: &str,
    ) -> Result<Vec<Checkpoint>, StoreError> {
        let limit = i64::try_from(version).unwrap_or(i64::MAX);
        let rows = self
            .conn
            .prepare_cached(&format!(
                "{SELECT} WHERE c.campaign = ?1 AND c.version <= ?2 AND c.projection = ?3
                 ORDER BY c.version DESC LIMIT {TRIED}"
            ))?
            .query_map(params![campaign, limit, projection], checkpoint_row)?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }

    /// The newest checkpoint of `campaign` at or before `version` made by `projection`,
    /// whether or not it can be trusted.
    pub fn checkpoint(
        &self,
        campaign: &str,
        version: u64,
        projection: &str,
    ) -> Result<Option<Checkpoint>, StoreError> {
        let limit = i64::try_from(version).unwrap_or(i64::MAX);
        Ok(self
            .conn
            .prepare_cached(&format!(
                "{SELECT} WHERE c.campaign = ?1 AND c.version <= ?2 AND c.projection = ?3
                 ORDER BY c.version DESC LIMIT 1"
            ))?
            .query_row(params![campaign, limit, projection], checkpoint_row)
            .optional()?)
    }

    /// The versions of every checkpoint of `campaign` made by `projection`, oldest first.
    pub fn checkpoint_versions(&self, campaign: &str, projection: &str) -> Result<Vec<u64>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT version FROM checkpoints WHERE campaign = ?1 AND projection = ?2 ORDER BY version",
        )?;
        let versions = stmt.query_map(params![campaign, projection], |row| row.get::<_, u64>(0))?;
        Ok(versions.collect::<Result<_, _>>()?)
    }

    /// The version of the newest checkpoint of `campaign` made by `projection`, or 0.
    pub fn newest_checkpoint(&self, campaign: &str, projection: &str) -> Result<u64, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT MAX(version) FROM checkpoints WHERE campaign = ?1 AND projection = ?2")?
            .query_row(params![campaign, projection], |row| row.get::<_, Option<u64>>(0))?
            .unwrap_or(0))
    }

    /// The version of the newest checkpoint of `campaign` made by `projection` whose event is
    /// still the log's at its version, or 0: what a write asks to know whether another is due,
    /// without reading any checkpoint's state (nor checking its digest).
    pub fn newest_checkpoint_on_log(&self, campaign: &str, projection: &str) -> Result<u64, StoreError> {
        Ok(self
            .conn
            .prepare_cached(
                "SELECT c.version FROM checkpoints c
                 JOIN events e ON e.campaign = c.campaign AND e.version = c.version AND e.hash = c.event_hash
                 WHERE c.campaign = ?1 AND c.projection = ?2 ORDER BY c.version DESC LIMIT 1",
            )?
            .query_row(params![campaign, projection], |row| row.get::<_, u64>(0))
            .optional()?
            .unwrap_or(0))
    }

    /// The campaigns whose head is `interval` events or more past their newest checkpoint of
    /// `projection` still on the log (0 when none), oldest campaign first: what a writer looks
    /// over when it is quiet. One pass of index probes, reading no checkpoint's state: about
    /// 20 ms for a thousand campaigns of 10,000 events with nothing to catch up, where reading
    /// each one's newest checkpoint took over 300. As for [`Store::newest_checkpoint_on_log`],
    /// no digest is checked.
    pub fn campaigns_checkpoints_behind(
        &self,
        projection: &str,
        interval: u64,
    ) -> Result<Vec<String>, StoreError> {
        let interval = i64::try_from(interval).unwrap_or(i64::MAX);
        let mut stmt = self.conn.prepare(&format!(
            "{CAMPAIGN_NAMES},
             behind(name) AS (
                 SELECT name FROM names WHERE name IS NOT NULL
                   AND (SELECT MAX(version) FROM events WHERE campaign = names.name)
                       >= COALESCE((SELECT c.version FROM checkpoints c
                            JOIN events e ON e.campaign = c.campaign AND e.version = c.version
                                          AND e.hash = c.event_hash
                            WHERE c.campaign = names.name AND c.projection = ?1
                            ORDER BY c.version DESC LIMIT 1), 0) + ?2
             )
             SELECT name FROM behind
             ORDER BY (SELECT seq FROM events WHERE campaign = behind.name ORDER BY version LIMIT 1)"
        ))?;
        let names = stmt.query_map(params![projection, interval], |row| row.get::<_, String>(0))?;
        Ok(names.collect::<Result<_, _>>()?)
    }

    /// Writes a checkpoint of `state` at `version`, vouched for by the log's hash there and
    /// the state's digest, and drops all but the newest few of the campaign's made by other
    /// projection code. Nothing is written when the log has no such version.
    pub fn save_checkpoint(
        &self,
        campaign: &str,
        version: u64,
        projection: &str,
        state: &str,
    ) -> Result<(), StoreError> {
        // A cache's commit waits for no disk flush (see `Store::relaxed`).
        self.relaxed(|store| store.write_checkpoint(campaign, version, projection, state))
    }

    /// Drops `campaign`'s checkpoints made by `projection` up to `up_to`, for a rebuild that
    /// writes them again from the log: none it cannot vouch for is left (an edited one, or one
    /// taken before a void that reaches back past it). Those past `up_to` stay for `verify`
    /// to name, as they say the log lost its tail.
    pub fn drop_checkpoints(&self, campaign: &str, projection: &str, up_to: u64) -> Result<(), StoreError> {
        self.relaxed(|store| {
            store
                .conn
                .prepare_cached(
                    "DELETE FROM checkpoints WHERE campaign = ?1 AND projection = ?2 AND version <= ?3",
                )?
                .execute(params![campaign, projection, signed(up_to)])?;
            Ok(())
        })
    }

    fn write_checkpoint(
        &self,
        campaign: &str,
        version: u64,
        projection: &str,
        state: &str,
    ) -> Result<(), StoreError> {
        self.conn.prepare_cached("INSERT OR REPLACE INTO checkpoints (campaign, projection, version, event_hash, digest, state)
             SELECT ?1, ?2, ?3, hash, ?4, ?5 FROM events WHERE campaign = ?1 AND version = ?3")?.execute(params![campaign, projection, version, digest(state), state])?;
        // This projection's checkpoints are all kept (one per interval), so a read at any
        // point starts near it; another build's keep only their newest few, enough for it
        // to start from when it runs on this file again.
        self.conn
            .prepare_cached(&format!(
                "DELETE FROM checkpoints WHERE campaign = ?1 AND projection <> ?2 AND version NOT IN
               (SELECT kept.version FROM checkpoints AS kept
                WHERE kept.campaign = ?1 AND kept.projection = checkpoints.projection
                ORDER BY kept.version DESC LIMIT {OTHERS_KEPT})"
            ))?
            .execute(params![campaign, projection])?;
        Ok(())
    }
}

/// Which columns of the rows a scan reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Columns {
    /// Every column: for checking a row (its hashes, its stored command) or copying it.
    Whole,
    /// What a fold reads: the version, the command id, the time, the kind, the schema and
    /// the payload; the others are empty (the campaign, the event id, the hashes) or `None`
    /// (the stored command).
    Folded,
}

impl Columns {
    /// The scan of a campaign's rows after `?2` up to `?3`, in version order.
    pub(super) fn scan(self) -> &'static str {
        match self {
            Columns::Whole => {
                "SELECT seq, campaign, version, event_id, command_id, recorded_at, kind, schema,
                        payload, prev_hash, hash, command
                 FROM events WHERE campaign = ?1 AND version > ?2 AND version <= ?3 ORDER BY version"
            }
            // The same places, so one reader fills either: the hashes, the event id and the
            // stored command are most of a row's bytes besides its payload.
            Columns::Folded => {
                "SELECT seq, '', version, '', command_id, recorded_at, kind, schema,
                        payload, '', '', NULL
                 FROM events WHERE campaign = ?1 AND version > ?2 AND version <= ?3 ORDER BY version"
            }
        }
    }
}

impl Store {
    /// Calls `f` with each row of `campaign` after `after`, up to `up_to`, in version order,
    /// one at a time: the log is never held in memory whole.
    pub fn for_each_row(
        &self,
        campaign: &str,
        after: u64,
        up_to: Option<u64>,
        mut f: impl FnMut(StoredRow) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        self.scan_raw_rows(campaign, (after, up_to), Columns::Whole, |row| {
            f(stored_row(row)?)
        })
    }

    /// Calls `f` with each row of `campaign` after `after`, up to `up_to`, in version order,
    /// as SQLite gives it: [`Store::for_each_row`] before the row is copied out. With
    /// [`Columns::Folded`] the columns a fold never reads come back empty.
    pub(super) fn scan_raw_rows(
        &self,
        campaign: &str,
        (after, up_to): (u64, Option<u64>),
        columns: Columns,
        mut f: impl FnMut(&Row<'_>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let mut stmt = self.conn.prepare_cached(columns.scan())?;
        let mut rows = stmt.query(params![campaign, after, limit(up_to)])?;
        while let Some(row) = rows.next()? {
            f(row)?;
        }
        Ok(())
    }

    /// The rows of `campaign` up to `up_to` that reach back over the log (voids, revealed
    /// seeds, asserted sheets), read on their own index without the rest of the log.
    pub fn rows_reaching_back(
        &self,
        campaign: &str,
        up_to: Option<u64>,
    ) -> Result<Vec<StoredRow>, StoreError> {
        self.rows_reaching_back_after(campaign, 0, up_to)
    }

    /// [`Store::rows_reaching_back`] after version `after` only.
    pub fn rows_reaching_back_after(
        &self,
        campaign: &str,
        after: u64,
        up_to: Option<u64>,
    ) -> Result<Vec<StoredRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(REACHING_BACK)?;
        let rows = stmt.query_map(params![campaign, after, limit(up_to)], stored_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The command id and kind of the event of `campaign` at `version`, if there is one.
    pub fn command_at(&self, campaign: &str, version: u64) -> Result<Option<(String, String)>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT command_id, kind FROM events WHERE campaign = ?1 AND version = ?2")?
            .query_row(params![campaign, version], |row| Ok((row.get(0)?, row.get(1)?)))
            .optional()?)
    }

    /// The first version written by the command that wrote `version`, if there is one.
    pub fn command_start(&self, campaign: &str, version: u64) -> Result<Option<u64>, StoreError> {
        let Some((command_id, _)) = self.command_at(campaign, version)? else {
            return Ok(None);
        };
        Ok(self
            .conn
            .prepare_cached("SELECT MIN(version) FROM events WHERE campaign = ?1 AND command_id = ?2")?
            .query_row(params![campaign, command_id], |row| row.get(0))
            .optional()?
            .flatten())
    }

    /// Whether `command_id` wrote an event of `campaign` before `version`.
    pub fn command_before(&self, campaign: &str, command_id: &str, version: u64) -> Result<bool, StoreError> {
        Ok(self
            .conn
            .prepare_cached(
                // `+version`: the lookup goes by command id; left to itself SQLite would
                // walk every earlier version instead.
                "SELECT 1 FROM events WHERE campaign = ?1 AND command_id = ?2 AND +version < ?3 LIMIT 1",
            )?
            .query_row(params![campaign, command_id, version], |_| Ok(()))
            .optional()?
            .is_some())
    }

    /// The greatest command id `campaign`'s log holds, as text: a verifier that resumes after
    /// the head knows from it which ids are new without asking the log of each.
    pub fn greatest_command_id(&self, campaign: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT MAX(command_id) FROM events WHERE campaign = ?1")?
            .query_row([campaign], |row| row.get(0))?)
    }
}
