//! Reading a long run of a campaign's rows on a thread of its own, with a connection of its
//! own, so the thread that consumes them only consumes: three stages (read, prepare on the
//! pool, consume) instead of two, for a fold whose reading costs as much as its folding.
//!
//! Only for a connection to a file that holds no transaction: a second connection then reads
//! what this one would (the newest commit, in one snapshot for the whole scan). A connection in
//! a transaction may hold rows no other connection sees; one opened as immutable (read-only
//! media) reads no write-ahead log, which a second connection could not repeat.

use std::sync::mpsc::sync_channel;

use rayon::prelude::*;
use rusqlite::{Connection, OpenFlags, params};

use super::pool::{panicked, row_pool};
use super::row::{fill, limit, stored_row};
use super::{Columns, Store, StoreError, StoredRow, waiting};

/// How many rows a scan must span before it is read apart: a second connection costs its
/// opening, worth it only for a long read.
pub const APART_FROM: u64 = 16_384;

/// How many batches may wait between two stages.
const AHEAD: usize = 1;

/// A connection of its own on a store's file, opened while the store's connection held no
/// transaction: rows read on it are the rows that connection would read, so long as it
/// writes no events meanwhile (blame's index, made in a transaction of its own, writes none).
pub struct Apart(Connection);

impl Store {
    /// A connection to read a fold's rows of `campaign` in `range` apart, opened now, while
    /// this connection holds no transaction: for a read done later, inside a transaction that
    /// writes no events (see [`Apart`]); `None` when they are read here.
    pub fn apart(&self, campaign: &str, range: (u64, Option<u64>)) -> Option<Apart> {
        self.reader_apart(campaign, range).map(Apart)
    }

    /// Whether a fold's read ([`Columns::Folded`]) of `campaign`'s rows in `range` runs on a
    /// thread and a connection of its own.
    pub fn reads_apart(&self, campaign: &str, range: (u64, Option<u64>)) -> bool {
        self.reader_apart(campaign, range).is_some()
    }

    /// A connection of its own on this store's file, when rows after `after` up to `up_to`
    /// may be read apart (see the module's note); `None` to read them here.
    pub(super) fn reader_apart(
        &self,
        campaign: &str,
        (after, up_to): (u64, Option<u64>),
    ) -> Option<Connection> {
        let path = self.conn.path().filter(|p| !p.is_empty())?;
        if !self.conn.is_autocommit() || self.immutable {
            return None;
        }
        let head = self.head(campaign).ok()?.version;
        if up_to.unwrap_or(head).min(head).saturating_sub(after) < APART_FROM {
            return None;
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).ok()?;
        conn.busy_handler(Some(waiting::busy)).ok()?;
        // Its first read opens the write-ahead log: a file it cannot read is read here instead.
        conn.query_row("SELECT count(*) FROM sqlite_master", [], |row| {
            row.get::<_, i64>(0)
        })
        .ok()?;
        Some(conn)
    }
}

/// Reads `campaign`'s rows in `range` on `reader`, a batch of `batch` at a time, prepares
/// each batch with `prepare` on a pool of a thread per core, and calls `consume` here with
/// each row and what was prepared of it, in version order.
pub(super) fn for_each_read_apart<T: Send>(
    Apart(reader): Apart,
    (campaign, range, columns): (&str, (u64, Option<u64>), Columns),
    batch: usize,
    prepare: &(impl Fn(&StoredRow) -> T + Sync),
    consume: &mut impl FnMut(&StoredRow, &mut T) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let pool = row_pool()?;
    std::thread::scope(|scope| {
        let (to_pool, pool_inbox) = sync_channel::<Vec<StoredRow>>(AHEAD);
        let (to_here, inbox) = sync_channel::<(Vec<StoredRow>, Vec<T>)>(AHEAD);
        // Consumed batches go back: the rows to be read into again, what was prepared of them
        // to be dropped by the pool that made it.
        let (spare_rows, spare_inbox) = sync_channel::<Vec<StoredRow>>(AHEAD);
        let (spent, spent_inbox) = sync_channel::<Vec<T>>(AHEAD);
        let read = scope.spawn(move || -> Result<(), StoreError> {
            let mut stmt = reader.prepare(columns.scan())?;
            let (after, up_to) = range;
            let mut rows = stmt.query(params![campaign, after, limit(up_to)])?;
            let mut filling: Vec<StoredRow> = Vec::with_capacity(batch);
            let mut filled = 0;
            while let Some(row) = rows.next()? {
                match filling.get_mut(filled) {
                    Some(slot) => fill(slot, row)?,
                    None => filling.push(stored_row(row)?),
                }
                filled += 1;
                if filled == batch {
                    let next = spare_inbox.try_recv().unwrap_or_default();
                    if to_pool.send(std::mem::replace(&mut filling, next)).is_err() {
                        // The consumer stopped (an error): nothing more is wanted.
                        return Ok(());
                    }
                    filled = 0;
                }
            }
            filling.truncate(filled);
            if !filling.is_empty() {
                let _stopped = to_pool.send(filling);
            }
            Ok(())
        });
        let prepared = scope.spawn(move || {
            for rows in pool_inbox {
                let done: Vec<Vec<T>> = spent_inbox.try_iter().collect();
                let made = pool.install(|| {
                    drop(done);
                    rows.par_iter().map(prepare).collect::<Vec<T>>()
                });
                if to_here.send((rows, made)).is_err() {
                    return;
                }
            }
        });
        let mut consumed = Ok(());
        for (rows, mut made) in inbox.iter() {
            consumed = rows
                .iter()
                .zip(&mut made)
                .try_for_each(|(row, t)| consume(row, t));
            let _full = spare_rows.try_send(rows);
            let _full = spent.try_send(made);
            if consumed.is_err() {
                break;
            }
        }
        // Hanging up stops the stages behind, whatever they were waiting for.
        drop(inbox);
        drop(spare_rows);
        drop(spent);
        let prepared = prepared
            .join()
            .map_err(|panic| panicked("the worker preparing rows", &*panic));
        let read = read
            .join()
            .map_err(|panic| panicked("the thread reading rows", &*panic))
            .and_then(|read| read);
        read.and(prepared).and(consumed)
    })
}
