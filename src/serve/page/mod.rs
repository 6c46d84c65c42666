//! The web page of `muster serve`: server-rendered HTML usable on a phone, for a browser
//! signed in with a token. Every number comes from the same commands the API runs (their
//! `--json` output, through the server's [`Runner`](super::Runner)); askama escapes every value.

mod cards;
pub mod compact;
mod detail;
mod fields;
mod forms;
mod html;
mod install;
mod invite;
mod join;
mod labelled;
mod live;
mod now;
mod phones;
mod reading;
mod resting;
mod roster;
mod said;
mod session;
mod shown;
mod specs;
mod story;
mod turned;
mod views;
mod words;

use std::sync::Arc;

use axum::Router;
use axum::routing::{get, post};

use super::server::Server;

/// The page's routes over the shared server.
pub fn routes() -> Router<Arc<Server>> {
    Router::new()
        .route("/sign-in", get(session::form).post(session::sign_in))
        .route("/sign-out", post(session::sign_out))
        .route("/join", get(join::form).post(join::join))
        .route("/", get(views::campaigns))
        .route("/c/{campaign}", get(roster::roster))
        .route("/c/{campaign}/print", get(roster::print))
        .route("/c/{campaign}/json", get(roster::json))
        .route("/c/{campaign}/log", get(views::log))
        .route("/c/{campaign}/show/{version}", get(detail::show))
        .route("/c/{campaign}/blame/{soldier}", get(detail::blame))
        .route("/c/{campaign}/chronicle", get(story::chronicle))
        .route("/c/{campaign}/chronicle/print", get(story::print))
        .route("/c/{campaign}/mission/{number}", get(story::mission))
        .route("/c/{campaign}/do", post(forms::record))
        .route("/c/{campaign}/invite", post(invite::invite))
        .route("/c/{campaign}/phones", get(phones::phones).post(phones::revoke))
        .route("/c/{campaign}/tokens", post(phones::make_token))
        .route("/c/{campaign}/events/stream", get(live::stream))
        .route("/static/play.js", get(live::script))
        .route("/manifest.webmanifest", get(install::manifest))
        .route("/static/icon-192.png", get(install::icon_192))
        .route("/static/icon-512.png", get(install::icon_512))
}
