//! A campaign's state from its newest usable checkpoint and the events after it, so that a
//! command costs the same on a campaign's first day as after years of play.
//!
//! Checkpoints are a cache: one made by other projection code, one whose state no longer
//! matches its digest (edited), one taken at an event the log no longer holds (rewritten),
//! one that no longer parses, or one that a later void reaches back past, is ignored and the
//! state is folded from the log, which alone is the truth. The digest is not a signature:
//! a checkpoint forged with its digest recomputed is caught by `muster verify`, which folds
//! the log to every stored checkpoint and compares.

use crate::Error;
use crate::domain::codec;
use crate::domain::event::Event;
use crate::domain::fold::{Voided, fold_onto, step, voided_commands};
use crate::domain::state::{CampaignState, RecordedEvent};
use crate::progress::Progress;
use crate::store::{BATCH, Columns, Store, StoreError, StoredRow};
use crate::store::{Checkpoint, Known};

/// The projection code's tag: the digest of the fold's source (`build.rs`), so a checkpoint
/// cached by any other state or fold code is ignored, with no tag to bump by hand.
pub const PROJECTION: &str = concat!("campaign-state/", env!("MUSTER_FOLD_DIGEST"));

/// A checkpoint is written once this many events have been appended since the last one.
pub const INTERVAL: u64 = 1000;

/// The state of `campaign` at `up_to` (the head when `None`).
pub fn state_at(store: &Store, campaign: &str, up_to: Option<u64>) -> Result<CampaignState, Error> {
    if up_to.is_some() {
        return state_from_checkpoint(store, campaign, up_to);
    }
    with_state_at_head(store, campaign, CampaignState::clone)
}

/// What `read` makes of the state of `campaign` at its head, the state lent rather than
/// copied: the one this connection keeps, else the one made now, kept afterwards for the
/// next read. A write `read` made through `store` would keep or forget no state: the lent
/// one is still borrowed.
pub fn with_state_at_head<T>(
    store: &Store,
    campaign: &str,
    read: impl FnOnce(&CampaignState) -> T,
) -> Result<T, Error> {
    if let Some(state) = store.decided_state_ref(campaign)? {
        return Ok(read(&state));
    }
    // A state this connection kept at an earlier head, with the events written since (by
    // another connection) folded onto it; else a checkpoint's. Kept in turn for the next read.
    let state = match store.kept_state(campaign)? {
        Some(kept) => {
            let tail = store.events_between(campaign, kept.version, None)?;
            match reaches_back(&tail, kept.version) {
                false => fold_onto(kept, &tail, &voided_commands(&tail)),
                true => state_from_checkpoint(store, campaign, None)?,
            }
        }
        None => state_from_checkpoint(store, campaign, None)?,
    };
    let made = read(&state);
    store.keep_decided(campaign, store.head(campaign)?, state);
    Ok(made)
}

/// The state of `campaign` at `up_to` (the head when `None`) from its newest usable
/// checkpoint, else folded from the whole log.
fn state_from_checkpoint(store: &Store, campaign: &str, up_to: Option<u64>) -> Result<CampaignState, Error> {
    let limit = up_to.unwrap_or(u64::MAX >> 1);
    // The newest alone first: it nearly always serves, and each checkpoint read is a whole
    // state (a campaign of 10,000 events has ten; reading the newest eight made a cold served
    // roster read of such a campaign 1.2 ms rather than 0.7).
    let newest = store.checkpoint(campaign, limit, PROJECTION)?;
    let Some(newest) = newest else {
        return rebuild(store, campaign, up_to);
    };
    if let Some(state) = from_stored(store, campaign, up_to, &newest)? {
        return Ok(state);
    }
    for stored in store.checkpoints(campaign, newest.version.saturating_sub(1), PROJECTION)? {
        if let Some(state) = from_stored(store, campaign, up_to, &stored)? {
            return Ok(state);
        }
    }
    rebuild(store, campaign, up_to)
}

