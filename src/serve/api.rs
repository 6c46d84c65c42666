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
use muster::app;
use muster::clock::SystemClock;
use muster::store::{Head, ServedAnswer};
use serde::Deserialize;
use serde_json::{Value, json};

use super::auth::{Caller, caller};
use super::{Answer, Outcome, Server};

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
fn body_of(answer: &Answer) -> String {
    if answer.outcome == Outcome::Done {
        return answer.output.clone();
    }
    let mut body = json!({ "error": answer.message, "exit": answer.outcome.exit() });
    if let Ok(output) = serde_json::from_str::<Value>(&answer.output) {
        body["output"] = output;
    }
    body.to_string()
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
async fn blocking(f: impl FnOnce() -> Response + Send + 'static) -> Response {
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
        let answer = (server.runner)(&server.db, campaign.as_deref(), caller.role, &args);
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
    let body: CommandBody = match serde_json::from_slice(&body) {
        Ok(body) => body,
        Err(e) => {
            return refusal(
                StatusCode::BAD_REQUEST,
                2,
                &format!(
                    "the body is not {{\"args\": [\"wound\", \"Wong\", \"1\"], \"command_id\"?: \"…\", \"decide_again\"?: true}}: {e}"
                ),
            );
        }
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

/// `VERSION:HASH` (quotes allowed, as an entity tag) as a head.
fn expected_head(text: &str) -> Option<Head> {
    let (version, hash) = text.trim().trim_matches('"').split_once(':')?;
    Some(Head {
        version: version.trim().parse().ok()?,
        hash: hash.trim().to_ascii_lowercase(),
    })
}

/// The command's turn in the server's sequence: its record if its id was answered before,
/// the 409 of a stale head, else the command run and its answer kept.
fn sequenced(
    server: &Server,
    caller: &Caller,
    campaign: &str,
    body: &CommandBody,
    expected: Option<&Head>,
) -> Response {
    let _turn = server
        .sequencer
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let store = match app::open(&server.db) {
        Ok(store) => store,
        Err(e) => return refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, &e.to_string()),
    };
    // The name as the file spells it; a campaign about to be created keeps the URL's.
    let campaign = app::resolve_campaign(&store, Some(campaign)).unwrap_or_else(|_| campaign.to_owned());
    if let Some(id) = &body.command_id {
        match app::served(&store, &campaign, id) {
            Ok(Some(kept)) => return replayed(kept),
            Ok(None) => {}
            Err(e) => return refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, &e.to_string()),
        }
    }
    let before = match store.head(&campaign) {
        Ok(head) => head,
        Err(e) => return refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, &e.to_string()),
    };
    if let Some(expected) = expected.filter(|e| **e != before && !body.decide_again) {
        let body = json!({
            "error": format!("the campaign has moved on from v{} to v{}; decide again on the new head, or send \"decide_again\": true", expected.version, before.version),
            "exit": 1,
            "head": before,
        });
        return respond(StatusCode::CONFLICT, body.to_string());
    }
    // A client's id is answered before the command runs, with what a retry must hear should
    // the server stop before the true answer is kept: that the command may have landed. A
    // retry is then never recorded a second time.
    if let Some(id) = &body.command_id {
        let unknown = ServedAnswer {
            actor: caller.name.clone(),
            status: StatusCode::INTERNAL_SERVER_ERROR.as_u16(),
            body: json!({
                "error": format!(
                    "the server stopped while it recorded command {id}, after v{}: whether it landed is not known; read the log after v{} (`muster log`, or GET …/events?after={}) before sending it again under a new command_id",
                    before.version, before.version, before.version
                ),
                "exit": 4,
            })
            .to_string(),
        };
        if let Err(e) = app::record_served(&store, &campaign, id, &body.args, &unknown, &SystemClock) {
            return refusal(
                StatusCode::INTERNAL_SERVER_ERROR,
                4,
                &format!("command {id} was not run: its answer could not be kept ({e})"),
            );
        }
    }
    let answer = (server.runner)(&server.db, Some(&campaign), caller.role, &body.args);
    let wrote = store.head(&campaign).is_ok_and(|after| after != before);
    let status = status_of(answer.outcome, wrote);
    let text = body_of(&answer);
    if wrote || body.command_id.is_some() {
        let id = body
            .command_id
            .clone()
            .unwrap_or_else(|| uuid::Uuid::now_v7().to_string());
        let kept = ServedAnswer {
            actor: caller.name.clone(),
            status: status.as_u16(),
            body: text.clone(),
        };
        if let Err(e) = app::record_served(&store, &campaign, &id, &body.args, &kept, &SystemClock) {
            eprintln!("muster serve: the answer to command {id} was not kept: {e}");
        }
    }
    respond(status, text)
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
