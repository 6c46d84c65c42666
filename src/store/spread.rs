//! Reading a long run of a campaign's rows on every core: helpers read runs of versions
//! ahead, each on a connection of its own, and prepare each row straight from SQLite's
//! buffers; the thread that consumes the rows in version order takes each run a helper made,
//! reads and prepares a run itself when no helper has begun it, and helps with a later run
//! while it waits, so no core idles while there is work.
//!
//! `verify` reads this way: its consuming (the fold, and every command decided again) costs
//! about as much as reading and preparing together, and a thread that only consumed would
//! leave the cores waiting on each other (with as many threads as cores there is always
//! one to run). A consumed row holds only the columns that place it in its log (see
//! [`place`]): the payload and the stored command are read by the preparing alone, never
//! copied. The same rules as a read apart (`apart.rs`) say when another connection reads
//! what this one would: a file, no transaction held here, rows that are only ever appended.

use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use rusqlite::{Connection, params};

use super::pool::panicked;
use super::row::{limit, place, row_ref};
use super::{Columns, RowRef, Store, StoreError, StoredRow};

/// How many runs may be read ahead of the one being consumed.
const AHEAD: u64 = 4;

/// The most runs a read is cut into: 4,096 runs of 1,024 versions reach past four million
/// events before a run grows longer.
const MOST_RUNS: u64 = 4096;

/// A run of rows, placed, and what was prepared of each; or why it could not be read.
type Run<T> = Result<Made<T>, StoreError>;

/// A run's rows and what was prepared of them, and which thread prepared them: once consumed,
/// its buffers go back to that thread to be read into again, and what it prepared is freed
/// there (a thread freeing another's allocations, row after row, costs more than the work).
struct Made<T> {
    maker: usize,
    rows: Vec<StoredRow>,
    made: Vec<T>,
}

impl<T> Made<T> {
    fn by(maker: usize) -> Self {
        Made {
            maker,
            rows: Vec::new(),
            made: Vec::new(),
        }
    }
}

/// What the helpers and the consuming thread share, under one lock.
struct Runs<T> {
    /// Runs read ahead and not yet consumed, by number.
    made: BTreeMap<u64, Run<T>>,
    /// The first run nobody has begun.
    next: u64,
    /// The run being consumed.
    consuming: u64,
    /// Set when the consumer is done (or failed): the helpers stop.
    stop: bool,
    /// How many helpers have not yet stopped.
    helping: usize,
    /// Consumed runs, to be read into again by the threads that made them.
    spare: Vec<Made<T>>,
}

impl<T> Runs<T> {
    /// A consumed run `maker` made, to read into again, or new buffers.
    fn spare_of(&mut self, maker: usize) -> Made<T> {
        match self.spare.iter().rposition(|spare| spare.maker == maker) {
            Some(at) => self.spare.swap_remove(at),
            None => Made::by(maker),
        }
    }
}

/// The shared runs and the signal that they changed.
struct Shared<T> {
    runs: Mutex<Runs<T>>,
    changed: Condvar,
}

impl<T> Shared<T> {
    fn lock(&self) -> MutexGuard<'_, Runs<T>> {
        // No holder of the lock leaves the runs half changed: a panic elsewhere is found at
        // the join, which says why.
        self.runs.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wait<'a>(&self, runs: MutexGuard<'a, Runs<T>>) -> MutexGuard<'a, Runs<T>> {
        self.changed.wait(runs).unwrap_or_else(PoisonError::into_inner)
    }
}

/// Counts a helper out when it stops, however it stops (a panic too), and wakes the consumer,
/// which would otherwise wait for a run the helper will never bring.
struct Leaving<'a, T> {
    shared: &'a Shared<T>,
    /// The run the helper began and has not yet left for the consumer.
    reading: Option<u64>,
}

impl<T> Drop for Leaving<'_, T> {
    fn drop(&mut self) {
        let mut runs = self.shared.lock();
        runs.helping = runs.helping.saturating_sub(1);
        // A helper that stops in the middle of a run (it panicked) leaves the run's failure in
        // its place: the consumer waits for that run, and another helper may be waiting for the
        // consumer to move on, so counting helpers out alone would leave both waiting.
        if let Some(k) = self.reading.take() {
            runs.made.entry(k).or_insert_with(|| {
                Err(StoreError::Stopped(
                    "a thread reading rows stopped early".to_owned(),
                ))
            });
        }
        drop(runs);
        self.shared.changed.notify_all();
    }
}

