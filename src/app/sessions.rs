//! Invites and the page's sessions: an invite made with its role, own Soldiers, uses and
//! expiry; a phone joining by it under a name of its own; a token signing in; a session found
//! again by its cookie (after a restart too) until it is idle too long or what it rests on is
//! revoked.

use chrono::{DateTime, Duration, SecondsFormat, Utc};

use super::reach::Reach;
use super::serving::{Bearer, Role, authenticate, random_hex, secret_hash};
use crate::Error;
use crate::clock::Clock;
pub use crate::store::{InviteRow, SessionRow, Via};
use crate::store::{InviteUse, Store};

/// How long a session lasts without being seen: a group that plays once a month stays
/// signed in from one game to the next.
pub const SESSION_IDLE_DAYS: i64 = 45;

/// How stale a session's "last seen" may grow before a request notes it again: a page's
/// every request does not write.
const SEEN_EVERY_MINUTES: i64 = 60;

/// The most uses one invite may allow.
pub const MAX_INVITE_USES: u32 = 1000;

/// The longest name a joining player may give.
const MAX_JOIN_NAME: usize = 40;

/// What a new invite allows.
#[derive(Debug, Clone)]
pub struct InviteAsk {
    pub role: Role,
    /// The joining player's own Soldiers, shown first on the page.
    pub soldiers: Vec<String>,
    pub uses: u32,
    /// How long it may be used; `None`: until revoked or used up.
    pub expires_in: Option<Duration>,
    /// The campaigns its sessions may reach.
    pub reach: Reach,
    /// Who made it (a gm's token or session name, or `command line`).
    pub made_by: String,
}

/// A new invite: its secret (shown this once: the link carries it) and its row.
#[derive(Debug, Clone)]
pub struct Invite {
    pub secret: String,
    pub row: InviteRow,
}

/// A session found again or opened: the cookie's id (only when opened), and the row.
#[derive(Debug, Clone)]
pub struct Session {
    pub row: SessionRow,
    pub role: Role,
    pub soldiers: Vec<String>,
    /// The campaigns it may reach: its token's or its invite's.
    pub reach: Reach,
    /// True when its "last seen" is stale enough to be noted again.
    pub stale: bool,
}

fn stamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// A name, a Soldier's or a player's: trimmed, 1 to `most` printable characters.
fn name_of(text: &str, what: &str, most: usize) -> Result<String, Error> {
    let name = text.trim();
    // A player's name is recorded with each command the phone sends: what the log refuses
    // of a recorder (`printable_recorder`) is refused here first.
    if name.is_empty() {
        return Err(Error::input(format!(
            "{what} is empty: give 1 to {most} printable characters"
        )));
    }
    if name.chars().count() > most || !crate::domain::logged::printable_recorder(name) {
        return Err(Error::input(format!(
            "{what} is 1 to {most} printable characters; got '{}'",
            name.escape_default()
        )));
    }
    Ok(name.to_owned())
}

/// Makes an invite: a player's or a viewer's, never a gm's (a gm keeps a token).
pub fn make_invite(store: &Store, ask: &InviteAsk, clock: &dyn Clock) -> Result<Invite, Error> {
    if ask.role == Role::Gm {
        return Err(Error::input(
            "an invite is a player's or a viewer's; a gm signs in with a token (`muster serve token add NAME --role gm`)",
        ));
    }
    if !(1..=MAX_INVITE_USES).contains(&ask.uses) {
        return Err(Error::input(format!(
            "an invite's uses are from 1 to {MAX_INVITE_USES}; got {}",
            ask.uses
        )));
    }
    if ask.expires_in.is_some_and(|d| d <= Duration::zero()) {
        return Err(Error::input(
            "an invite expires after a time above zero, e.g. 7d or 12h",
        ));
    }
    let soldiers = ask
        .soldiers
        .iter()
        .map(|s| name_of(s, "a Soldier's name", 64))
        .collect::<Result<Vec<_>, _>>()?;
    let now = clock.now();
    let expires_at = match ask.expires_in {
        Some(span) => Some(crate::clock::after(now, span).map(stamp).ok_or_else(|| {
            Error::input("an invite ends before the year 10000: give a shorter time, or never")
        })?),
        None => None,
    };
    let secret = random_hex::<16>()?;
    let row = InviteRow {
        id: random_hex::<4>()?,
        role: ask.role.word().to_owned(),
        soldiers: serde_json::to_string(&soldiers).unwrap_or_else(|_| "[]".to_owned()),
        uses: ask.uses,
        used: 0,
        expires_at,
        campaigns: ask.reach.kept(),
        made_by: ask.made_by.clone(),
        made_at: stamp(now),
    };
    store.add_invite(&row, &secret_hash(&secret))?;
    Ok(Invite { secret, row })
}

