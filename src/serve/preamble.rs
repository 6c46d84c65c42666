//! Every handler's preamble, as axum extractors: who is calling (the bearer token of the
//! request, looked up by its hash, under the limit on failed sign-ins from one address), the
//! head a client expects (`If-Match: VERSION:HASH`), a query string and a JSON body of the
//! shape a route takes. Each refuses as the API refuses: `{"error": MESSAGE, "exit": CODE}`.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::header::{AUTHORIZATION, IF_MATCH};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use muster::app::{self, Bearer, Reach, Role};
use muster::store::Head;
use serde::de::DeserializeOwned;

use super::answer::{json_body, refusal};
use super::server::Server;

/// The caller a token or a session names.
#[derive(Debug, Clone)]
pub struct Caller {
    pub name: String,
    pub role: Role,
    /// The campaigns it may read and write.
    pub reach: Reach,
    /// Whom its commands' ids belong to (see `app::Session::sender`): a token's name, or a
    /// phone's name within the invite it joined by.
    pub sender: String,
}

/// A request's caller, or the answer refusing it: 401 without a known token, 429 after too
/// many failed sign-ins from its address.
impl FromRequestParts<Arc<Server>> for Caller {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, server: &Arc<Server>) -> Result<Caller, Response> {
        let Some(ConnectInfo(peer)) = parts.extensions.get::<ConnectInfo<SocketAddr>>().copied() else {
            return Err(refusal(
                StatusCode::INTERNAL_SERVER_ERROR,
                4,
                "the request came without its peer's address",
            ));
        };
        let ip = super::limiter::client_ip(server.public.trust_proxy, peer, &parts.headers);
        if server.limiter.blocked(ip) {
            return Err(refusal(
                StatusCode::TOO_MANY_REQUESTS,
                1,
                "too many failed sign-ins from this address; wait a minute",
            ));
        }
        let Some(token) = bearer(&parts.headers) else {
            return Err(refusal(
                StatusCode::UNAUTHORIZED,
                1,
                "every request needs `Authorization: Bearer TOKEN` (`muster serve token add` makes one)",
            ));
        };
        match authenticate(server, token).await {
            Ok(Some(Bearer { name, role, reach })) => Ok(Caller {
                sender: name.clone(),
                name,
                role,
                reach,
            }),
            Ok(None) => {
                server.limiter.failed(ip);
                Err(refusal(
                    StatusCode::UNAUTHORIZED,
                    1,
                    "the token is unknown or revoked",
                ))
            }
            Err(message) => Err(refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, &message)),
        }
    }
}

/// The token of `Authorization: Bearer TOKEN`, if the headers hold one.
fn bearer(headers: &HeaderMap) -> Option<String> {
    headers
        .get(AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(|token| token.trim().to_owned())
}

/// Who `token` names now (`None`: unknown or revoked), read on a kept connection.
pub async fn authenticate(server: &Arc<Server>, token: String) -> Result<Option<Bearer>, String> {
    let server = Arc::clone(server);
    tokio::task::spawn_blocking(move || server.reading(|store| app::authenticate(store, &token)))
        .await
        .map_err(|e| e.to_string())
        .and_then(|found| found.map_err(|e| e.to_string()))
}

/// The head a command was decided on, when the client names one (`If-Match: VERSION:HASH`);
/// an `If-Match` that is not a head is answered 400.
pub struct IfMatch(pub Option<Head>);

impl<S: Send + Sync> FromRequestParts<S> for IfMatch {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<IfMatch, Response> {
        match parts.headers.get(IF_MATCH).map(|v| v.to_str().map(expected_head)) {
            None => Ok(IfMatch(None)),
            Some(Ok(Some(head))) => Ok(IfMatch(Some(head))),
            Some(_) => Err(refusal(
                StatusCode::BAD_REQUEST,
                2,
                "If-Match is VERSION:HASH, the head the command was decided on",
            )),
        }
    }
}

/// The server's head a push continues: its `If-Match: VERSION:HASH`, which it must have.
pub struct Continues(pub Head);

impl<S: Send + Sync> FromRequestParts<S> for Continues {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Continues, Response> {
        let head = parts
            .headers
            .get(IF_MATCH)
            .and_then(|v| v.to_str().ok())
            .and_then(expected_head);
        head.map(Continues).ok_or_else(|| {
            refusal(
                StatusCode::BAD_REQUEST,
                2,
                "a push names the server's head it continues: If-Match: VERSION:HASH",
            )
        })
    }
}

/// A query string of the shape `T`, or the 400 (exit 2) saying what is wrong with it, in the
/// API's JSON rather than axum's plain text (`?after=abc`).
pub struct Params<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Params<T> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Params<T>, Response> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(params)) => Ok(Params(params)),
            Err(e) => Err(refusal(
                StatusCode::BAD_REQUEST,
                2,
                &format!("the query string is not accepted: {}", e.body_text()),
            )),
        }
    }
}

/// `VERSION:HASH` (quotes allowed, as an entity tag) as a head: a hash is 64 hex digits,
/// so `9:` or `9:zzzz` is no head (400), not a head the campaign moved on from (409).
pub fn expected_head(text: &str) -> Option<Head> {
    let (version, hash) = text.trim().trim_matches('"').split_once(':')?;
    let hash = hash.trim().to_ascii_lowercase();
    let hex = hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit());
    hex.then_some(())?;
    Some(Head {
        version: version.trim().parse().ok()?,
        hash,
    })
}

/// A JSON body that says, when refused, the shape its route takes.
pub trait Shaped: DeserializeOwned {
    /// The body's shape, as a refusal of another names it.
    const SHAPE: &'static str;
}

/// A request's JSON body of the shape `T` is, or the 400 saying it is not.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: Shaped> FromRequest<S> for JsonBody<T> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<JsonBody<T>, Response> {
        let bytes = Bytes::from_request(request, state).await.map_err(|e| {
            refusal(
                e.status(),
                2,
                &format!("the body could not be read: {}", e.body_text()),
            )
        })?;
        json_body(&bytes, T::SHAPE)
            .map(JsonBody)
            .map_err(|refused| *refused)
    }
}

#[cfg(test)]
mod tests {
    use super::expected_head;

    #[test]
    fn a_head_is_version_and_hash_quoted_or_not() {
        let hash = "ABcd".repeat(16);
        let head = expected_head(&format!("\"12:{hash}\"")).map(|h| (h.version, h.hash));
        assert_eq!(head, Some((12, hash.to_ascii_lowercase())));
        assert!(expected_head("12").is_none(), "no hash");
        assert!(expected_head(&format!("v12:{hash}")).is_none(), "not a number");
        for no_hash in ["9:", "9:zzzz", "9:<x>", "9:abcd"] {
            assert!(expected_head(no_hash).is_none(), "{no_hash}");
        }
        let not_hex = format!("9:{}", "g".repeat(64));
        assert!(expected_head(&not_hex).is_none(), "not hex");
    }
}
