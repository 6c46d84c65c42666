//! Signing in to the web page: a token given once in a form, a random session id in an
//! HttpOnly, SameSite=Lax cookie, the sessions kept (hashed) in the database so a restart
//! signs no one out, and the checks every form's POST passes (its session's CSRF token, and
//! no other site's Origin or Referer).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, Form, FromRequestParts, State};
use axum::http::header::{COOKIE, HOST, LOCATION, ORIGIN, REFERER, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use muster::app::{self, Opened, Reach};
use muster::clock::SystemClock;

use super::html::{SignInPage, message_page, render};
use crate::serve::limiter::client_ip;
use crate::serve::preamble::Caller;
use crate::serve::server::{Public, Server};

/// The session cookie's name.
const COOKIE_NAME: &str = "muster_session";

/// A request's signed-in caller and its session.
pub struct Signed {
    /// The session's listed id.
    pub id: String,
    /// The CSRF token its forms carry.
    pub csrf: String,
    pub caller: Caller,
    /// The caller's own Soldiers, as the invite they joined by named them.
    pub soldiers: Vec<String>,
}

/// The `Set-Cookie` value opening the session `cookie` (or, empty, ending it): HttpOnly;
/// SameSite=Lax, so a link tapped in a chat app arrives signed in (every POST still needs its
/// CSRF token and a same-site Origin); kept as long as a session may be idle.
/// `Secure` when players reach the server over HTTPS.
pub fn session_cookie(public: &Public, cookie: &str) -> String {
    let age = match cookie {
        "" => 0,
        _ => app::SESSION_IDLE_DAYS * 24 * 60 * 60,
    };
    let secure = if public.secure { "; Secure" } else { "" };
    format!("{COOKIE_NAME}={cookie}; HttpOnly; SameSite=Lax; Path=/; Max-Age={age}{secure}")
}

/// A 303 opening the session `opened` in the browser, to the play page of its one campaign
/// when it reaches only one (a group's phone joining by its campaign's invite), else to the
/// campaign list.
pub fn signed_in(public: &Public, opened: &Opened) -> Response {
    let to = match &opened.session.reach {
        Reach::Only(names) => match names.as_slice() {
            [one] => format!("/c/{}", crate::url::segment(one)),
            _ => "/".to_owned(),
        },
        Reach::Every => "/".to_owned(),
    };
    let mut response = redirect(&to);
    if let Ok(value) = HeaderValue::from_str(&session_cookie(public, &opened.cookie)) {
        response.headers_mut().insert(SET_COOKIE, value);
    }
    response
}

/// A 303 to `to`.
pub fn redirect(to: &str) -> Response {
    let mut response = StatusCode::SEE_OTHER.into_response();
    if let Ok(value) = HeaderValue::from_str(to) {
        response.headers_mut().insert(LOCATION, value);
    }
    response
}

/// The session id the request's cookie names.
fn cookie_id(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE_NAME)
        .map(|(_, id)| id.trim().to_owned())
}

/// A page request's preamble: its signed-in caller, or the answer sending the browser to sign
/// in (see [`signed`]).
impl FromRequestParts<Arc<Server>> for Signed {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, server: &Arc<Server>) -> Result<Signed, Response> {
        signed(server, &parts.headers).await
    }
}

/// The request's signed-in caller, or the answer sending the browser to sign in: no session,
/// one idle too long, or one whose token or invite was revoked since (which ended it).
pub async fn signed(server: &Arc<Server>, headers: &HeaderMap) -> Result<Signed, Response> {
    let Some(cookie) = cookie_id(headers) else {
        return Err(redirect("/sign-in"));
    };
    let reading = Arc::clone(server);
    let found = tokio::task::spawn_blocking(move || {
        reading.reading(|store| app::session(store, &cookie, &SystemClock))
    })
    .await
    .map_err(|e| e.to_string())
    .and_then(|found| found.map_err(|e| e.to_string()));
    let session = match found {
        Ok(Some(session)) => session,
        Ok(None) => return Err(redirect("/sign-in")),
        Err(message) => return Err(message_page(StatusCode::INTERNAL_SERVER_ERROR, &message)),
    };
    if session.stale {
        // Noted through the server's writer, once an hour at most, so an idle session ends.
        let (writing, id) = (Arc::clone(server), session.row.id.clone());
        let _noted = tokio::task::spawn_blocking(move || {
            writing
                .writer
                .alone(|held| held.as_ref().map(|store| app::seen(store, &id, &SystemClock)))
        })
        .await;
    }
    Ok(Signed {
        id: session.row.id.clone(),
        csrf: session.row.csrf.clone(),
        caller: Caller {
            name: session.row.name.clone(),
            role: session.role,
            sender: session.sender(),
            reach: session.reach,
        },
        soldiers: session.soldiers,
    })
}

