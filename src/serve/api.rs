//! The JSON API's handlers: each authenticates, then does its work on a blocking thread
//! against its own connection, and answers with the command line's `--json` output or with
//! `{"error": MESSAGE, "exit": CODE}`.

use std::cmp::Ordering;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use muster::app::Format;
use muster::store::{Head, ServedAnswer};
use serde::Deserialize;
use serde_json::json;

use super::answer::{Run, blocking, body_of, refusal, reply, respond, status_of};
use super::kept::Sent;
use super::preamble::{Caller, IfMatch, JsonBody, Params, Shaped};
use super::push::short;
use super::server::Server;
use super::turn::{self, Asked, Turn};

/// Runs a read command for `caller` and answers with its output.
async fn read(server: Arc<Server>, caller: Caller, campaign: Option<String>, args: Vec<String>) -> Response {
    blocking(move || {
        let run = Run {
            role: caller.role,
            reach: &caller.reach,
            args: &args,
            printed: Format::Json,
            columns: None,
            files: None,
        };
        let answer = server.read(campaign.as_deref(), &run);
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

/// A method a path does not take (a GET of …/commands, a PUT anywhere): 405 in the API's
/// JSON, as every refusal, rather than an empty body.
pub async fn method_not_allowed() -> Response {
    refusal(
        StatusCode::METHOD_NOT_ALLOWED,
        2,
        "this path does not take that method; the API is GET /api/v1/campaigns, GET …/campaigns/{campaign}/roster, GET and POST …/events and POST …/commands",
    )
}

/// GET /api/v1/campaigns: `muster campaign list --json`.
pub async fn campaigns(State(server): State<Arc<Server>>, caller: Caller) -> Response {
    read(server, caller, None, vec!["campaign".into(), "list".into()]).await
}

#[derive(Deserialize)]
pub struct RosterQuery {
    as_of: Option<String>,
}

/// GET /api/v1/campaigns/{campaign}/roster[?as_of=REF]: `muster roster --json`.
pub async fn roster(
    State(server): State<Arc<Server>>,
    caller: Caller,
    Path(campaign): Path<String>,
    Params(query): Params<RosterQuery>,
) -> Response {
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
pub struct CommandBody {
    args: Vec<String>,
    command_id: Option<String>,
    #[serde(default)]
    decide_again: bool,
}

impl Shaped for CommandBody {
    const SHAPE: &'static str =
        r#"{"args": ["wound", "Wong", "1"], "command_id"?: "…", "decide_again"?: true}"#;
}

/// POST /api/v1/campaigns/{campaign}/commands: one command of the command line, recorded
/// with its actor; a retried command id is answered from the record, and an `If-Match:
/// VERSION:HASH` that is no longer the head is answered 409 unless `decide_again` is set.
pub async fn command(
    State(server): State<Arc<Server>>,
    caller: Caller,
    Path(campaign): Path<String>,
    IfMatch(expected): IfMatch,
    JsonBody(body): JsonBody<CommandBody>,
) -> Response {
    blocking(move || sequenced(&server, &caller, &campaign, &body, expected.as_ref())).await
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
        seen: None,
        printed: Format::Json,
        columns: None,
        files: None,
        reply,
        sent: Sent::Commands,
    };
    match turn::take(server, caller, Some(campaign), &asked) {
        Turn::Failed(message) => refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, &message),
        Turn::Replayed(kept) => replayed(kept),
        Turn::Reused(message) => refusal(StatusCode::UNPROCESSABLE_ENTITY, 1, &message),
        // The API sends no page's version seen.
        Turn::Overtaken(message) => refusal(StatusCode::CONFLICT, 1, &message),
        Turn::Moved { expected, now } => {
            let body = json!({ "error": off_the_head(&expected, &now), "exit": 1, "head": now });
            respond(StatusCode::CONFLICT, body.to_string())
        }
        Turn::Ran { answer, wrote } => respond(status_of(answer.outcome, wrote), body_of(&answer)),
    }
}

/// Why the head `expected` (a command's `If-Match`) is not the campaign's, `now`: it has
/// moved on from it, holds that version with another hash (the logs have parted), or has not
/// reached it.
fn off_the_head(expected: &Head, now: &Head) -> String {
    let then = "nothing was written; decide again on its head, or send \"decide_again\": true";
    match expected.version.cmp(&now.version) {
        Ordering::Less => format!(
            "the campaign has moved on from v{} to v{}; {then}",
            expected.version, now.version
        ),
        Ordering::Equal => format!(
            "the campaign's v{} has hash {}, not the {} named: the logs have parted; {then}",
            now.version,
            short(&now.hash),
            short(&expected.hash)
        ),
        Ordering::Greater => format!(
            "the campaign has not reached v{}: its head is v{} with hash {}; {then}",
            expected.version,
            now.version,
            short(&now.hash)
        ),
    }
}

/// A kept answer, given again to a retried command id, saying so (`Muster-Replayed: true`).
pub fn replayed(kept: ServedAnswer) -> Response {
    let status = StatusCode::from_u16(kept.status).unwrap_or(StatusCode::OK);
    let mut response = respond(status, kept.body);
    response
        .headers_mut()
        .insert("muster-replayed", axum::http::HeaderValue::from_static("true"));
    response
}
