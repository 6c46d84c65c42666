//! The pages of one thing: `show` of an event and `blame` of a Soldier, laid out in the
//! command line's words from the `--json` output of the command of the same name (times in
//! the viewer's own, hashes shortened with a copy button), which each page also gives whole,
//! folded away.

use std::sync::Arc;

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use muster::app::Role;
use muster::domain::roll::{Roll, source_words};
use muster::projection::show::Recomputed;
use muster::projection::summary::roll_line;
use muster::query::Query;
use serde::Deserialize;
use serde_json::Value;

use super::html::{PagePath, render};
use super::reading::read_campaign;
use super::resting::in_callers_words;
use super::said::in_page_words;
use super::session::Signed;
use super::shown::{FormView, corrections};
use super::views::{Chrome, chrome, read_json, text};
use super::words::{self, When, heading, kind, rank, short, when};
use crate::serve::server::Server;

/// An event's field as a row: its name and its value, with the version it links to, a time
/// or a hash where it is one.
struct Row {
    label: String,
    value: String,
    link: Option<u64>,
    when: Option<When>,
    /// A whole hash, shown shortened with a button to copy it whole.
    hash: Option<String>,
}

impl Row {
    fn plain(label: &str, value: String) -> Row {
        Row {
            label: label.to_owned(),
            value,
            link: None,
            when: None,
            hash: None,
        }
    }
}

/// One field of a Soldier's sheet and the lines of the log that moved it, oldest first.
struct Field {
    /// As `blame --json` names it: the heading's anchor.
    key: String,
    name: String,
    value: String,
    lines: Vec<Line>,
}

/// A line of blame: the event, how it moved the field, and whether it was voided.
struct Line {
    version: String,
    recorded_at: When,
    change: String,
    summary: String,
    voided: bool,
}

#[derive(Template)]
#[template(path = "page/show.html")]
struct ShowPage {
    csrf: String,
    who: String,
    campaign: String,
    link: String,
    title: String,
    voided: bool,
    rows: Vec<Row>,
    /// The command's own events: version and summary.
    command: Vec<(String, String)>,
    /// The corrections the caller may give of this command, its version filled in.
    fixes: Vec<FormView>,
    /// Why the rules would not take this command back now, or nothing.
    fix_refused: String,
    json: String,
}

#[derive(Template)]
#[template(path = "page/blame.html")]
struct BlamePage {
    csrf: String,
    who: String,
    campaign: String,
    link: String,
    title: String,
    fields: Vec<Field>,
    json: String,
}

/// The signed-in caller and the JSON a read command printed, or the page answering instead.
async fn signed_json(
    server: &Arc<Server>,
    signed: Signed,
    campaign: &str,
    args: &[&str],
) -> Result<(Signed, Value), Response> {
    let value = read_json(server, &signed.caller, Some(campaign), args).await?;
    Ok((signed, value))
}

/// `value` pretty-printed, as the page's folded-away JSON, shown as the command line's JSON is
/// ([`muster::domain::shown`]): a name an older muster let in prints as its escapes.
fn pretty(value: &Value) -> String {
    let text = serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string());
    let mut shown = Vec::with_capacity(text.len());
    match muster::domain::shown::write_json_shown(&mut shown, &text) {
        Ok(()) => String::from_utf8(shown).unwrap_or(text),
        Err(_) => text,
    }
}

/// The payload's members as rows in words, an object's own members each a row of its own
/// (`Card abilities`); the roll the event records is left to [`roll_rows`], shown once.
fn payload_rows(payload: &Value, roll: &Value) -> Vec<Row> {
    let mut rows = Vec::new();
    for (key, value) in payload.as_object().into_iter().flatten() {
        if !roll.is_null() && value == roll {
            continue;
        }
        match value {
            Value::Object(map) if !map.is_empty() && words::known(key, value).is_none() => {
                let head = words::label(key);
                rows.extend(
                    words::said_members(value)
                        .map(|(k, v)| member_row(&format!("{head}: {}", words::label(k)), k, v)),
                );
            }
            _ => rows.push(member_row(&words::label(key), key, value)),
        }
    }
    rows
}

/// A member as a row in words; a hash (64 hex digits, as a seed's commitment) shown short
/// with a button to copy it whole.
fn member_row(label: &str, key: &str, value: &Value) -> Row {
    match value.as_str() {
        Some(whole) if whole.len() == 64 && whole.chars().all(|c| c.is_ascii_hexdigit()) => Row {
            hash: Some(whole.to_owned()),
            ..Row::plain(label, short(whole))
        },
        _ => Row::plain(label, words::words(key, value)),
    }
}

