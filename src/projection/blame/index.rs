//! Blame's index: every Soldier's lines kept beside the log as the commands are written, so
//! one Soldier's blame reads his lines and a checkpoint rather than the whole log. A cache:
//! one made by other code, one whose event the log no longer holds, one whose lines no
//! longer match their digest, or one a later void reaches back past, is not read.

use std::collections::BTreeMap;

use super::blamed::{Blame, Line, assemble};
use super::sheet::Change;
use super::tracker::Tracker;
use crate::Error;
use crate::checkpoint;
use crate::domain::fold::voided_commands;
use crate::domain::state::{CampaignState, RecordedEvent};
use crate::progress::Progress;
use crate::projection::summary::summary;
use crate::store::{BATCH, BlameWriter, Columns, Known, Store, StoreError, StoredRow};

/// The tag of the code that makes the index: the digest of the fold's source and blame's
/// (`build.rs`), so an index another build made is made again, never read.
pub const INDEX: &str = concat!("blame-lines/", env!("MUSTER_BLAME_DIGEST"));

/// How many events a write brings the index up to date over at most: a write stays as quick
/// on a long log as on a short one, and an index further behind (after a large import) is
/// left for `muster rebuild`, blame reading the log meanwhile.
pub const CATCH_UP: u64 = 10 * checkpoint::INTERVAL;

