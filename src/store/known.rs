//! The rare events that reach back over a log (voids, revealed seeds, asserted sheets),
//! gathered before the verifier reads the rows.

use std::collections::BTreeMap;

use super::row::StoredRow;
use crate::dice::Seed;
use crate::domain::event::{AssertionRecorded, Disproof, Event};
use crate::domain::fold::Voided;
use crate::domain::state::RecordedEvent;

/// The kinds of event that reach back: gathered before the rows are read.
pub const RARE_KINDS: [&str; 3] = ["command_voided", "seed_revealed", "assertion_recorded"];

/// The rare events of a log that the verifier must know before it reads it.
#[derive(Debug, Clone, Default)]
pub struct Known {
    voided: Voided,
    /// Each void's own version and the version it names, in log order.
    voids: Vec<(u64, u64)>,
    /// The seeds revealed in the log, by commitment.
    pub(crate) seeds: BTreeMap<String, Seed>,
    /// The seeds this file keeps (revealed or not), by commitment: they check the faces they
    /// made as a revealed seed does, and never stand for a reveal.
    pub(crate) held: BTreeMap<String, Seed>,
    /// Each disproof a void names, by the roll's version and die: the void's version and
    /// the command it voids.
    pub(crate) disproofs: BTreeMap<(u64, u32), (u64, String, Disproof)>,
    pub(crate) assertions: Vec<(u64, AssertionRecorded)>,
}

impl Known {
    /// Takes note of one event if it is of a rare kind; others are ignored.
    pub fn note(&mut self, recorded: &RecordedEvent) {
        match &recorded.event {
            Event::CommandVoided(v) => {
                self.voided.insert(v.command_id.clone());
                self.voids.push((recorded.version, v.version));
                for d in &v.disproofs {
                    let named = (recorded.version, v.command_id.clone(), d.clone());
                    self.disproofs.insert((d.roll_version, d.die_index), named);
                }
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

    /// The same, knowing the seeds this file keeps (`held`, commitment and seed in hex): the
    /// faces they made are checked, revealed or not.
    pub fn holding(mut self, held: Vec<(String, String)>) -> Known {
        for (commitment, hex) in held {
            if let Some(seed) = Seed::from_hex(&hex).filter(|s| s.commitment() == commitment) {
                self.held.insert(commitment, seed);
            }
        }
        self
    }

    /// The command ids voided anywhere in the log.
    pub fn voided(&self) -> &Voided {
        &self.voided
    }

    /// The earliest version named by a void written at or after `at`, if any.
    pub fn reach_from(&self, at: u64) -> Option<u64> {
        self.voids
            .iter()
            .filter(|(void, _)| *void >= at)
            .map(|(_, named)| *named)
            .min()
    }

    /// Whether a void written after `version` names an event at or before it: a state
    /// folded up to `version` (a checkpoint) then differs from the log's fold.
    pub fn reaches_back_past(&self, version: u64) -> bool {
        self.voids
            .iter()
            .any(|(at, named)| *at > version && *named <= version)
    }
}