/// The state at `up_to` from `stored` and the events after it, when it may serve.
fn from_stored(
    store: &Store,
    campaign: &str,
    up_to: Option<u64>,
    stored: &Checkpoint,
) -> Result<Option<CampaignState>, Error> {
    // An edited checkpoint, or one of a log rewritten since, is not evidence of anything.
    if stored.flaw().is_some() {
        return Ok(None);
    }
    let Ok(state) = serde_json::from_str::<CampaignState>(&stored.state) else {
        return Ok(None);
    };
    let tail = store.events_between(campaign, stored.version, up_to)?;
    // A void reaching back into the checkpoint's events would need them un-applied.
    if reaches_back(&tail, stored.version) {
        return Ok(None);
    }
    let voided = voided_commands(&tail);
    Ok(Some(fold_onto(state, &tail, &voided)))
}

/// Whether a void among `tail` (the events after a checkpoint at `version`) voids an event
/// the checkpoint already applied: that checkpoint then differs from the log's fold.
pub fn reaches_back(tail: &[RecordedEvent], version: u64) -> bool {
    tail.iter()
        .any(|r| matches!(&r.event, Event::CommandVoided(v) if v.version <= version))
}

/// The state of `campaign` at `up_to` folded from the whole log, one row at a time, without
/// any checkpoint: the voids first (a small query), then every other event in order.
pub fn rebuild(store: &Store, campaign: &str, up_to: Option<u64>) -> Result<CampaignState, Error> {
    rebuild_with(store, campaign, up_to, &mut |_| {})
}

/// Like [`rebuild`], telling `progress` how many rows have been folded now and then.
pub fn rebuild_with(
    store: &Store,
    campaign: &str,
    up_to: Option<u64>,
    progress: &mut dyn FnMut(u64),
) -> Result<CampaignState, Error> {
    fold_log(store, campaign, up_to, BATCH, progress)
}

/// Like [`rebuild`], decoding the rows on the other cores `batch` at a time: the state is
/// the same for any batch.
pub fn rebuild_in(
    store: &Store,
    campaign: &str,
    up_to: Option<u64>,
    batch: usize,
) -> Result<CampaignState, Error> {
    fold_log(store, campaign, up_to, batch, &mut |_| {})
}

