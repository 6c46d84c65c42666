//! One write transaction around what a front end runs: the server holds the write lock around
//! a group of commands (each a turn in its own savepoint, with its actor and its kept answer),
//! or around a push and who pushed it, so that they commit together or not at all, and no
//! other writer slips between what it reads and what it writes.

use std::path::{Path, PathBuf};

use crate::Error;
use crate::checkpoint;
use crate::domain::state::CampaignState;
use crate::projection::blame::index::{self, Step};
use crate::store::{Folded, KEPT, Store, StoreError};

/// How many events one flush adds to a campaign's blame index at most: about 10 ms of a
/// writer's time, which a command waiting behind it feels.
pub const STEP: u64 = 1_024;

/// How many pages a writer of groups lets the write-ahead log hold before its own commits fold
/// it into the file: the server folds it on a connection of its own ([`fold_wal`]) long
/// before, so this only bounds the log should that stop.
const FOLDED_BY_WRITER_PAST: u32 = 4_000;

/// Makes `store` a writer of groups: blame's indexes its commands leave behind are brought up
/// to date when a group commits ([`commit_group`]) rather than after every command, and the
/// write-ahead log is folded into the file by another connection ([`fold_wal`]): folded by
/// the commit that found it past SQLite's thousand pages, it held the writer 25-35 ms on a
/// large file, and every command waiting behind it.
pub fn for_groups(store: &Store) {
    store.index_once_per_flush();
    // Not set, the writer folds the log itself, as SQLite does by default: slower, not wrong.
    let _tuning = store.fold_wal_past(FOLDED_BY_WRITER_PAST);
}

/// Folds into the file the write-ahead log's pages no reader still reads, on `store`, a
/// connection beside a writer of groups, waiting for neither.
pub fn fold_wal(store: &Store) -> Result<Folded, StoreError> {
    store.fold_wal()
}

/// Takes the write lock and holds it until [`catch_up_and_commit`] or [`abandon`].
fn hold(store: &Store) -> Result<(), StoreError> {
    store.hold_write_lock()
}

/// Takes the write lock and holds it for a group of commands, as [`hold`] does, except that
/// its commit ([`commit_group`]) writes the write-ahead log without waiting for the disk: the
/// log at the path given back is flushed with [`flush`] once the lock is let go, before any
/// command of the group is answered, so the next group is written while this one's flush is
/// under way.
pub fn hold_group(store: &Store) -> Result<Option<PathBuf>, StoreError> {
    store.hold_write_lock_flushed_later()?;
    Ok(store.log_path())
}

/// Flushes `store`'s write-ahead log to disk, if it has one: every group committed on it
/// before is then kept through a power cut.
pub fn flush_now(store: &Store) -> std::io::Result<()> {
    store.log_path().map_or(Ok(()), |log| flush(&log))
}

/// Flushes the write-ahead log at `log` to disk (what [`hold_group`] gave): every group
/// committed before is then kept through a power cut.
pub fn flush(log: &Path) -> std::io::Result<()> {
    crate::store::flush_log(log)
}

/// Commits what was written since [`hold`], flushed to disk, and lets the lock go, first
/// bringing up to date, in the same transaction, blame's indexes its
/// commands left behind ([`Store::index_once_per_flush`]) by at least `lag` events, over at
/// most [`STEP`] events each: a busy writer lets an index lag a little (blame reads the log past
/// it) and catches it up in a few passes, rather than once per flush for every campaign written
/// to, nor all at once after a push of thousands of events.
///
/// Past [`KEPT`] campaigns behind, the ones noted first are caught up whatever their lag, so
/// the states kept for them stay bounded.
fn catch_up_and_commit(store: &Store, lag: u64) -> Result<(), StoreError> {
    catch_up(store, lag)?;
    store.release_write_lock()
}

/// [`catch_up_and_commit`] for a group held by [`hold_group`]: its commit is written to the
/// write-ahead log unflushed, for [`flush`] once the lock is let go.
pub fn commit_group(store: &Store, lag: u64) -> Result<(), StoreError> {
    catch_up(store, lag)?;
    store.release_write_lock_unflushed()
}