/// Every invite, oldest first.
pub fn invites(store: &Store) -> Result<Vec<InviteRow>, Error> {
    Ok(store.invites()?)
}

/// Revokes the invite `id`: it is refused from now on, and its sessions end at once.
pub fn revoke_invite(store: &Store, id: &str) -> Result<(), Error> {
    if store.revoke_invite(id.trim())? {
        return Ok(());
    }
    let ids: Vec<String> = store.invites()?.into_iter().map(|i| i.id).collect();
    Err(Error::input(format!(
        "no invite '{id}'; {}",
        match ids.is_empty() {
            true => "there are none (`muster serve invite --role player|viewer` makes one)".to_owned(),
            false => format!("invites here: {}", ids.join(", ")),
        }
    )))
}

/// Why a join was refused: what to tell the phone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JoinRefused {
    /// No invite has that secret: mistyped, never made, or revoked.
    Unknown,
    Expired(String),
    UsedUp(u32),
    /// The name given will not do (empty, too long, a token's name).
    Name(String),
}

/// A session and the id its cookie carries.
pub struct Opened {
    pub cookie: String,
    pub session: Session,
}

/// A new session's row (its `via`, role and reach set by the caller) and its cookie's id.
fn new_session(
    (name, role, reach): (&str, Role, &Reach),
    via: Via,
    soldiers: String,
    clock: &dyn Clock,
) -> Result<(String, SessionRow), Error> {
    let cookie = random_hex::<32>()?;
    let now = stamp(clock.now());
    let row = SessionRow {
        // Its listed name: the start of its hash, which says nothing of the cookie.
        id: secret_hash(&cookie)[..12].to_owned(),
        csrf: random_hex::<16>()?,
        name: name.to_owned(),
        role: role.word().to_owned(),
        via,
        soldiers,
        campaigns: reach.kept(),
        made_at: now.clone(),
        seen_at: now,
    };
    Ok((cookie, row))
}

fn opened(cookie: String, row: SessionRow) -> Opened {
    let session = session_of(row, false);
    Opened { cookie, session }
}

impl Session {
    /// Whom its commands' ids belong to: its token's name, or, joined by an invite, its name
    /// within that invite, so two phones of two groups under one name never share their ids
    /// nor the count of answers kept for them. The unit separator cannot be typed into a
    /// name, so no token's name is ever the same.
    pub fn sender(&self) -> String {
        match &self.row.via {
            Via::Token(name) => name.clone(),
            Via::Invite(id) => format!("{}\u{1f}invite {id}", self.row.name),
        }
    }
}

fn session_of(row: SessionRow, stale: bool) -> Session {
    Session {
        role: Role::from_word(&row.role).unwrap_or(Role::Viewer),
        soldiers: serde_json::from_str(&row.soldiers).unwrap_or_default(),
        reach: Reach::from_kept(row.campaigns.as_deref()),
        stale,
        row,
    }
}

/// Joins by the invite whose secret is `secret`, as `name`: one use of it, and a session.
pub fn join(
    store: &Store,
    secret: &str,
    name: &str,
    clock: &dyn Clock,
) -> Result<Result<Opened, JoinRefused>, Error> {
    let name = match name_of(name, "your name", MAX_JOIN_NAME) {
        Ok(name) => name,
        Err(e) => return Ok(Err(JoinRefused::Name(e.to_string()))),
    };
    // A name is checked against the tokens of the campaigns the invite reaches, and only for
    // an invite that exists: no one learns of another group's tokens, with or without a code.
    let Some(invite) = store.invite_by_hash(&secret_hash(secret.trim()))? else {
        return Ok(Err(JoinRefused::Unknown));
    };
    let reach = Reach::from_kept(invite.campaigns.as_deref());
    let taken = store.tokens()?.into_iter().any(|t| {
        crate::domain::names::look_alike(&t.name, &name)
            && Reach::from_kept(t.campaigns.as_deref()).overlaps(&reach)
    });
    if taken {
        return Ok(Err(JoinRefused::Name(format!(
            "'{name}' is the name of one of the server's tokens; give another name"
        ))));
    }
    // The name the log gives every command recorded on a command line without `--as`: a
    // phone under it, or under a name that reads as it, would be taken for the keeper at the
    // table.
    if crate::domain::names::look_alike(&name, crate::domain::logged::COMMAND_LINE) {
        return Ok(Err(JoinRefused::Name(format!(
            "'{name}' is what the log calls commands recorded on the server's own command line; give another name"
        ))));
    }
    // The invite's role and Soldiers are set as it is used, in the same transaction.
    // Until then it reaches nothing, so no half-made session could reach more than its invite.
    let (cookie, row) = new_session(
        (&name, Role::Viewer, &Reach::Only(Vec::new())),
        Via::Invite(String::new()),
        "[]".to_owned(),
        clock,
    )?;
    let used = store.join_invite(
        &secret_hash(secret.trim()),
        &stamp(clock.now()),
        &row,
        &secret_hash(&cookie),
    )?;
    Ok(match used {
        InviteUse::Joined(invite) => {
            let row = SessionRow {
                role: invite.role,
                soldiers: invite.soldiers,
                campaigns: invite.campaigns,
                via: Via::Invite(invite.id),
                ..row
            };
            Ok(opened(cookie, row))
        }
        InviteUse::Unknown => Err(JoinRefused::Unknown),
        InviteUse::Expired(invite) => Err(JoinRefused::Expired(invite.expires_at.unwrap_or_default())),
        InviteUse::UsedUp(invite) => Err(JoinRefused::UsedUp(invite.uses)),
    })
}

