//! `muster serve`: the campaign log over HTTP, a JSON API under `/api/v1` and a web page
//! (axum on tokio).
//! Another front end beside the command line: each client's command is run by the command
//! line's own parser and dispatch (the [`Runner`] it hands over), on a blocking thread, one
//! at a time per server on the server's own connection, so the server is each campaign's
//! single sequencer; reads run beside them on read-only connections. It knows nothing of
//! clap; it authenticates, sequences and answers.

mod answer;
mod api;
mod events;
mod limiter;
mod listen;
mod page;
mod preamble;
mod push;
mod remote;
mod router;
mod server;
mod shutdown;
mod turn;
mod watch;

use std::io::Write;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::sync::Arc;

pub use answer::{Answer, Outcome, Run, Runner};
pub use listen::Limits;
use server::Server;

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
        let store = muster::app::open(&db).map_err(|e| e.to_string())?;
        let tokens = muster::app::tokens(&store).map_err(|e| e.to_string())?;
        if tokens.is_empty() {
            return Err(format!(
                "listening on {addr}, beyond this machine, is refused while no token exists; make one first with `muster serve token add NAME --role gm`"
            ));
        }
    }
    let held = muster::app::open(&db).map_err(|e| e.to_string())?;
    let server = Arc::new(Server::new(db, runner, held));
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
        // Invite links are made on the address players reach; loopback and "any" are not it.
        let reached =
            (!bound.ip().is_loopback() && !bound.ip().is_unspecified()).then(|| format!("http://{bound}"));
        turn::in_sequence(&server, |held| match held.as_ref() {
            Some(store) => muster::app::set_served_url(store, reached.as_deref()).map_err(|e| e.to_string()),
            None => Ok(()),
        })
        .and_then(|kept| kept)?;
        // The first line, read by scripts and tests that asked for port 0.
        let mut out = std::io::stdout().lock();
        let _shown = writeln!(out, "listening on http://{bound}").and_then(|()| out.flush());
        drop(out);
        tokio::spawn(watch::file(Arc::clone(&server)));
        listen::serve(listener, router::router(server), limits, shutdown::signal()).await;
        Ok(())
    })
}