/// Brings blame's indexes up to date in the transaction held, as [`catch_up_and_commit`] says;
/// when the log cannot be read for it, rolls the transaction back and lets the lock go, so the
/// connection is ready for the next.
fn catch_up(store: &Store, lag: u64) -> Result<(), StoreError> {
    let caught_up = indexes_caught_up(store, lag);
    if caught_up.is_err() {
        let _rolled_back = store.abandon_write_lock();
    }
    caught_up
}

/// [`catch_up`] itself, leaving the transaction as it is.
fn indexes_caught_up(store: &Store, lag: u64) -> Result<(), StoreError> {
    let behind = store.indexes_behind();
    let oldest = behind.len().saturating_sub(KEPT);
    for (n, (campaign, before)) in behind.into_iter().enumerate() {
        let made_up_to = before.as_ref().map_or(0, |b| b.version);
        let behind = store.head(&campaign)?.version.saturating_sub(made_up_to);
        if behind < lag && n >= oldest {
            store.index_later(&campaign, before);
            continue;
        }
        // A cache: an index left behind (one that failed) is read past by blame and made
        // again by a later write; one a step took closer is noted for the next.
        if let Ok(Step::Short(made)) = index::refresh_by(store, &campaign, before, STEP) {
            store.index_later(&campaign, Some(*made));
        }
    }
    Ok(())
}

/// Brings up to date, in a write transaction of its own, the blame indexes the flushes left
/// behind, [`STEP`] events each: what a writer does once it is quiet. False when none was
/// behind (nothing was done).
pub fn catch_up_indexes(store: &Store) -> Result<bool, StoreError> {
    if !store.has_indexes_behind() {
        return Ok(false);
    }
    hold(store)?;
    catch_up_and_commit(store, 0)?;
    Ok(true)
}

/// The campaigns of the file whose checkpoints a writer may have to catch up, for it to look
/// at one at a time ([`catch_up_checkpoint`]): those a checkpoint interval or more past their
/// newest checkpoint of this build's projection, as a write would find them.
pub fn campaigns_checkpoints_behind(store: &Store) -> Result<Vec<String>, StoreError> {
    store.campaigns_checkpoints_behind(checkpoint::PROJECTION, checkpoint::INTERVAL)
}

/// The campaigns of the file whose blame index a write leaves for `muster rebuild` (made by
/// other code, as a new build of muster finds them, or further behind than a write catches
/// up), for a writer to make one at a time once it is quiet ([`make_left_index`]).
pub fn campaigns_blame_left(store: &Store) -> Result<Vec<String>, StoreError> {
    store.campaigns_blame_left(index::INDEX, index::CATCH_UP)
}

/// Makes [`STEP`] more events of the blame index of `campaign` left for `muster rebuild`, in a
/// write transaction of its own, from `before` (the state the step before made it up to):
/// what a writer does once it is quiet, so blame stops reading the log past it.
pub fn make_left_index(store: &Store, campaign: &str, before: Option<CampaignState>) -> Result<Step, Error> {
    index::make_by(store, campaign, before, STEP)
}

/// Writes a checkpoint at the head of `campaign`, in a write transaction of its own, when its
/// newest usable one is a checkpoint interval or more behind: what a writer does once it is
/// quiet, for the campaigns a new build of muster finds checkpointed by other code, so their
/// reads stop folding the whole log. True when it wrote one.
pub fn catch_up_checkpoint(store: &Store, campaign: &str) -> Result<bool, Error> {
    checkpoint::catch_up(store, campaign)
}

/// Rolls back what was written since [`hold`] and lets the lock go.
pub fn abandon(store: &Store) -> Result<(), StoreError> {
    store.abandon_write_lock()
}

/// Begins a turn within what [`hold`] holds: what it writes until [`end_turn`] is one savepoint.
pub fn begin_turn(store: &Store) -> Result<(), StoreError> {
    store.begin_savepoint("turn")
}

/// Ends the turn [`begin_turn`] began, keeping what it wrote in the transaction held.
pub fn end_turn(store: &Store) -> Result<(), StoreError> {
    store.end_savepoint("turn", Ok::<(), StoreError>(()))
}
