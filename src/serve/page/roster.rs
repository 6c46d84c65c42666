//! The roster page: the squad's numbers, each Soldier's line, the last events and, for a
//! player's or gm's token, the forms, with muster's message beside a refused one.

use std::sync::Arc;

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use muster::app::{Format, Role};
use serde_json::Value;

use super::html::{framed_by, read_printed, render};
use super::session::Signed;
use super::specs::{Place, Spec, forms_for};
use super::views::{Chrome, EventRow, chrome, event_rows, read_json, read_lines, text};
use crate::serve::server::Server;

/// A refused form: the status answered, the form it came from and muster's message.
pub struct Refusal {
    pub status: StatusCode,
    pub cmd: &'static str,
    pub message: String,
}

/// One form as the template shows it.
struct FormView {
    spec: &'static Spec,
    message: String,
}

/// One field as the template shows it.
struct FieldView {
    name: &'static str,
    label: &'static str,
    options: &'static [&'static str],
    checkbox: bool,
    required: bool,
}

impl FormView {
    fn fields(&self) -> Vec<FieldView> {
        self.spec
            .fields
            .iter()
            .map(|f| FieldView {
                name: f.name,
                label: f.label,
                options: f.options,
                checkbox: matches!(f.place, Place::Switch(_)),
                required: f.required,
            })
            .collect()
    }
}

#[derive(Template)]
#[template(path = "page/roster.html")]
struct RosterPage {
    csrf: String,
    who: String,
    campaign: String,
    link: String,
    game: String,
    head: String,
    mission: String,
    /// What rests on dice this server cannot check yet, or nothing.
    unchecked: String,
    squad: Vec<(String, String)>,
    columns: Vec<&'static str>,
    soldiers: Vec<(String, String, Vec<String>)>,
    names: Vec<String>,
    events: Vec<EventRow>,
    forms: Vec<FormView>,
}

/// The roster's columns for a Soldier: its numbers as the printed roster gives them.
const COLUMNS: [(&str, &str); 9] = [
    ("kind", "Kind"),
    ("status", "Status"),
    ("wounds", "Wounds"),
    ("suppress", "Suppress"),
    ("xp", "XP"),
    ("rp", "RP"),
    ("discipline", "Discipline"),
    ("hardy", "Hardy"),
    ("medals", "Medals"),
];

fn cell(key: &str, value: &Value) -> String {
    match (key, value) {
        ("discipline", Value::Object(d)) => format!("{}/{}", text(&d["current"]), text(&d["stat"])),
        ("hardy", Value::Object(h)) if h.is_empty() => "none".to_owned(),
        ("hardy", Value::Object(h)) => h
            .iter()
            .map(|(k, v)| format!("{k} {}", text(v)))
            .collect::<Vec<_>>()
            .join(", "),
        ("medals", Value::Array(m)) if m.is_empty() => "–".to_owned(),
        ("medals", Value::Array(m)) => m
            .iter()
            .map(|x| x["name"].as_str().map_or_else(|| text(x), str::to_owned))
            .collect::<Vec<_>>()
            .join(", "),
        _ => text(value),
    }
}

/// The roster page of `campaign` for `signed`, with `refusal` beside its form when a form was
/// refused (answered with the refusal's status then).
pub async fn roster_page(
    server: &Arc<Server>,
    signed: &Signed,
    campaign: &str,
    refusal: Option<Refusal>,
) -> Response {
    let role = signed.caller.role;
    let roster = match read_json(server, role, Some(campaign), &["roster"]).await {
        Ok(roster) => roster,
        Err(answer) => return answer,
    };
    let last = match read_lines(server, role, Some(campaign), &["log", "-n", "10", "--reverse"]).await {
        Ok(last) => last,
        Err(answer) => return answer,
    };
    let game = text(&roster["game"]);
    let expansions: Vec<String> = roster["expansions"]
        .as_array()
        .map(|all| all.iter().filter_map(Value::as_str).map(str::to_owned).collect())
        .unwrap_or_default();
    let soldiers = roster["soldiers"].as_array().cloned().unwrap_or_default();
    let columns: Vec<(&str, &str)> = COLUMNS
        .iter()
        .copied()
        .filter(|(key, _)| soldiers.iter().any(|s| !s[*key].is_null()))
        .collect();
    let mission = match &roster["mission"] {
        Value::Null => String::new(),
        m => format!(
            "Mission {} '{}' in progress, turn {}",
            text(&m["number"]),
            text(&m["name"]),
            text(&m["turn"])
        ),
    };
    let unchecked = match roster["unchecked_offline_rolls"].as_u64() {
        None | Some(0) => String::new(),
        Some(n) => format!(
            "{n} generated roll{} made on another copy with a seed this server does not keep and no one has revealed: unchecked until that seed is revealed",
            if n == 1 { "" } else { "s" }
        ),
    };
    let squad = [
        ("squad RP", &roster["squad"]["rp"]),
        ("Medal RP", &roster["squad"]["medal_rp"]),
        ("Hostile draw RP", &roster["squad"]["hostile_draw_rp"]),
        ("RP bank", &roster["squad"]["rp_bank"]),
        ("team XP", &roster["team_xp"]),
    ]
    .into_iter()
    .filter(|(_, value)| !value.is_null())
    .map(|(label, value)| (label.to_owned(), text(value)))
    .collect();
    let (status, cmd, message) = match refusal {
        Some(r) => (r.status, r.cmd, r.message),
        None => (StatusCode::OK, "", String::new()),
    };
    let forms = if role >= Role::Player {
        forms_for(&game, &expansions)
            .map(|spec| FormView {
                spec,
                message: if spec.cmd == cmd {
                    message.clone()
                } else {
                    String::new()
                },
            })
            .collect()
    } else {
        Vec::new()
    };
    let Chrome { csrf, who } = chrome(signed);
    let name = roster["campaign"].as_str().unwrap_or(campaign).to_owned();
    let page = RosterPage {
        csrf,
        who,
        link: crate::url::segment(&name),
        campaign: name,
        game,
        head: text(&roster["head"]["version"]),
        mission,
        unchecked,
        squad,
        columns: columns.iter().map(|(_, label)| *label).collect(),
        names: soldiers.iter().map(|s| text(&s["name"])).collect(),
        soldiers: soldiers
            .iter()
            .map(|s| {
                let name = text(&s["name"]);
                (
                    crate::url::segment(&name),
                    name,
                    columns.iter().map(|(key, _)| cell(key, &s[*key])).collect(),
                )
            })
            .collect(),
        events: event_rows(&last),
        forms,
    };
    render(status, &page)
}

/// GET /c/{campaign}/print: `muster roster --format html`, the printable roster with every
/// Soldier's service record and the charts, as the command line prints it; the roster page
/// frames it.
pub async fn print(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path(campaign): Path<String>,
) -> Response {
    let asker = (signed.caller.role, Format::Html);
    match read_printed(&server, asker, Some(&campaign), &["roster"]).await {
        Ok(page) => framed_by(StatusCode::OK, page, "'self'"),
        Err(answer) => answer,
    }
}

/// GET /c/{campaign}: the roster, the last events and the forms.
pub async fn roster(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path(campaign): Path<String>,
) -> Response {
    roster_page(&server, &signed, &campaign, None).await
}
