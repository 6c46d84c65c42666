//! What every request shares: the database, the runner of command lines, the connection the
//! commands are recorded on, the read-only connections kept for reads, and the sign-in limits.

use std::path::PathBuf;
use std::sync::Mutex;

use muster::query;
use muster::store::{Store, StoreError};

use super::answer::{Answer, Outcome, Run, Runner};
use super::limiter::Limiter;

/// What every request shares.
pub struct Server {
    pub db: PathBuf,
    pub runner: Runner,
    /// Held while a command is decided and recorded: the server's commands land one at a time,
    /// so a client's expected head and command id are checked against a log that cannot move.
    /// It holds the connection the commands are recorded on, open while the server runs: a
    /// command then reads no schema and prepares no statement afresh, and no last connection
    /// to close folds the write-ahead log into the file and deletes it after every command.
    pub sequencer: Mutex<Option<Store>>,
    /// Read-only connections kept for reads between requests, for the same reason.
    readers: Mutex<Vec<Store>>,
    pub limiter: Limiter,
    /// How players reach the server: its public address, whether over TLS, its proxy.
    pub public: Public,
    /// Bumped after every turn in the sequence: an open page's stream wakes on it and reads
    /// the head at once, rather than at its next poll.
    pub turns: tokio::sync::watch::Sender<u64>,
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

/// How many read-only connections are kept between requests.
const READERS_KEPT: usize = 8;

impl Server {
    /// The server of `db`, recording commands on `held` and running them with `runner`.
    pub fn new(db: PathBuf, runner: Runner, held: Store, public: Public) -> Server {
        Server {
            public,
            db,
            runner,
            sequencer: Mutex::new(Some(held)),
            readers: Mutex::new(Vec::new()),
            limiter: Limiter::default(),
            turns: tokio::sync::watch::Sender::new(0),
        }
    }

    /// Runs a read command (blocking) on a read-only connection kept from an earlier read, or
    /// a new one, kept afterwards for the next unless the read failed on storage.
    pub fn read(&self, run: &Run<'_>) -> Answer {
        let mut lent = self.reader().ok();
        let answer = (self.runner)(&self.db, &mut lent, run);
        if let Some(store) = lent.filter(|_| answer.outcome != Outcome::Storage) {
            self.keep(store);
        }
        answer
    }

    /// Runs `f` (blocking) on a read-only connection kept between requests, as [`Server::read`]
    /// does: for what a request reads beside the commands (its token, a head, a stream).
    pub fn reading<T>(&self, f: impl FnOnce(&Store) -> Result<T, String>) -> Result<T, String> {
        let store = self.reader().map_err(|e| e.to_string())?;
        let read = f(&store);
        if read.is_ok() {
            self.keep(store);
        }
        read
    }

    /// A read-only connection: one kept from an earlier read, or a new one. The server holds
    /// the file through its sequencer, so a new one never opens the file outside SQLite (which
    /// would drop this process's locks on it) nor reads it as immutable.
    fn reader(&self) -> Result<Store, StoreError> {
        let kept = self
            .readers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .pop();
        kept.map_or_else(|| query::open_read_only(&self.db), Ok)
    }

    /// Keeps `store` for a later read, up to [`READERS_KEPT`].
    fn keep(&self, store: Store) {
        let mut readers = self
            .readers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if readers.len() < READERS_KEPT {
            readers.push(store);
        }
    }
}
