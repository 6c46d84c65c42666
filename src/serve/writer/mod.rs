//! The server's one writer and its group commit: turns of any campaign run one after another on
//! the writer's connection inside one write transaction, each in its own savepoint, and are
//! answered only once the flush that holds them is on disk.
//!
//! A flush is the cost of a command (a disk sync, milliseconds), so a turn that finds others
//! waiting for the writer leaves its transaction open for them, and the last of them commits
//! all at once: the commands that arrive while one flush is under way go into the next (a
//! push's parts, answered at the push's end, hold no group open). The commit writes the
//! write-ahead log on the writer; the turn that made it then lets the writer go and syncs the
//! log, so the next group is written while this one reaches the disk (a sync keeps every
//! commit written before it, so groups answered out of order lose nothing). A turn
//! that fails undoes its whole group (its connection may have lost the transaction with it),
//! and a commit that fails answers every turn of the group as failed: nothing of it was kept.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use muster::app::{self, held};
use muster::domain::state::CampaignState;
use muster::store::Store;

mod quiet;

/// How many turns one flush holds at most, so the first of a long burst waits for no more.
const GROUP_LIMIT: usize = 64;

/// How far a campaign's blame index may fall behind while the writer is busy: a flush catches
/// it up in one pass once this many events behind, else the writer does once it is quiet
/// ([`Writer::catch_up_indexes`]). Caught up at every flush, the index of each campaign a flush
/// wrote to was read and written again for one or two events.
const INDEX_LAG: u64 = 256;

/// The server's writer connection, its open group, and who waits for it.
pub struct Writer {
    db: PathBuf,
    held: Mutex<Held>,
    /// How many callers wait for the writer.
    waiting: AtomicUsize,
    /// How many of them are a push's parts, which need no group: a turn that leaves no other
    /// caller waiting commits its group.
    parts_waiting: AtomicUsize,
    /// Bumped after every flush and every other write: an open page's stream wakes on it and
    /// reads the head at once.
    pub turns: tokio::sync::watch::Sender<u64>,
}

/// What the writer's lock guards.
struct Held {
    /// The connection, open while the server runs (`None` once a command that panicked took
    /// it with it; opened again by the next caller).
    store: Option<Store>,
    /// The group whose write transaction is open, if any.
    open: Option<Group>,
    /// The campaigns whose checkpoints are still to be looked at once the writer is quiet
    /// ([`Writer::catch_up_checkpoints`]): listed at the first quiet spell, and again after
    /// another program wrote to the file; `None` until then.
    unchecked: Option<Vec<String>>,
    /// The campaigns whose blame index a write leaves for `muster rebuild`, still to be made
    /// once the writer is quiet ([`Writer::make_left_indexes`]), each with the state its last
    /// step made the index up to: listed at the first quiet spell, and again after another
    /// program wrote to the file; `None` until then.
    left: Option<Vec<(String, Option<Box<CampaignState>>)>>,
    /// The writer's connection's count of other programs' commits (`PRAGMA data_version`) when
    /// the lists above were last let go ([`Writer::notice_other_writes`]).
    seen: Option<i64>,
}

/// The turns that share one write transaction, and the flush they wait for.
struct Group {
    flush: Arc<Flush>,
    turns: usize,
    /// The write-ahead log the group's commit is flushed from once the writer is let go
    /// (`None` for a file with none to flush).
    log: Option<PathBuf>,
}

/// A group committed on the writer, to flush to disk once the writer is let go, then answer.
struct Committed {
    flush: Arc<Flush>,
    log: Option<PathBuf>,
    outcome: Result<(), String>,
}

impl Committed {
    /// Flushes the group's commit to disk and tells its turns how it ended; then wakes the
    /// open pages, which are shown only what is kept.
    fn answer(self, turns: &tokio::sync::watch::Sender<u64>) {
        let outcome = match (self.outcome, self.log) {
            (Ok(()), Some(log)) => held::flush(&log).map_err(|e| {
                format!(
                    "the command was written but the disk did not confirm it is kept ({e}); send it again under the same command_id to learn whether it was"
                )
            }),
            (outcome, _) => outcome,
        };
        self.flush.end(outcome);
        turns.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// Tells the group's one turn how its commit ended, leaving the sync to disk and the
    /// pages' waking to [`Writer::sync`].
    fn unsynced(self) {
        self.flush.end(self.outcome);
    }
}

/// When a turn's group is synced to disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Synced {
    /// Before the turn is answered.
    Now,
    /// At [`Writer::sync`], when the group holds this turn alone.
    Later,
}

