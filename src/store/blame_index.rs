//! Blame's index: each Soldier's lines (the events that moved his sheet, and how), kept
//! beside the log as a cache with what vouches for it: the event it was made up to, the
//! code that made it, and a digest of each Soldier's lines.

use std::collections::BTreeMap;
use std::fmt::Write;

use rusqlite::{OptionalExtension, params};
use serde_json::value::RawValue;

use super::blame_digests::Digests;
use super::head::CAMPAIGN_NAMES;
use super::row::{COLUMNS, signed, stored_row};
use super::{Store, StoreError, StoredRow};

/// How far an index of one campaign reaches, and whether the log still vouches for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlameIndexed {
    /// The tag of the code that made it.
    pub projection: String,
    /// The last event it covers.
    pub version: u64,
    /// Whether the log still holds, at `version`, the event the index was made up to.
    pub log_agrees: bool,
}

/// One line of a Soldier's index, read with the event it is about.
pub struct IndexedLine {
    /// The fields the event moved and how, as JSON.
    pub changes: String,
    pub voided: bool,
    pub row: StoredRow,
}

impl Store {
    /// How far the blame index of `campaign` reaches; `None` when there is none, or the file
    /// predates it or its runs (a read-only open of a file an older muster wrote).
    pub fn blame_indexed(&self, campaign: &str) -> Result<Option<BlameIndexed>, StoreError> {
        if !self.has_blame_index()? {
            return Ok(None);
        }
        Ok(self
            .conn
            .prepare_cached(
                "SELECT b.projection, b.version, e.hash IS b.event_hash
                 FROM blame_index AS b
                 LEFT JOIN events AS e ON e.campaign = b.campaign AND e.version = b.version
                 WHERE b.campaign = ?1",
            )?
            .query_row(params![campaign], |row| {
                Ok(BlameIndexed {
                    projection: row.get(0)?,
                    version: row.get(1)?,
                    log_agrees: row.get(2)?,
                })
            })
            .optional()?)
    }

    /// Calls `f` with each line of `soldier`'s index in version order, and then says whether
    /// his lines still match their digest (`false`: one was edited, added, taken away or
    /// moved out of order, or names an event the log does not hold).
    pub fn for_each_blame_line(
        &self,
        campaign: &str,
        soldier: &str,
        mut f: impl FnMut(IndexedLine) -> Result<(), StoreError>,
    ) -> Result<bool, StoreError> {
        let mut runs = self.conn.prepare_cached(
            "SELECT lines FROM blame_runs WHERE campaign = ?1 AND soldier = ?2 ORDER BY first",
        )?;
        let mut event = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM events WHERE campaign = ?1 AND version = ?2"
        ))?;
        let mut rows = runs.query(params![campaign, soldier])?;
        let mut digest = Digests::default();
        let mut after = 0;
        while let Some(row) = rows.next()? {
            let text = row.get_ref(0)?.as_str().unwrap_or_default();
            let Some(lines) = lines_of(text) else {
                return Ok(false);
            };
            for (version, changes, voided) in lines {
                // Strictly in order, so no line is read twice: two copies of a line would
                // cancel out of the digest.
                if version <= after {
                    return Ok(false);
                }
                after = version;
                let Some(stored) = event
                    .query_row(params![campaign, signed(version)], stored_row)
                    .optional()?
                else {
                    return Ok(false);
                };
                digest.add(soldier, version, changes.get(), voided);
                f(IndexedLine {
                    changes: changes.get().to_owned(),
                    voided,
                    row: stored,
                })?;
            }
        }
        let kept: Option<String> = self
            .conn
            .prepare_cached("SELECT digest FROM blame_soldiers WHERE campaign = ?1 AND soldier = ?2")?
            .query_row(params![campaign, soldier], |row| row.get(0))
            .optional()?;
        Ok(kept.unwrap_or_else(Digests::empty) == digest.hex(soldier))
    }

    /// Writes the index of `campaign` anew from after `from`: its lines after `from` are
    /// dropped, `write` adds the new ones, and the index then covers up to `version`, made
    /// by `projection`. One transaction: a failure leaves the index as it was.
    pub fn index_blame<E: From<StoreError>>(
        &self,
        campaign: &str,
        projection: &str,
        from: u64,
        write: impl FnOnce(&mut BlameWriter<'_>) -> Result<u64, E>,
    ) -> Result<(), E> {
        // Inside a transaction already (an import's), a savepoint keeps the rewrite whole.
        if !self.conn.is_autocommit() {
            self.begin_savepoint::<E>("blame_index")?;
            let written = self.rewrite_blame(campaign, projection, from, write);
            return self.end_savepoint("blame_index", written);
        }
        // A cache's commit waits for no disk flush (see `Store::relaxed`).
        self.relaxed(|store| {
            let tx = store.conn.unchecked_transaction().map_err(StoreError::from)?;
            store.rewrite_blame(campaign, projection, from, write)?;
            tx.commit().map_err(StoreError::from)?;
            Ok(())
        })
    }

    fn rewrite_blame<E: From<StoreError>>(
        &self,
        campaign: &str,
        projection: &str,
        from: u64,
        write: impl FnOnce(&mut BlameWriter<'_>) -> Result<u64, E>,
    ) -> Result<(), E> {
        let mut writer = BlameWriter::start(self, campaign, from)?;
        let version = write(&mut writer)?;
        writer.finish(projection, version)?;
        Ok(())
    }

    /// The campaigns whose blame index made by `projection` (and still vouched for by the
    /// log) covers less than their head's last `reach` events, or that have none: those a
    /// write leaves for `muster rebuild`. By their versions alone, one query for the file.
    pub fn campaigns_blame_left(&self, projection: &str, reach: u64) -> Result<Vec<String>, StoreError> {
        let reach = i64::try_from(reach).unwrap_or(i64::MAX);
        let mut stmt = self.conn.prepare(&format!(
            "{CAMPAIGN_NAMES}
             SELECT name FROM names WHERE name IS NOT NULL
               AND (SELECT MAX(version) FROM events WHERE campaign = names.name)
                   > COALESCE((SELECT b.version FROM blame_index AS b
                               JOIN events AS e ON e.campaign = b.campaign AND e.version = b.version
                                              AND e.hash = b.event_hash
                               WHERE b.campaign = names.name AND b.projection = ?1), 0) + ?2"
        ))?;
        let names = stmt.query_map(params![projection, reach], |row| row.get::<_, String>(0))?;
        Ok(names.collect::<Result<_, _>>()?)
    }

    /// Whether the file has the index as this code reads it: a read-only open also reads
    /// files from before its runs (0021), whose lines it does not read.
    fn has_blame_index(&self) -> Result<bool, StoreError> {
        Ok(self
            .conn
            .prepare_cached(
                "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'blame_runs'",
            )?
            .query_row([], |row| row.get(0))?)
    }
}

/// Adds lines to a campaign's blame index inside the transaction that rewrites it.
pub struct BlameWriter<'a> {
    store: &'a Store,
    campaign: &'a str,
    /// The digests of the Soldiers whose lines changed, read when first touched: a command
    /// about one Soldier reads and writes his alone.
    digests: Digests,
    /// Each Soldier's run of lines not yet inserted.
    runs: BTreeMap<String, Run>,
}

