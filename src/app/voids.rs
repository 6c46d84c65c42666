//! Fixing a mistake: a void, which the history after it must not rest on, and an amendment,
//! which carries the faces of the command it corrects.

use super::append::{Written, decide_and_append, logged, store_seed};
use crate::Error;
use crate::checkpoint;
use crate::clock::Clock;
use crate::dice::{Carried, Cup};
use crate::domain::command::Command;
use crate::domain::error::RuleError;
use crate::domain::event::Event;
use crate::domain::logged::{Asked, COMMAND_LINE, Logged};
use crate::domain::state::{CampaignState, RecordedEvent};
use crate::query::Query;
use crate::rules;
use crate::store::{Store, StoreError};

/// Voids the command that wrote `version`, with the player's reason; refused when later
/// events rest on it.
pub fn void(
    store: &mut Store,
    campaign: &str,
    version: u64,
    why: &str,
    clock: &dyn Clock,
) -> Result<Written, Error> {
    let request = rules::void::Request {
        version,
        why,
        cascade: false,
    };
    void_with(store, campaign, &request, clock)
}

/// Voids what `request` names; with its `cascade`, also the later commands that rest on it.
pub fn void_with(
    store: &mut Store,
    campaign: &str,
    request: &rules::void::Request<'_>,
    clock: &dyn Clock,
) -> Result<Written, Error> {
    let asked = Asked::Void {
        version: request.version,
        why: request.why.to_owned(),
        cascade: request.cascade,
    };
    let logged = logged(store, asked, &[]);
    decide_and_append(store, campaign, clock, &logged, |store, state| {
        let ground = Ground::of(store, campaign, request.version, state.version)?;
        Ok(rules::void::decide(&ground.history(campaign), request)?)
    })
    .map_err(|e| Query::new(store, campaign).explain(e))
}

/// Why the rules would refuse to void the command that wrote `version` now (later events rest
/// on it), decided on the log as it stands and nothing written; `None` when they would not.
pub fn void_refused(store: &Store, campaign: &str, version: u64) -> Result<Option<String>, Error> {
    let head = store.head(campaign)?.version;
    let ground = Ground::of(store, campaign, version, head)?;
    let request = rules::void::Request {
        version,
        why: "asked whether it may be taken back",
        cascade: false,
    };
    Ok(rules::void::decide(&ground.history(campaign), &request)
        .err()
        .map(|refused| refused.to_string()))
}

/// What a void or an amendment is decided on: the history from the named command on, and
/// the state before it with every void so far applied. Only that history is folded again,
/// so a void costs the same however long the campaign ran before it.
struct Ground {
    /// The first version of the command named.
    first: u64,
    base: CampaignState,
    tail: Vec<RecordedEvent>,
    known: crate::store::Known,
    /// The commands of `tail` the log stored, by command id.
    stored: rules::void::Stored,
}

impl Ground {
    /// The ground under the command that wrote `version`, in a log whose head is `head`.
    fn of(store: &Store, campaign: &str, version: u64, head: u64) -> Result<Ground, Error> {
        let Some(first) = store.command_start(campaign, version)? else {
            return Err(Error::input(format!(
                "version {version} does not exist; this campaign's log runs from 1 to {head} (see `muster log`)"
            )));
        };
        let known = checkpoint::reaching_back(store, campaign, None)?;
        let base = checkpoint::state_before(store, campaign, first, &known)?;
        let mut tail = Vec::new();
        let mut stored = rules::void::Stored::new();
        for row in store.rows_between(campaign, first - 1, None)? {
            let recorded = row
                .decode()
                .map_err(|e| StoreError::Damaged(format!("version {} of '{campaign}': {e}", row.version)))?;
            // A stored command that does not read is `verify`'s to report; the command is
            // then decided again from its events.
            if let Some(command) = row
                .command
                .as_deref()
                .and_then(|c| Logged::decode(c).ok()?.played())
            {
                stored.insert(recorded.command_id.clone(), command);
            }
            tail.push(recorded);
        }
        Ok(Ground {
            first,
            base,
            tail,
            known,
            stored,
        })
    }

    fn history<'a>(&'a self, campaign: &'a str) -> rules::void::History<'a> {
        rules::void::History {
            campaign,
            base: self.base.clone(),
            tail: &self.tail,
            voided: self.known.voided(),
            stored: &self.stored,
        }
    }
}