/// How a group's flush ended, awaited by every turn it holds.
#[derive(Default)]
struct Flush {
    ended: Mutex<Option<Result<(), String>>>,
    done: Condvar,
}

impl Flush {
    fn end(&self, outcome: Result<(), String>) {
        *self.ended.lock().unwrap_or_else(PoisonError::into_inner) = Some(outcome);
        self.done.notify_all();
    }

    fn wait(&self) -> Result<(), String> {
        let mut ended = self.ended.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if let Some(outcome) = ended.as_ref() {
                return outcome.clone();
            }
            ended = self.done.wait(ended).unwrap_or_else(PoisonError::into_inner);
        }
    }
}

impl Writer {
    /// The writer of `db`, on the connection `store`.
    pub fn new(db: PathBuf, store: Store) -> Writer {
        held::for_groups(&store);
        Writer {
            db,
            held: Mutex::new(Held {
                store: Some(store),
                open: None,
                unchecked: None,
                left: None,
                seen: None,
            }),
            waiting: AtomicUsize::new(0),
            parts_waiting: AtomicUsize::new(0),
            turns: tokio::sync::watch::Sender::new(0),
        }
    }

    /// Runs `turn` in the next group (blocking): in its own savepoint of the group's write
    /// transaction, on the writer's connection (`lent` to a command line that runs, given
    /// back). Its value once the group's flush is on disk; an error when `turn` failed (then its
    /// whole group is undone) or the flush did.
    pub fn in_group<T>(
        &self,
        turn: impl FnOnce(&mut Option<Store>) -> Result<T, String>,
    ) -> Result<T, String> {
        self.take_turn(turn, Synced::Now)
    }

    /// Runs `turn` as [`Writer::in_group`] does, for one of a run of turns whose caller is
    /// answered only after the last (a push's parts): a group that holds this turn alone is
    /// committed but neither synced to disk nor are the open pages woken for it here, which
    /// [`Writer::sync`] does once, at the run's end (the file's watcher may wake them a
    /// moment before, as it does for any commit it sees). A group another turn shares is synced
    /// as ever, for that turn is answered. So a push's parts no longer each wait for the
    /// disk, and another campaign's command waits for no part's sync on its way.
    pub fn in_group_synced_later<T>(
        &self,
        turn: impl FnOnce(&mut Option<Store>) -> Result<T, String>,
    ) -> Result<T, String> {
        self.take_turn(turn, Synced::Later)
    }

    /// Syncs to disk every group committed so far, once any open group is flushed, and wakes
    /// the open pages: the end of a run of [`Writer::in_group_synced_later`].
    pub fn sync(&self) -> Result<(), String> {
        let synced = self.alone(|lent| match lent.as_ref() {
            Some(store) => {
                held::flush_now(store).map_err(|e| format!("the disk did not confirm they are kept ({e})"))
            }
            None => Err("the server's connection was lost".to_owned()),
        });
        synced.and_then(|synced| synced)
    }