/// A Soldier's consecutive lines, held until they fill a row.
struct Run {
    first: u64,
    last: u64,
    /// The JSON array of the lines, without its closing bracket.
    lines: String,
}

/// One line as a run stores it: the event's version, what it moved (JSON), and whether it
/// is voided.
type StoredLine<'a> = (u64, &'a RawValue, bool);

/// The lines of a run's stored text; `None` when it is not one (an edited file).
fn lines_of(text: &str) -> Option<Vec<StoredLine<'_>>> {
    serde_json::from_str(text).ok()
}

/// How long a run's lines grow before it is inserted: a row of the table up to about this
/// long stays on its 4 KiB page, and rows appended in rowid order fill pages one after
/// another (in a WITHOUT ROWID table, rows over a quarter of a page spill onto overflow pages
/// and every few inserts split one).
const RUN_BYTES: usize = 3_000;

/// The runs of a campaign reaching past a version (a Soldier with no digest, of a damaged
/// index, is left: his lines never match, so blame reads the log past them until `rebuild
/// --index`).
pub(super) const AFTER: &str = "FROM blame_runs
     WHERE campaign = ?1 AND last > ?2
       AND soldier IN (SELECT soldier FROM blame_soldiers WHERE campaign = ?1)";

impl<'a> BlameWriter<'a> {
    /// Drops the lines after `from`, taking them out of their Soldiers' digests; a run that
    /// reaches past `from` keeps its lines up to it.
    fn start(store: &'a Store, campaign: &'a str, from: u64) -> Result<BlameWriter<'a>, StoreError> {
        let mut writer = BlameWriter {
            store,
            campaign,
            digests: Digests::default(),
            runs: BTreeMap::new(),
        };
        if from == 0 {
            for table in ["blame_runs", "blame_soldiers"] {
                store
                    .conn
                    .prepare_cached(&format!("DELETE FROM {table} WHERE campaign = ?1"))?
                    .execute(params![campaign])?;
            }
            return Ok(writer);
        }
        let reaching: Vec<(String, String)> = store
            .conn
            .prepare_cached(&format!("SELECT soldier, lines {AFTER}"))?
            .query_map(params![campaign, signed(from)], |row| {
                Ok((row.get(0)?, row.get(1)?))
            })?
            .collect::<Result<_, _>>()?;
        if reaching.is_empty() {
            return Ok(writer);
        }
        store
            .conn
            .prepare_cached(&format!("DELETE {AFTER}"))?
            .execute(params![campaign, signed(from)])?;
        for (soldier, text) in &reaching {
            writer.touch(soldier)?;
            // A run that is not JSON (an edited file) cannot be taken out of the digest: it
            // is dropped, his digest no longer matches, and his blame reads the log.
            let Some(lines) = lines_of(text) else {
                continue;
            };
            for (version, changes, voided) in lines {
                if version <= from {
                    writer.push(soldier, version, changes.get(), voided)?;
                } else {
                    // XOR takes a line out as it put it in.
                    writer.digests.add(soldier, version, changes.get(), voided);
                }
            }
            // The lines kept go back as the run they were, shortened.
            writer.insert_run(soldier)?;
        }
        Ok(writer)
    }

    /// Adds the line of `soldier` about the event at `version`.
    pub fn add(
        &mut self,
        soldier: String,
        version: u64,
        changes: String,
        voided: bool,
    ) -> Result<(), StoreError> {
        self.touch(&soldier)?;
        self.digests.add(&soldier, version, &changes, voided);
        self.push(&soldier, version, &changes, voided)
    }

    /// Puts a line on the end of `soldier`'s run, inserting the run first if it is full.
    fn push(&mut self, soldier: &str, version: u64, changes: &str, voided: bool) -> Result<(), StoreError> {
        if self
            .runs
            .get(soldier)
            .is_some_and(|run| run.lines.len() + changes.len() > RUN_BYTES)
        {
            self.insert_run(soldier)?;
        }
        let run = match self.runs.get_mut(soldier) {
            Some(run) => {
                run.lines.push(',');
                run
            }
            None => {
                let mut lines = String::with_capacity(RUN_BYTES + 64);
                lines.push('[');
                let run = Run {
                    first: version,
                    last: version,
                    lines,
                };
                self.runs.entry(soldier.to_owned()).or_insert(run)
            }
        };
        run.last = version;
        // Written straight onto the run: a line's own string cost as much as its digest.
        let _infallible = write!(run.lines, "[{version},{changes},{voided}]");
        Ok(())
    }

    /// Inserts `soldier`'s run, if he has one.
    fn insert_run(&mut self, soldier: &str) -> Result<(), StoreError> {
        match self.runs.remove(soldier) {
            Some(run) => self.write_run(soldier, run),
            None => Ok(()),
        }
    }

    /// Writes `run`, of `soldier`'s lines, as a row of the index.
    fn write_run(&self, soldier: &str, mut run: Run) -> Result<(), StoreError> {
        run.lines.push(']');
        self.store
            .conn
            .prepare_cached(
                "INSERT OR REPLACE INTO blame_runs (campaign, soldier, first, last, lines)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![
                self.campaign,
                soldier,
                signed(run.first),
                signed(run.last),
                run.lines
            ])?;
        Ok(())
    }

    /// Reads the kept digest of `soldier`, the first time his lines change.
    fn touch(&mut self, soldier: &str) -> Result<(), StoreError> {
        if self.digests.0.contains_key(soldier) {
            return Ok(());
        }
        let kept: Option<String> = self
            .store
            .conn
            .prepare_cached("SELECT digest FROM blame_soldiers WHERE campaign = ?1 AND soldier = ?2")?
            .query_row(params![self.campaign, soldier], |row| row.get(0))
            .optional()?;
        self.digests
            .restore(soldier.to_owned(), kept.as_deref().unwrap_or_default());
        Ok(())
    }

    fn finish(mut self, projection: &str, version: u64) -> Result<(), StoreError> {
        for (soldier, run) in std::mem::take(&mut self.runs) {
            self.write_run(&soldier, run)?;
        }
        let conn = &self.store.conn;
        let mut kept = conn.prepare_cached(
            "INSERT OR REPLACE INTO blame_soldiers (campaign, soldier, digest) VALUES (?1, ?2, ?3)",
        )?;
        for soldier in self.digests.0.keys() {
            kept.execute(params![self.campaign, soldier, self.digests.hex(soldier)])?;
        }
        // An index up to no event (version 0) has no row: it covers nothing.
        conn.prepare_cached("DELETE FROM blame_index WHERE campaign = ?1")?
            .execute(params![self.campaign])?;
        conn.prepare_cached(
            "INSERT INTO blame_index (campaign, projection, version, event_hash)
             SELECT ?1, ?2, ?3, hash FROM events WHERE campaign = ?1 AND version = ?3",
        )?
        .execute(params![self.campaign, projection, version])?;
        Ok(())
    }
}
