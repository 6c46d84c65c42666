//! What every request shares: the database, the runner of command lines, the writer the
//! commands are recorded by, the read-only connections kept for reads, the sign-in limits, the
//! live streams open and the pushes read at once.

use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use muster::query;
use muster::store::{Store, StoreError};
use tokio::sync::Semaphore;

use super::answer::{Answer, Outcome, Run, Runner};
use super::holds::Holds;
use super::limiter::Limiter;
use super::streams::Streams;
use super::writer::Writer;

/// What every request shares.
pub struct Server {
    pub db: PathBuf,
    pub runner: Runner,
    /// The one writer: the server's commands land one at a time, so a client's expected head
    /// and command id are checked against a log that cannot move, and in groups, one flush
    /// each. Its connection stays open while the server runs: a command then reads no schema
    /// and prepares no statement afresh, and no last connection to close folds the
    /// write-ahead log into the file and deletes it after every command.
    pub writer: Writer,
    /// The campaigns a push is landing on, in parts: their commands wait until it ends.
    pub holds: Holds,
    /// Read-only connections kept for reads between requests, for the same reason.
    readers: Readers,
    pub limiter: Limiter,
    /// The page's live streams open: a bounded number per session and in all.
    pub streams: Streams,
    /// The places of the pushes read and checked at once ([`PUSHES_AT_ONCE`]).
    pub pushes: Arc<Semaphore>,
    /// How players reach the server: its public address, whether over TLS, its proxy.
    pub public: Public,
}

/// How players reach the server.
#[derive(Debug, Clone, Default)]
pub struct Public {
    /// The address players use, when the server was told it (`--public-url`).
    pub url: Option<String>,
    /// True when players reach it over HTTPS (its own TLS, or a TLS proxy's public address):
    /// the session cookie is then `Secure`.
    pub secure: bool,
    /// The reverse proxy whose `X-Forwarded-For` is believed.
    pub trust_proxy: Option<std::net::IpAddr>,
}

/// How many pushes are read and checked at once: each holds its body (32 MiB at most) and
/// its rows in memory, and checks on a core at the lowest priority. One more waits, its body
/// unread, until one is answered.
pub const PUSHES_AT_ONCE: usize = 2;

/// How many read-only connections the server opens at most: more reads at once than this
/// wait for one rather than open another (which reads the file's schema afresh), so the
/// connections' page caches stay within a bound.
const READERS: usize = 8;

/// The server's read-only connections: those idle, and how many are open.
#[derive(Default)]
struct Readers {
    pool: Mutex<Pool>,
    freed: Condvar,
}

#[derive(Default)]
struct Pool {
    idle: Vec<Store>,
    open: usize,
}

impl Server {
    /// The server of `db`, recording commands on `held` and running them with `runner`,
    /// holding at most `streams` of the page's live streams open at once.
    pub fn new(db: PathBuf, runner: Runner, held: Store, public: Public, streams: usize) -> Server {
        Server {
            public,
            streams: Streams::new(streams),
            pushes: Arc::new(Semaphore::new(PUSHES_AT_ONCE)),
            writer: Writer::new(db.clone(), held),
            holds: Holds::default(),
            db,
            runner,
            readers: Readers::default(),
            limiter: Limiter::default(),
        }
    }

    /// Runs a read command (blocking) for `campaign` on one of the server's read-only
    /// connections, kept afterwards for the next unless the read failed on storage.
    pub fn read(&self, campaign: Option<&str>, run: &Run<'_>) -> Answer {
        let prepared = match (self.runner)(run) {
            Ok(prepared) => prepared,
            Err(refused) => return refused,
        };
        let mut lent = self.reader().ok();
        let lent_out = lent.is_some();
        let answer = prepared(&self.db, campaign, &mut lent);
        match lent.filter(|_| answer.outcome != Outcome::Storage) {
            Some(store) => self.keep(store),
            None if lent_out => self.lose(),
            None => {}
        }
        answer
    }

    /// Runs `f` (blocking) on a read-only connection kept between requests, as [`Server::read`]
    /// does: for what a request reads beside the commands (its token, a head, a stream).
    pub fn reading<T, E: From<StoreError>>(&self, f: impl FnOnce(&Store) -> Result<T, E>) -> Result<T, E> {
        let store = self.reader()?;
        let read = f(&store);
        match read.is_ok() {
            true => self.keep(store),
            false => self.lose(),
        }
        read
    }

    /// A read-only connection: one kept from an earlier read, or a new one while fewer than
    /// [`READERS`] are open, else the next one given back. The server holds the file through
    /// its writer, so a new one never opens the file outside SQLite (which would drop this
    /// process's locks on it) nor reads it as immutable.
    fn reader(&self) -> Result<Store, StoreError> {
        let mut pool = self.lock_readers();
        loop {
            if let Some(store) = pool.idle.pop() {
                return Ok(store);
            }
            if pool.open < READERS {
                pool.open += 1;
                drop(pool);
                let opened = query::open_read_only(&self.db);
                if opened.is_err() {
                    self.lose();
                }
                return opened;
            }
            pool = self
                .readers
                .freed
                .wait(pool)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Keeps `store` for the next read.
    fn keep(&self, store: Store) {
        self.lock_readers().idle.push(store);
        self.readers.freed.notify_one();
    }

    /// Counts a connection lent out as closed (a read failed on it, or it could not open).
    fn lose(&self) {
        let mut pool = self.lock_readers();
        pool.open = pool.open.saturating_sub(1);
        drop(pool);
        self.readers.freed.notify_one();
    }

    fn lock_readers(&self) -> MutexGuard<'_, Pool> {
        self.readers.pool.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
