//! Who is calling: the bearer token of every request, looked up by its hash, and the limit on
//! failed sign-ins from one address.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use axum::response::Response;
use muster::app::{self, Role};

use super::Server;
use super::api;
use axum::http::StatusCode;

/// How many failed sign-ins one address may make in a [`WINDOW`] before it is refused.
const FAILURES: u32 = 10;
/// The window failed sign-ins are counted over.
const WINDOW: Duration = Duration::from_secs(60);

/// The caller a token names.
#[derive(Debug, Clone)]
pub struct Caller {
    pub name: String,
    pub role: Role,
}

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

/// The caller of a request from `ip`, or the answer refusing it: 401 without a known token,
/// 429 after too many failed sign-ins.
pub async fn caller(server: &Arc<Server>, ip: IpAddr, headers: &HeaderMap) -> Result<Caller, Response> {
    if server.limiter.blocked(ip) {
        return Err(api::refusal(
            StatusCode::TOO_MANY_REQUESTS,
            1,
            "too many failed sign-ins from this address; wait a minute",
        ));
    }
    let token = headers
        .get(AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(|token| token.trim().to_owned());
    let Some(token) = token else {
        return Err(api::refusal(
            StatusCode::UNAUTHORIZED,
            1,
            "every request needs `Authorization: Bearer TOKEN` (`muster serve token add` makes one)",
        ));
    };
    match authenticate(server, token).await {
        Ok(Some((name, role))) => Ok(Caller { name, role }),
        Ok(None) => {
            server.limiter.failed(ip);
            Err(api::refusal(
                StatusCode::UNAUTHORIZED,
                1,
                "the token is unknown or revoked",
            ))
        }
        Err(message) => Err(api::refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, &message)),
    }
}

/// Who `token` names now (`None`: unknown or revoked), read on a kept connection.
pub async fn authenticate(server: &Arc<Server>, token: String) -> Result<Option<(String, Role)>, String> {
    let server = Arc::clone(server);
    tokio::task::spawn_blocking(move || {
        server.reading(|store| app::authenticate(store, &token).map_err(|e| e.to_string()))
    })
    .await
    .map_err(|e| e.to_string())
    .and_then(|found| found)
}
