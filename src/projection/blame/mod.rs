//! `muster blame SOLDIER`: for every number in his roster row, the events that made it, read
//! off the fold: his sheet before and after each event, so a new kind of event needs nothing
//! here.

mod blamed;
pub mod index;
#[cfg(test)]
mod index_tests;
mod sheet;
#[cfg(test)]
mod tests;
mod touch;
mod tracker;

use std::collections::BTreeMap;

use super::summary::summary;
use crate::Error;
use crate::domain::fold::{Voided, voided_commands};
use crate::domain::state::{CampaignState, RecordedEvent};
use blamed::assemble;
pub use blamed::{Blame, FieldBlame, Line};
pub use sheet::Change;
use tracker::Tracker;

/// The blame of `soldier` (any case) over `log`, a campaign's events in order.
pub fn blame(log: &[RecordedEvent], soldier: &str) -> Result<Blame, Error> {
    let voided = voided_commands(log);
    let mut blamer = Blamer::new(soldier, &voided);
    for recorded in log {
        blamer.push(recorded);
    }
    blamer.finish()
}

/// The blame of one Soldier built one event at a time, so a log of any length is read
/// without being held: it keeps the state, his sheet and the lines about him.
pub struct Blamer<'a> {
    soldier: &'a str,
    tracker: Tracker<'a>,
    lines: BTreeMap<String, Vec<Line>>,
}

impl<'a> Blamer<'a> {
    /// A blame of `soldier` over a log whose voided commands are `voided`.
    pub fn new(soldier: &'a str, voided: &'a Voided) -> Blamer<'a> {
        Blamer {
            soldier,
            tracker: Tracker::new(CampaignState::default(), voided, Some(soldier)),
            lines: BTreeMap::new(),
        }
    }

    /// Takes the next event of the log.
    pub fn push(&mut self, recorded: &RecordedEvent) {
        let (voided, moved) = self.tracker.push(recorded);
        for moved in moved {
            for (field, change) in moved.changes {
                self.lines.entry(field).or_default().push(Line {
                    version: recorded.version,
                    recorded_at: recorded.recorded_at.clone(),
                    command_id: recorded.command_id.clone(),
                    change,
                    summary: summary(&recorded.event),
                    voided,
                });
            }
        }
    }

    /// The blame: every number of his roster row now, and the lines that made each.
    pub fn finish(self) -> Result<Blame, Error> {
        assemble(self.tracker.state(), self.soldier, self.lines)
    }
}
