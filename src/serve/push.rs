//! POST /api/v1/campaigns/{campaign}/events: a copy's offline tail (`muster push`), the export's
//! JSON Lines of the events after the server's head it branched from (`If-Match`), appended
//! in the server's sequence once the checked fold from the server's state at that head finds
//! nothing in them, a part at a time (each ending where a command ends); a head that moved on
//! is answered 409 and nothing is written.

use std::ops::Range;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use muster::app::{self, Role};
use muster::clock::{Clock, SystemClock};
use muster::query;
use muster::store::{Head, Store, StoredRow};
use muster::transfer::{self, Checked, Checking, FastForward, Landing};
use serde::Deserialize;
use serde_json::json;

use super::admit::Admitted;
use super::answer::{blocking, refusal};
use super::background;
use super::preamble::{Caller, Continues, Params};
use super::server::Server;

/// How many rows a part of a push holds at least (it ends where a command ends): appending
/// them holds the writer a few milliseconds, so another campaign's command waits no longer.
const PART: usize = 128;

#[derive(Deserialize)]
pub struct PushQuery {
    /// Check the rows as a push would and answer what would land, writing nothing.
    #[serde(default)]
    dry_run: bool,
}

/// POST …/events[?dry_run=true] with `If-Match: VERSION:HASH`: the rows after that head.
pub async fn push(
    State(server): State<Arc<Server>>,
    caller: Caller,
    Path(campaign): Path<String>,
    Params(query): Params<PushQuery>,
    Continues(expected): Continues,
    // Read only for a caller who may push here, a few pushes at a time; the place is given
    // back once the push is answered.
    Admitted { body, place: _place }: Admitted,
) -> Response {
    // Read where it is, off the async workers: a push of ten thousand events is megabytes,
    // and a worker copying and checking them serves no other request meanwhile.
    blocking(move || {
        let Ok(text) = std::str::from_utf8(&body) else {
            return refusal(StatusCode::BAD_REQUEST, 2, "the events are not UTF-8 JSON Lines");
        };
        // The campaign is held from its check to its last part: a command or another push on
        // it waits, so none is decided on half of it or slips between its parts.
        // A campaign out of the caller's reach is refused before it is held or read.
        let resolved = server.reading(|store| Ok::<_, muster::Error>(app::campaign_to_write(store, &campaign, &caller.reach)));
        let name = match resolved {
            Ok(Ok(name)) => name,
            Ok(Err(e)) => return refusal(StatusCode::NOT_FOUND, 1, &e.to_string()),
            // Unread, the URL's name is held; the check below reads again and answers.
            Err(_) => campaign.clone(),
        };
        let _held = (!query.dry_run).then(|| server.holds.hold(&name));
        // The rows are read and checked on a read connection, beside the commands the writer
        // records meanwhile, and at the lowest priority: a command that comes meanwhile takes
        // a core first. The writer is held only while each part is appended, at the
        // priority of every turn.
        let checked = background::at_lowest_priority(|| {
            server.reading(|store| {
                Ok::<_, muster::Error>(checked(store, &caller, (&campaign, &expected), text, query.dry_run))
            })
        });
        let checked = match checked {
            Ok(Ok(Pushing::Land(checked))) => *checked,
            Ok(Ok(Pushing::Answer(answer))) => return answer,
            Ok(Err(e)) => return refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, &e.to_string()),
            Err(e) => {
                let why = format!("the push could not be checked: no thread could start ({e})");
                return refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, &why);
            }
        };
        if query.dry_run {
            let body = json!({ "campaign": checked.campaign(), "added": checked.added(), "head": checked.head_after() });
            return (StatusCode::OK, [(CONTENT_TYPE, "application/json")], body.to_string()).into_response();
        }
        land(&server, &caller, &checked)
    })
    .await
}

