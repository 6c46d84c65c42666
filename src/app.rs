//! Running a command against a stored campaign: load, decide, append, and decide again
//! on fresh state when another writer got there first.

use std::path::Path;
use std::time::Duration;

use uuid::Uuid;

use crate::Error;
use crate::clock::Clock;
use crate::domain::command::Command;
use crate::domain::event::Event;
use crate::domain::state::{CampaignState, RecordedEvent, fold};
use crate::rules;
use crate::store::{Head, Store, StoreError};

/// How many times a command is decided again after losing a race to another writer.
const MAX_ATTEMPTS: u32 = 30;

/// The settings key of the campaign selected with `campaign use`.
const SELECTED: &str = "selected_campaign";

/// The longest campaign name accepted, in characters.
const MAX_CAMPAIGN_NAME: usize = 60;

/// What a written command left in the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The version of its first event.
    pub first_version: u64,
    /// The campaign's head after it.
    pub head: Head,
    pub events: Vec<Event>,
}

/// Opens the database at `path`.
pub fn open(path: &Path) -> Result<Store, Error> {
    Ok(Store::open(path)?)
}

/// The campaign a command works on: the one named, else the one selected, else the only one.
pub fn resolve_campaign(store: &Store, named: Option<&str>) -> Result<String, Error> {
    let campaigns = store.campaigns()?;
    let listing = || {
        if campaigns.is_empty() {
            "there are none yet; create one with `muster campaign new NAME --game wwii|modern|zero-dark`"
                .to_owned()
        } else {
            format!(
                "campaigns here: {}",
                campaigns
                    .iter()
                    .map(|c| c.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    };
    let exists = |name: &str| campaigns.iter().any(|c| c.name == name);
    if let Some(name) = named {
        return if exists(name) {
            Ok(name.to_owned())
        } else {
            Err(Error::input(format!("no campaign named '{name}'; {}", listing())))
        };
    }
    if let Some(selected) = store.setting(SELECTED)?.filter(|s| exists(s)) {
        return Ok(selected);
    }
    match campaigns.as_slice() {
        [only] => Ok(only.name.clone()),
        _ => Err(Error::input(format!(
            "no campaign is selected; pass --campaign NAME or run `muster campaign use NAME`; {}",
            listing()
        ))),
    }
}

/// Selects `name` as the campaign later commands use by default.
pub fn select_campaign(store: &Store, name: &str) -> Result<(), Error> {
    let name = resolve_campaign(store, Some(name))?;
    Ok(store.set_setting(SELECTED, &name)?)
}

/// Creates the campaign `name` and selects it.
pub fn create_campaign(
    store: &mut Store,
    name: &str,
    command: &Command,
    clock: &dyn Clock,
) -> Result<Written, Error> {
    let name = check_campaign_name(name)?;
    if store.head(&name)?.version > 0 {
        return Err(Error::input(format!(
            "a campaign named '{name}' already exists; pick another name, or select it with `muster campaign use \"{name}\"`"
        )));
    }
    let events = rules::decide(&CampaignState::default(), command)?;
    let written = append(store, &name, 0, events, clock)?;
    store.set_setting(SELECTED, &name)?;
    Ok(written)
}

fn check_campaign_name(name: &str) -> Result<String, Error> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_CAMPAIGN_NAME || name.chars().any(char::is_control) {
        return Err(Error::input(format!(
            "'{}' is not accepted as a campaign name: use 1 to {MAX_CAMPAIGN_NAME} printable characters, e.g. \"Operation Lodestar\"",
            name.escape_debug()
        )));
    }
    Ok(name.to_owned())
}

/// The campaign's whole log, decoded, and the state it folds to.
pub fn load(store: &Store, campaign: &str) -> Result<(Vec<RecordedEvent>, CampaignState), Error> {
    let log = store.events(campaign, None)?;
    let state = fold(&log);
    Ok((log, state))
}

/// Decides `command` on the campaign's current state and appends what it decides.
pub fn execute(
    store: &mut Store,
    campaign: &str,
    command: &Command,
    clock: &dyn Clock,
) -> Result<Written, Error> {
    decide_and_append(store, campaign, clock, |_, state| {
        Ok(rules::decide(state, command)?)
    })
}

/// Voids the command that wrote `version`, with the player's reason.
pub fn void(
    store: &mut Store,
    campaign: &str,
    version: u64,
    why: &str,
    clock: &dyn Clock,
) -> Result<Written, Error> {
    decide_and_append(store, campaign, clock, |log, _| {
        Ok(rules::void::decide(log, version, why)?)
    })
}

/// The write path every command shares: load, decide, append with the expected version;
/// on a conflict, load the fresh state and decide again, a bounded number of times.
fn decide_and_append(
    store: &mut Store,
    campaign: &str,
    clock: &dyn Clock,
    decide: impl Fn(&[RecordedEvent], &CampaignState) -> Result<Vec<Event>, Error>,
) -> Result<Written, Error> {
    let mut last_conflict = None;
    for attempt in 0..MAX_ATTEMPTS {
        if attempt > 0 {
            back_off(attempt);
        }
        let (log, state) = load(store, campaign)?;
        if state.info.is_none() {
            return Err(Error::input(format!(
                "no campaign named '{campaign}' in this database"
            )));
        }
        let events = decide(&log, &state)?;
        match append(store, campaign, state.version, events, clock) {
            Err(Error::Store(conflict @ StoreError::Conflict { .. })) => last_conflict = Some(conflict),
            other => return other,
        }
    }
    Err(Error::Store(last_conflict.unwrap_or(StoreError::Busy)))
}

/// Waits a short, random, growing time so racing writers stop colliding in step.
fn back_off(attempt: u32) {
    let spread = u64::from(attempt.min(10)) * 4;
    let jitter = u64::from(Uuid::new_v4().as_bytes()[0]) % spread.max(1);
    std::thread::sleep(Duration::from_millis(1 + jitter));
}

fn append(
    store: &mut Store,
    campaign: &str,
    expected: u64,
    events: Vec<Event>,
    clock: &dyn Clock,
) -> Result<Written, Error> {
    let command_id = Uuid::new_v4().to_string();
    let head = store.append(campaign, expected, &command_id, &events, clock.now())?;
    Ok(Written {
        first_version: expected + 1,
        head,
        events,
    })
}
