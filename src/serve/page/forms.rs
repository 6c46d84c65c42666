//! POST /c/{campaign}/do: a form recorded. Each command line is built from its form's fixed
//! list of fields, or is a command the rules offer now (never words a browser chose freely),
//! and is recorded as the API records it: in the server's sequence, by the token's role, with
//! its actor kept and, when the page sends one, under its command id, so that a command sent
//! again after a dropped answer is answered from the first and recorded once.
//!
//! The page's script asks for JSON (`Accept: application/json`): `{"recorded": VERSION,
//! "summary": TEXT}` or `{"refused": TEXT, "field": NAME|null}`. A form sent without it is
//! answered with the page: 303 back to it, saying what was recorded, or the page with the
//! refusal at its form.

use std::sync::Arc;

use axum::extract::{Path, State};

use super::fields::Fields;
use axum::http::header::{ACCEPT, CONTENT_TYPE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use muster::app::Role;
use muster::query::Query;
use serde_json::json;

use super::html::message_page;
use super::labelled::{complaint, for_form};
use super::reading::read_campaign;
use super::resting::in_callers_words;
use super::roster::roster_page;
use super::said::in_page_words;
use super::session::{Signed, forged, redirect};
use super::shown::Refusal;
use super::specs::{self, Line, Unfit};
use super::turned::{Ended, answered, run};
use crate::serve::preamble::Caller;
use crate::serve::server::Server;

/// The form that records a command the rules offer: its command line as JSON, and a face.
const OFFER: &str = "offer";

/// POST /c/{campaign}/do: the form named by `cmd`, checked (session, CSRF token, same site, a
/// player's or gm's token) and recorded.
pub async fn record(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path(campaign): Path<String>,
    headers: HeaderMap,
    Fields(values): Fields,
) -> Response {
    let value = |name: &str| values.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    let wants_json = headers
        .get(ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/json"));
    if let Some(refused) = forged(&server, &signed, &headers, value("csrf")) {
        // The page's script shows a refusal it can read at the form it came from.
        return match wants_json {
            true => answer_json(&Ended::Refused {
                status: StatusCode::FORBIDDEN,
                field: None,
                message: "not recorded: this page's session check is stale or it came from another site; reload the page and send it again".to_owned(),
            }),
            false => refused,
        };
    }
    let cmd = value("cmd").unwrap_or("").to_owned();
    let ended = if signed.caller.role < Role::Player {
        Ended::Refused {
            status: StatusCode::FORBIDDEN,
            field: None,
            message: "a viewer token may not record commands; it needs a player token".to_owned(),
        }
    } else {
        let command_id = value("command_id").filter(|id| !id.is_empty()).map(str::to_owned);
        match line(
            &server,
            &signed.caller,
            (&campaign, command_id.as_deref()),
            &cmd,
            &values,
        )
        .await
        {
            Ok(line) => {
                // The version the page showed when tapped (the script sends it): a tap on what
                // another phone has since changed is refused, not decided on the new state.
                let seen = value("seen").and_then(|v| v.parse::<u64>().ok());
                run(&server, &signed.caller, &campaign, line, (command_id, seen)).await
            }
            Err(ended) => ended,
        }
    };
    // A refusal naming one of the form's flags is that field's: the page marks it, and names
    // it by its label. A command line it names is said as the page's button or form, for a
    // phone has no command line.
    let ended = match ended {
        Ended::Refused {
            status,
            field,
            message,
        } => {
            let spec = specs::named(&cmd);
            let message = in_callers_words(&server, &signed.caller, &campaign, (&cmd, message)).await;
            Ended::Refused {
                status,
                field: field.or_else(|| spec.and_then(|spec| spec.field_named_in(complaint(&message)))),
                message: in_page_words(
                    &spec.map_or_else(|| message.clone(), |spec| for_form(&message, spec)),
                    &[],
                ),
            }
        }
        ended => ended,
    };
    if wants_json {
        return answer_json(&ended);
    }
    match ended {
        Ended::Recorded { version, .. } => redirect(&format!(
            "/c/{}?recorded={version}",
            crate::url::segment(&campaign)
        )),
        Ended::Refused {
            status,
            field,
            message,
        } => {
            let Some(spec) = specs::named(&cmd) else {
                return message_page(status, &message);
            };
            let refusal = Refusal {
                status,
                cmd: spec.cmd,
                field,
                message,
                values,
            };
            roster_page(&server, &signed, &campaign, Some(refusal), None).await
        }
    }
}

fn answer_json(ended: &Ended) -> Response {
    let (status, body) = match ended {
        Ended::Recorded { version, summary } => {
            (StatusCode::OK, json!({ "recorded": version, "summary": summary }))
        }
        Ended::Refused {
            status,
            field,
            message,
        } => (*status, json!({ "refused": message, "field": field })),
    };
    (status, [(CONTENT_TYPE, "application/json")], body.to_string()).into_response()
}

/// The command line form `cmd` makes of `values`, or why it makes none.
async fn line(
    server: &Arc<Server>,
    caller: &Caller,
    (campaign, command_id): (&str, Option<&str>),
    cmd: &str,
    values: &[(String, String)],
) -> Result<Line, Ended> {
    let refused = |status, field, message: String| Ended::Refused {
        status,
        field,
        message,
    };
    if cmd == OFFER {
        let value = |name: &str| {
            values
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.trim().to_owned())
        };
        let args: Vec<String> = value("args")
            .and_then(|a| serde_json::from_str(&a).ok())
            .ok_or_else(|| {
                refused(
                    StatusCode::BAD_REQUEST,
                    None,
                    "the offer names no command line".to_owned(),
                )
            })?;
        let sent = |name: &'static str| {
            values
                .iter()
                .filter(move |(n, v)| n == name && !v.trim().is_empty())
                .map(|(_, v)| v.trim().to_owned())
        };
        // A face left empty is for muster to roll: the "muster rolls" button sends none.
        let chosen = Chosen {
            pays: sent("pay").collect(),
            faces: sent("die").collect(),
        };
        return offered(server, (caller, campaign, command_id), args, chosen).await;
    }
    let Some(spec) = specs::named(cmd) else {
        return Err(refused(
            StatusCode::BAD_REQUEST,
            None,
            format!("no form records '{cmd}'"),
        ));
    };
    if caller.role < spec.role {
        return Err(refused(
            StatusCode::FORBIDDEN,
            None,
            format!(
                "{}: a {} token may not record it; it needs a {} token",
                spec.title,
                caller.role.word(),
                spec.role.word()
            ),
        ));
    }
    specs::command_line(spec, values)
        .map_err(|Unfit { field, message }| refused(StatusCode::UNPROCESSABLE_ENTITY, field, message))
}

