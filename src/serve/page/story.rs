//! The campaign's story on the page: the chronicle, and one Mission's after-action report,
//! in the words the command line prints them (`projection::chronicle::words`), read from the
//! same query as `muster chronicle`.

use std::sync::Arc;

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use muster::projection::chronicle::words::{self, Block, Document};
use muster::projection::chronicle::{Chronicle, MissionReport};
use muster::query::Query;

use super::html::{PagePath, print_page, render};
use super::reading::read_campaign;
use super::session::Signed;
use super::views::{Chrome, chrome};
use crate::serve::preamble::Caller;
use crate::serve::server::Server;

#[derive(Template)]
#[template(path = "page/chronicle.html")]
struct StoryPage {
    csrf: String,
    who: String,
    campaign: String,
    link: String,
    title: String,
    doc: Document,
    /// Every Mission's number and name, each a link to its own page.
    missions: Vec<(u32, String)>,
    json: String,
}

/// What a story page shows: the whole chronicle, and one Mission's report when it shows one.
type Told = (Chronicle, Option<MissionReport>);

/// Reads the chronicle of `campaign` on a kept read-only connection, off the async threads.
async fn told(
    server: &Arc<Server>,
    (caller, campaign): (&Caller, &str),
    mission: Option<u32>,
) -> Result<Told, Response> {
    // The command line's own reads, so a Mission not recorded (or played on paper) is
    // refused in the same words as `chronicle --mission N`.
    read_campaign(server, (campaign, &caller.reach), move |store, name| {
        let query = Query::new(store, name);
        match mission {
            Some(number) => query.mission_report(number).map(|(c, report)| (c, Some(report))),
            None => query.chronicle().map(|c| (c, None)),
        }
    })
    .await
    .map_err(|unread| unread.page())
}

/// The page of what was told.
fn page(signed: &Signed, told: Told) -> Response {
    let (chronicle, doc, json, title) = match told {
        (c, None) => {
            let doc = words::chronicle(&c);
            let json = serde_json::to_string_pretty(&c).unwrap_or_default();
            (c, doc, json, "chronicle".to_owned())
        }
        (c, Some(report)) => {
            let doc = words::mission_alone(&c.campaign, c.game, &report);
            let json = serde_json::to_string_pretty(&report).unwrap_or_default();
            let title = format!("Mission {}", report.number);
            (c, doc, json, title)
        }
    };
    let Chrome { csrf, who } = chrome(signed);
    let page = StoryPage {
        csrf,
        who,
        link: crate::url::segment(&chronicle.campaign),
        missions: chronicle
            .missions
            .iter()
            .map(|m| (m.number, m.name.clone()))
            .collect(),
        campaign: chronicle.campaign,
        title,
        doc,
        json,
    };
    render(StatusCode::OK, &page)
}

/// GET /c/{campaign}/chronicle: the campaign's chronicle.
pub async fn chronicle(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path(campaign): Path<String>,
) -> Response {
    match told(&server, (&signed.caller, &campaign), None).await {
        Ok(told) => page(&signed, told),
        Err(answer) => answer,
    }
}

/// GET /c/{campaign}/mission/{number}: one Mission's after-action report.
pub async fn mission(
    State(server): State<Arc<Server>>,
    signed: Signed,
    PagePath((campaign, number)): PagePath<(String, u32)>,
) -> Response {
    match told(&server, (&signed.caller, &campaign), Some(number)).await {
        Ok(told) => page(&signed, told),
        Err(answer) => answer,
    }
}

/// GET /c/{campaign}/chronicle/print: `muster chronicle --format html`, the page to print.
pub async fn print(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path(campaign): Path<String>,
) -> Response {
    print_page(&server, &signed.caller, &campaign, &["chronicle"]).await
}
