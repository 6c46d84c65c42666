//! The write path every command shares: decide on the newest state, append at the version
//! it was decided on, and decide again on a conflict.

use std::time::Duration;

use uuid::Uuid;

use crate::Error;
use crate::checkpoint;
use crate::clock::Clock;
use crate::dice::Cup;
use crate::dice::Seed;
use crate::domain::command::Command;
use crate::domain::event::Event;
use crate::domain::fold::step;
use crate::domain::logged::{Asked, COMMAND_LINE, Logged};
use crate::domain::state::CampaignState;
use crate::projection::blame::index;
use crate::rules;
use crate::store::{Head, Store, StoreError};

/// How many times a command is decided; the last time under the write lock.
const MAX_ATTEMPTS: u32 = 4;

/// What a written command left in the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The version of its first event.
    pub first_version: u64,
    /// The campaign's head after it.
    pub head: Head,
    pub events: Vec<Event>,
}

impl Written {
    /// This command's writing and `next`'s, recorded after it, as one: from this one's first
    /// version to `next`'s head.
    pub fn followed_by(mut self, next: Written) -> Written {
        self.head = next.head;
        self.events.extend(next.events);
        self
    }
}

/// The seed behind `commitment`, when this file holds it whole: a kept seed changed outside
/// muster is none.
pub(super) fn store_seed(store: &Store, campaign: &str, commitment: &str) -> Result<Option<Seed>, Error> {
    match kept_seed(store, campaign, commitment) {
        Err(Error::Store(StoreError::SeedDamaged { .. })) => Ok(None),
        other => other,
    }
}

/// The seed behind `commitment`, when this file keeps it, refused as damaged when what is
/// kept does not hash to `commitment`: a face from it would not be the committed seed's.
pub(super) fn kept_seed(store: &Store, campaign: &str, commitment: &str) -> Result<Option<Seed>, Error> {
    let Some(hex) = store.seed(campaign, commitment)? else {
        return Ok(None);
    };
    match Seed::from_hex(&hex).filter(|seed| seed.commitment() == commitment) {
        Some(seed) => Ok(Some(seed)),
        None => Err(Error::Store(StoreError::SeedDamaged {
            campaign: campaign.to_owned(),
            commitment: commitment.to_owned(),
        })),
    }
}

/// The command as its first row carries it: what was `asked`, the faces entered for it, and
/// who records it (the connection's recorder, else the command line).
pub(super) fn logged(store: &Store, asked: Asked, faces: &[i64]) -> String {
    Logged::new(asked, faces, store.recorder().unwrap_or(COMMAND_LINE)).encode()
}

/// The write path every command shares: load, decide, append with the expected version;
/// on a conflict, load the fresh state and decide again. The last attempt holds the write
/// lock from load to append, so a command always lands in the end, however busy the file.
/// The first event written carries `logged`, the command as [`logged`] gives it.
pub(super) fn decide_and_append(
    store: &mut Store,
    campaign: &str,
    clock: &dyn Clock,
    logged: &str,
    decide: impl Fn(&Store, &CampaignState) -> Result<Vec<Event>, Error>,
) -> Result<Written, Error> {
    for attempt in 1..MAX_ATTEMPTS {
        if attempt > 1 {
            back_off(attempt);
        }
        match attempt_once(store, (campaign, logged), clock, &decide) {
            Err(Error::Store(StoreError::Conflict { .. })) => {}
            other => return other,
        }
    }
    store.locked(|store| attempt_once(store, (campaign, logged), clock, &decide))
}

fn attempt_once(
    store: &mut Store,
    (campaign, logged): (&str, &str),
    clock: &dyn Clock,
    decide: &impl Fn(&Store, &CampaignState) -> Result<Vec<Event>, Error>,
) -> Result<Written, Error> {
    let mut state = checkpoint::state_at(store, campaign, None)?;
    if state.info.is_none() {
        return Err(Error::input(format!(
            "no campaign named '{campaign}' in this database"
        )));
    }
    if state.commands_kept.is_none() {
        state = keep_commands(store, campaign, state, clock, decide)?;
    }
    let events = decide(store, &state)?;
    append(store, (campaign, logged), state, events, clock)
}

/// Marks a campaign created before commands were kept (`commands_kept`), as its own command
/// just before the first command this muster records on it: from here on every command
/// carries its command, and a tail whose commands do not is refused. The command is first
/// decided on the marked state in memory, so a refused command writes nothing, not even the
/// mark. The state after the mark.
fn keep_commands(
    store: &mut Store,
    campaign: &str,
    state: CampaignState,
    clock: &dyn Clock,
    decide: &impl Fn(&Store, &CampaignState) -> Result<Vec<Event>, Error>,
) -> Result<CampaignState, Error> {
    let events = rules::decide(&state, &Command::KeepCommands, &mut Cup::empty())?;
    let mut marked = state.clone();
    for (version, event) in (state.version + 1..).zip(&events) {
        step(&mut marked, version, Some(event));
    }
    decide(store, &marked)?;
    let logged = logged(store, Asked::Command(Command::KeepCommands), &[]);
    append(store, (campaign, &logged), state, events, clock)?;
    checkpoint::state_at(store, campaign, None)
}

/// The state after `events` were appended onto `state`, the fold's own steps, unless one of
/// them voids an earlier command: its events would need un-applying, so the log is folded.
fn state_after(state: &CampaignState, events: &[Event]) -> Option<CampaignState> {
    if events.iter().any(|e| matches!(e, Event::CommandVoided(_))) {
        return None;
    }
    let mut after = state.clone();
    for (version, event) in (state.version + 1..).zip(events) {
        step(&mut after, version, Some(event));
    }
    Some(after)
}

/// Waits a short, random, growing time so racing writers stop colliding in step.
fn back_off(attempt: u32) {
    let spread = u64::from(attempt.min(10)) * 4;
    let jitter = u64::from(Uuid::new_v4().as_bytes()[0]) % spread.max(1);
    std::thread::sleep(Duration::from_millis(1 + jitter));
}

/// Appends `events` decided on `state` at its version, then brings the caches up to date.
fn append(
    store: &mut Store,
    (campaign, logged): (&str, &str),
    state: CampaignState,
    events: Vec<Event>,
    clock: &dyn Clock,
) -> Result<Written, Error> {
    let expected = state.version;
    let now = clock.now();
    let command_id = crate::ids::command_id(campaign, expected + 1, now);
    let head = store.append_command(campaign, expected, (&command_id, logged), &events, now)?;
    match state_after(&state, &events) {
        Some(after) => store.keep_decided(campaign, head.clone(), after),
        None => store.forget_decided(campaign),
    }
    checkpoint::refresh(store, campaign, head.version);
    index::after_write(store, campaign, Some(state));
    Ok(Written {
        first_version: expected + 1,
        head,
        events,
    })
}
