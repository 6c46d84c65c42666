//! Live updates: GET /c/{campaign}/events/stream, server-sent events giving the campaign's
//! head version whenever it changes, and /static/play.js, the script served by muster itself
//! that swaps in the page's fresh parts when it does. A stream reads the head only when woken:
//! by a command the server records (the sequence publishes each turn), or by a write of
//! another program on the same file, which the server's one watcher of the file notices
//! within 250 ms (`serve/watch.rs`).

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Extension, Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use muster::app::Reach;
use muster::query;

use super::html::message_page;
use super::reading::{Unread, read_campaign};
use super::session::signed;
use crate::serve::listen::Pulse;
use crate::serve::server::Server;
use crate::serve::streams::{Full, Ticket};

/// How often a stream no turn woke checks its session again (a revoked token ends it).
const RECHECK: Duration = Duration::from_secs(5);

/// GET /static/play.js.
pub async fn script() -> Response {
    (
        [
            (CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (CACHE_CONTROL, "no-cache"),
        ],
        super::compact::script(),
    )
        .into_response()
}

/// The campaign's head version, read on a blocking thread.
async fn head_of(server: &Arc<Server>, campaign: (&str, &Reach)) -> Result<u64, Unread> {
    read_campaign(server, campaign, |store, name| {
        Ok(query::head_here(store, name).map(|(_, head)| head.version)?)
    })
    .await
}

/// What the stream carries between polls.
struct Watch {
    server: Arc<Server>,
    headers: HeaderMap,
    campaign: String,
    /// The campaigns the session may reach.
    reach: Reach,
    sent: Option<u64>,
    /// True once a wait ended without a turn: the session is checked again.
    quiet: bool,
    /// The server's turns, which wake the stream.
    turns: tokio::sync::watch::Receiver<u64>,
    /// The stream's place among the server's, given back when it ends.
    ticket: Ticket,
}

/// GET /c/{campaign}/events/stream: an event `head` with the head version, first at once,
/// then whenever it changes; it ends when the session does, or when the session opens one
/// stream more than [`PER_SESSION`](crate::serve::streams::PER_SESSION) (the oldest ends). A
/// keep-alive comment goes out on every `pulse` without news, so the server's idle timeout
/// never closes an open page. Refused (503) while the server holds as many streams as it may,
/// half its connections.
pub async fn stream(
    State(server): State<Arc<Server>>,
    Extension(Pulse(pulse)): Extension<Pulse>,
    Path(campaign): Path<String>,
    headers: HeaderMap,
) -> Response {
    let (session, reach) = match signed(&server, &headers).await {
        Ok(signed) => (signed.id, signed.caller.reach),
        Err(answer) => return answer,
    };
    if let Err(unread) = head_of(&server, (&campaign, &reach)).await {
        return unread.page();
    }
    let ticket = match server.streams.open(&session) {
        Ok(ticket) => ticket,
        Err(Full(most)) => {
            return message_page(
                StatusCode::SERVICE_UNAVAILABLE,
                &format!(
                    "the server holds as many live pages as it may ({most}); this page still works, and shows what others record once reloaded"
                ),
            );
        }
    };
    let turns = server.writer.turns.subscribe();
    let watch = Watch {
        ticket,
        turns,
        server,
        headers,
        campaign,
        reach,
        sent: None,
        quiet: false,
    };
    let events = futures_util::stream::unfold(watch, |mut watch| async move {
        loop {
            if watch.quiet && signed(&watch.server, &watch.headers).await.is_err() {
                return None;
            }
            if let Ok(head) = head_of(&watch.server, (&watch.campaign, &watch.reach)).await
                && watch.sent != Some(head)
            {
                watch.sent = Some(head);
                let event = Event::default().event("head").data(head.to_string());
                return Some((Ok::<Event, Infallible>(event), watch));
            }
            // Woken by a turn (the server's, or the watcher's for another program's write), or
            // after a quiet while. The sender lives in the server this stream holds, so
            // `changed` never fails at once and the wait is never a busy loop. A newer stream of
            // the session that takes this one's place ends it.
            tokio::select! {
                woken = tokio::time::timeout(RECHECK, watch.turns.changed()) => watch.quiet = woken.is_err(),
                _replaced = watch.ticket.closed.wait_for(|closed| *closed) => return None,
            }
        }
    });
    Sse::new(events)
        .keep_alive(KeepAlive::new().interval(pulse))
        .into_response()
}