/// Signs in with `token`: a session under its name and role, or `None` for a token unknown
/// or revoked.
pub fn sign_in(store: &Store, token: &str, clock: &dyn Clock) -> Result<Option<Opened>, Error> {
    let Some(Bearer { name, role, reach }) = authenticate(store, token)? else {
        return Ok(None);
    };
    let (cookie, row) = new_session(
        (&name, role, &reach),
        Via::Token(name.clone()),
        "[]".to_owned(),
        clock,
    )?;
    store.open_session(&row, &secret_hash(&cookie))?;
    Ok(Some(opened(cookie, row)))
}

/// The session the cookie `cookie` opened, unless it ended, was revoked, or was idle longer
/// than [`SESSION_IDLE_DAYS`] (then it is `None`; the caller ends it).
pub fn session(store: &Store, cookie: &str, clock: &dyn Clock) -> Result<Option<Session>, Error> {
    let Some(row) = store.session_by_hash(&secret_hash(cookie.trim()))? else {
        return Ok(None);
    };
    let now = clock.now();
    let seen = DateTime::parse_from_rfc3339(&row.seen_at).map(|at| at.with_timezone(&Utc));
    let Ok(seen) = seen else {
        return Ok(None);
    };
    if now - seen > Duration::days(SESSION_IDLE_DAYS) {
        return Ok(None);
    }
    let stale = now - seen > Duration::minutes(SEEN_EVERY_MINUTES);
    Ok(Some(session_of(row, stale)))
}

/// Notes that the session `id` was seen now.
pub fn seen(store: &Store, id: &str, clock: &dyn Clock) -> Result<(), Error> {
    Ok(store.session_seen(id, &stamp(clock.now()))?)
}

/// Every session, the most recently seen first, those idle too long ended first.
pub fn sessions(store: &Store, clock: &dyn Clock) -> Result<Vec<SessionRow>, Error> {
    end_idle(store, clock)?;
    Ok(store.sessions()?)
}

/// Ends every session idle longer than [`SESSION_IDLE_DAYS`]; how many.
pub fn end_idle(store: &Store, clock: &dyn Clock) -> Result<usize, Error> {
    Ok(store.end_idle_sessions(&stamp(clock.now() - Duration::days(SESSION_IDLE_DAYS)))?)
}

/// Ends the session `id` (as listed; its start is enough when no other starts alike).
pub fn end_session(store: &Store, id: &str) -> Result<(), Error> {
    let id = id.trim();
    let all = store.sessions()?;
    let alike: Vec<&SessionRow> = all
        .iter()
        .filter(|s| !id.is_empty() && s.id.starts_with(id))
        .collect();
    match alike[..] {
        [one] => {
            store.end_session(&one.id)?;
            Ok(())
        }
        [] => Err(Error::input(format!(
            "no session '{id}'; `muster serve session list` lists them{}",
            match all.is_empty() {
                true => " (there are none)",
                false => "",
            }
        ))),
        _ => Err(Error::input(format!(
            "'{id}' starts {} sessions' ids: give more of it",
            alike.len()
        ))),
    }
}

/// Ends the session `id` (its exact listed id): a sign-out.
pub fn close_session(store: &Store, id: &str) -> Result<(), Error> {
    store.end_session(id)?;
    Ok(())
}

/// The address players reach the server at, as it said when it last started.
pub fn served_url(store: &Store) -> Result<Option<String>, Error> {
    Ok(store.server_fact("url")?)
}

/// Keeps (or, `None`, forgets) the address players reach the server at.
pub fn set_served_url(store: &Store, url: Option<&str>) -> Result<(), Error> {
    Ok(store.set_server_fact("url", url)?)
}
