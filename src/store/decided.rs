//! The states writes through a connection left, kept in memory for that connection's next
//! commands: a long-lived connection (the server's) then decides each command without
//! reading a checkpoint and folding the events after it. It keeps the states of the
//! [`KEPT`] campaigns written to last, so a server of many campaigns holds a bounded number.
//!
//! It is a cache keyed by the head it is the state at: the head's hash chains every event
//! before it, so while the campaign's head is that version with that hash, the log folds to
//! this state. Any other write, from this process or another, moves the head and the state
//! is no longer served.

use std::cell::{Ref, RefCell};

use rusqlite::{OptionalExtension, params};

use super::head::Head;
use super::{Store, StoreError};
use crate::domain::state::CampaignState;

/// How many campaigns' states a connection keeps: those written to last.
pub const KEPT: usize = 64;

/// Campaigns' states at their heads, the one written to last at the end.
#[derive(Default)]
pub(super) struct Decided(RefCell<Vec<Kept>>);

/// The campaigns whose blame index a long-lived writer brings up to date once per flush, each
/// with the state the index was made up to when it is known; `None` on a connection that
/// indexes after every command.
#[derive(Default)]
pub(super) struct Behind(RefCell<Option<Vec<Noted>>>);

/// A campaign whose index is behind, and the state it was made up to when that is known.
type Noted = (String, Option<CampaignState>);

struct Kept {
    campaign: String,
    head: Head,
    state: CampaignState,
}

impl Store {
    /// The state kept for `campaign` when its head is still the one it was kept at, lent
    /// rather than copied: until it is given back, a write through this connection keeps or
    /// forgets no state ([`Store::keep_decided`]).
    pub fn decided_state_ref(&self, campaign: &str) -> Result<Option<Ref<'_, CampaignState>>, StoreError> {
        let kept = self.decided.0.borrow();
        let Some(at) = kept.iter().position(|kept| kept.campaign == campaign) else {
            return Ok(None);
        };
        let head = self.head(campaign)?;
        Ok(Ref::filter_map(kept, |kept| {
            kept.get(at)
                .filter(|kept| kept.head == head)
                .map(|kept| &kept.state)
        })
        .ok())
    }

    /// The state kept for `campaign` while the log still holds the head it was kept at: the
    /// fold up to that event, which the events after it (if any) follow.
    pub fn kept_state(&self, campaign: &str) -> Result<Option<CampaignState>, StoreError> {
        let kept = self.decided.0.borrow();
        let Some(kept) = kept.iter().find(|kept| kept.campaign == campaign) else {
            return Ok(None);
        };
        let held: Option<String> = self
            .conn
            .prepare_cached("SELECT hash FROM events WHERE campaign = ?1 AND version = ?2")?
            .query_row(params![campaign, kept.head.version], |row| row.get(0))
            .optional()?;
        Ok((held.as_deref() == Some(kept.head.hash.as_str())).then(|| kept.state.clone()))
    }

    /// Keeps `state` as the state of `campaign` at `head`, which it must be: the fold of the
    /// log up to that head. A state of another version is not kept. The campaign written to
    /// least recently is let go beyond [`KEPT`].
    pub fn keep_decided(&self, campaign: &str, head: Head, state: CampaignState) {
        self.forget_decided(campaign);
        if state.version != head.version {
            return;
        }
        // A state lent out ([`Store::decided_state_ref`]) leaves this one unkept: a cache.
        let Ok(mut kept) = self.decided.0.try_borrow_mut() else {
            return;
        };
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push(Kept {
            campaign: campaign.to_owned(),
            head,
            state,
        });
    }

    /// Forgets the state kept of `campaign`, when a write's state after it is not known.
    pub fn forget_decided(&self, campaign: &str) {
        // Lent out, it stays: a state is served only at the head it was kept at, which a
        // write moves.
        if let Ok(mut kept) = self.decided.0.try_borrow_mut() {
            kept.retain(|kept| kept.campaign != campaign);
        }
    }

    /// Has this connection bring blame's index up to date when [`Store::indexes_behind`] is
    /// taken, once per flush, rather than after every command: a group of commands on one
    /// campaign then reads and writes the index once.
    pub fn index_once_per_flush(&self) {
        *self.behind.0.borrow_mut() = Some(Vec::new());
    }

    /// Whether this connection brings blame's index up to date once per flush.
    pub fn indexes_once_per_flush(&self) -> bool {
        self.behind.0.borrow().is_some()
    }

    /// Notes the index of `campaign` as behind since `before` (the state it was made up to, if
    /// known) on a connection that indexes once per flush. A campaign noted already keeps the
    /// state it was noted with, the one its index was made up to.
    pub fn index_later(&self, campaign: &str, before: Option<CampaignState>) {
        if let Some(behind) = self.behind.0.borrow_mut().as_mut()
            && !behind.iter().any(|(noted, _)| noted == campaign)
        {
            behind.push((campaign.to_owned(), before));
        }
    }

    /// Whether any campaign's index is behind on a connection that indexes once per flush.
    pub fn has_indexes_behind(&self) -> bool {
        self.behind
            .0
            .borrow()
            .as_ref()
            .is_some_and(|behind| !behind.is_empty())
    }

    /// The campaigns whose index is behind, each with the state it was made up to, taken.
    pub fn indexes_behind(&self) -> Vec<(String, Option<CampaignState>)> {
        self.behind
            .0
            .borrow_mut()
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }
}
