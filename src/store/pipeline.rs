//! Reading a campaign's rows with each row's own work done on the other cores: this thread
//! reads the rows in version order, a batch at a time, while a worker prepares the batch
//! before (hashing, decoding: whatever needs no other row, its rows spread over a rayon pool
//! with a thread per core), and the prepared rows come back here, in version order, to be
//! consumed.
//!
//! Bounded channels hold at most a few batches between the threads, so a campaign of any
//! length needs the same memory. Nothing is allocated per row once the first batches are
//! read: this thread reads into the buffers of the batches it consumed, and what the pool
//! made goes back to the pool to be dropped (a thread freeing another's allocations, row
//! after row, costs more than the work it would save). A read shorter than one batch is
//! prepared on this thread, starting no thread at all; a long fold's rows are read on a
//! thread and a connection of their own (`apart.rs`).

use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::{Scope, ScopedJoinHandle};

use rayon::prelude::*;

use super::apart::{self, Apart};
use super::pool::{panicked, row_pool};
use super::row::{fill, stored_row};
use super::{Columns, Store, StoreError, StoredRow};

/// How many rows the reading thread hands to the worker at once. A few batches are on their
/// way at any time, so their size is a long read's memory: at a million events, `verify` and
/// `rebuild` peaked about 5 MiB lower with 1,024 rows than with 2,048, in the same time.
pub const BATCH: usize = 1024;

/// How many batches may be read ahead of the one being consumed.
const AHEAD: usize = 2;

impl Store {
    /// Calls `consume` with each row of `campaign` in `range` (after its first version, up to
    /// its second, the head when `None`), in version order, and what `prepare` made of it;
    /// `columns` says which columns are read.
    ///
    /// `prepare` runs on other threads, `batch` rows at a time, while this thread reads the
    /// next rows and consumes the ones prepared; `consume` runs here, so it may read the
    /// store. A worker that panics becomes [`StoreError::Stopped`].
    pub fn for_each_prepared<T: Send>(
        &self,
        campaign: &str,
        range: (u64, Option<u64>),
        (batch, columns): (usize, Columns),
        prepare: impl Fn(&StoredRow) -> T + Sync,
        consume: impl FnMut(&StoredRow, &mut T) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        // Only a fold's rows: `verify`'s whole rows, and its reading and folding costing no
        // more than its checking, would cost memory (20 MiB more at a million events) for
        // little time.
        let apart = (columns == Columns::Folded)
            .then(|| self.apart(campaign, range))
            .flatten();
        self.for_each_prepared_on(apart, campaign, range, (batch, columns), prepare, consume)
    }

    /// [`Store::for_each_prepared`] reading on `apart` when given (opened by
    /// [`Store::apart`] before a transaction that writes no events), else here.
    pub fn for_each_prepared_on<T: Send>(
        &self,
        apart: Option<Apart>,
        campaign: &str,
        range: (u64, Option<u64>),
        (batch, columns): (usize, Columns),
        prepare: impl Fn(&StoredRow) -> T + Sync,
        mut consume: impl FnMut(&StoredRow, &mut T) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let batch = batch.max(1);
        if let Some(reader) = apart {
            return apart::for_each_read_apart(
                reader,
                (campaign, range, columns),
                batch,
                &prepare,
                &mut consume,
            );
        }
        std::thread::scope(|scope| {
            let mut lanes: Option<Lanes<'_, T>> = None;
            let mut rows: Vec<StoredRow> = Vec::with_capacity(batch);
            let mut filled = 0;
            let read = self.scan_raw_rows(campaign, range, columns, |row| {
                match rows.get_mut(filled) {
                    Some(slot) => fill(slot, row)?,
                    None => rows.push(stored_row(row)?),
                }
                filled += 1;
                if filled < batch {
                    return Ok(());
                }
                filled = 0;
                let lanes = match lanes.as_mut() {
                    Some(lanes) => lanes,
                    None => lanes.insert(Lanes::start(scope, &prepare)?),
                };
                let full = std::mem::take(&mut rows);
                rows = lanes.send(full, &mut consume)?;
                Ok(())
            });
            rows.truncate(filled);
            let consumed = read.and_then(|()| match lanes.as_mut() {
                // Everything fitted in one batch: prepared here, with no thread started.
                None => rows.iter().try_for_each(|row| consume(row, &mut prepare(row))),
                Some(lanes) => lanes.finish(rows, &mut consume),
            });
            // Hanging up both ends lets a worker blocked on either stop, then it is joined:
            // a worker's panic is the first cause of whatever went wrong here.
            let stopped = lanes.map_or(Ok(()), Lanes::join);
            stopped.and(consumed)
        })
    }
}