/// Amends the command that wrote `version`: voids it and decides `command` in its place, in
/// one command, with the faces it rolled carried over (a generated face stays the face the
/// seed gave; an entered one, the face the die showed). Refused when later events rest on
/// the mistaken command, or when `command` does not roll the same dice.
pub fn amend(
    store: &mut Store,
    campaign: &str,
    request: &rules::void::Request<'_>,
    command: &Command,
    clock: &dyn Clock,
) -> Result<Written, Error> {
    let asked = Asked::Amend {
        version: request.version,
        why: request.why.to_owned(),
        command: command.clone(),
    };
    let logged = logged(store, asked, &[]);
    decide_and_append(store, campaign, clock, &logged, |store, state| {
        let under = Ground::of(store, campaign, request.version, state.version)?;
        let (first, tail) = (under.first, &under.tail);
        let history = under.history(campaign);
        let carried = carried_faces(tail, first);
        // The void names the command's first event, or, in an amendment (which begins with
        // the void of the command it corrected), its first event past that void.
        let mistaken = tail
            .iter()
            .find(|r| r.version == first)
            .map(|r| r.command_id.as_str());
        let named = tail
            .iter()
            .filter(|r| Some(r.command_id.as_str()) == mistaken)
            .find(|r| !matches!(r.event, Event::CommandVoided(_)))
            .map_or(first, |r| r.version);
        let named = rules::void::Request {
            version: named,
            ..*request
        };
        let (mut events, ground) = rules::void::amend(&history, &named)?;
        if let Some(stale) = carried
            .iter()
            .filter_map(|c| c.face.key.as_ref())
            .find(|key| ground.seed_commitment.as_deref() != Some(key.commitment.as_str()))
        {
            return Err(Error::input(format!(
                "the seed that generated the faces of version {first} ({}) is no longer the one in force (another was committed since: a seed revealed, or this copy's own), so they cannot be carried to a new command; record what should change with a new event instead (an XP correction with `muster xp`, a Wound healed with `muster heal`, a note with `muster note`)",
                stale.commitment.chars().take(20).collect::<String>()
            )));
        }
        let rolled = carried.len();
        let seed = match &ground.seed_commitment {
            Some(commitment) => store_seed(store, campaign, commitment)?,
            None => None,
        };
        let mut cup = Cup::new(campaign, state.version + 1, Vec::new(), seed).carrying(carried);
        let corrected = rules::decide_amendment(&ground, command, &mut cup)?;
        if cup.unused_carried() > 0 || cup.generated() > 0 {
            return Err(Error::input(format!(
                "version {first}'s command rolled {rolled} {}, and the correction rolls {}: an amendment rolls the same dice, in the same order",
                if rolled == 1 { "die" } else { "dice" },
                rolled - cup.unused_carried() + cup.generated() as usize
            )));
        }
        events.extend(corrected);
        Ok(events)
    })
    .map_err(|e| Query::new(store, campaign).explain(e))
}

/// The faces the command beginning at `first` rolled, in order, each with its die.
fn carried_faces(tail: &[RecordedEvent], first: u64) -> Vec<Carried> {
    let Some(command) = tail.iter().find(|r| r.version == first).map(|r| &r.command_id) else {
        return Vec::new();
    };
    tail.iter()
        .filter(|r| r.command_id == *command)
        .filter_map(|r| r.event.roll())
        .filter_map(Carried::of)
        .collect()
}

/// Takes back a command this connection's recorder recorded (see [`super::record_as`]): the
/// one that wrote `version`, or their last that still stands; voided by the void rules
/// (refused, with their reason, where a later command rests on it). Refused when the command
/// is another recorder's: a player undoes only their own; a gm voids any with [`void_with`].
pub fn undo(
    store: &mut Store,
    campaign: &str,
    version: Option<u64>,
    why: &str,
    clock: &dyn Clock,
) -> Result<Written, Error> {
    let recorder = store.recorder().unwrap_or(COMMAND_LINE).to_owned();
    let recorder = recorder.as_str();
    let query = Query::new(store, campaign);
    let version = match version {
        Some(version) => version,
        // On a server the last command is the caller's own sent, not any under its name.
        None => match store.sending_as() {
            Some(sender) => query.last_sent_within(recorder, sender, u64::MAX)?,
            None => query.last_recorded_by(recorder)?,
        }
        .ok_or_else(|| {
            refused(format!(
                "{recorder} has recorded no command in campaign '{campaign}' that still stands; nothing to undo"
            ))
        })?,
    };
    let recorded = query.recorded(version)?.ok_or_else(|| {
        refused(format!(
            "version {version} does not exist in campaign '{campaign}' (see `muster log`)"
        ))
    })?;
    match recorded.recorded_by.as_deref() {
        Some(by) if by == recorder => {}
        Some(by) => {
            return Err(refused(format!(
                "version {version} was recorded by {by}, not by {recorder}: an undo takes back only one's own commands; a gm voids any with `muster void {version} --why TEXT`"
            )));
        }
        None => {
            return Err(refused(format!(
                "version {version} was recorded before the log kept who recorded each command, so it is nobody's to undo; a gm voids it with `muster void {version} --why TEXT`"
            )));
        }
    }
    // On a server, the name is not enough: a phone may join under any name (the command
    // line's too), and two groups' phones under one. The command is the caller's only if the
    // server kept the caller as who sent it.
    if let Some(sender) = store.sending_as() {
        if !Query::new(store, campaign).sent_by(recorded.first_version, sender)? {
            return Err(refused(format!(
                "version {version} was not sent to this server by you (it was recorded on the command line, pushed, or sent by another token or phone under the name {recorder}): an undo takes back only one's own commands; a gm voids any with `muster void {version} --why TEXT`"
            )));
        }
    }
    let request = rules::void::Request {
        version: recorded.first_version,
        why,
        cascade: false,
    };
    void_with(store, campaign, &request, clock)
}

/// A refusal of an undo.
fn refused(message: String) -> Error {
    Error::Rule(RuleError::refused(message))
}
