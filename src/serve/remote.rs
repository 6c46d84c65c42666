//! POST /api/v1/run: a command line typed on another machine (`muster --remote`), run here
//! and answered with what it printed in the format asked, its refusal and its exit code, so
//! the client prints what the command prints locally.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use muster::app::Format;
use serde::Deserialize;
use serde_json::json;

use super::answer::{Answer, Outcome, blocking, status_of};
use super::api::replayed;
use super::kept::Sent;
use super::preamble::{Caller, JsonBody, Shaped};
use super::server::Server;
use super::turn::{self, Asked, Turn};

/// The API's version, answered by `GET /api/v1` and in every run's answer (the routes keep
/// their `/api/v1` paths). 2: a campaign marked `commands_kept` refuses a pushed tail whose
/// commands do not carry their command, which an API 1 client (a muster that does not keep
/// them) sends; it is told the versions differ instead.
pub const API: u32 = 2;

/// The body of POST /api/v1/run.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunBody {
    args: Vec<String>,
    campaign: Option<String>,
    format: Format,
    columns: Option<usize>,
    command_id: Option<String>,
    /// The files the command names, read on the client's machine, by the path typed.
    #[serde(default)]
    files: BTreeMap<String, String>,
}

impl Shaped for RunBody {
    const SHAPE: &'static str = r#"{"args": ["roster"], "campaign": "…"|null, "format": "table"|"json"|"csv"|"md"|"html", "columns": N|null, "command_id"?: "…", "files"?: {PATH: TEXT}}"#;
}

/// The answer to a run: what the command printed, its exit code, and its refusal.
pub fn reply(answer: &Answer, wrote: bool) -> (StatusCode, String) {
    let mut body = json!({
        "api": API,
        "output": answer.output,
        "exit": answer.outcome.exit(),
    });
    if answer.outcome != Outcome::Done {
        body["error"] = json!(answer.message);
        if let Some(hint) = &answer.hint {
            body["hint"] = json!(hint);
        }
    }
    (status_of(answer.outcome, wrote), body.to_string())
}

fn respond((status, body): (StatusCode, String)) -> Response {
    (status, [(CONTENT_TYPE, "application/json")], body).into_response()
}

/// GET /api/v1: which API this server speaks, and its muster's version.
pub async fn version() -> Response {
    let body = json!({ "api": API, "muster": env!("CARGO_PKG_VERSION") });
    respond((StatusCode::OK, body.to_string()))
}

/// POST /api/v1/run: one command line, run in the server's sequence as the API's commands
/// are, by the same rights.
pub async fn run(
    State(server): State<Arc<Server>>,
    caller: Caller,
    JsonBody(body): JsonBody<RunBody>,
) -> Response {
    blocking(move || {
        let asked = Asked {
            args: &body.args,
            command_id: body.command_id.as_deref(),
            expected: None,
            seen: None,
            printed: body.format,
            columns: body.columns,
            files: Some(&body.files),
            reply,
            sent: Sent::Run(body.format),
        };
        match turn::take(&server, &caller, body.campaign.as_deref(), &asked) {
            Turn::Failed(message) => respond(reply(&Answer::failed(Outcome::Storage, message), false)),
            // Said to be replayed as the API's commands' are; kept as a run, so in its shape.
            Turn::Replayed(kept) => replayed(kept),
            Turn::Reused(message) => respond(reply(&Answer::failed(Outcome::Refused, message), false)),
            // No head is expected of a run, nor a page's version seen.
            Turn::Moved { .. } | Turn::Overtaken(_) => respond(reply(
                &Answer::failed(Outcome::Refused, "the campaign moved on".to_owned()),
                false,
            )),
            Turn::Ran { answer, wrote } => respond(reply(&answer, wrote)),
        }
    })
    .await
}
