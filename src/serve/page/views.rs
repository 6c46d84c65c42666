//! The page's lists: the campaign list and a campaign's log (paged, newest first), each from
//! the `--json` output of the command of the same name; and what the other pages share.

use std::sync::Arc;

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use muster::projection::history::Entry;
use muster::query::LogQuery as LogFilter;
use muster::store::Store;
use serde::Deserialize;
use serde_json::Value;

use super::html::{PageQuery, message_page, read_ok, render};
use super::reading::read_campaign;
use super::session::Signed;
use super::words::{When, when};
use crate::serve::preamble::Caller;
use crate::serve::server::Server;

/// Events on one page of the log.
const PAGE: usize = 25;

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
    caller: &Caller,
    campaign: Option<&str>,
    args: &[&str],
) -> Result<Value, Response> {
    let output = read_ok(server, caller, campaign, args).await?;
    serde_json::from_str(&output).map_err(unreadable)
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
        csrf: signed.csrf.clone(),
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
    let listed = match read_json(&server, &signed.caller, None, &["campaign", "list"]).await {
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
                if c["damaged"].is_string() {
                    // Its log does not fold: its page cannot be drawn, and `verify` says why.
                    format!("v{} · damaged, see muster verify", text(&c["version"]))
                } else {
                    format!("v{}", text(&c["version"]))
                },
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

/// One page of the log and the Soldiers' names, read through one connection.
struct LogRead {
    /// The page's events, newest first, and whether older ones remain.
    events: Vec<EventRow>,
    older: bool,
    soldiers: Vec<String>,
}

/// Reads page `page` of `campaign`'s log: unfiltered, only the rows from the page to the
/// head (a page stays as quick at a million events as at a hundred); filtered, the newest
/// events that match, a page at a time, as `muster log --soldier --mission` lists them.
fn read_log(store: &Store, campaign: &str, page: u64, filter: LogFilter) -> Result<LogRead, muster::Error> {
    let query = muster::query::Query::new(store, campaign);
    let skipped = usize::try_from(page - 1)
        .unwrap_or(usize::MAX)
        .saturating_mul(PAGE);
    let events = if filter == LogFilter::default() {
        query.newest(u64::try_from(skipped).unwrap_or(u64::MAX), PAGE)?
    } else {
        let newest = LogFilter {
            limit: Some(skipped.saturating_add(PAGE)),
            reverse: true,
            ..filter
        };
        query.log(&newest)?.into_iter().skip(skipped).collect()
    };
    let soldiers = query.roster(None)?.soldiers.into_iter().map(|s| s.name).collect();
    Ok(LogRead {
        older: events.len() == PAGE && events.last().is_some_and(|e| e.version > 1),
        events: events.iter().map(EventRow::of).collect(),
        soldiers,
    })
}

/// GET /c/{campaign}/log?page=N: the log, newest first, a page at a time.
pub async fn log(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path(campaign): Path<String>,
    PageQuery(query): PageQuery<LogQuery>,
) -> Response {
    let page = query.page.unwrap_or(1).max(1);
    let soldier = query.soldier.unwrap_or_default().trim().to_owned();
    let mission = query.mission.unwrap_or_default().trim().to_owned();
    let filter = LogFilter {
        soldier: Some(soldier.clone()).filter(|s| !s.is_empty()),
        mission: match mission.as_str() {
            "" => None,
            number => match number.parse::<u32>() {
                Ok(n) if n > 0 => Some(n),
                _ => {
                    return message_page(
                        StatusCode::BAD_REQUEST,
                        &format!(
                            "'{number}' is not a Mission's number: give a whole number from 1, or none for every Mission"
                        ),
                    );
                }
            },
        },
        ..LogFilter::default()
    };
    let read = read_campaign(&server, (&campaign, &signed.caller.reach), move |store, name| {
        read_log(store, name, page, filter)
    });
    let read = match read.await {
        Ok(read) => read,
        Err(unread) => return unread.page(),
    };
    let Chrome { csrf, who } = chrome(&signed);
    render(
        StatusCode::OK,
        &LogPage {
            csrf,
            who,
            link: crate::url::segment(&campaign),
            campaign,
            page,
            older: read.older,
            events: read.events,
            filters: [("soldier", &soldier), ("mission", &mission)]
                .iter()
                .filter(|(_, v)| !v.is_empty())
                .map(|(k, v)| format!("&{k}={}", crate::url::segment(v)))
                .collect(),
            soldier,
            mission,
            soldiers: read.soldiers,
        },
    )
}