/// Lands the checked rows a part at a time, each part a turn in the writer's groups beside
/// other campaigns' commands, resting between parts as long as the part before took, with who
/// pushed its commands kept beside it; answered once every part landed is on disk (the parts
/// are synced once, at the end, not each on its own). A push stopped between parts keeps the
/// whole commands landed so far, and says so: the copy's next push sends the rest.
fn land(server: &Server, caller: &Caller, checked: &Checked) -> Response {
    let campaign = checked.campaign();
    let from = checked.head_before().clone();
    let mut here = from.clone();
    let mut stopped = None;
    let mut rest = Duration::ZERO;
    // What each part leaves for the next: where blame's index of the campaign is made up to.
    let mut landing = Landing::default();
    for part in checked.parts(PART) {
        // Between two parts the push rests as long as the last one took, so it takes at most
        // half the writer and half a core: a command that comes while it lands (nothing says
        // one is on its way) finds both free half the time.
        std::thread::sleep(rest);
        let asked = Instant::now();
        let landed = server.writer.in_group_synced_later(|lent| match lent.as_mut() {
            Some(store) => land_part(store, caller, checked, (part, &mut landing, &here)),
            None => Err("the server's connection was lost".to_owned()),
        });
        rest = asked.elapsed();
        match landed {
            Ok(Some(head)) => here = head,
            Ok(None) => {
                stopped = Some(Stopped::MovedOn);
                break;
            }
            Err(e) => {
                stopped = Some(Stopped::Failed(e));
                break;
            }
        }
    }
    // What landed is on disk before the push is answered, whether or not it all landed.
    let synced = server.writer.sync();
    let so_far = match here.version - from.version {
        0 => "nothing was pushed".to_owned(),
        n => format!(
            "v{}–v{} landed ({n} event{}, whole commands) and the rest did not",
            from.version + 1,
            here.version,
            if n == 1 { "" } else { "s" }
        ),
    };
    match (stopped, synced) {
        (Some(Stopped::MovedOn), Ok(())) => refusal(
            StatusCode::CONFLICT,
            1,
            &format!(
                "the server's '{campaign}' moved on from v{} while the push landed: {so_far}; pull first",
                here.version
            ),
        ),
        (None, Err(e)) => refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            4,
            &format!("every event was written, but {e}; pull to learn what the server keeps"),
        ),
        (Some(Stopped::Failed(e)), _) | (Some(Stopped::MovedOn), Err(e)) => refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            4,
            &format!("{so_far}: {e}; push again to send what is missing"),
        ),
        (None, Ok(())) => {
            let landed = json!({ "campaign": campaign, "added": here.version - from.version, "head": here });
            (
                StatusCode::CREATED,
                [(CONTENT_TYPE, "application/json")],
                landed.to_string(),
            )
                .into_response()
        }
    }
}

/// Why a push stopped before its last part.
enum Stopped {
    /// The campaign moved on from the head the next part continues.
    MovedOn,
    /// A part failed on storage: why.
    Failed(String),
}

/// The rows of `part` appended if the campaign is still at `here`, and who pushed them kept
/// beside them: the head after them, or `None` when the campaign moved on (nothing written).
fn land_part(
    store: &mut Store,
    caller: &Caller,
    checked: &Checked,
    (part, landing, here): (Range<usize>, &mut Landing, &Head),
) -> Result<Option<Head>, String> {
    let campaign = checked.campaign();
    let head = match transfer::land_part(store, checked, (part, landing), here) {
        Ok(FastForward::Added { head, .. }) => head,
        Ok(FastForward::DoesNotContinue) => return Ok(None),
        Err(e) => return Err(e.to_string()),
    };
    // Who pushed each command is kept beside the log, as a served command's actor is.
    app::record_served(store, campaign, here.version, &caller.sender, &SystemClock)
        .map_err(|e| format!("who pushed could not be kept ({e})"))?;
    Ok(Some(head))
}

/// What a push comes to once its rows are read and checked.
enum Pushing {
    /// Rows that continue the campaign, to land on the writer.
    Land(Box<Checked>),
    /// The answer to give now: a refusal, or that nothing was sent.
    Answer(Response),
}