/// A batch of rows to prepare, and the results of batches consumed, for the pool to drop
/// (the first is filled again).
type Job<T> = (Vec<StoredRow>, Vec<Vec<T>>);

/// A batch of rows and what was prepared of each.
type Prepared<T> = (Vec<StoredRow>, Vec<T>);

/// The channels to and from the worker, the worker itself, and what this thread is done
/// with: the batches' buffers to read into again, and their results for the pool to drop.
struct Lanes<'scope, T> {
    to_worker: SyncSender<Job<T>>,
    from_worker: Receiver<Prepared<T>>,
    worker: ScopedJoinHandle<'scope, ()>,
    /// Batches sent and not yet received back.
    in_flight: usize,
    spare: Vec<Vec<StoredRow>>,
    spent: Vec<Vec<T>>,
}

impl<'scope, T: Send + 'scope> Lanes<'scope, T> {
    /// Starts the worker, which prepares each batch it is sent with `prepare` on a pool of
    /// as many threads as cores: this thread needs its core only part of the time.
    fn start<P>(scope: &'scope Scope<'scope, '_>, prepare: &'scope P) -> Result<Self, StoreError>
    where
        P: Fn(&StoredRow) -> T + Sync,
    {
        let pool = row_pool()?;
        let (to_worker, inbox) = sync_channel::<Job<T>>(AHEAD + 1);
        let (outbox, from_worker) = sync_channel::<Prepared<T>>(AHEAD + 1);
        let worker = scope.spawn(move || {
            for (rows, mut spent) in inbox {
                let mut prepared = spent.pop().unwrap_or_default();
                pool.install(|| {
                    drop(spent);
                    prepared.clear();
                    prepared.par_extend(rows.par_iter().map(prepare));
                });
                if outbox.send((rows, prepared)).is_err() {
                    // The reader stopped early (an error): nothing more is wanted.
                    return;
                }
            }
        });
        Ok(Lanes {
            to_worker,
            from_worker,
            worker,
            in_flight: 0,
            spare: Vec::new(),
            spent: Vec::new(),
        })
    }

    /// Hands `rows` to the worker, consumes the oldest batches prepared until no more than
    /// [`AHEAD`] are in flight, and gives back a consumed batch to read into.
    fn send(
        &mut self,
        rows: Vec<StoredRow>,
        consume: &mut impl FnMut(&StoredRow, &mut T) -> Result<(), StoreError>,
    ) -> Result<Vec<StoredRow>, StoreError> {
        let spent = std::mem::take(&mut self.spent);
        if self.to_worker.send((rows, spent)).is_err() {
            // The worker hung up (it panicked on a later batch): the batches it prepared
            // before are consumed first, in order, whenever it stopped, until the one it did
            // not finish.
            while self.in_flight > 0 {
                self.receive(consume)?;
            }
            return Err(stopped());
        }
        self.in_flight += 1;
        while self.in_flight > AHEAD {
            self.receive(consume)?;
        }
        Ok(self.spare.pop().unwrap_or_default())
    }

    /// Receives the oldest batch in flight and consumes its rows in order.
    fn receive(
        &mut self,
        consume: &mut impl FnMut(&StoredRow, &mut T) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let (rows, mut prepared) = self.from_worker.recv().map_err(|_| stopped())?;
        self.in_flight -= 1;
        let consumed = rows
            .iter()
            .zip(&mut prepared)
            .try_for_each(|(row, made)| consume(row, made));
        self.spare.push(rows);
        self.spent.push(prepared);
        consumed
    }

    /// Hands the last, partial batch to the worker and consumes everything still in flight.
    fn finish(
        &mut self,
        rest: Vec<StoredRow>,
        consume: &mut impl FnMut(&StoredRow, &mut T) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        if !rest.is_empty() {
            self.send(rest, consume)?;
        }
        while self.in_flight > 0 {
            self.receive(consume)?;
        }
        Ok(())
    }

    /// Hangs up and waits for the worker: its panic becomes an error.
    fn join(self) -> Result<(), StoreError> {
        let Lanes {
            to_worker,
            from_worker,
            worker,
            ..
        } = self;
        drop(to_worker);
        drop(from_worker);
        worker
            .join()
            .map_err(|panic| panicked("the worker preparing rows", &*panic))
    }
}

/// The error when the worker hung up before the rows were all prepared: it panicked, and
/// joining it tells why.
fn stopped() -> StoreError {
    StoreError::Stopped("the worker preparing rows hung up".to_owned())
}