/// The roll an event records as rows: the command line's line of it, then its die and
/// faces, its modifiers, its costs and the key of a generated face, each in words.
fn roll_rows(roll: &Value) -> Vec<Row> {
    let Ok(r) = Roll::deserialize(roll) else {
        return match roll {
            Value::Null => Vec::new(),
            other => vec![Row::plain("Roll", words::words("", other))],
        };
    };
    let source = source_words(r.source);
    let faces = words::words("faces", &roll["faces"]);
    let mut rows = vec![
        Row::plain("Roll", roll_line(&r)),
        Row::plain("Die", format!("{}: {faces} ({source})", r.die)),
    ];
    if let Some(target) = r.target {
        rows.push(Row::plain("Target", format!("{target}+ as printed")));
    }
    for (label, key) in [
        ("Modifiers", "modifiers"),
        ("Costs", "costs"),
        ("Generated", "dice"),
    ] {
        if words::said_members(roll).any(|(k, _)| k == key) {
            rows.push(Row::plain(label, words::words(key, &roll[key])));
        }
    }
    rows
}

/// A roll computed again, in words: `7: success; agrees with the record`, and the face its
/// revealed seed gives.
fn recomputed(again: &Value) -> String {
    let Ok(again) = Recomputed::deserialize(again) else {
        return words::words("", again);
    };
    let mut said = again.verdict();
    if let Some(face) = again.face_from_seed {
        said.push_str(&format!("; the revealed seed gives the face {face}"));
    }
    said
}

/// How far back the show page asks the rules whether a command may be taken back: the
/// question folds the log from the command on, so an older one is answered when it is sent.
const ASKED_WITHIN: u64 = 2_048;

/// What the caller may do to put the command that wrote `version` right, and why the rules
/// would refuse to take it back now (empty when they would not, or when it is older than
/// [`ASKED_WITHIN`]).
async fn fixes(
    server: &Arc<Server>,
    signed: &Signed,
    campaign: &str,
    version: u64,
) -> Result<(Vec<FormView>, String), Response> {
    let role = signed.caller.role;
    if role < Role::Player {
        return Ok((Vec::new(), String::new()));
    }
    let sender = signed.caller.sender.clone();
    let asked = read_campaign(server, (campaign, &signed.caller.reach), move |store, name| {
        let query = Query::new(store, name);
        let mine = query.sent_by(version, &sender)?;
        if !mine && role < Role::Gm {
            return Ok((false, None));
        }
        let head = query.head()?.version;
        let refused = match head.saturating_sub(version) <= ASKED_WITHIN {
            true => muster::app::void_refused(store, name, version)?,
            false => None,
        };
        Ok((mine, refused))
    });
    let (mine, refused) = asked.await.map_err(|unread| unread.page())?;
    // Said as the play page says an undo's or a void's refusal: each command resting on it by
    // its version and summary, and what the caller may do about it.
    let cmd = if role >= Role::Gm { "void" } else { "undo" };
    let refused = match refused {
        Some(why) => {
            let why = in_callers_words(server, &signed.caller, campaign, (cmd, why)).await;
            in_page_words(&why, &[])
        }
        None => String::new(),
    };
    let mut forms = corrections(version, role, mine);
    // A player's undo the rules refuse is said, not offered; a gm's void may cascade.
    if role < Role::Gm && !refused.is_empty() {
        forms.clear();
    }
    Ok((forms, refused))
}

