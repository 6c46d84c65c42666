//! `muster serve`: the campaign log over HTTP, a JSON API under `/api/v1` and a web page
//! (axum on tokio).
//! Another front end beside the command line: each client's command is run by the command
//! line's own parser and dispatch (the [`Runner`] it hands over), on a blocking thread, one
//! at a time per server on the server's own connection, so the server is each campaign's
//! single sequencer; reads run beside them on read-only connections. It knows nothing of
//! clap; it authenticates, sequences and answers.

mod api;
mod auth;
mod events;
mod listen;
mod page;
mod push;
mod remote;
mod router;
mod shutdown;
mod turn;

use std::collections::BTreeMap;
use std::io::Write;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use muster::app::Role;
use muster::store::Store;

pub use listen::Limits;

/// How a command run for a client ended: the command line's exit codes, and the server's own
/// refusal of a command the client's role may not run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Done,
    Refused,
    Usage,
    Altered,
    Storage,
    Forbidden,
}

impl Outcome {
    /// The command line's exit code for this outcome (a missing right is a refusal: 1).
    pub fn exit(self) -> u8 {
        match self {
            Outcome::Done => 0,
            Outcome::Refused | Outcome::Forbidden => 1,
            Outcome::Usage => 2,
            Outcome::Altered => 3,
            Outcome::Storage => 4,
        }
    }
}

/// What a command run for a client printed and how it ended.
#[derive(Debug, Clone)]
pub struct Answer {
    pub outcome: Outcome,
    pub output: String,
    /// The refusal's message, empty when the command was done.
    pub message: String,
    /// What would be accepted instead, when the refusal says.
    pub hint: Option<String>,
}

impl Answer {
    /// An answer that ran nothing: `outcome`, saying `message`.
    pub fn failed(outcome: Outcome, message: String) -> Answer {
        Answer {
            outcome,
            output: String::new(),
            message,
            hint: None,
        }
    }

    /// The refusal and its hint in one sentence, as the API's `error` and the page give it.
    pub fn said(&self) -> String {
        match &self.hint {
            Some(hint) => format!("{} ({hint})", self.message),
            None => self.message.clone(),
        }
    }
}

/// What a command's output is printed as for the server: the API's and the page's JSON, the
/// printable roster page, or any format the command line prints, for a remote client.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Printed {
    Table,
    Json,
    Csv,
    Md,
    Html,
}

/// One command line (without `muster`) to run for a client.
pub struct Run<'a> {
    /// The campaign the URL names.
    pub campaign: Option<&'a str>,
    /// The role of the client's token.
    pub role: Role,
    pub args: &'a [String],
    pub printed: Printed,
    /// The width a remote client's tables fit (`None`: never cut).
    pub columns: Option<usize>,
    /// The files a remote client read on its machine and sent, by the path it typed: the
    /// only files the command reads.
    pub files: Option<&'a BTreeMap<String, String>>,
}

/// Runs a command line on the database, on the connection lent (taken and given back) when
/// there is one, else on its own.
pub type Runner = fn(&Path, &mut Option<Store>, &Run<'_>) -> Answer;

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
    pub limiter: auth::Limiter,
    /// The web page's signed-in browsers.
    pub sessions: page::Sessions,
}

/// How many read-only connections are kept between requests.
const READERS_KEPT: usize = 8;

impl Server {
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
    fn reader(&self) -> Result<Store, muster::store::StoreError> {
        let kept = self
            .readers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .pop();
        kept.map_or_else(|| Store::open_read_only(&self.db), Ok)
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

/// Serves `db` on `addr` under `limits` until Ctrl-C or SIGTERM, finishing the requests in
/// flight.
pub fn run(addr: &str, db: PathBuf, runner: Runner, limits: Limits) -> Result<(), String> {
    let addr: SocketAddr = addr
        .to_socket_addrs()
        .map_err(|e| {
            format!(
                "--addr '{addr}' is not an address to listen on ({e}); give HOST:PORT, e.g. 127.0.0.1:7878"
            )
        })?
        .next()
        .ok_or_else(|| format!("--addr '{addr}' names no address; give HOST:PORT, e.g. 127.0.0.1:7878"))?;
    if !addr.ip().is_loopback() {
        let store = Store::open(&db).map_err(|e| e.to_string())?;
        let tokens = muster::app::tokens(&store).map_err(|e| e.to_string())?;
        if tokens.is_empty() {
            return Err(format!(
                "listening on {addr}, beyond this machine, is refused while no token exists; make one first with `muster serve token add NAME --role gm`"
            ));
        }
    }
    let held = Store::open(&db).map_err(|e| e.to_string())?;
    let server = Arc::new(Server {
        db,
        runner,
        sequencer: Mutex::new(Some(held)),
        readers: Mutex::new(Vec::new()),
        limiter: auth::Limiter::default(),
        sessions: page::Sessions::default(),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let bound = listener
            .local_addr()
            .map_err(|e| format!("cannot read the address listened on: {e}"))?;
        // The first line, read by scripts and tests that asked for port 0.
        let mut out = std::io::stdout().lock();
        let _shown = writeln!(out, "listening on http://{bound}").and_then(|()| out.flush());
        drop(out);
        listen::serve(listener, router::router(server), limits, shutdown::signal()).await;
        Ok(())
    })
}