/// Where the runs end: run `k` is the versions after `after + k·run`, up to the next run's
/// start; the last run has no end, so a row past the head (a damaged file's) is read as a
/// scan here reads it.
#[derive(Clone, Copy)]
struct Cut {
    after: u64,
    run: u64,
    runs: u64,
}

impl Cut {
    fn bounds(self, k: u64) -> (u64, Option<u64>) {
        let from = self.after.saturating_add(k.saturating_mul(self.run));
        let to = (k + 1 < self.runs).then(|| from.saturating_add(self.run));
        (from, to)
    }
}

/// How a read on every core goes: the rows after `after`, in runs of `run` versions, read ahead
/// by `helpers` threads beside the one that consumes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spread {
    pub after: u64,
    pub run: u64,
    pub helpers: usize,
}

impl Spread {
    /// The rows after `after` in runs of `run` versions, with a helper for each core but one
    /// (at least one).
    pub fn new(after: u64, run: u64) -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Spread {
            after,
            run,
            helpers: cores.saturating_sub(1).max(1),
        }
    }
}

impl Store {
    /// Calls `consume` with each row of `campaign` after `spread.after`, in version order, and
    /// what `prepare` made of it, reading runs of `spread.run` versions on every core; `None`
    /// when the rows are not read on other connections (see the module's note), for the caller
    /// to read them otherwise.
    ///
    /// `prepare` sees the whole row; `consume` sees the columns that place it (the version,
    /// the command id, the time, the kind, the schema, the hashes, and whether it carries a
    /// command; the campaign, the event id and the payload are empty, the command `Some("")`).
    /// A helper that panics becomes [`StoreError::Stopped`].
    pub fn for_each_spread<T: Send>(
        &self,
        campaign: &str,
        Spread { after, run, helpers }: Spread,
        prepare: impl Fn(RowRef<'_>) -> T + Sync,
        mut consume: impl FnMut(RowRef<'_>, &mut T) -> Result<(), StoreError>,
    ) -> Option<Result<(), StoreError>> {
        let readers: Vec<Connection> = (0..helpers.max(1))
            .map(|_| self.reader_apart(campaign, (after, None)))
            .collect::<Option<_>>()?;
        let head = match self.head(campaign) {
            Ok(head) => head.version,
            Err(e) => return Some(Err(e)),
        };
        // Runs are ranges of versions: a log whose versions leap ahead (a damaged file's) is
        // read in longer runs rather than in millions of empty ones.
        let span = head.saturating_sub(after);
        let run = run.max(span.div_ceil(MOST_RUNS)).max(1);
        let cut = Cut {
            after,
            run,
            runs: span.div_ceil(run).max(1),
        };
        let shared = Shared {
            runs: Mutex::new(Runs {
                made: BTreeMap::new(),
                next: 0,
                consuming: 0,
                stop: false,
                helping: readers.len(),
                spare: Vec::new(),
            }),
            changed: Condvar::new(),
        };
        Some(std::thread::scope(|scope| {
            let (shared, prepare) = (&shared, &prepare);
            let mut helpers = Vec::new();
            let here = readers.len();
            for (i, reader) in readers.into_iter().enumerate() {
                let helper = std::thread::Builder::new()
                    .name(format!("muster-rows-ahead-{i}"))
                    .spawn_scoped(scope, move || help(&reader, (i, campaign, cut), prepare, shared));
                match helper {
                    Ok(helper) => helpers.push(helper),
                    // Without it the others (and this thread) read its runs.
                    Err(_) => {
                        let mut runs = shared.lock();
                        runs.helping = runs.helping.saturating_sub(1);
                    }
                }
            }
            let consumed = (0..cut.runs).try_for_each(|k| {
                match self.take_run(campaign, (here, cut, k), prepare, shared) {
                    Some(Ok(mut run)) => {
                        let consumed = run
                            .rows
                            .iter()
                            .zip(&mut run.made)
                            .try_for_each(|(row, t)| consume(row.borrowed(), t));
                        shared.lock().spare.push(run);
                        consumed
                    }
                    Some(Err(e)) => Err(e),
                    // Nobody had begun it: read, prepared and consumed here, row by row.
                    None => self.scan_raw_rows(campaign, cut.bounds(k), Columns::Whole, |row| {
                        let row = row_ref(row)?;
                        consume(row, &mut prepare(row))
                    }),
                }
            });
            shared.lock().stop = true;
            shared.changed.notify_all();
            // A helper's panic is the first cause of whatever went wrong here. Every helper is
            // joined: a scope whose panicked thread was left unjoined panics itself.
            let joined: Vec<Result<(), StoreError>> = helpers
                .into_iter()
                .map(|helper| {
                    helper
                        .join()
                        .map_err(|panic| panicked("a thread reading rows", &*panic))
                })
                .collect();
            let joined = joined.into_iter().find(Result::is_err).unwrap_or(Ok(()));
            joined.and(consumed)
        }))
    }

    /// Run `k` as a helper made it, or `None` when nobody had begun it (it is now this
    /// thread's to read); while a helper is on it, this thread reads a later run meanwhile.
    fn take_run<T>(
        &self,
        campaign: &str,
        (here, cut, k): (usize, Cut, u64),
        prepare: &impl Fn(RowRef<'_>) -> T,
        shared: &Shared<T>,
    ) -> Option<Run<T>> {
        let mut runs = shared.lock();
        runs.consuming = k;
        shared.changed.notify_all();
        loop {
            if let Some(made) = runs.made.remove(&k) {
                return Some(made);
            }
            if runs.next == k {
                runs.next += 1;
                return None;
            }
            if runs.next < cut.runs && runs.next <= k + AHEAD {
                let later = runs.next;
                runs.next += 1;
                let mut run = runs.spare_of(here);
                drop(runs);
                let read = read_run(&self.conn, (campaign, cut.bounds(later)), &mut run, prepare);
                runs = shared.lock();
                runs.made.insert(later, read.map(|()| run));
                continue;
            }
            if runs.helping == 0 {
                // A helper stopped before it brought the run it began: it panicked.
                return Some(Err(StoreError::Stopped(
                    "a thread reading rows stopped early".to_owned(),
                )));
            }
            runs = shared.wait(runs);
        }
    }
}

/// A helper: begins the next run nobody has, unless that is too far ahead, reads and prepares
/// it, and leaves it for the consumer, until the runs end or the consumer stops.
fn help<T>(
    reader: &Connection,
    (me, campaign, cut): (usize, &str, Cut),
    prepare: &impl Fn(RowRef<'_>) -> T,
    shared: &Shared<T>,
) {
    let mut leaving = Leaving {
        shared,
        reading: None,
    };
    // One snapshot for every run this helper reads.
    let begun = reader
        .execute_batch("BEGIN")
        .map_err(|e| format!("a thread reading rows could not begin: {e}"));
    loop {
        let (k, mut run) = {
            let mut runs = shared.lock();
            while !runs.stop && runs.next < cut.runs && runs.next > runs.consuming + AHEAD {
                runs = shared.wait(runs);
            }
            if runs.stop || runs.next >= cut.runs {
                return;
            }
            let k = runs.next;
            runs.next += 1;
            leaving.reading = Some(k);
            (k, runs.spare_of(me))
        };
        let read = begun
            .clone()
            .map_err(StoreError::Stopped)
            .and_then(|()| read_run(reader, (campaign, cut.bounds(k)), &mut run, prepare));
        let failed = read.is_err();
        shared.lock().made.insert(k, read.map(|()| run));
        leaving.reading = None;
        shared.changed.notify_all();
        if failed {
            return;
        }
    }
}

/// Reads `campaign`'s rows after `after` up to `up_to` on `reader` into `run`: each is
/// prepared straight from SQLite's buffers, and placed (its buffers reused); what `run` held
/// is freed here, by the thread that made it.
fn read_run<T>(
    reader: &Connection,
    (campaign, (after, up_to)): (&str, (u64, Option<u64>)),
    run: &mut Made<T>,
    prepare: &impl Fn(RowRef<'_>) -> T,
) -> Result<(), StoreError> {
    let Made { rows, made, .. } = run;
    made.clear();
    let mut stmt = reader.prepare_cached(Columns::Whole.scan())?;
    let mut read = stmt.query(params![campaign, after, limit(up_to)])?;
    while let Some(row) = read.next()? {
        let row = row_ref(row)?;
        match rows.get_mut(made.len()) {
            Some(slot) => place(slot, &row),
            None => {
                let mut slot = StoredRow::default();
                place(&mut slot, &row);
                rows.push(slot);
            }
        }
        made.push(prepare(row));
    }
    rows.truncate(made.len());
    Ok(())
}