/// GET /c/{campaign}/show/{version}: `show` of one event.
pub async fn show(
    State(server): State<Arc<Server>>,
    signed: Signed,
    PagePath((campaign, version)): PagePath<(String, u64)>,
) -> Response {
    let version_arg = version.to_string();
    let (signed, e) = match signed_json(&server, signed, &campaign, &["show", &version_arg]).await {
        Ok(found) => found,
        Err(answer) => return answer,
    };
    let mut rows = vec![
        Row::plain("Event", text(&e["summary"])),
        Row::plain("Kind", kind(&text(&e["kind"]))),
        Row {
            when: Some(when(&text(&e["recorded_at"]))),
            ..Row::plain("Recorded", String::new())
        },
        Row::plain(
            "Recorded by",
            e["recorded_by"]
                .as_str()
                .unwrap_or("(before the log kept who)")
                .to_owned(),
        ),
    ];
    rows.extend(payload_rows(&e["payload"], &e["roll"]));
    rows.extend(roll_rows(&e["roll"]));
    if !e["recomputed"].is_null() {
        rows.push(Row::plain("Recomputed", recomputed(&e["recomputed"])));
    }
    if let Some(by) = e["voided_by"]["version"].as_u64() {
        rows.push(Row {
            link: Some(by),
            ..Row::plain("Voided by", format!("v{by}"))
        });
        rows.push(Row::plain("Why", text(&e["voided_by"]["why"])));
    }
    for (label, key) in [("Command", "command_id"), ("Event id", "event_id")] {
        rows.push(Row::plain(label, text(&e[key])));
    }
    for (label, key) in [("Previous hash", "prev_hash"), ("Hash", "hash")] {
        let whole = text(&e[key]);
        rows.push(Row {
            hash: Some(whole.clone()),
            ..Row::plain(label, short(&whole))
        });
    }
    let command = e["command"]
        .as_array()
        .map(|all| {
            all.iter()
                .map(|c| (text(&c["version"]), text(&c["summary"])))
                .collect()
        })
        .unwrap_or_default();
    let voided = e["voided"].as_bool().unwrap_or(false);
    let (fixes, fix_refused) = match voided {
        true => (Vec::new(), String::new()),
        false => match fixes(&server, &signed, &campaign, version).await {
            Ok(fixes) => fixes,
            Err(answer) => return answer,
        },
    };
    let Chrome { csrf, who } = chrome(&signed);
    let page = ShowPage {
        csrf,
        who,
        link: crate::url::segment(&campaign),
        campaign,
        title: format!("Event v{version}"),
        voided,
        rows,
        command,
        fixes,
        fix_refused,
        json: pretty(&e),
    };
    render(StatusCode::OK, &page)
}

/// GET /c/{campaign}/blame/{soldier}: `blame` of one Soldier.
pub async fn blame(
    State(server): State<Arc<Server>>,
    signed: Signed,
    Path((campaign, soldier)): Path<(String, String)>,
) -> Response {
    // `--json` before `--`, where the runner would otherwise add it as a word.
    let args = ["blame", "--json", "--", &soldier];
    let (signed, b) = match signed_json(&server, signed, &campaign, &args).await {
        Ok(found) => found,
        Err(answer) => return answer,
    };
    let mut fields: Vec<Field> = b["fields"]
        .as_object()
        .map(|all| {
            all.iter()
                .map(|(name, field)| Field {
                    key: name.clone(),
                    name: heading(name),
                    value: text(&field["value"]),
                    lines: field["lines"]
                        .as_array()
                        .map(|lines| lines.iter().map(line).collect())
                        .unwrap_or_default(),
                })
                .collect()
        })
        .unwrap_or_default();
    // As the card orders them, not as the JSON's keys sort.
    fields.sort_by_key(|f| rank(&f.key));
    let Chrome { csrf, who } = chrome(&signed);
    let page = BlamePage {
        csrf,
        who,
        link: crate::url::segment(&campaign),
        campaign,
        title: format!("Blame: {}", b["soldier"].as_str().unwrap_or(&soldier)),
        fields,
        json: pretty(&b),
    };
    render(StatusCode::OK, &page)
}

fn line(l: &Value) -> Line {
    let change = &l["change"];
    Line {
        version: text(&l["version"]),
        recorded_at: when(&text(&l["recorded_at"])),
        change: match (&change["set"], &change["add"]) {
            (set, _) if !set.is_null() => format!("set to {}", text(set)),
            (_, Value::Number(n)) if n.as_i64().is_some_and(|n| n >= 0) => format!("+{n}"),
            (_, add) if !add.is_null() => text(add),
            _ => words::words("change", change),
        },
        summary: text(&l["summary"]),
        voided: l["voided"].as_bool().unwrap_or(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_json_escapes_what_prints_as_nothing_and_reads_back_the_same() {
        let value = serde_json::json!({ "recorded_by": "Baker\u{202e}\u{e0041}\u{9b}", "n": [1, 2] });
        let shown = pretty(&value);
        assert!(!shown.chars().any(muster::domain::shown::escaped), "{shown:?}");
        assert!(shown.contains("\\u202e") && shown.contains('\n'), "{shown}");
        assert_eq!(serde_json::from_str::<Value>(&shown).unwrap(), value);
        let plain = serde_json::json!({ "name": "Reyes" });
        assert_eq!(pretty(&plain), serde_json::to_string_pretty(&plain).unwrap());
    }
}
