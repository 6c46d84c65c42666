//! The paper sheets asserted later in the log, and the events so far that moved their
//! fields, read off the fold: each asserted field before and after each event.

use std::collections::BTreeMap;

use crate::domain::event::AssertionRecorded;
use crate::domain::sheet;
use crate::domain::state::CampaignState;

/// A paper sheet asserted later in the log, and the events so far that moved its fields.
pub(super) struct Tracked {
    pub(super) version: u64,
    pub(super) assertion: AssertionRecorded,
    pub(super) changed_by: BTreeMap<String, Vec<u64>>,
}

impl Tracked {
    /// The sheet asserted at `version`, no event yet noted against it.
    pub(super) fn new(version: u64, assertion: AssertionRecorded) -> Tracked {
        Tracked {
            version,
            assertion,
            changed_by: BTreeMap::new(),
        }
    }

    /// The asserted fields of the Soldier in `state`, in the assertion's order.
    fn sheet(&self, state: &CampaignState) -> Vec<Option<String>> {
        let soldier = state.soldier(&self.assertion.soldier);
        self.assertion
            .fields
            .keys()
            .map(|field| soldier.and_then(|s| sheet::value(s, field)))
            .collect()
    }
}

/// The asserted fields of each sheet still to come, read before one event is folded.
pub(super) struct Before(Vec<(usize, Vec<Option<String>>)>);

impl Before {
    /// Reads, in `state`, the fields of every sheet in `tracked` asserted at or after `v`.
    pub(super) fn read(tracked: &[Tracked], state: &CampaignState, v: u64) -> Before {
        Before(
            tracked
                .iter()
                .enumerate()
                .filter(|(_, t)| t.version >= v)
                .map(|(i, t)| (i, t.sheet(state)))
                .collect(),
        )
    }

    /// Notes event `v` against each field it moved, `state` being the fold after it.
    pub(super) fn settle(self, tracked: &mut [Tracked], state: &CampaignState, v: u64) {
        for (i, before) in self.0 {
            let Some(t) = tracked.get_mut(i) else {
                continue;
            };
            let after = t.sheet(state);
            for ((field, was), now) in t.assertion.fields.keys().zip(before).zip(after) {
                // As in blame: a Soldier's enlistment gives each of his numbers, and a 0 it
                // gives made nothing.
                let moved = match (&was, &now) {
                    (None, Some(now)) => now != "0",
                    _ => was != now,
                };
                if moved {
                    t.changed_by.entry(field.clone()).or_default().push(v);
                }
            }
        }
    }
}
