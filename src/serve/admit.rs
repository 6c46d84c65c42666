//! A push's body (up to 32 MiB), read only once its caller may push to its campaign, and by
//! only [`PUSHES_AT_ONCE`](super::server::PUSHES_AT_ONCE) pushes at a time: a viewer's token, or
//! one bound to another campaign, is refused before a byte of the body is read, and the
//! pushes in flight bound the memory their bodies and rows take.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use muster::app::{self, Role};
use tokio::sync::OwnedSemaphorePermit;

use super::answer::refusal;
use super::preamble::Caller;
use super::server::Server;

/// The body of a push whose caller may push to the campaign its path names.
pub struct Admitted {
    pub body: Bytes,
    /// The push's place among those read and checked at once: kept until it is answered.
    pub place: OwnedSemaphorePermit,
}

/// A push's body, after its caller (401 without a known token; the handler names its caller
/// first, so this reads the token a second time, by its hash), the campaign within its reach
/// (404, as for a campaign that does not exist), a role that records events (403), and a place
/// among the pushes at once (waited for, the body unread meanwhile).
impl FromRequest<Arc<Server>> for Admitted {
    type Rejection = Response;

    async fn from_request(request: Request, server: &Arc<Server>) -> Result<Admitted, Response> {
        let (mut parts, body) = request.into_parts();
        let caller = Caller::from_request_parts(&mut parts, server).await?;
        let Path(campaign) = Path::<String>::from_request_parts(&mut parts, server)
            .await
            .map_err(IntoResponse::into_response)?;
        let (reading, reach) = (Arc::clone(server), caller.reach.clone());
        let reached = tokio::task::spawn_blocking(move || {
            reading.reading(|store| Ok::<_, muster::Error>(app::campaign_to_write(store, &campaign, &reach)))
        })
        .await;
        match reached {
            Ok(Ok(Ok(_))) => {}
            Ok(Ok(Err(e))) => return Err(refusal(StatusCode::NOT_FOUND, 1, &e.to_string())),
            Ok(Err(e)) => return Err(refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, &e.to_string())),
            Err(e) => {
                let why = format!("the request failed: {e}");
                return Err(refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, &why));
            }
        }
        if caller.role < Role::Player {
            return Err(refusal(
                StatusCode::FORBIDDEN,
                1,
                &format!(
                    "a {} token may not push; recording events needs a player token",
                    caller.role.word()
                ),
            ));
        }
        let place = Arc::clone(&server.pushes).acquire_owned().await.map_err(|_| {
            refusal(
                StatusCode::INTERNAL_SERVER_ERROR,
                4,
                "the server's places for pushes were closed",
            )
        })?;
        let body = Bytes::from_request(Request::from_parts(parts, body), server)
            .await
            .map_err(IntoResponse::into_response)?;
        Ok(Admitted { body, place })
    }
}
