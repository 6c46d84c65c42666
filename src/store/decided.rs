//! The state a write through a connection left, kept in memory for that connection's next
//! command: a long-lived connection (the server's) then decides each command without
//! reading a checkpoint and folding the events after it.
//!
//! It is a cache keyed by the head it is the state at: the head's hash chains every event
//! before it, so while the campaign's head is that version with that hash, the log folds to
//! this state. Any other write, from this process or another, moves the head and the state
//! is no longer served.

use std::cell::RefCell;

use super::head::Head;
use super::{Store, StoreError};
use crate::domain::state::CampaignState;

/// A campaign's state at a head, or nothing kept.
#[derive(Default)]
pub(super) struct Decided(RefCell<Option<Box<Kept>>>);

struct Kept {
    campaign: String,
    head: Head,
    state: CampaignState,
}

impl Store {
    /// The state kept for `campaign` when its head is still the one it was kept at.
    pub fn decided_state(&self, campaign: &str) -> Result<Option<CampaignState>, StoreError> {
        let slot = self.decided.0.borrow();
        let Some(kept) = slot.as_ref().filter(|kept| kept.campaign == campaign) else {
            return Ok(None);
        };
        let head = self.head(campaign)?;
        Ok((kept.head == head).then(|| kept.state.clone()))
    }

    /// Keeps `state` as the state of `campaign` at `head`, which it must be: the fold of the
    /// log up to that head. A state of another version is not kept.
    pub fn keep_decided(&self, campaign: &str, head: Head, state: CampaignState) {
        let kept = (state.version == head.version).then(|| {
            Box::new(Kept {
                campaign: campaign.to_owned(),
                head,
                state,
            })
        });
        *self.decided.0.borrow_mut() = kept;
    }

    /// Forgets the state kept, when a write's state after it is not known.
    pub fn forget_decided(&self) {
        *self.decided.0.borrow_mut() = None;
    }
}