    /// A turn in the next group, its group synced now or, when it holds this turn alone and
    /// `synced` says so, later.
    fn take_turn<T>(
        &self,
        turn: impl FnOnce(&mut Option<Store>) -> Result<T, String>,
        synced: Synced,
    ) -> Result<T, String> {
        let mut held = self.lock_for(synced);
        let flush = self.join(&mut held)?;
        // A turn that panicked would leave its group waiting for a flush no one makes: it is
        // taken for a failed turn, and its connection, in no known state, is closed.
        let lent = &mut held.store;
        let ran =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| turn(lent))).unwrap_or_else(|_| {
                *lent = None;
                Err("the command stopped before it was recorded; nothing of it was kept".to_owned())
            });
        let kept = match (held.store.as_ref(), ran) {
            (Some(store), Ok(value)) => match held::end_turn(store) {
                Ok(()) => Ok(value),
                Err(e) => Err(format!("the command was not recorded: {e}")),
            },
            (_, Err(e)) => Err(e),
            (None, Ok(_)) => Err("the server's connection was lost".to_owned()),
        };
        let value = match kept {
            Ok(value) => value,
            Err(e) => {
                self.undo(&mut held, &e);
                return Err(e);
            }
        };
        let full = held.open.as_ref().is_some_and(|g| g.turns >= GROUP_LIMIT);
        let alone = held.open.as_ref().is_some_and(|g| g.turns == 1);
        let committed = if full || self.others_waiting() == 0 {
            self.commit(&mut held)
        } else {
            None
        };
        // The flush to disk waits for no lock: the next group is written meanwhile.
        drop(held);
        match committed {
            Some(committed) if alone && synced == Synced::Later => committed.unsynced(),
            Some(committed) => committed.answer(&self.turns),
            None => {}
        }
        flush.wait().map(|()| value)
    }

    /// Runs `f` on the writer's connection (blocking) once the open group, if any, is flushed:
    /// for what writes in its own transaction or none (a push, a session, a setting).
    pub fn alone<T>(&self, f: impl FnOnce(&mut Option<Store>) -> T) -> Result<T, String> {
        let mut held = self.lock();
        self.commit_now(&mut held);
        self.reopen(&mut held)?;
        let done = f(&mut held.store);
        self.turns.send_modify(|n| *n = n.wrapping_add(1));
        Ok(done)
    }

    /// The writer's lock, counted among the waiting while it is awaited.
    fn lock(&self) -> MutexGuard<'_, Held> {
        self.lock_for(Synced::Now)
    }

    /// The writer's lock for a turn synced as `synced` says: a push's part (synced later) is
    /// counted among the parts waiting too.
    fn lock_for(&self, synced: Synced) -> MutexGuard<'_, Held> {
        let part = synced == Synced::Later;
        self.waiting.fetch_add(1, Ordering::SeqCst);
        if part {
            self.parts_waiting.fetch_add(1, Ordering::SeqCst);
        }
        let held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        if part {
            self.parts_waiting.fetch_sub(1, Ordering::SeqCst);
        }
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        held
    }

    /// How many callers other than a push's parts wait for the writer: a turn's group is left
    /// open only for them, for a part is answered at its push's end, not with a group.
    fn others_waiting(&self) -> usize {
        self.waiting
            .load(Ordering::SeqCst)
            .saturating_sub(self.parts_waiting.load(Ordering::SeqCst))
    }

    /// Joins the open group, or opens one (taking the write lock), and begins a turn's
    /// savepoint in it: the flush the turn waits for.
    fn join(&self, held: &mut Held) -> Result<Arc<Flush>, String> {
        self.reopen(held)?;
        let Some(store) = held.store.as_ref() else {
            return Err("the server's connection was lost".to_owned());
        };
        if held.open.is_none() {
            let log = held::hold_group(store).map_err(|e| e.to_string())?;
            held.open = Some(Group {
                flush: Arc::new(Flush::default()),
                turns: 0,
                log,
            });
        }
        if let Err(e) = held::begin_turn(store) {
            let message = format!("the command was not recorded: {e}");
            self.undo(held, &message);
            return Err(message);
        }
        let group = held.open.as_mut().ok_or("the server's group was lost")?;
        group.turns += 1;
        Ok(Arc::clone(&group.flush))
    }

    /// Opens the writer's connection again when a command that panicked took it with it.
    fn reopen(&self, held: &mut Held) -> Result<(), String> {
        if held.store.is_none() {
            let store = app::open(&self.db).map_err(|e| e.to_string())?;
            held::for_groups(&store);
            held.store = Some(store);
        }
        Ok(())
    }

    /// Commits the open group, if any: what is left to flush to disk and answer once the
    /// writer is let go.
    fn commit(&self, held: &mut Held) -> Option<Committed> {
        let group = held.open.take()?;
        let outcome = match held.store.as_ref() {
            Some(store) => {
                held::commit_group(store, INDEX_LAG).map_err(|e| format!("the command was not recorded: {e}"))
            }
            None => Err("the server's connection was lost".to_owned()),
        };
        Some(Committed {
            flush: group.flush,
            log: group.log,
            outcome,
        })
    }

    /// Commits the open group, if any, flushes it and answers its turns, the writer still
    /// held: for what runs on the writer next in a transaction of its own.
    fn commit_now(&self, held: &mut Held) {
        if let Some(committed) = self.commit(held) {
            committed.answer(&self.turns);
        }
    }

    /// Undoes the open group, whose turn failed with `why`: each of its other turns is told
    /// nothing of theirs was kept.
    fn undo(&self, held: &mut Held, why: &str) {
        let Some(group) = held.open.take() else {
            return;
        };
        // A connection that cannot roll back is closed, which does; the next turn opens another.
        if let Some(store) = held.store.as_ref()
            && held::abandon(store).is_err()
        {
            held.store = None;
        }
        group.flush.end(Err(format!(
            "the command was not recorded: another command in its flush failed ({why}); nothing of it was kept, send it again"
        )));
    }
}

#[cfg(test)]
mod tests;
