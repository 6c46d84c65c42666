//! Running a command against a stored campaign: load, decide, append, and decide again
//! on fresh state when another writer got there first.

mod append;
mod backup;
mod copies;
pub mod held;
mod needs;
mod phones;
mod reach;
mod recorders;
mod reset;
mod serving;
mod sessions;
mod voids;

pub use append::Written;
use append::{decide_and_append, kept_seed, logged};
pub use backup::{BackedUp, Backup, CampaignBackedUp, backup};
pub use copies::{pull_tail, pull_whole};
pub use needs::{CommandName, Format, Honours, Needs, Right};
pub use phones::{Phones, Revoked, make_managed_token, phones, revoke_managed};
pub use reach::{Reach, campaign_to_write, reach_of, resolve_campaign, resolve_within};
pub use recorders::pushed_in_anothers_name;
pub use reset::{keep_rows, only_here, reset_campaign};
pub use serving::{
    ANSWERS_KEPT_DAYS, ANSWERS_KEPT_PER_SENDER, Bearer, Role, Served, TokenRow, add_token, authenticate,
    keep_answer, record_served, revoke_token, served, tokens,
};
pub use sessions::{
    Invite, InviteAsk, InviteRow, JoinRefused, MAX_INVITE_USES, Opened, SESSION_IDLE_DAYS, Session,
    SessionRow, Via, close_session, end_idle, end_session, invites, join, make_invite, revoke_invite, seen,
    served_url, session, sessions, set_served_url, sign_in,
};
pub use voids::{amend, undo, void, void_refused, void_with};

use std::path::Path;

use crate::Error;
use crate::checkpoint;
use crate::clock::Clock;
use crate::dice::{Cup, Seed};
use crate::domain::command::Command;
use crate::domain::evolve::evolve;
use crate::domain::fold::fold;
use crate::domain::logged::Asked;
use crate::domain::state::{CampaignState, RecordedEvent};
use crate::projection::blame::index;
use crate::query::{Query, SELECTED};
use crate::rules;
use crate::store::{Head, Store, StoreError};

/// Opens the database at `path`.
pub fn open(path: &Path) -> Result<Store, Error> {
    Ok(Store::open(path)?)
}

/// Names who records the commands written through `store` from now on: the command line's
/// `--as` name, or the server's caller (`None`: nobody named, taken as the command line).
pub fn record_as(store: &mut Store, name: Option<&str>) {
    store.set_recorder(name);
}

/// Names who sends the commands written through `store` from now on, when a server writes
/// them: the caller's sender (a token's name, or a phone's name within its invite), which an
/// undo holds a command's kept actor to, as two phones may record under one name.
pub fn send_as(store: &mut Store, sender: Option<&str>) {
    store.set_sending_as(sender);
}

/// Bounds what a refusal's advice through `store` names to the campaigns of `reach`: a
/// server's caller bound to its campaigns is told of no other group's, not even its name.
pub fn tell_within(store: &mut Store, reach: &Reach) {
    store.set_told_of(match reach {
        Reach::Every => None,
        Reach::Only(names) => Some(names.clone()),
    });
}

/// Selects the campaign named `name` (in any case) as the one later commands use by
/// default, and gives its name as the file spells it.
pub fn select_campaign(store: &Store, name: &str) -> Result<String, Error> {
    let name = resolve_campaign(store, Some(name))?;
    store.set_setting(SELECTED, &name)?;
    Ok(name)
}

/// Creates the campaign `name` and selects it.
pub fn create_campaign(
    store: &mut Store,
    name: &str,
    command: &Command,
    clock: &dyn Clock,
) -> Result<Written, Error> {
    let name = crate::query::new_campaign_name(store, name)?;
    let mut events = rules::decide(&CampaignState::default(), command, &mut Cup::empty())?;
    // The dice seed is committed with the campaign, before it can make any roll.
    let created = events.iter().fold(CampaignState::default(), evolve);
    let commitment = new_seed(store, &name)?;
    events.extend(rules::decide(
        &created,
        &Command::CommitSeed { commitment },
        &mut Cup::empty(),
    )?);
    // The campaign's events and its selection are written together, or neither is.
    let command_id = crate::ids::command_id(&name, 1, clock.now());
    let logged = logged(store, Asked::Command(command.clone()), &[]);
    let head = store.append_setting(
        &name,
        0,
        &command_id,
        &events,
        clock.now(),
        Some((SELECTED, &name)),
        Some(&logged),
    )?;
    let written = Written {
        first_version: 1,
        head,
        events,
    };
    Ok(written)
}

