//! The routes of the JSON API, versioned under `/api/v1`, and of the web page, and the limits
//! on every request.

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderName, HeaderValue};
use axum::middleware;
use axum::response::Response;
use axum::routing::{get, post};

use super::server::Server;
use super::{api, events, page, push, remote};

/// The largest request body accepted: a command's arguments are a few hundred bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The largest push: a copy's offline tail, some thousands of events.
pub const PUSH_LIMIT: usize = 32 * 1024 * 1024;

/// The API's and the page's routes over the shared server.
pub fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/api/v1", get(remote::version))
        .route("/api/v1/run", post(remote::run))
        .route("/api/v1/campaigns", get(api::campaigns))
        .route("/api/v1/campaigns/{campaign}/roster", get(api::roster))
        .route(
            "/api/v1/campaigns/{campaign}/events",
            get(events::events)
                .post(push::push)
                .layer(DefaultBodyLimit::max(PUSH_LIMIT)),
        )
        .route("/api/v1/campaigns/{campaign}/commands", post(api::command))
        .merge(page::routes())
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::map_response(nosniff))
        .with_state(server)
}

/// Every answer, of every route and refusal, marked so that a browser reads it only as the
/// type it is sent as: a JSON answer or the page's script is never taken for a page to run.
async fn nosniff(mut response: Response) -> Response {
    response.headers_mut().insert(
        HeaderName::from_static("x-content-type-options"),
        HeaderValue::from_static("nosniff"),
    );
    response
}
