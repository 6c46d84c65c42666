//! The page's lists: the campaign list and a campaign's log (paged, newest first), each from
//! the `--json` output of the command of the same name; and what the other pages share.

use std::sync::Arc;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use muster::app::Role;
use muster::projection::history::Entry;
use serde::Deserialize;
use serde_json::Value;

use super::html::{message_page, read_ok, render};
use super::session::Signed;
use super::words::{When, when};
use crate::serve::server::Server;

/// Events on one page of the log.
const PAGE: u64 = 25;

/// `value` as the page prints it: a string as it is, null as a dash, anything else as JSON.
pub(super) fn text(value: &Value) -> String {
    match value {
        Value::Null => "–".to_owned(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A read command's JSON output as a value; output that is not JSON is a failure of the server.
pub(super) async fn read_json(
    server: &Arc<Server>,
    role: Role,
    campaign: Option<&str>,
    args: &[&str],
) -> Result<Value, Response> {
    let output = read_ok(server, role, campaign, args).await?;
    serde_json::from_str(&output).map_err(unreadable)
}

/// A read command's JSON Lines output as values.
pub(super) async fn read_lines(
    server: &Arc<Server>,
    role: Role,
    campaign: Option<&str>,
    args: &[&str],
) -> Result<Vec<Value>, Response> {
    let output = read_ok(server, role, campaign, args).await?;
    output
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()
        .map_err(unreadable)
}

/// The page saying a command's output could not be read.
fn unreadable(e: serde_json::Error) -> Response {
    message_page(
        StatusCode::INTERNAL_SERVER_ERROR,
        &format!("cannot read the command's output: {e}"),
    )
}

/// What every signed-in page's header shows.
pub(super) struct Chrome {
    pub csrf: String,
    pub who: String,
}

pub(super) fn chrome(signed: &Signed) -> Chrome {
    Chrome {
        csrf: signed.session.csrf.clone(),
        who: format!("{} ({})", signed.caller.name, signed.caller.role.word()),
    }
}

#[derive(Template)]
#[template(path = "page/campaigns.html")]
struct CampaignsPage {
    csrf: String,
    who: String,
    campaigns: Vec<(String, String, String)>,
}

/// GET /: the campaign list.
pub async fn campaigns(State(server): State<Arc<Server>>, signed: Signed) -> Response {
    let listed = match read_json(&server, signed.caller.role, None, &["campaign", "list"]).await {
        Ok(listed) => listed,
        Err(answer) => return answer,
    };
    let rows = listed
        .as_array()
        .or_else(|| listed["campaigns"].as_array())
        .cloned()
        .unwrap_or_default();
    let Chrome { csrf, who } = chrome(&signed);
    let campaigns = rows
        .iter()
        .map(|c| {
            let name = text(&c["name"]);
            (
                crate::url::segment(&name),
                name,
                format!("v{}", text(&c["version"])),
            )
        })
        .collect();
    render(StatusCode::OK, &CampaignsPage { csrf, who, campaigns })
}

/// One row of a log.
pub(super) struct EventRow {
    pub version: String,
    pub recorded_at: When,
    /// Who recorded its command; empty for a command recorded before the log kept who.
    pub by: String,
    pub summary: String,
    pub voided: bool,
}

impl EventRow {
    /// A log's entry as a row.
    pub fn of(entry: &Entry) -> EventRow {
        EventRow {
            version: entry.version.to_string(),
            recorded_at: when(&entry.recorded_at),
            by: entry.recorded_by.clone().unwrap_or_default(),
            summary: entry.summary.clone(),
            voided: entry.voided,
        }
    }
}

pub(super) fn event_rows(events: &[Value]) -> Vec<EventRow> {
    events
        .iter()
        .map(|e| EventRow {
            version: text(&e["version"]),
            recorded_at: when(&text(&e["recorded_at"])),
            by: e["recorded_by"].as_str().unwrap_or_default().to_owned(),
            summary: text(&e["summary"]),
            voided: e["voided"].as_bool().unwrap_or(false),
        })
        .collect()
}

#[derive(Template)]
#[template(path = "page/log.html")]
struct LogPage {
    csrf: String,
    who: String,
    campaign: String,
    link: String,
    page: u64,
    older: bool,
    events: Vec<EventRow>,
    /// The filters shown, as chosen: a Soldier's name and a Mission's number, or empty.
    soldier: String,
    mission: String,
    soldiers: Vec<String>,
    /// The filters as a page link's query: `&soldier=Wong&mission=2`.
    filters: String,
}

#[derive(Deserialize)]
pub struct LogQuery {
    page: Option<u64>,
    soldier: Option<String>,
    mission: Option<String>,
}

/// GET /c/{campaign}/log?page=N: the log, newest first, a page at a time.
pub async fn log(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path(campaign): Path<String>,
    Query(query): Query<LogQuery>,
) -> Response {
    let role = signed.caller.role;
    let page = query.page.unwrap_or(1).max(1);
    let soldier = query.soldier.unwrap_or_default().trim().to_owned();
    let mission = query.mission.unwrap_or_default().trim().to_owned();
    let mut filters: Vec<String> = Vec::new();
    if !soldier.is_empty() {
        filters.push(format!("--soldier={soldier}"));
    }
    if !mission.is_empty() {
        filters.push(format!("--mission={mission}"));
    }
    let newest = match read_lines(&server, role, Some(&campaign), &["log", "-n", "1", "--reverse"]).await {
        Ok(newest) => newest.first().and_then(|e| e["version"].as_u64()).unwrap_or(0),
        Err(answer) => return answer,
    };
    let roster = match read_json(&server, role, Some(&campaign), &["roster"]).await {
        Ok(roster) => roster,
        Err(answer) => return answer,
    };
    let skipped = (page - 1).saturating_mul(PAGE);
    let events = if skipped >= newest && filters.is_empty() {
        Vec::new()
    } else {
        // Filtered, the page is the newest events that match, a page at a time.
        let count = page.saturating_mul(PAGE).to_string();
        let mut args: Vec<&str> = vec!["log", "-n", &count, "--reverse"];
        args.extend(filters.iter().map(String::as_str));
        match read_lines(&server, role, Some(&campaign), &args).await {
            Ok(events) => events
                .into_iter()
                .skip(usize::try_from(skipped).unwrap_or(usize::MAX))
                .collect(),
            Err(answer) => return answer,
        }
    };
    let Chrome { csrf, who } = chrome(&signed);
    let older = events
        .last()
        .and_then(|e| e["version"].as_u64())
        .is_some_and(|v| v > 1);
    render(
        StatusCode::OK,
        &LogPage {
            csrf,
            who,
            link: crate::url::segment(&campaign),
            campaign,
            page,
            older: older && events.len() as u64 == PAGE,
            events: event_rows(&events),
            filters: [("soldier", &soldier), ("mission", &mission)]
                .iter()
                .filter(|(_, v)| !v.is_empty())
                .map(|(k, v)| format!("&{k}={}", crate::url::segment(v)))
                .collect(),
            soldier,
            mission,
            soldiers: roster["soldiers"]
                .as_array()
                .map(|all| {
                    all.iter()
                        .filter_map(|s| s["name"].as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default(),
        },
    )
}
