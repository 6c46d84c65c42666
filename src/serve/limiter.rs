//! The limit on failed sign-ins from one address, and which address a request came from.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};

use axum::http::HeaderMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How many failed sign-ins one address may make in a [`WINDOW`] before it is refused.
const FAILURES: u32 = 10;
/// The window failed sign-ins are counted over.
const WINDOW: Duration = Duration::from_secs(60);

/// Failed sign-ins by address, each counted from its first in the window.
#[derive(Default)]
pub struct Limiter {
    failures: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl Limiter {
    /// Whether `ip` has failed too often lately.
    pub fn blocked(&self, ip: IpAddr) -> bool {
        let mut failures = self
            .failures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = Instant::now();
        failures.retain(|_, (since, _)| now.duration_since(*since) < WINDOW);
        failures.get(&ip).is_some_and(|(_, count)| *count >= FAILURES)
    }

    /// Counts a failed sign-in from `ip`.
    pub fn failed(&self, ip: IpAddr) {
        let mut failures = self
            .failures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let entry = failures.entry(ip).or_insert((Instant::now(), 0));
        entry.1 = entry.1.saturating_add(1);
    }
}

/// The address a request came from: its peer's, or, when the peer is the trusted reverse
/// proxy, the client's address the proxy added last to `X-Forwarded-For` (the addresses before
/// it are the client's own word).
pub fn client_ip(trust_proxy: Option<IpAddr>, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    if trust_proxy != Some(peer.ip()) {
        return peer.ip();
    }
    // The last hop alone: an entry the client wrote before it, or one that does not read as
    // an address, is never taken in its place.
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .collect();
    hops.last()
        .and_then(|hop| hop.trim().parse::<IpAddr>().ok())
        .unwrap_or(peer.ip())
}
