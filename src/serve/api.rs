//! The JSON API's handlers: each authenticates, then does its work on a blocking thread
//! against its own connection, and answers with the command line's `--json` output or with
//! `{"error": MESSAGE, "exit": CODE}`.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use muster::store::{Head, ServedAnswer};
use serde::Deserialize;
use serde_json::{Value, json};

use super::auth::{Caller, caller};
use super::turn::{self, Asked, Turn};
use super::{Answer, Outcome, Printed, Run, Server};

/// `{"error": message, "exit": exit}` with `status`.
pub fn refusal(status: StatusCode, exit: u8, message: &str) -> Response {
    let body = json!({ "error": message, "exit": exit }).to_string();
    (status, [(CONTENT_TYPE, "application/json")], body).into_response()
}

/// The status a command's outcome is answered with.
pub fn status_of(outcome: Outcome, wrote: bool) -> StatusCode {
    match outcome {
        Outcome::Done if wrote => StatusCode::CREATED,
        Outcome::Done => StatusCode::OK,
        Outcome::Refused => StatusCode::UNPROCESSABLE_ENTITY,
        Outcome::Usage => StatusCode::BAD_REQUEST,
        Outcome::Altered => StatusCode::CONFLICT,
        Outcome::Storage => StatusCode::INTERNAL_SERVER_ERROR,
        Outcome::Forbidden => StatusCode::FORBIDDEN,
    }
}

/// The body answering `answer`: its `--json` output when done, else the refusal, with the
/// output too when the command printed one before failing (verify's findings).
pub fn body_of(answer: &Answer) -> String {
    if answer.outcome == Outcome::Done {
        return answer.output.clone();
    }
    let mut body = json!({ "error": answer.said(), "exit": answer.outcome.exit() });
    if let Ok(output) = serde_json::from_str::<Value>(&answer.output) {
        body["output"] = output;
    }
    body.to_string()
}

/// The status and body answering a command: its `--json` output, or the refusal.
pub fn reply(answer: &Answer, wrote: bool) -> (StatusCode, String) {
    (status_of(answer.outcome, wrote), body_of(answer))
}

/// A body as a response: JSON Lines when it holds more than one line, else JSON.
fn respond(status: StatusCode, body: String) -> Response {
    let lines = body.trim_end().lines().count();
    let kind = if lines > 1 {
        "application/x-ndjson"
    } else {
        "application/json"
    };
    (status, [(CONTENT_TYPE, kind)], body).into_response()
}

/// Runs `f` on a blocking thread; a thread that panicked is answered with 500.
pub async fn blocking(f: impl FnOnce() -> Response + Send + 'static) -> Response {
    tokio::task::spawn_blocking(f).await.unwrap_or_else(|e| {
        refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            4,
            &format!("the request failed: {e}"),
        )
    })
}

/// Runs a read command for `caller` and answers with its output.
async fn read(server: Arc<Server>, caller: Caller, campaign: Option<String>, args: Vec<String>) -> Response {
    blocking(move || {
        let run = Run {
            campaign: campaign.as_deref(),
            role: caller.role,
            args: &args,
            printed: Printed::Json,
            columns: None,
            files: None,
        };
        let answer = server.read(&run);
        respond(status_of(answer.outcome, false), body_of(&answer))
    })
    .await
}

/// Any other path.
pub async fn not_found() -> Response {
    refusal(
        StatusCode::NOT_FOUND,
        2,
        "no such API path; the API is GET /api/v1/campaigns, GET …/campaigns/{campaign}/roster, GET …/events?after=VERSION and POST …/commands",
    )
}

/// GET /api/v1/campaigns: `muster campaign list --json`.
pub async fn campaigns(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    match caller(&server, peer.ip(), &headers).await {
        Ok(caller) => read(server, caller, None, vec!["campaign".into(), "list".into()]).await,
        Err(refused) => refused,
    }
}

#[derive(Deserialize)]
pub struct RosterQuery {
    as_of: Option<String>,
}

