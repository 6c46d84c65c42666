//! The play page of a campaign, phone first: "Now" on top (the Mission, what is owed, undo),
//! one card per Soldier with what a table records most, and every other form one tap away,
//! with muster's message beside a refused one.

use std::collections::BTreeSet;
use std::sync::Arc;

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use muster::app::Role;
use muster::projection::roster::Roster;
use muster::query::{Offer, Query};
use muster::store::Store;
use serde::Deserialize;

use super::cards::{Card, card};
use super::html::{PageQuery, print_page, read_ok, render};
use super::now::{Now, Undo, now};
use super::reading::read_campaign;
use super::session::Signed;
use super::shown::{Group, Refusal, groups};
use super::views::{Chrome, EventRow, chrome};
use crate::serve::server::Server;

#[derive(Template)]
#[template(path = "page/roster.html")]
struct PlayPage {
    csrf: String,
    who: String,
    campaign: String,
    link: String,
    head: u64,
    now: Now,
    /// What rests on dice this server cannot check yet, or nothing.
    unchecked: String,
    squad: Vec<(&'static str, u32)>,
    cards: Vec<Card>,
    events: Vec<EventRow>,
    groups: Vec<Group>,
    /// True for a player's or gm's token: the page records.
    records: bool,
    /// True for a gm: the page makes invites.
    invites: bool,
    /// A recorded command's line, after a form sent without the page's script.
    recorded: String,
    /// The refusal's message when it is not at a form the page shows.
    message: String,
}

/// How far back the page looks for the caller's last command to offer its undo: the page is
/// drawn on every change, so it reads no more than this many events (`muster undo VERSION`
/// takes back an older one).
const UNDO_WITHIN: u64 = 2_048;

/// How many of the newest events the page lists.
const LAST: usize = 10;

/// What the page reads of the campaign, on one connection.
struct Read {
    roster: Roster,
    offers: Vec<Offer>,
    /// The signed-in caller's last command that still stands: its version and summary.
    undo: Option<Undo>,
    /// The newest events, newest first.
    last: Vec<EventRow>,
    /// The Soldiers whose enlistment the caller recorded: theirs, shown first.
    own: BTreeSet<String>,
    /// The version the page was opened to say was recorded, when the caller sent it, and
    /// what its command wrote, each event's summary in order (a cascade's every void).
    recorded: Option<(u64, String)>,
}

fn read(
    store: &Store,
    campaign: &str,
    (caller, sender): (&str, &str),
    recorded: Option<u64>,
) -> Result<Read, muster::Error> {
    let query = Query::new(store, campaign);
    // A link saying "recorded" is believed only of the caller's own command: a crafted one
    // names someone else's, or a voided one, and says nothing.
    let recorded = match recorded {
        Some(version) if query.sent_by(version, sender)? => Some(version),
        _ => None,
    };
    let roster = query.roster(None)?;
    let offers = query.offers()?;
    // Only a command this caller sent is offered for an undo, as only such a one is taken.
    // One the rules would refuse to take back is shown with why, not offered.
    let undo = match query.last_sent_within(caller, sender, UNDO_WITHIN)? {
        Some(version) => Some(Undo {
            version,
            summary: query.summary_at(version)?.unwrap_or_default(),
            refused: muster::app::void_refused(store, campaign, version)?
                .map(|why| first_clause(&why))
                .unwrap_or_default(),
        }),
        None => None,
    };
    let last = query.newest(0, LAST)?;
    let own = query.enlisted_by(caller)?;
    let recorded = recorded.map(|version| {
        let command = last.iter().find(|e| e.version == version).map(|e| &e.command_id);
        let mut written: Vec<&muster::projection::history::Entry> =
            last.iter().filter(|e| Some(&e.command_id) == command).collect();
        written.sort_by_key(|e| e.version);
        let said: Vec<&str> = written.iter().map(|e| e.summary.as_str()).collect();
        (version, said.join("; "))
    });
    Ok(Read {
        roster,
        offers,
        undo,
        last: last.iter().map(EventRow::of).collect(),
        own,
        recorded,
    })
}

/// A refusal's first clause, which says why (`later events depend on version 9`); the rest
/// (what each rests on, the command line's ways out) is the command line's.
pub(super) fn first_clause(refusal: &str) -> String {
    let end = refusal.find([';', '.']).unwrap_or(refusal.len());
    refusal[..end].to_owned()
}

/// The query a page is opened with after a form sent without the script: what was recorded.
#[derive(Deserialize)]
pub struct Opened {
    recorded: Option<u64>,
}

/// The play page of `campaign` for `signed`, with `refusal` at its form when a form was
/// refused (answered with the refusal's status then).
pub async fn roster_page(
    server: &Arc<Server>,
    signed: &Signed,
    campaign: &str,
    refusal: Option<Refusal>,
    recorded: Option<u64>,
) -> Response {
    let role = signed.caller.role;
    let (caller, sender) = (signed.caller.name.clone(), signed.caller.sender.clone());
    let read = read_campaign(server, (campaign, &signed.caller.reach), move |store, name| {
        read(store, name, (&caller, &sender), recorded)
    });
    let read = match read.await {
        Ok(read) => read,
        Err(unread) => return unread.page(),
    };
    let Read {
        roster,
        offers,
        undo,
        last,
        own,
        recorded,
    } = read;
    // The signed-in player's own Soldiers first, each group in the roster's order.
    let mut cards: Vec<Card> = roster
        .soldiers
        .iter()
        .map(|s| {
            let on = roster
                .mission
                .as_ref()
                .is_some_and(|m| m.soldiers.contains(&s.name));
            card((roster.game, on), s, &offers)
        })
        .collect();
    // Theirs: those whose enlistment they recorded, and those their invite named.
    let named = |c: &Card| signed.soldiers.iter().any(|s| s.eq_ignore_ascii_case(&c.name));
    cards.sort_by_key(|c| !(own.contains(&c.name) || named(c)));
    let records = role >= Role::Player;
    let expansions: Vec<String> = roster.expansions.iter().map(ToString::to_string).collect();
    let (status, message, groups) = groups((&roster, &offers), &expansions, role, refusal);
    let unchecked = match roster.unchecked_offline_rolls {
        0 => String::new(),
        n => format!(
            "{n} generated roll{} made on another copy with a seed this server does not keep and no one has revealed: unchecked until that seed is revealed",
            if n == 1 { "" } else { "s" }
        ),
    };
    let recorded = recorded
        .filter(|(v, _)| *v <= roster.head.version)
        .map(|(v, said)| match said.is_empty() {
            true => format!("Recorded v{v}"),
            false => format!("Recorded v{v}: {said}"),
        })
        .unwrap_or_default();
    let squad = match roster.team_xp {
        Some(team_xp) => vec![("Team XP", team_xp)],
        None => vec![
            ("Squad RP", roster.squad.rp),
            ("Medal RP", roster.squad.medal_rp),
            ("Hostile-draw RP", roster.squad.hostile_draw_rp),
            ("RP bank", roster.squad.rp_bank),
        ],
    };
    let Chrome { csrf, who } = chrome(signed);
    let page = PlayPage {
        csrf,
        who,
        link: crate::url::segment(&roster.campaign),
        campaign: roster.campaign.clone(),
        head: roster.head.version,
        now: now(&roster, &offers, undo),
        unchecked,
        squad,
        cards,
        events: last,
        groups,
        records,
        invites: role >= Role::Gm,
        recorded,
        message,
    };
    render(status, &page)
}

/// GET /c/{campaign}/print: `muster roster --format html`, the printable roster with every
/// Soldier's service record and the charts, as the command line prints it.
pub async fn print(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path(campaign): Path<String>,
) -> Response {
    print_page(&server, &signed.caller, &campaign, &["roster"]).await
}

/// GET /c/{campaign}/json: `muster roster --json`, the roster as the JSON contract gives it.
pub async fn json(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path(campaign): Path<String>,
) -> Response {
    match read_ok(&server, &signed.caller, Some(&campaign), &["roster"]).await {
        Ok(body) => (StatusCode::OK, [(CONTENT_TYPE, "application/json")], body).into_response(),
        Err(answer) => answer,
    }
}

/// GET /c/{campaign}: the play page.
pub async fn roster(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path(campaign): Path<String>,
    PageQuery(opened): PageQuery<Opened>,
) -> Response {
    roster_page(&server, &signed, &campaign, None, opened.recorded).await
}
