//! The rare events that reach back over a log (voids, revealed seeds, asserted sheets),
//! gathered before the verifier reads the rows.

use std::collections::{BTreeMap, BTreeSet};

use super::row::StoredRow;
use crate::dice::Seed;
use crate::domain::event::{AssertionRecorded, Event};
use crate::domain::state::RecordedEvent;

/// The kinds of event that reach back: gathered before the rows are read.
pub const RARE_KINDS: [&str; 3] = ["command_voided", "seed_revealed", "assertion_recorded"];

/// The rare events of a log that the verifier must know before it reads it.
#[derive(Debug, Clone, Default)]
pub struct Known {
    voided: BTreeSet<String>,
    /// Each void's own version and the version it names, in log order.
    voids: Vec<(u64, u64)>,
    pub(crate) seeds: BTreeMap<String, Seed>,
    pub(crate) assertions: Vec<(u64, AssertionRecorded)>,
}

impl Known {
    /// Takes note of one event if it is of a rare kind; others are ignored.
    pub fn note(&mut self, recorded: &RecordedEvent) {
        match &recorded.event {
            Event::CommandVoided(v) => {
                self.voided.insert(v.command_id.clone());
                self.voids.push((recorded.version, v.version));
            }
            Event::SeedRevealed(e) => {
                if let Some(seed) = Seed::from_hex(&e.seed).filter(|s| s.commitment() == e.commitment) {
                    self.seeds.insert(e.commitment.clone(), seed);
                }
            }
            Event::AssertionRecorded(a) => self.assertions.push((recorded.version, a.clone())),
            _ => {}
        }
    }

    /// The rare events among `rows`; a row that no longer decodes is left out (the verifier
    /// reports it when it reads the row).
    pub fn of_rows<'a>(rows: impl IntoIterator<Item = &'a StoredRow>) -> Known {
        let mut known = Known::default();
        for row in rows.into_iter().filter(|r| RARE_KINDS.contains(&r.kind.as_str())) {
            if let Ok(recorded) = row.decode() {
                known.note(&recorded);
            }
        }
        known
    }

    /// The command ids voided anywhere in the log.
    pub fn voided(&self) -> &BTreeSet<String> {
        &self.voided
    }

    /// Whether a void written after `version` names an event at or before it: a state
    /// folded up to `version` (a checkpoint) then differs from the log's fold.
    pub fn reaches_back_past(&self, version: u64) -> bool {
        self.voids
            .iter()
            .any(|(at, named)| *at > version && *named <= version)
    }
}