/// Runs `write` (blocking) on the server's own connection, in its sequence: a session opened
/// or ended, an invite used.
pub async fn written<T: Send + 'static>(
    server: &Arc<Server>,
    write: impl FnOnce(&muster::store::Store) -> Result<T, muster::Error> + Send + 'static,
) -> Result<T, String> {
    let writing = Arc::clone(server);
    tokio::task::spawn_blocking(move || {
        writing
            .writer
            .alone(|held| match held.as_ref() {
                Some(store) => write(store).map_err(|e| e.to_string()),
                None => Err("the server's connection is not open".to_owned()),
            })
            .and_then(|done| done)
    })
    .await
    .map_err(|e| e.to_string())
    .and_then(|done| done)
}

/// Whether `a` and `b` are equal, in a time that does not say where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// The refusal of a POST another site may have sent, if it was: an Origin (or, without one, a
/// Referer) naming another site than the server's public address (`--public-url`), or, when
/// it was given none, than the host the request was sent to.
pub fn cross_site(public: &Public, headers: &HeaderMap) -> Option<Response> {
    let from = headers
        .get(ORIGIN)
        .or_else(|| headers.get(REFERER))
        .map(|value| value.to_str().unwrap_or("?"));
    let from = from?;
    let same = match &public.url {
        // The origin is the public address itself (a Referer, that address and a path).
        Some(url) => {
            from.get(..url.len())
                .is_some_and(|start| start.eq_ignore_ascii_case(url))
                && matches!(from.as_bytes().get(url.len()), None | Some(b'/'))
        }
        None => {
            let host = headers.get(HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
            let authority = from
                .strip_prefix("http://")
                .or_else(|| from.strip_prefix("https://"))
                .map(|rest| rest.split('/').next().unwrap_or(""));
            authority.is_some_and(|authority| !host.is_empty() && authority.eq_ignore_ascii_case(host))
        }
    };
    match same {
        true => None,
        false => Some(message_page(
            StatusCode::FORBIDDEN,
            "refused: this form was sent from another site",
        )),
    }
}

/// The refusal of a POST whose CSRF token is not its session's, or that another site sent, if
/// it is one.
pub fn forged(server: &Server, signed: &Signed, headers: &HeaderMap, csrf: Option<&str>) -> Option<Response> {
    if let Some(refused) = cross_site(&server.public, headers) {
        return Some(refused);
    }
    match csrf {
        Some(csrf) if same(csrf, &signed.csrf) => None,
        _ => Some(message_page(
            StatusCode::FORBIDDEN,
            "refused: the form's session check is missing or stale; reload the page and send it again",
        )),
    }
}

/// GET /sign-in: the form taking a token.
pub async fn form() -> Response {
    render(StatusCode::OK, &SignInPage::saying(""))
}

#[derive(Deserialize)]
pub struct SignIn {
    #[serde(default)]
    token: String,
}

/// POST /sign-in: a known token opens a session and goes to the campaign list; a wrong one is
/// refused (401) and counted against the address like the API's failed sign-ins (429 after ten
/// in a minute).
pub async fn sign_in(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Form(form): Form<SignIn>,
) -> Response {
    if let Some(refused) = cross_site(&server.public, &headers) {
        return refused;
    }
    let ip = client_ip(server.public.trust_proxy, peer, &headers);
    let refuse = |status, message: &str| render(status, &SignInPage::saying(message));
    if server.limiter.blocked(ip) {
        return refuse(
            StatusCode::TOO_MANY_REQUESTS,
            "too many failed sign-ins from this address; wait a minute",
        );
    }
    let token = form.token.trim().to_owned();
    match written(&server, move |store| app::sign_in(store, &token, &SystemClock)).await {
        Ok(Some(opened)) => signed_in(&server.public, &opened),
        Ok(None) => {
            server.limiter.failed(ip);
            refuse(StatusCode::UNAUTHORIZED, "the token is unknown or revoked")
        }
        Err(message) => refuse(StatusCode::INTERNAL_SERVER_ERROR, &message),
    }
}

#[derive(Deserialize)]
pub struct SignOut {
    csrf: Option<String>,
}

/// POST /sign-out: ends the session and clears its cookie.
pub async fn sign_out(
    State(server): State<Arc<Server>>,
    signed: Signed,
    headers: HeaderMap,
    Form(form): Form<SignOut>,
) -> Response {
    if let Some(refused) = forged(&server, &signed, &headers, form.csrf.as_deref()) {
        return refused;
    }
    let id = signed.id.clone();
    if let Err(message) = written(&server, move |store| app::close_session(store, &id)).await {
        return message_page(StatusCode::INTERNAL_SERVER_ERROR, &message);
    }
    let mut response = redirect("/sign-in");
    if let Ok(value) = HeaderValue::from_str(&session_cookie(&server.public, "")) {
        response.headers_mut().insert(SET_COOKIE, value);
    }
    response
}