/// What the player chose beside an offer: the options its roll is paid for first, and the
/// faces entered for the dice it rolls.
struct Chosen {
    pays: Vec<String>,
    faces: Vec<String>,
}

/// `args` when the rules offer it now (with what was `chosen` for its roll), else why not;
/// or, sent again under `command_id` once the command it recorded moved the campaign on, its
/// first answer.
async fn offered(
    server: &Arc<Server>,
    (caller, campaign, command_id): (&Caller, &str, Option<&str>),
    args: Vec<String>,
    Chosen { pays, faces }: Chosen,
) -> Result<Line, Ended> {
    let offers = read_campaign(server, (campaign, &caller.reach), |store, name| {
        Query::new(store, name).offers()
    });
    let refused = |status, message: String| Ended::Refused {
        status,
        field: None,
        message,
    };
    let offers = offers
        .await
        .map_err(|unread| refused(unread.status, unread.message))?;
    // Its own flags go before a `--` the offer puts before a value that begins with `-`.
    let mut line = args.clone();
    let at = line.iter().position(|w| w == "--").unwrap_or(line.len());
    let chosen = pays
        .iter()
        .map(|pay| format!("--pay={pay}"))
        .chain(faces.iter().map(|face| format!("--die={face}")));
    line.splice(at..at, chosen);
    let Some(offer) = offers.iter().find(|o| o.args == args) else {
        // Its first answer lost, a command the page sends again is no longer offered, for it
        // was recorded: it is answered from that first answer, as any command sent again is.
        if let Some(id) = command_id
            && let Some(first) = answered(server, caller, campaign, (id, &line)).await
        {
            return Err(first);
        }
        return Err(refused(
            StatusCode::CONFLICT,
            "that is no longer offered: the campaign moved on; the page shows what is offered now".to_owned(),
        ));
    };
    if let Some(reason) = &offer.refused {
        return Err(refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            in_page_words(&format!("{}: {reason}", offer.label), &offers),
        ));
    }
    // Only what the card offers is paid: a resource the page did not show is never sent on.
    if let Some(unknown) = pays
        .iter()
        .find(|pay| !offer.pays.iter().any(|o| o.resource.to_string() == **pay))
    {
        let offered: Vec<String> = offer.pays.iter().map(|o| o.resource.to_string()).collect();
        return Err(refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "{}: '{unknown}' is not paid for this roll; it offers {}",
                offer.label,
                if offered.is_empty() {
                    "nothing to pay".to_owned()
                } else {
                    offered.join(", ")
                }
            ),
        ));
    }
    Ok(Line {
        args: line,
        files: Default::default(),
    })
}
