//! The page's forms for the commands a table records most, and POST /c/{campaign}/do, which
//! builds each command line from its form's fixed list of fields (never words a browser chose
//! freely) and records it as the API does: in the server's sequence, by the token's role, with
//! its actor kept.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Form, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use muster::app::{Format, Role};

use super::html::{message_page, status_of};
use super::roster::{Refusal, roster_page};
use super::session::{Signed, forged, redirect};
use super::specs::{FORMS, Place, Spec};
use crate::serve::answer::{Answer, Outcome, reply};
use crate::serve::preamble::Caller;
use crate::serve::server::Server;
use crate::serve::turn::{self, Asked, Turn};

/// The command line `spec` makes of the sent `values`, or what is missing. Persuade's hero and
/// bogey names and counts share a field name, so a field's values are taken in order.
fn command_line(spec: &Spec, values: &[(String, String)]) -> Result<Vec<String>, String> {
    let mut taken: HashMap<&str, usize> = HashMap::new();
    let mut flags = Vec::new();
    let mut words = Vec::new();
    for field in spec.fields {
        let nth = taken.entry(field.name).or_insert(0);
        let value = values
            .iter()
            .filter(|(name, _)| name == field.name)
            .nth(*nth)
            .map(|(_, value)| value.trim())
            .unwrap_or("");
        *nth += 1;
        if value.is_empty() {
            if field.required {
                return Err(format!("{}: '{}' is needed", spec.title, field.label));
            }
            continue;
        }
        if !field.options.is_empty() && !field.options.contains(&value) {
            return Err(format!(
                "{}: '{}' is one of {}",
                spec.title,
                field.label,
                field.options.join(", ")
            ));
        }
        match field.place {
            Place::Word => words.push(value.to_owned()),
            Place::Flag(flag) => flags.push(format!("--{flag}={value}")),
            Place::Switch(flag) => flags.push(format!("--{flag}")),
        }
    }
    let mut line: Vec<String> = spec.words.iter().map(|w| (*w).to_owned()).collect();
    line.extend(flags);
    if !words.is_empty() {
        // The runner adds `--json` at the end unless the line has it: before `--`, it is a flag.
        line.push("--json".to_owned());
        line.push("--".to_owned());
        line.extend(words);
    }
    Ok(line)
}

/// POST /c/{campaign}/do: the form named by `cmd`, checked (session, CSRF token, same site,
/// a player's or gm's token) and recorded; 303 back to the roster when done, else the roster
/// again with muster's message beside the form.
pub async fn record(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path(campaign): Path<String>,
    headers: HeaderMap,
    Form(values): Form<Vec<(String, String)>>,
) -> Response {
    let value = |name: &str| values.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    if let Some(refused) = forged(&signed, &headers, value("csrf")) {
        return refused;
    }
    if signed.caller.role < Role::Player {
        return message_page(
            StatusCode::FORBIDDEN,
            "a viewer token may not record commands; it needs a player token",
        );
    }
    let cmd = value("cmd").unwrap_or("");
    let Some(spec) = FORMS.iter().find(|spec| spec.cmd == cmd) else {
        return message_page(StatusCode::BAD_REQUEST, &format!("no form records '{cmd}'"));
    };
    let refused = |status, message: String| Refusal {
        status,
        cmd: spec.cmd,
        message,
    };
    let line = match command_line(spec, &values) {
        Ok(line) => line,
        Err(message) => {
            let refusal = refused(StatusCode::UNPROCESSABLE_ENTITY, message);
            return roster_page(&server, &signed, &campaign, Some(refusal)).await;
        }
    };
    let (caller, db_campaign) = (signed.caller.clone(), campaign.clone());
    let sequencing = Arc::clone(&server);
    let answer = tokio::task::spawn_blocking(move || sequenced(&sequencing, &caller, &db_campaign, &line))
        .await
        .unwrap_or_else(|e| Answer::failed(Outcome::Storage, format!("the request failed: {e}")));
    if answer.outcome == Outcome::Done {
        return redirect(&format!("/c/{}", crate::url::segment(&campaign)));
    }
    let refusal = refused(status_of(answer.outcome), answer.said());
    roster_page(&server, &signed, &campaign, Some(refusal)).await
}

/// The command's turn in the server's sequence, taken as the API's commands take theirs.
fn sequenced(server: &Server, caller: &Caller, campaign: &str, line: &[String]) -> Answer {
    let asked = Asked {
        args: line,
        command_id: None,
        expected: None,
        printed: Format::Json,
        columns: None,
        files: None,
        reply,
    };
    match turn::take(server, caller, Some(campaign), &asked) {
        Turn::Ran { answer, .. } => answer,
        // A form sends no command id and no head, so only a failure to open the file is left.
        Turn::Failed(message) => Answer::failed(Outcome::Storage, message),
        Turn::Replayed(_) | Turn::Reused(_) | Turn::Moved { .. } => {
            Answer::failed(Outcome::Storage, "the form's command was not run".to_owned())
        }
    }
}