/// The whole log of `campaign` up to `up_to` folded, its rows decoded `batch` at a time.
fn fold_log(
    store: &Store,
    campaign: &str,
    up_to: Option<u64>,
    batch: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<CampaignState, Error> {
    Ok(fold_keeping(store, campaign, up_to, batch, progress, false)?.0)
}

/// [`fold_log`], also keeping the state at every interval where it is a checkpoint a read
/// could start from: no void recorded after it reaches back past it.
fn fold_keeping(
    store: &Store,
    campaign: &str,
    up_to: Option<u64>,
    batch: usize,
    progress: &mut dyn FnMut(u64),
    keep: bool,
) -> Result<(CampaignState, Vec<(u64, String)>), Error> {
    let known = reaching_back(store, campaign, up_to)?;
    let voided = known.voided().clone();
    let mut counted = Progress::new(progress);
    let rows = Rows {
        after: 0,
        up_to,
        batch,
    };
    let mut kept = Vec::new();
    let state = fold_rows(
        store,
        campaign,
        (rows, CampaignState::default()),
        &voided,
        &mut |_, _, state| {
            counted.row();
            let due = keep && state.version % INTERVAL == 0 && !known.reaches_back_past(state.version);
            // Kept as the text a checkpoint stores: a few kilobytes, not the whole state.
            if let Some(text) = due.then(|| serde_json::to_string(state).ok()).flatten() {
                kept.push((state.version, text));
            }
        },
    )?;
    counted.done();
    Ok((state, kept))
}

/// Which rows to fold: those after `after` up to `up_to`, decoded `batch` at a time.
struct Rows {
    after: u64,
    up_to: Option<u64>,
    batch: usize,
}

/// Folds `from`'s rows of `campaign` onto its state, skipping the commands in `voided`; `each` is called after every row. The rows are decoded
/// on other cores, a batch at a time, and folded here in order.
fn fold_rows(
    store: &Store,
    campaign: &str,
    from: (Rows, CampaignState),
    voided: &Voided,
    each: &mut dyn FnMut(&StoredRow, Option<&Event>, &CampaignState),
) -> Result<CampaignState, StoreError> {
    let (rows, mut state) = from;
    let decode = |row: &StoredRow| match voided.contains(&row.command_id) {
        // A voided event is not even decoded: it changes nothing.
        true => None,
        false => Some(codec::decode(&row.kind, row.schema, &row.payload)),
    };
    let range = (rows.after, rows.up_to);
    let read = (rows.batch, Columns::Folded);
    store.for_each_prepared(campaign, range, read, decode, |row, event| {
        let event = event.as_ref().map(|decoded| {
            decoded
                .as_ref()
                .map_err(|e| StoreError::Damaged(format!("version {} of '{campaign}': {e}", row.version)))
        });
        let event = event.transpose()?;
        step(&mut state, row.version, event);
        each(row, event, &state);
        Ok(())
    })?;
    Ok(state)
}

/// Folds the whole log of `campaign` up to `up_to` as [`rebuild`] does, giving `each` every
/// row, its event (`None` for one voided since) and the state with it folded in: a reader
/// that tells the whole story in one pass, its rows decoded on the other cores.
pub fn walk(
    store: &Store,
    campaign: &str,
    up_to: Option<u64>,
    each: &mut dyn FnMut(&StoredRow, Option<&Event>, &CampaignState),
) -> Result<CampaignState, Error> {
    let voided = reaching_back(store, campaign, up_to)?.voided().clone();
    let rows = Rows {
        after: 0,
        up_to,
        batch: BATCH,
    };
    Ok(fold_rows(
        store,
        campaign,
        (rows, CampaignState::default()),
        &voided,
        each,
    )?)
}

/// Folds `campaign` from its whole log and writes the result as its newest checkpoint,
/// whatever checkpoints it had, and one every interval of the log (where no later void
/// reaches back past it), so reads at any point start near it: the cure for a cache in
/// doubt, and how a log written before every checkpoint was kept gets them.
pub fn rewrite(store: &Store, campaign: &str, progress: &mut dyn FnMut(u64)) -> Result<CampaignState, Error> {
    let (state, kept) = fold_keeping(store, campaign, None, BATCH, progress, true)?;
    // Every checkpoint up to the head is this fold's: one an earlier rebuild left between the
    // intervals, edited since, would otherwise stay for `verify` to find.
    store.drop_checkpoints(campaign, PROJECTION, state.version)?;
    for (version, text) in &kept {
        store.save_checkpoint(campaign, *version, PROJECTION, text)?;
    }
    save(store, campaign, &state)?;
    Ok(state)
}

/// Writes `state` as a checkpoint of `campaign` at its version.
pub fn save(store: &Store, campaign: &str, state: &CampaignState) -> Result<(), Error> {
    let text = serde_json::to_string(state)
        .map_err(|e| StoreError::Damaged(format!("the state of '{campaign}' cannot be written: {e}")))?;
    store.save_checkpoint(campaign, state.version, PROJECTION, &text)?;
    Ok(())
}

/// The rare events of `campaign` up to `up_to` that reach back over the log (voids,
/// revealed seeds, asserted sheets), read on their own index.
pub fn reaching_back(store: &Store, campaign: &str, up_to: Option<u64>) -> Result<Known, Error> {
    let mut known = Known::default();
    for row in store.rows_reaching_back(campaign, up_to)? {
        let recorded = row
            .decode()
            .map_err(|e| StoreError::Damaged(format!("version {} of '{campaign}': {e}", row.version)))?;
        known.note(&recorded);
    }
    Ok(known)
}

/// Writes a checkpoint of the campaign's current state when enough events have been
/// appended since the last. A failure only costs time later, so it is not an error.
///
/// Only the version of the newest checkpoint whose event is still the log's is looked at, not
/// its state: one whose state was edited since (its digest no longer matches) is read past by
/// every read until the next interval writes another.
pub fn refresh(store: &Store, campaign: &str, head: u64) {
    let newest = store.newest_checkpoint_on_log(campaign, PROJECTION).unwrap_or(0);
    if head < newest + INTERVAL {
        return;
    }
    let Ok(state) = state_at(store, campaign, None) else {
        return;
    };
    let _cache_only = save(store, campaign, &state);
}

/// Writes a checkpoint at the head of `campaign` when it is [`INTERVAL`] events or more past
/// its newest usable one, as a write would have: for a campaign no write has reached since its
/// checkpoints were made by other projection code (a new build of muster), whose every read
/// would otherwise fold its whole log. The state folded is not kept on the connection, so a
/// pass over many campaigns lets go of none of the states its writes keep. True when it wrote
/// one.
pub fn catch_up(store: &Store, campaign: &str) -> Result<bool, Error> {
    let behind = |store: &Store| -> Result<bool, Error> {
        Ok(store.head(campaign)?.version >= newest_usable(store, campaign) + INTERVAL)
    };
    // Looked at first without the lock, as it mostly finds nothing to do.
    if !behind(store)? {
        return Ok(false);
    }
    store.under_write_lock(|store| {
        if !behind(store)? {
            return Ok(false);
        }
        save(store, campaign, &state_from_checkpoint(store, campaign, None)?)?;
        Ok(true)
    })
}

/// The version of the newest checkpoint of `campaign` a read may start from, 0 when none: one
/// that cannot be trusted counts as none, so a good one replaces it.
fn newest_usable(store: &Store, campaign: &str) -> u64 {
    store
        .checkpoint(campaign, u64::MAX >> 1, PROJECTION)
        .ok()
        .flatten()
        .filter(|c| c.flaw().is_none())
        .map_or(0, |c| c.version)
}

/// The state of `campaign` just before version `version`, with every void in `known`
/// applied (voids written later included, unlike [`state_at`], which shows the log as it
/// stood): the ground a void is decided on.
pub fn state_before(
    store: &Store,
    campaign: &str,
    version: u64,
    known: &Known,
) -> Result<CampaignState, Error> {
    Ok(state_before_voiding(
        store,
        campaign,
        version,
        known,
        known.voided(),
    )?)
}

/// Like [`state_before`], with only the commands in `voided` voided (those voided before some
/// place, such as a void `verify` decides again at its place); `known`, every void of the
/// log, still says which checkpoints may serve.
pub fn state_before_voiding(
    store: &Store,
    campaign: &str,
    version: u64,
    known: &Known,
    voided: &Voided,
) -> Result<CampaignState, StoreError> {
    let up_to = version.saturating_sub(1);
    // A checkpoint at `c` folded every event up to `c` that was not voided by then; it
    // serves only when no later void reaches back to an event at or before `c`: the voids it
    // applied are then every void that touches its events, all among those before `version`.
    let checkpoint = store
        .checkpoints(campaign, up_to, PROJECTION)?
        .into_iter()
        .filter(|c| c.flaw().is_none())
        .filter(|c| !known.reaches_back_past(c.version))
        .find_map(|c| {
            serde_json::from_str::<CampaignState>(&c.state)
                .ok()
                .map(|s| (c.version, s))
        });
    let (after, state) = checkpoint.unwrap_or_default();
    let rows = Rows {
        after,
        up_to: Some(up_to),
        batch: BATCH,
    };
    fold_rows(store, campaign, (rows, state), voided, &mut |_, _, _| {})
}