/// The campaign's whole log, decoded, and the state it folds to.
pub fn load(store: &Store, campaign: &str) -> Result<(Vec<RecordedEvent>, CampaignState), Error> {
    let log = store.events(campaign, None)?;
    let state = fold(&log);
    Ok((log, state))
}

/// Folds `campaign` from its whole log and writes the result as its newest checkpoint (the
/// cure for a cache in doubt), and brings blame's index up to the head; `progress` is told
/// how many rows have been folded.
pub fn rebuild(store: &Store, campaign: &str, progress: &mut dyn FnMut(u64)) -> Result<CampaignState, Error> {
    let state = rewrite_checkpoint(store, campaign, progress)?;
    index::catch_up(store, campaign)?;
    Ok(state)
}

/// Folds the whole log of `campaign` again and writes a fresh checkpoint, leaving blame's
/// index as it is: for a rebuild that makes the index again whole ([`rebuild_index`]), so a
/// stale index is not first caught up only to be made again.
pub fn rewrite_checkpoint(
    store: &Store,
    campaign: &str,
    progress: &mut dyn FnMut(u64),
) -> Result<CampaignState, Error> {
    checkpoint::rewrite(store, campaign, progress)
}

/// Keeps `head` of `campaign`, shown by another copy at `source` (a server's address, a
/// file), for `verify` to hold the log to from now on.
pub fn witness(
    store: &Store,
    campaign: &str,
    head: &Head,
    source: &str,
    clock: &dyn Clock,
) -> Result<(), Error> {
    let at = clock.now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    Ok(store.witness(campaign, head, source, &at)?)
}

/// Makes blame's index of `campaign` again from its whole log, however current it looks:
/// the cure for an index whose lines were edited, which blame notices and reads past;
/// `progress` is told how many rows have been read.
pub fn rebuild_index(store: &Store, campaign: &str, progress: &mut dyn FnMut(u64)) -> Result<(), Error> {
    index::build_from(store, campaign, 0, progress)
}

/// How many events of the head of `campaign` blame's index leaves to the log when it is
/// further behind than a write brings it up to date (after a long import): blame reads the log
/// past it until [`rebuild`] (or a server's quiet spells) makes it. `None` when a write keeps
/// it up to date.
pub fn blame_index_left(store: &Store, campaign: &str) -> Result<Option<u64>, Error> {
    let behind = index::behind(store, campaign)?;
    Ok((behind > index::CATCH_UP).then_some(behind))
}

/// Makes a fresh dice seed for `campaign`, keeps it in the file and returns its commitment.
fn new_seed(store: &Store, campaign: &str) -> Result<String, Error> {
    let seed = Seed::fresh().map_err(Error::Input)?;
    let commitment = seed.commitment();
    store.save_seed(campaign, &commitment, &seed.to_hex())?;
    Ok(commitment)
}

/// Decides `command` on the campaign's current state and appends what it decides.
pub fn execute(
    store: &mut Store,
    campaign: &str,
    command: &Command,
    clock: &dyn Clock,
) -> Result<Written, Error> {
    execute_rolling(store, campaign, command, &[], clock)
}

/// Like [`execute`], with the faces the player entered from real dice (`--die`); dice
/// beyond those are generated from the campaign's committed seed.
///
/// A campaign whose seed this file does not hold (one from before seeds, or imported from
/// another machine, where its seed stays) gets a fresh one, committed in the same command
/// before the roll it makes, and only when the command is accepted and generates a face.
pub fn execute_rolling(
    store: &mut Store,
    campaign: &str,
    command: &Command,
    entered: &[i64],
    clock: &dyn Clock,
) -> Result<Written, Error> {
    let logged = logged(store, Asked::Command(command.clone()), entered);
    decide_and_append(store, campaign, clock, &logged, |store, state| {
        // A kept seed changed outside muster rolls nothing, and is not replaced unasked by a
        // fresh one: a command that needs a generated face is refused as damage.
        let (held, damage) = match &state.seed_commitment {
            Some(commitment) => match kept_seed(store, campaign, commitment) {
                Ok(held) => (held, None),
                Err(Error::Store(damage @ StoreError::SeedDamaged { .. })) => (None, Some(damage)),
                Err(e) => return Err(e),
            },
            None => (None, None),
        };
        let fresh = match (&held, &damage) {
            (None, None) => Some(Seed::fresh().map_err(Error::Input)?),
            _ => None,
        };
        let seed = held.or_else(|| fresh.clone());
        let mut cup = Cup::new(campaign, state.version + 1, entered.to_vec(), seed);
        let decided = rules::decide(state, command, &mut cup);
        if let (Some(damage), true) = (damage, cup.lacked_seed()) {
            return Err(Error::Store(damage));
        }
        let mut events = decided?;
        if cup.unused_entered() == entered.len() && !entered.is_empty() {
            return Err(Error::input(
                "a die face was given with --die, but this command rolled no die (a Soldier without the ability makes no roll; under a Trap the face is taken as 1): record it with no face given (on a page, “muster rolls”)",
            ));
        }
        if cup.unused_entered() > 0 {
            return Err(Error::input(
                "more faces were given with --die than this command rolls; give one --die per roll, or none",
            ));
        }
        if cup.generated() > 0 && !entered.is_empty() {
            return Err(Error::input(format!(
                "this command rolls {} dice but {} face{} given with --die; give one --die per roll, or none",
                entered.len() + cup.generated() as usize,
                entered.len(),
                if entered.len() == 1 { " was" } else { "s were" }
            )));
        }
        if let (Some(seed), true) = (fresh, cup.generated() > 0) {
            let commitment = seed.commitment();
            store.save_seed(campaign, &commitment, &seed.to_hex())?;
            let mut committed = rules::decide(state, &Command::CommitSeed { commitment }, &mut Cup::empty())?;
            committed.append(&mut events);
            events = committed;
        }
        Ok(events)
    })
    .map_err(|e| Query::new(store, campaign).explain(e))
}

