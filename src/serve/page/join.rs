//! Joining by invite: the link's page (`/join#SECRET`) signs no one in and uses nothing, as a
//! chat app's preview opens it too; its "Join" button POSTs the secret (which the browser
//! never sends in a URL: it sits in the fragment) with the player's name, and one use of the
//! invite opens a session kept in the database.

use std::net::SocketAddr;
use std::sync::Arc;

use askama::Template;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use muster::app::{self, JoinRefused};
use muster::clock::SystemClock;

use super::fields::Fields;
use super::html::render;
use super::session::{cross_site, signed_in, written};
use crate::serve::limiter::client_ip;
use crate::serve::server::Server;

#[derive(Template)]
#[template(path = "page/join.html")]
struct JoinPage {
    message: String,
    name: String,
    invite: String,
    /// Empty: no one is signed in, so the page has no sign-out button.
    csrf: &'static str,
    who: &'static str,
}

fn page(status: StatusCode, message: &str, name: &str, invite: &str) -> Response {
    render(
        status,
        &JoinPage {
            message: message.to_owned(),
            name: name.to_owned(),
            invite: invite.to_owned(),
            csrf: "",
            who: "",
        },
    )
}

/// GET /join: the invite link's page. It reads nothing and writes nothing.
pub async fn form() -> Response {
    page(StatusCode::OK, "", "", "")
}

/// What a joining phone sent: the name it joins under and the invite's code.
struct Join {
    name: String,
    invite: String,
}

/// POST /join: one use of the invite opens a session with its role and goes to the campaign
/// list; an unknown invite counts against the address as a failed sign-in does.
pub async fn join(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Fields(values): Fields,
) -> Response {
    if let Some(refused) = cross_site(&server.public, &headers) {
        return refused;
    }
    // Read strictly, as every page form: a name that is not UTF-8 is refused, never kept
    // with a replacement character.
    let value = |name: &str| {
        values
            .iter()
            .find(|(n, _)| n == name)
            .map_or(String::new(), |(_, v)| v.clone())
    };
    let form = Join {
        name: value("name"),
        invite: value("invite"),
    };
    let ip = client_ip(server.public.trust_proxy, peer, &headers);
    let again = |status, message: &str| page(status, message, &form.name, &form.invite);
    if server.limiter.blocked(ip) {
        return again(
            StatusCode::TOO_MANY_REQUESTS,
            "too many failed sign-ins from this address; wait a minute",
        );
    }
    let (secret, name) = (form.invite.clone(), form.name.clone());
    let joined = written(&server, move |store| {
        app::join(store, &secret, &name, &SystemClock)
    })
    .await;
    match joined {
        Ok(Ok(opened)) => signed_in(&server.public, &opened),
        Ok(Err(JoinRefused::Unknown)) => {
            server.limiter.failed(ip);
            again(
                StatusCode::UNAUTHORIZED,
                "this invite is unknown or was revoked: check the code, or ask the gm for a new link",
            )
        }
        Ok(Err(JoinRefused::Expired(at))) => again(
            StatusCode::GONE,
            &format!("this invite expired at {at}: ask the gm for a new link"),
        ),
        Ok(Err(JoinRefused::UsedUp(uses))) => again(
            StatusCode::GONE,
            &format!(
                "this invite has been used {uses} time{}, all it allows: ask the gm for a new link",
                if uses == 1 { "" } else { "s" }
            ),
        ),
        Ok(Err(JoinRefused::Name(message))) => again(StatusCode::UNPROCESSABLE_ENTITY, &message),
        Err(message) => again(StatusCode::INTERNAL_SERVER_ERROR, &message),
    }
}