/// Makes the index of `campaign` again from after version `from` (the whole log from 0)
/// up to its head, with every void of the log applied; `progress` is told how many rows
/// have been read now and then.
pub fn build_from(
    store: &Store,
    campaign: &str,
    from: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<(), Error> {
    let head = store.head(campaign)?.version;
    build_between(store, campaign, (from, head), progress).map(|_state| ())
}

/// [`build_from`] up to version `head` (at most the head) rather than the head: the state
/// the index is made up to.
fn build_between(
    store: &Store,
    campaign: &str,
    (from, head): (u64, u64),
    progress: &mut dyn FnMut(u64),
) -> Result<CampaignState, Error> {
    let known = checkpoint::reaching_back(store, campaign, None)?;
    let start = match from {
        0 => CampaignState::default(),
        _ => checkpoint::state_before(store, campaign, from + 1, &known)?,
    };
    // Opened before the index's transaction, the rows are read on a thread and a connection
    // of their own; the transaction writes no events, so they are the rows it would read.
    let apart = store.apart(campaign, (from, Some(head)));
    let mut made = None;
    store.index_blame(campaign, INDEX, from, |writer| {
        let mut tracker = Tracker::new(start, known.voided(), None);
        let mut counted = Progress::new(progress);
        // Rows are decoded on the other cores while this thread folds and writes.
        let decode = |row: &StoredRow| row.decode().map_err(|e| e.to_string());
        store.for_each_prepared_on(
            apart,
            campaign,
            (from, Some(head)),
            (BATCH, Columns::Folded),
            decode,
            |row, recorded| {
                counted.row();
                let recorded = recorded.as_ref().map_err(|e| {
                    StoreError::Damaged(format!("version {} of '{campaign}': {e}", row.version))
                })?;
                index_one(&mut tracker, writer, recorded)
            },
        )?;
        counted.done();
        made = Some(tracker.into_state());
        Ok::<_, Error>(head)
    })?;
    Ok(made.unwrap_or_default())
}

/// How far a step took an index.
pub enum Step {
    /// It has nothing more a write would add: it reaches the head, or is left for `muster
    /// rebuild`.
    Done,
    /// It is short of the head: the state it is made up to, the next step's start.
    Short(Box<CampaignState>),
}

/// Brings the index of `campaign` up to its head. After a command appended on `before`,
/// the state it was decided on, only the new events are read. When the index was behind,
/// when a new event voids one it covers, or with no `before` (after an import), it is made
/// again from the last event it still serves, if that is at most [`CATCH_UP`] events back;
/// otherwise it is cut back to that event and left for `muster rebuild`, and an index that
/// covers less than the head's last [`CATCH_UP`] events is left as it is.
pub fn refresh(store: &Store, campaign: &str, before: Option<CampaignState>) -> Result<(), Error> {
    refresh_by(store, campaign, before, u64::MAX).map(|_step| ())
}

/// Brings the index of `campaign` up to date after a write on `before` (the state it was
/// written on, when known): now, or on a writer of groups once per flush
/// ([`Store::index_once_per_flush`]). A cache: an index left behind is read past by blame and
/// made again by a later write.
pub fn after_write(store: &Store, campaign: &str, before: Option<CampaignState>) {
    if store.indexes_once_per_flush() {
        store.index_later(campaign, before);
    } else {
        let _cache_only = refresh(store, campaign, before);
    }
}

/// [`refresh`] over at most `step` events, so a writer others wait for never holds them long.
pub fn refresh_by(
    store: &Store,
    campaign: &str,
    before: Option<CampaignState>,
    step: u64,
) -> Result<Step, Error> {
    stepped(refresh_under_lock(store, campaign, before, (step, CATCH_UP))?)
}

/// [`refresh_by`] for an index a write leaves for `muster rebuild` (made by other code, or
/// more than [`CATCH_UP`] events behind): made `step` events further, however far behind it
/// is, from `before` (the state the step before made it up to, when known), so a writer
/// makes it in steps while it is quiet.
pub fn make_by(
    store: &Store,
    campaign: &str,
    before: Option<CampaignState>,
    step: u64,
) -> Result<Step, Error> {
    stepped(refresh_under_lock(store, campaign, before, (step, u64::MAX))?)
}

/// How far a step took an index, from what [`refresh_under_lock`] gave.
fn stepped((made, to, head): (Option<CampaignState>, u64, u64)) -> Result<Step, Error> {
    Ok(match made {
        Some(made) if to < head => Step::Short(Box::new(made)),
        _ => Step::Done,
    })
}

/// [`refresh`], giving back the state the index is now made up to (`None` when it was left
/// for `muster rebuild`), to be given as `before` the next time: a run of appends (a push's
/// parts) keeps the index in step with each, folding only the events each added.
pub fn refresh_carrying(
    store: &Store,
    campaign: &str,
    before: Option<CampaignState>,
) -> Result<Option<CampaignState>, Error> {
    Ok(refresh_under_lock(store, campaign, before, (u64::MAX, CATCH_UP))?.0)
}

/// [`refresh_by`] under the write lock, over at most `step` events, for an index at most
/// `reach` events behind (one further is left for `muster rebuild`): the state the index is
/// made up to (`None` when it was left), the version it reached and the head.
fn refresh_under_lock(
    store: &Store,
    campaign: &str,
    before: Option<CampaignState>,
    step_and_reach: (u64, u64),
) -> Result<(Option<CampaignState>, u64, u64), Error> {
    // Read and written under the write lock: another process's write cannot land, nor its
    // own refresh, between what this one reads and what it writes.
    store.relaxed(|store| {
        store.under_write_lock(|store| refresh_locked(store, campaign, before, step_and_reach))
    })
}

/// [`refresh_under_lock`], the write lock held.
fn refresh_locked(
    store: &Store,
    campaign: &str,
    before: Option<CampaignState>,
    (step, reach): (u64, u64),
) -> Result<(Option<CampaignState>, u64, u64), Error> {
    let head = store.head(campaign)?.version;
    let covered = covered(store, campaign)?;
    // An index left for `muster rebuild` (or made by other code) stays so until then: writes
    // only take the head further from it, and what it serves is at most what it covers. Told
    // without reading the campaign's voids and cutting the index again: on a million events,
    // every few hundred commands, that held a flush for tens of milliseconds.
    if head.saturating_sub(covered) > reach {
        return Ok((None, covered, head));
    }
    let serves = serves(store, campaign, covered)?;
    if head.saturating_sub(serves) > reach {
        store.index_blame(campaign, INDEX, serves, |_| Ok::<_, Error>(serves))?;
        return Ok((None, serves, head));
    }
    let to = step_end(store, campaign, (head.min(serves.saturating_add(step)), head))?;
    let Some(before) = before.filter(|b| b.version == covered && serves == covered && covered > 0) else {
        let made = build_between(store, campaign, (serves, to), &mut |_| {})?;
        return Ok((Some(made), to, head));
    };
    let mut new = Vec::new();
    store.for_each_row(campaign, covered, Some(to), |row| {
        new.push(decoded(&row, campaign)?);
        Ok(())
    })?;
    // Only a void among the new events (another writer's, landed meanwhile) can void one
    // of them; `before` has every earlier void applied.
    let voided = voided_commands(&new);
    let last = new.last().map_or(covered, |r| r.version);
    let mut made = None;
    store.index_blame(campaign, INDEX, covered, |writer| {
        let mut tracker = Tracker::new(before, &voided, None);
        for recorded in &new {
            index_one(&mut tracker, writer, recorded)?;
        }
        made = Some(tracker.into_state());
        Ok::<_, Error>(last)
    })?;
    Ok((Some(made.unwrap_or_default()), to, head))
}

/// Brings the index of `campaign` up to its head however far behind it is: `muster
/// rebuild`'s part. An index that is up to date is left as it is.
pub fn catch_up(store: &Store, campaign: &str) -> Result<(), Error> {
    let head = store.head(campaign)?.version;
    let serves = serves(store, campaign, covered(store, campaign)?)?;
    if serves == head && head > 0 {
        return Ok(());
    }
    build_from(store, campaign, serves, &mut |_| {})
}

/// How many events of the head of `campaign` its blame index does not cover: 0 when it is
/// up to date; more than [`CATCH_UP`] when a write leaves it for `muster rebuild` (a long
/// import, or an index other code made), and blame reads the log past it until then.
pub fn behind(store: &Store, campaign: &str) -> Result<u64, Error> {
    let head = store.head(campaign)?.version;
    Ok(head.saturating_sub(covered(store, campaign)?))
}

/// The last event the index of `campaign` covers, made by this code of this log; 0 for none.
fn covered(store: &Store, campaign: &str) -> Result<u64, Error> {
    Ok(store
        .blame_indexed(campaign)?
        .filter(|i| i.projection == INDEX && i.log_agrees)
        .map_or(0, |i| i.version))
}

/// The last event whose lines the index still has right: the event before the earliest it
/// covers that a void written after `covered` names (the lines from there on follow a sheet
/// without it), else `covered`.
fn serves(store: &Store, campaign: &str, covered: u64) -> Result<u64, Error> {
    let voids = store.voids_after_naming(campaign, covered, covered)?;
    Ok(voids
        .iter()
        .map(|(_, named)| named.saturating_sub(1))
        .fold(covered, u64::min))
}

/// Where a step of the index ends: at `to`, or later (at most `head`), past
/// every void written after it that names an event up to it. An index whose last event is
/// before a void that names one it covers is trusted only up to that event ([`serves`]): a
/// step that ended between them would be made again from there, the next the same, and the
/// index would never reach the head (a writer's quiet spells making the same step over).
fn step_end(store: &Store, campaign: &str, (to, head): (u64, u64)) -> Result<u64, Error> {
    let mut end = to;
    // No event is written after the head: the usual step, to the head, reads nothing.
    while end < head {
        let reaching = store.voids_after_naming(campaign, end, end)?;
        match reaching.last() {
            Some((at, _)) => end = *at,
            None => break,
        }
    }
    Ok(end)
}

/// The blame of `soldier` at `up_to` read from the index, given `state`, the state at
/// `up_to`, and `known`, the rare events of the whole log; `None` when the index cannot
/// serve it (missing, stale, made by other code, damaged, or reached back past by a void
/// written after `up_to`), and the log must be read instead.
pub fn read(
    store: &Store,
    campaign: &str,
    soldier: &str,
    state: &CampaignState,
    known: &Known,
) -> Result<Option<Blame>, Error> {
    let up_to = state.version;
    let indexed = store
        .blame_indexed(campaign)?
        .filter(|i| i.projection == INDEX && i.log_agrees && i.version >= up_to);
    // A void written after the point that names an event before it: the index shows that
    // event voided, the log as it stood at the point did not.
    if indexed.is_none() || known.reaches_back_past(up_to) {
        return Ok(None);
    }
    let Some(him) = state.soldier(soldier) else {
        return assemble(state, soldier, BTreeMap::new()).map(Some);
    };
    let mut lines: BTreeMap<String, Vec<Line>> = BTreeMap::new();
    let mut readable = true;
    let intact = store.for_each_blame_line(campaign, &him.card.name, |line| {
        if line.row.version > up_to || !readable {
            return Ok(());
        }
        let changes = serde_json::from_str::<Vec<(String, Change)>>(&line.changes);
        let (Ok(changes), Ok(recorded)) = (changes, line.row.decode()) else {
            readable = false;
            return Ok(());
        };
        let summary = summary(&recorded.event);
        for (field, change) in changes {
            lines.entry(field).or_default().push(Line {
                version: recorded.version,
                recorded_at: recorded.recorded_at.clone(),
                command_id: recorded.command_id.clone(),
                change,
                summary: summary.clone(),
                voided: line.voided,
            });
        }
        Ok(())
    })?;
    if !(intact && readable) {
        return Ok(None);
    }
    // The digest is no signature: lines rewritten with it recomputed must still make the
    // numbers the log folds to, or the log is read instead.
    Ok(Some(assemble(state, soldier, lines)?).filter(Blame::adds_up))
}

/// Folds `recorded` on `tracker` and adds a line for each Soldier whose sheet it moved.
fn index_one(
    tracker: &mut Tracker<'_>,
    writer: &mut BlameWriter<'_>,
    recorded: &RecordedEvent,
) -> Result<(), StoreError> {
    let (voided, moved) = tracker.push(recorded);
    for moved in moved {
        let changes = written(&moved.changes)?;
        writer.add(moved.soldier, recorded.version, changes, voided)?;
    }
    Ok(())
}

/// `row` decoded, or the damage named.
fn decoded(row: &StoredRow, campaign: &str) -> Result<RecordedEvent, StoreError> {
    row.decode()
        .map_err(|e| StoreError::Damaged(format!("version {} of '{campaign}': {e}", row.version)))
}

/// The changes of one line as the index stores them.
fn written(changes: &[(String, Change)]) -> Result<String, StoreError> {
    serde_json::to_string(changes)
        .map_err(|e| StoreError::Damaged(format!("a blame line cannot be written: {e}")))
}