/// Reveals the dice seed in force, so anyone can recompute its faces, and commits a new one;
/// first, each earlier seed this file keeps whose faces are on the log and still unrevealed
/// (one a pushed copy's seed displaced from force).
pub fn reveal_seed(store: &mut Store, campaign: &str, clock: &dyn Clock) -> Result<Written, Error> {
    reveal(store, campaign, clock).map_err(|e| Query::new(store, campaign).explain(e))
}

/// [`reveal_seed`], its refusals not yet naming the campaign.
fn reveal(store: &mut Store, campaign: &str, clock: &dyn Clock) -> Result<Written, Error> {
    let (_, state) = load(store, campaign)?;
    let Some(commitment) = state.seed_commitment.clone() else {
        return Err(Error::input(
            "no dice seed is committed in this campaign; nothing to reveal",
        ));
    };
    // The seed in force is read first: one changed outside muster is refused before any
    // earlier seed is revealed.
    let in_force = kept_seed(store, campaign, &commitment)?;
    // An earlier seed kept changed outside muster is not the one committed: it stays
    // unrevealed, as one kept in another file does.
    let earlier: Vec<String> = store
        .seeds_of(campaign)?
        .into_iter()
        .filter(|(c, seed)| {
            *c != commitment
                && state.generated_rolls.contains_key(c)
                && !state.revealed_seeds.contains(c)
                && Seed::from_hex(seed).is_some_and(|s| s.commitment() == *c)
        })
        .map(|(_, seed)| seed)
        .collect();
    let mut written: Option<Written> = None;
    for seed in earlier {
        let reveal = Command::RevealSeed {
            seed,
            next_commitment: String::new(),
        };
        let next = execute(store, campaign, &reveal, clock)?;
        written = Some(match written {
            Some(before) => before.followed_by(next),
            None => next,
        });
    }
    let Some(seed) = in_force else {
        return written.ok_or_else(|| {
            Error::input(format!(
                "the seed committed as {commitment} is not in this database: a seed stays in the file that committed it; reveal it there"
            ))
        });
    };
    let next = new_seed(store, campaign)?;
    let in_force = execute(
        store,
        campaign,
        &Command::RevealSeed {
            seed: seed.to_hex(),
            next_commitment: next,
        },
        clock,
    )?;
    Ok(match written {
        Some(before) => before.followed_by(in_force),
        None => in_force,
    })
}

/// Commits a fresh dice seed in place of the one in force when this file cannot roll with
/// that one: it was changed outside muster, or it is kept in another file. A seed kept here
/// whole is revealed instead ([`reveal_seed`]), which commits a new one.
pub fn commit_seed(store: &mut Store, campaign: &str, clock: &dyn Clock) -> Result<Written, Error> {
    commit(store, campaign, clock).map_err(|e| Query::new(store, campaign).explain(e))
}

/// [`commit_seed`], its refusals not yet naming the campaign.
fn commit(store: &mut Store, campaign: &str, clock: &dyn Clock) -> Result<Written, Error> {
    let (_, state) = load(store, campaign)?;
    if let Some(commitment) = &state.seed_commitment {
        if let Ok(Some(_)) = kept_seed(store, campaign, commitment) {
            return Err(Error::input(format!(
                "the seed committed as {commitment} is kept whole in this file and rolls as committed; `muster seed reveal` logs it and commits a new one"
            )));
        }
    }
    let next = new_seed(store, campaign)?;
    execute(store, campaign, &Command::CommitSeed { commitment: next }, clock)
}