/// GET /api/v1/campaigns/{campaign}/roster[?as_of=REF]: `muster roster --json`.
pub async fn roster(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(campaign): Path<String>,
    Query(query): Query<RosterQuery>,
    headers: HeaderMap,
) -> Response {
    let caller = match caller(&server, peer.ip(), &headers).await {
        Ok(caller) => caller,
        Err(refused) => return refused,
    };
    let mut args = vec!["roster".to_owned()];
    if let Some(point) = query.as_of {
        // One word, so a point that starts with a dash is read as the point, never a flag.
        args.push(format!("--as-of={point}"));
    }
    read(server, caller, Some(campaign), args).await
}

/// The body of POST …/commands.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CommandBody {
    args: Vec<String>,
    command_id: Option<String>,
    #[serde(default)]
    decide_again: bool,
}

/// POST /api/v1/campaigns/{campaign}/commands: one command of the command line, recorded
/// with its actor; a retried command id is answered from the record, and an `If-Match:
/// VERSION:HASH` that is no longer the head is answered 409 unless `decide_again` is set.
pub async fn command(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(campaign): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let caller = match caller(&server, peer.ip(), &headers).await {
        Ok(caller) => caller,
        Err(refused) => return refused,
    };
    let shape = r#"{"args": ["wound", "Wong", "1"], "command_id"?: "…", "decide_again"?: true}"#;
    let body: CommandBody = match json_body(&body, shape) {
        Ok(body) => body,
        Err(refused) => return *refused,
    };
    let expected = match headers.get("if-match").map(|v| v.to_str().map(expected_head)) {
        None => None,
        Some(Ok(Some(head))) => Some(head),
        Some(_) => {
            return refusal(
                StatusCode::BAD_REQUEST,
                2,
                "If-Match is VERSION:HASH, the head the command was decided on",
            );
        }
    };
    blocking(move || sequenced(&server, &caller, &campaign, &body, expected.as_ref())).await
}

/// A request's JSON body, or the 400 saying it is not of the `shape` expected.
pub fn json_body<T: serde::de::DeserializeOwned>(body: &Bytes, shape: &str) -> Result<T, Box<Response>> {
    serde_json::from_slice(body).map_err(|e| {
        Box::new(refusal(
            StatusCode::BAD_REQUEST,
            2,
            &format!("the body is not {shape}: {e}"),
        ))
    })
}

/// `VERSION:HASH` (quotes allowed, as an entity tag) as a head.
pub fn expected_head(text: &str) -> Option<Head> {
    let (version, hash) = text.trim().trim_matches('"').split_once(':')?;
    Some(Head {
        version: version.trim().parse().ok()?,
        hash: hash.trim().to_ascii_lowercase(),
    })
}

/// The command's turn in the server's sequence, answered as the API answers: its record if
/// its id was answered before, the 409 of a stale head, else the command's own answer.
fn sequenced(
    server: &Server,
    caller: &Caller,
    campaign: &str,
    body: &CommandBody,
    expected: Option<&Head>,
) -> Response {
    let asked = Asked {
        args: &body.args,
        command_id: body.command_id.as_deref(),
        expected: expected.filter(|_| !body.decide_again),
        printed: Printed::Json,
        columns: None,
        files: None,
        reply,
    };
    match turn::take(server, caller, Some(campaign), &asked) {
        Turn::Failed(message) => refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, &message),
        Turn::Replayed(kept) => replayed(kept),
        Turn::Reused(message) => refusal(StatusCode::UNPROCESSABLE_ENTITY, 1, &message),
        Turn::Moved { expected, now } => {
            let body = json!({
                "error": format!("the campaign has moved on from v{} to v{}; decide again on the new head, or send \"decide_again\": true", expected.version, now.version),
                "exit": 1,
                "head": now,
            });
            respond(StatusCode::CONFLICT, body.to_string())
        }
        Turn::Ran { answer, wrote } => respond(status_of(answer.outcome, wrote), body_of(&answer)),
    }
}

/// A kept answer, given again to a retried command id.
fn replayed(kept: ServedAnswer) -> Response {
    let status = StatusCode::from_u16(kept.status).unwrap_or(StatusCode::OK);
    let mut response = respond(status, kept.body);
    response
        .headers_mut()
        .insert("muster-replayed", axum::http::HeaderValue::from_static("true"));
    response
}
