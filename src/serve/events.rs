//! GET /api/v1/campaigns/{campaign}/events?after=VERSION: the export's lines after VERSION,
//! read from there and streamed as they are read, so a long log is never held whole.

use std::convert::Infallible;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use muster::app;
use muster::query;
use muster::store::Store;
use serde::Deserialize;
use tokio::sync::mpsc;

use super::answer::refusal;
use super::preamble::{Caller, Params};
use super::server::Server;

/// How many bytes of lines are sent at a time.
const CHUNK: usize = 64 * 1024;

/// How many chunks may wait for a slow client before reading pauses.
const WAITING: usize = 4;

#[derive(Deserialize)]
pub struct EventsQuery {
    after: Option<u64>,
}

/// The export's lines after `after` (the whole export, trailer included, without it).
pub async fn events(
    State(server): State<Arc<Server>>,
    caller: Caller,
    Path(campaign): Path<String>,
    Params(query): Params<EventsQuery>,
) -> Response {
    let after = query.after.unwrap_or(0);
    let (chunks, waiting) = mpsc::channel::<Bytes>(WAITING);
    let (opened, open) = tokio::sync::oneshot::channel::<Result<(), Response>>();
    // The rows are read on a blocking thread, on a kept connection; a client that goes away
    // closes the channel, which stops the reading.
    tokio::task::spawn_blocking(move || {
        let streamed = server.reading(|store| {
            Ok::<_, muster::Error>(match app::resolve_within(store, Some(&campaign), &caller.reach) {
                Ok(campaign) => {
                    if opened.send(Ok(())).is_ok() {
                        stream_lines(store, &campaign, after, &chunks);
                    }
                    None
                }
                Err(e) => Some((opened, refusal(StatusCode::NOT_FOUND, 1, &e.to_string()))),
            })
        });
        // Without a connection, `opened` went unsent: the request is answered 500.
        if let Ok(Some((opened, refused))) = streamed {
            let _gone = opened.send(Err(refused));
        }
    });
    match open.await {
        Ok(Ok(())) => {}
        Ok(Err(refused)) => return refused,
        Err(_) => return refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, "the log could not be read"),
    }
    let body = futures_util::stream::unfold(waiting, |mut waiting| async move {
        waiting
            .recv()
            .await
            .map(|chunk| (Ok::<_, Infallible>(chunk), waiting))
    });
    (
        StatusCode::OK,
        [(CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(body),
    )
        .into_response()
}

/// Sends the lines of `campaign` after `after` down `chunks`, then the trailer of a whole
/// export. A failure mid-way ends the body early: without its trailer, a whole export shows
/// itself cut, as `muster import` would say.
fn stream_lines(store: &Store, campaign: &str, after: u64, chunks: &mpsc::Sender<Bytes>) {
    let mut pending = Vec::with_capacity(CHUNK);
    let send = |pending: &mut Vec<u8>| chunks.blocking_send(Bytes::from(std::mem::take(pending))).is_ok();
    let trailer = query::Query::new(store, campaign).export_after(after, &mut |line| {
        if serde_json::to_writer(&mut pending, line).is_err() {
            return false;
        }
        pending.push(b'\n');
        pending.len() < CHUNK || send(&mut pending)
    });
    if let (Ok(Some(trailer)), 0) = (trailer, after) {
        pending.extend_from_slice(trailer.line().as_bytes());
        pending.push(b'\n');
    }
    if !pending.is_empty() {
        send(&mut pending);
    }
}
