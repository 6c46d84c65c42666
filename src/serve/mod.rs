//! `muster serve`: the campaign log over HTTP, a JSON API under `/api/v1` and a web page
//! (axum on tokio).
//! Another front end beside the command line: each client's command is run by the command
//! line's own parser and dispatch (the [`Runner`] it hands over), on a blocking thread, one
//! at a time per server on the server's one writer, which flushes them in groups, so the
//! server is each campaign's single sequencer; reads run beside them on read-only connections. It knows nothing of
//! clap; it authenticates, sequences and answers.

mod admit;
mod answer;
mod api;
mod background;
mod events;
mod fold;
mod holds;
mod kept;
mod limiter;
mod listen;
mod page;
mod preamble;
mod push;
mod remote;
mod router;
mod server;
mod shutdown;
mod streams;
mod tidy;
mod tls;
mod turn;
mod watch;
mod writer;

use std::io::Write;
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::sync::Arc;

pub use answer::{Answer, Outcome, Prepared, Run, Runner};
pub use listen::Limits;
use server::Server;
pub use tls::Pem;

/// How the server is reached: over TLS or not, at which public address, behind which proxy.
#[derive(Debug, Clone, Default)]
pub struct Reached {
    /// The certificate chain and private key (PEM files) to serve HTTPS with.
    pub tls: Option<(Pem, Pem)>,
    /// The address players use (`https://muster.example`): invite links and the page's
    /// same-site check follow it rather than a request's `Host`.
    pub public_url: Option<String>,
    /// The reverse proxy's address: only from it is `X-Forwarded-For` believed, for the
    /// sign-in limit.
    pub trust_proxy: Option<IpAddr>,
}

/// Serves `db` on `addr` under `limits`, reached as `reached` says, until Ctrl-C or SIGTERM,
/// finishing the requests in flight.
pub fn run(addr: &str, db: PathBuf, runner: Runner, limits: Limits, reached: Reached) -> Result<(), String> {
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
    let tls = match &reached.tls {
        Some((cert, key)) => Some(tls::acceptor(cert, key)?),
        None => None,
    };
    let scheme = if tls.is_some() { "https" } else { "http" };
    let held = muster::app::open(&db).map_err(|e| e.to_string())?;
    let public = server::Public {
        url: reached.public_url.clone(),
        secure: tls.is_some()
            || reached
                .public_url
                .as_deref()
                .is_some_and(|u| u.starts_with("https://")),
        trust_proxy: reached.trust_proxy,
    };
    // Live streams never end by themselves: they may hold half the connections, never all,
    // so the requests that end are still answered within a header timeout.
    let streams = limits.connections / 2;
    let server = Arc::new(Server::new(db, runner, held, public, streams));
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
        let reaches = !bound.ip().is_loopback() && !bound.ip().is_unspecified();
        let reached_at = reached
            .public_url
            .clone()
            .or_else(|| reaches.then(|| format!("{scheme}://{bound}")));
        server
            .writer
            .alone(|held| match held.as_ref() {
                Some(store) => {
                    muster::app::set_served_url(store, reached_at.as_deref()).map_err(|e| e.to_string())
                }
                None => Ok(()),
            })
            .and_then(|kept| kept)?;
        // The first line, read by scripts and tests that asked for port 0.
        let mut out = std::io::stdout().lock();
        let _shown = writeln!(out, "listening on {scheme}://{bound}").and_then(|()| out.flush());
        if let Some(warning) = cleartext(bound, tls.is_some(), reached.public_url.as_deref()) {
            // Said on the error stream: the first line stays the address.
            let _warned = writeln!(std::io::stderr(), "{warning}");
        }
        drop(out);
        tokio::spawn(watch::file(Arc::clone(&server)));
        tokio::spawn(tidy::caches(Arc::clone(&server)));
        tokio::spawn(fold::wal(Arc::clone(&server)));
        listen::serve(
            listener,
            router::router(Arc::clone(&server)),
            limits,
            tls,
            shutdown::signal(),
        )
        .await;
        // A server stopped in a busy spell leaves no index behind.
        let _cache_only = tokio::task::spawn_blocking(move || server.writer.catch_up_indexes()).await;
        Ok(())
    })
}

/// The warning for a server that players reach over plain HTTP beyond this machine: listening
/// on an address other than loopback without TLS, unless its public address is an `https://`
/// proxy's (which then forwards on loopback or a private link).
fn cleartext(bound: SocketAddr, tls: bool, public_url: Option<&str>) -> Option<String> {
    let proxied = public_url.is_some_and(|url| url.starts_with("https://"));
    (!tls && !proxied && !bound.ip().is_loopback()).then(|| {
        format!(
            "warning: serving {bound} over plain HTTP: tokens, invite codes and session cookies cross the network readable; give --tls-cert and --tls-key (or serve behind a TLS proxy with --public-url https://…)"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_http_beyond_this_machine_is_warned_of_and_nothing_else() {
        let lan: SocketAddr = "192.168.1.20:7878".parse().unwrap_or_else(|_| unreachable!());
        let any: SocketAddr = "0.0.0.0:7878".parse().unwrap_or_else(|_| unreachable!());
        let here: SocketAddr = "127.0.0.1:7878".parse().unwrap_or_else(|_| unreachable!());
        assert!(cleartext(lan, false, None).is_some_and(|w| w.contains("192.168.1.20:7878")));
        assert!(cleartext(any, false, Some("http://club.lan:7878")).is_some());
        assert_eq!(cleartext(lan, true, None), None, "its own TLS");
        assert_eq!(
            cleartext(any, false, Some("https://muster.example")),
            None,
            "a TLS proxy"
        );
        assert_eq!(
            cleartext(here, false, None),
            None,
            "loopback never leaves the machine"
        );
    }
}