/// The rows read and checked as the continuation of the campaign at `expected`, reading only.
fn checked(
    store: &Store,
    caller: &Caller,
    (named, expected): (&str, &Head),
    text: &str,
    dry_run: bool,
) -> Pushing {
    // A campaign the server lacks keeps the URL's name; a push creates it (a gm's who reaches
    // every campaign).
    let campaign = match app::campaign_to_write(store, named, &caller.reach) {
        Ok(campaign) => campaign,
        Err(e) => return Pushing::Answer(refusal(StatusCode::NOT_FOUND, 1, &e.to_string())),
    };
    let head = match query::Query::new(store, &campaign).head() {
        Ok(head) => head,
        Err(e) => return Pushing::Answer(refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, &e.to_string())),
    };
    if head != *expected {
        let error = match head.version == expected.version {
            // The same version with another hash: the two logs hold different histories.
            true => format!(
                "the server's '{campaign}' is at v{} with hash {}, and the v{} this push continues has hash {}: the two have parted; nothing written: pull first (a pull names the version where they part)",
                head.version,
                short(&head.hash),
                expected.version,
                short(&expected.hash)
            ),
            false => format!(
                "the server's '{campaign}' is at v{}, not the v{} this push continues; nothing written: pull first",
                head.version, expected.version
            ),
        };
        let body = json!({
            "error": error,
            "exit": 1,
            "head": head,
        });
        return Pushing::Answer(
            (
                StatusCode::CONFLICT,
                [(CONTENT_TYPE, "application/json")],
                body.to_string(),
            )
                .into_response(),
        );
    }
    let rows = match transfer::parse(text) {
        Ok(rows) => rows,
        Err(e) => {
            // Most of the reader's refusals say so already.
            let said = e.to_string();
            let said = match said.contains("nothing written") {
                true => said,
                false => format!("{said}; nothing written"),
            };
            return Pushing::Answer(refusal(StatusCode::UNPROCESSABLE_ENTITY, 1, &said));
        }
    };
    // An event dated in the server's future would refuse every command recorded before that
    // time (times never go back), the gm's void included: none is taken, not even a minute
    // ahead, since a copy pushing again and again a minute ahead would block the table for
    // good. Landed after this, a pushed event is never after a command the server records.
    let now = SystemClock.now();
    if let Some(row) = rows
        .iter()
        .find(|row| transfer::dated_after(&row.recorded_at, now))
    {
        return Pushing::Answer(refusal(
            StatusCode::UNPROCESSABLE_ENTITY,
            1,
            &format!(
                "version {} was recorded at {}, after the server's clock ({}); nothing written: an event dated ahead would refuse every command recorded before its time. If the copy's clock runs ahead, set it right (its events keep their time: pull into a new database and record them again there); if it was only a moment, push again once the server's clock has passed {}",
                row.version,
                row.recorded_at,
                muster::clock::written(now),
                row.recorded_at
            ),
        ));
    }
    match rolled_by_this_servers_seed(store, &campaign, head.version, &rows) {
        Ok(None) => {}
        Ok(Some(version)) => {
            return Pushing::Answer(refusal(
                StatusCode::UNPROCESSABLE_ENTITY,
                1,
                &format!(
                    "version {version} claims a face generated by this server's own dice seed, which no copy holds: the server rolls its seed only for the commands sent to it; nothing written: record that roll with --die (a real die), or offline under the copy's own seed"
                ),
            ));
        }
        Err(e) => return Pushing::Answer(refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, &e.to_string())),
    }
    // A gm may push any event, so only a lesser role's rows are read for what they need. An
    // event that does not read is the checked fold's to refuse, by name, below.
    let needed = (caller.role < Role::Gm).then(|| {
        rows.iter()
            .map(|row| row.decode().map_or(Role::Player, |r| Role::to_record(&r.event)))
            .max()
            .unwrap_or(Role::Player)
    });
    if let Some(needed) = needed.filter(|needed| caller.role < *needed) {
        return Pushing::Answer(refusal(
            StatusCode::FORBIDDEN,
            1,
            &match needed {
                Role::Gm => format!(
                    "a {} token may not push these events; voids, seeds revealed and campaign management need a gm token",
                    caller.role.word()
                ),
                _ => format!(
                    "a {} token may not push; recording events needs a player token",
                    caller.role.word()
                ),
            },
        ));
    }
    // A command the copy recorded in another writer's name would have the log and the page
    // say that writer recorded it: the served_actors table alone would know better.
    match app::pushed_in_anothers_name(store, &campaign, &caller.name, &rows) {
        Ok(None) => {}
        Ok(Some(why)) => return Pushing::Answer(refusal(StatusCode::UNPROCESSABLE_ENTITY, 1, &why)),
        Err(e) => return Pushing::Answer(refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, &e.to_string())),
    }
    match transfer::check(store, &campaign, &head, rows) {
        Ok(Checking::Continues(checked)) => Pushing::Land(checked),
        Ok(Checking::Nothing) => {
            let body = json!({ "campaign": campaign, "added": 0, "head": head });
            let status = if dry_run {
                StatusCode::OK
            } else {
                StatusCode::CREATED
            };
            Pushing::Answer((status, [(CONTENT_TYPE, "application/json")], body.to_string()).into_response())
        }
        Ok(Checking::DoesNotContinue) => Pushing::Answer(refusal(
            StatusCode::CONFLICT,
            1,
            &format!(
                "the events do not continue the server's '{campaign}' at v{}; nothing written",
                head.version
            ),
        )),
        Err(muster::Error::Store(e)) => {
            Pushing::Answer(refusal(StatusCode::INTERNAL_SERVER_ERROR, 4, &e.to_string()))
        }
        Err(e) => Pushing::Answer(refusal(StatusCode::UNPROCESSABLE_ENTITY, 1, &e.to_string())),
    }
}

/// The first of `rows` (the tail after version `after`) that claims a face rolled within the
/// tail by a seed this server keeps, if any.
///
/// No copy holds the server's seed, so no copy rolled such a face: whether the face is the one
/// the seed gives is not even asked, since answering would let a player try faces until one is
/// accepted and so choose the server's die. A face carried by an amendment from a roll the
/// server made keeps that roll's key, an earlier version, and is checked by the fold.
fn rolled_by_this_servers_seed(
    store: &Store,
    campaign: &str,
    after: u64,
    rows: &[StoredRow],
) -> Result<Option<u64>, muster::store::StoreError> {
    let kept = query::seed_commitments(store, campaign)?;
    if kept.is_empty() {
        // No face of a seed the server does not keep is its own: no row need be read.
        return Ok(None);
    }
    let claims = |row: &StoredRow| {
        row.decode().ok().is_some_and(|recorded| {
            recorded
                .event
                .roll()
                .and_then(|roll| roll.dice.as_ref())
                .is_some_and(|key| key.version > after && kept.contains(&key.commitment))
        })
    };
    Ok(rows.iter().find(|row| claims(row)).map(|row| row.version))
}

/// A head's hash as muster prints it beside its version: its first 20 hex digits.
pub(super) fn short(hash: &str) -> &str {
    hash.get(..20).unwrap_or(hash)
}
