//! Waiting for another writer's lock: SQLite's busy handler and the retry around what SQLite
//! does not wait for, both bounded, and the notice a front end may give once a wait has gone
//! on for [`NOTICE_AFTER`] (the library itself prints nothing).

use std::cell::Cell;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::{StoreError, error};

/// How long a writer waits for another process's lock before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a wait goes on before the front end is told of it.
pub const NOTICE_AFTER: Duration = Duration::from_millis(500);

/// How long [`retry_busy`] tries again what SQLite reports busy without waiting.
const RETRY_FOR: Duration = Duration::from_secs(2);

/// What the front end does once a wait has gone on for [`NOTICE_AFTER`].
static NOTICE: OnceLock<fn()> = OnceLock::new();

/// Has `notice` run once each wait for another writer's lock has gone on for
/// [`NOTICE_AFTER`]; the first front end to ask keeps it for the life of the process.
pub fn on_waiting(notice: fn()) {
    let _first_kept = NOTICE.set(notice);
}

/// One wait for a lock: when it began and whether the front end was told.
#[derive(Clone, Copy)]
struct Wait {
    started: Instant,
    told: bool,
}

impl Wait {
    fn new() -> Wait {
        Wait {
            started: Instant::now(),
            told: false,
        }
    }

    /// How long this wait has gone on, once the front end was told of it if it is long.
    fn elapsed(&mut self) -> Duration {
        let elapsed = self.started.elapsed();
        if !self.told && elapsed >= NOTICE_AFTER {
            self.told = true;
            if let Some(notice) = NOTICE.get() {
                notice();
            }
        }
        elapsed
    }
}

thread_local! {
    /// The wait SQLite's busy handler is in on this thread (it runs on the waiting thread).
    static BUSY: Cell<Option<Wait>> = const { Cell::new(None) };
}

/// SQLite's busy handler: sleeps a little more each time, up to [`BUSY_TIMEOUT`] since the
/// wait began (`count` is 0 on a new one), then gives up, so SQLite answers busy.
pub(super) fn busy(count: i32) -> bool {
    const PAUSES_MS: [u64; 12] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100];
    let mut wait = match BUSY.get() {
        Some(wait) if count > 0 => wait,
        _ => Wait::new(),
    };
    let elapsed = wait.elapsed();
    BUSY.set(Some(wait));
    let Some(left) = BUSY_TIMEOUT.checked_sub(elapsed).filter(|left| !left.is_zero()) else {
        return false;
    };
    let step = usize::try_from(count).map_or(0, |c| c.min(PAUSES_MS.len() - 1));
    let pause = PAUSES_MS.get(step).copied().unwrap_or(100);
    std::thread::sleep(Duration::from_millis(pause).min(left));
    true
}

/// Runs `f` again while SQLite reports the file busy without waiting (upgrading a read lock,
/// switching a new file's journal), sleeping up to about two seconds in all.
pub(super) fn retry_busy<T>(mut f: impl FnMut() -> rusqlite::Result<T>) -> Result<T, StoreError> {
    let mut wait = Wait::new();
    let mut slept = Duration::ZERO;
    loop {
        match f() {
            Err(e) if error::is_busy(&e) && slept < RETRY_FOR => {
                let pause = Duration::from_millis(10);
                std::thread::sleep(pause);
                slept += pause;
                wait.elapsed();
            }
            other => return Ok(other?),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::store::Store;

    /// How many times the front end was told of a wait; only this test waits on a lock.
    static TOLD: AtomicUsize = AtomicUsize::new(0);

    fn told() {
        TOLD.fetch_add(1, Ordering::SeqCst);
    }

    #[test]
    fn a_writer_kept_waiting_half_a_second_tells_the_front_end_once_and_goes_through_when_freed() {
        on_waiting(told);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("muster.db");
        let store = Store::open(&path).unwrap();
        let holder = rusqlite::Connection::open(&path).unwrap();
        holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
        // The other writer lets go once told the store waits, or gives up after 8 s.
        let release = std::thread::spawn(move || {
            let started = Instant::now();
            while TOLD.load(Ordering::SeqCst) == 0 && started.elapsed() < Duration::from_secs(8) {
                std::thread::sleep(Duration::from_millis(10));
            }
            holder.execute_batch("ROLLBACK").unwrap();
        });
        let started = Instant::now();
        store.hold_write_lock().unwrap();
        let waited = started.elapsed();
        store.abandon_write_lock().unwrap();
        release.join().unwrap();
        assert_eq!(TOLD.load(Ordering::SeqCst), 1, "told once, after {waited:?}");
        assert!(waited >= NOTICE_AFTER, "told after {waited:?}");
    }
}
