//! A form's command taken in the server's sequence, as the API's commands take theirs, and
//! how it ended: recorded at a version, or refused with why.

use std::sync::Arc;

use axum::http::StatusCode;
use muster::app::Format;
use serde_json::{Value, json};

use super::html::status_of;
use super::reading::read_campaign;
use super::specs::Line;
use crate::serve::answer::{Answer, Outcome, reply};
use crate::serve::kept::Sent;
use crate::serve::preamble::Caller;
use crate::serve::server::Server;
use crate::serve::turn::{self, Asked, Turn};

/// How a command sent from the page ended.
pub enum Ended {
    Recorded {
        version: u64,
        summary: String,
    },
    Refused {
        status: StatusCode,
        field: Option<&'static str>,
        message: String,
    },
}

/// The answer kept for the caller's `id` when it answered `line` in `campaign`, as
/// [`Ended`]; `None` when none is kept (or the id answered another command, which the turn
/// names).
pub async fn answered(
    server: &Arc<Server>,
    caller: &Caller,
    campaign: &str,
    (id, line): (&str, &[String]),
) -> Option<Ended> {
    let (sender, id, line) = (caller.sender.clone(), id.to_owned(), line.to_vec());
    let kept = read_campaign(server, (campaign, &caller.reach), move |store, name| {
        muster::app::served(store, &sender, name, &id, &line)
    });
    match kept.await {
        Ok(muster::app::Served::Again(kept)) => Some(ended((
            StatusCode::from_u16(kept.status).unwrap_or(StatusCode::OK),
            kept.body,
        ))),
        _ => None,
    }
}

/// Runs `line` for `caller` in the server's sequence, under its command id and the version
/// the page showed.
pub async fn run(
    server: &Arc<Server>,
    caller: &Caller,
    campaign: &str,
    line: Line,
    (command_id, seen): (Option<String>, Option<u64>),
) -> Ended {
    let (caller, campaign) = (caller.clone(), campaign.to_owned());
    let sequencing = Arc::clone(server);
    let done = tokio::task::spawn_blocking(move || {
        sequenced(
            &sequencing,
            &caller,
            &campaign,
            &line,
            (command_id.as_deref(), seen),
        )
    })
    .await
    .unwrap_or_else(|e| {
        (
            StatusCode::INTERNAL_SERVER_ERROR,
            json!({ "error": format!("the request failed: {e}") }).to_string(),
        )
    });
    ended(done)
}

/// What a command's kept or fresh answer says: the head it wrote and its events' summaries,
/// or the refusal.
fn ended((status, body): (StatusCode, String)) -> Ended {
    let answer: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    if status.is_success() {
        let summary = answer["written"]
            .as_array()
            .map(|written| {
                written
                    .iter()
                    .filter_map(|w| w["summary"].as_str())
                    .collect::<Vec<_>>()
                    .join("; ")
            })
            .unwrap_or_default();
        return Ended::Recorded {
            version: answer["head"]["version"].as_u64().unwrap_or(0),
            summary,
        };
    }
    Ended::Refused {
        status,
        field: None,
        message: answer["error"].as_str().map_or(body.clone(), str::to_owned),
    }
}

/// The command's turn in the server's sequence, taken as the API's commands take theirs: its
/// status and body, or the ones kept for its command id.
fn sequenced(
    server: &Server,
    caller: &Caller,
    campaign: &str,
    line: &Line,
    (command_id, seen): (Option<&str>, Option<u64>),
) -> (StatusCode, String) {
    let asked = Asked {
        args: &line.args,
        command_id,
        expected: None,
        seen,
        printed: Format::Json,
        columns: None,
        files: (!line.files.is_empty()).then_some(&line.files),
        reply,
        sent: Sent::Commands,
    };
    let failed = |message: String| reply(&Answer::failed(Outcome::Storage, message), false);
    match turn::take(server, caller, Some(campaign), &asked) {
        Turn::Ran { answer, wrote } => {
            let (_, body) = reply(&answer, wrote);
            (status_of(answer.outcome), body)
        }
        Turn::Replayed(kept) => (
            StatusCode::from_u16(kept.status).unwrap_or(StatusCode::OK),
            kept.body,
        ),
        Turn::Reused(message) | Turn::Overtaken(message) => {
            (StatusCode::CONFLICT, json!({ "error": message }).to_string())
        }
        Turn::Failed(message) => failed(message),
        Turn::Moved { .. } => failed("the form's command was not run".to_owned()),
    }
}
