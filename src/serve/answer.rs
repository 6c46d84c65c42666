//! What a command run for a client gives, and how the API answers it: the ground floor of the
//! server, below its handlers, its sequence and its page.

use std::collections::BTreeMap;
use std::path::Path;

use axum::body::Bytes;
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use muster::app::{Format, Reach, Role};
use muster::store::Store;
use serde_json::{Value, json};

/// How a command run for a client ended: the command line's exit codes, and the server's own
/// refusal of a command the client's role may not run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Done,
    Refused,
    Usage,
    Altered,
    Storage,
    Forbidden,
}

impl Outcome {
    /// The command line's exit code for this outcome (a missing right is a refusal: 1).
    pub fn exit(self) -> u8 {
        match self {
            Outcome::Done => 0,
            Outcome::Refused | Outcome::Forbidden => 1,
            Outcome::Usage => 2,
            Outcome::Altered => 3,
            Outcome::Storage => 4,
        }
    }
}

/// What a command run for a client printed and how it ended.
#[derive(Debug, Clone)]
pub struct Answer {
    pub outcome: Outcome,
    pub output: String,
    /// The refusal's message, empty when the command was done.
    pub message: String,
    /// What would be accepted instead, when the refusal says.
    pub hint: Option<String>,
}

impl Answer {
    /// An answer that ran nothing: `outcome`, saying `message`.
    pub fn failed(outcome: Outcome, message: String) -> Answer {
        Answer {
            outcome,
            output: String::new(),
            message,
            hint: None,
        }
    }

    /// The refusal and its hint in one sentence, as the API's `error` and the page give it.
    pub fn said(&self) -> String {
        match &self.hint {
            Some(hint) => format!("{} ({hint})", self.message),
            None => self.message.clone(),
        }
    }
}

/// One command line (without `muster`) to run for a client.
pub struct Run<'a> {
    /// The role of the client's token.
    pub role: Role,
    /// The campaigns the client may reach: the only ones the command reads, writes or lists.
    pub reach: &'a Reach,
    pub args: &'a [String],
    /// What its output is printed as: the API's and the page's JSON, the printable roster
    /// page, or any format the command line prints, for a remote client.
    pub printed: Format,
    /// The width a remote client's tables fit (`None`: never cut).
    pub columns: Option<usize>,
    /// The files a remote client read on its machine and sent, by the path it typed: the
    /// only files the command reads.
    pub files: Option<&'a BTreeMap<String, String>>,
}

/// A command line parsed and checked for a client, ready to run: on the database, for the
/// campaign the URL names (as the file spells it), on the connection lent (taken and given
/// back) when there is one, else on its own.
pub type Prepared = Box<dyn FnOnce(&Path, Option<&str>, &mut Option<Store>) -> Answer>;

/// Parses a command line for a client and checks all that needs no file (its grammar, the
/// client's role, the server's bounds): what runs it, or the answer refusing it. Parsing
/// needs no connection, so a command is parsed before its turn on the server's writer.
pub type Runner = fn(&Run<'_>) -> Result<Prepared, Answer>;

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
pub fn respond(status: StatusCode, body: String) -> Response {
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
