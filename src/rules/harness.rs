//! A given/when/then harness for rule tests: events in, a command, events or a refusal out.

use super::decide;
use crate::dice::Cup;
use crate::domain::command::Command;
use crate::domain::error::RuleError;
use crate::domain::event::Event;
use crate::domain::evolve::evolve;
use crate::domain::state::CampaignState;

/// The state after `events`, applied in order.
pub struct Given {
    pub state: CampaignState,
}

/// Starts a scenario from a history of events.
pub fn given(events: impl IntoIterator<Item = Event>) -> Given {
    let state = events
        .into_iter()
        .enumerate()
        .fold(CampaignState::default(), |mut state, (i, event)| {
            state.version = i as u64 + 1;
            evolve(state, &event)
        });
    Given { state }
}

/// The decision a command got.
pub struct Then {
    pub state: CampaignState,
    pub result: Result<Vec<Event>, RuleError>,
}

impl Given {
    /// Decides `command` on the given state, with no dice to roll.
    pub fn when(self, command: Command) -> Then {
        self.when_rolling(command, &[])
    }

    /// Decides `command` with these faces entered from real dice, in order.
    pub fn when_rolling(self, command: Command, faces: &[i64]) -> Then {
        let mut cup = Cup::new("test", self.state.version + 1, faces.to_vec(), None);
        let result = decide(&self.state, &command, &mut cup);
        Then {
            state: self.state,
            result,
        }
    }
}

impl Then {
    /// Asserts the command was accepted with exactly these events.
    #[track_caller]
    pub fn then(self, expected: impl IntoIterator<Item = Event>) -> CampaignState {
        let expected: Vec<Event> = expected.into_iter().collect();
        match self.result {
            Ok(events) => {
                assert_eq!(events, expected, "the command decided other events");
                events.iter().fold(self.state, |mut state, event| {
                    state.version += 1;
                    evolve(state, event)
                })
            }
            Err(e) => panic!("expected {expected:?}, but the command was refused: {e}"),
        }
    }

    /// Asserts the command was refused with a message containing every one of `needles`.
    #[track_caller]
    pub fn then_refused(self, needles: &[&str]) {
        match self.result {
            Ok(events) => panic!("expected a refusal, but the command decided {events:?}"),
            Err(e) => {
                let message = e.to_string();
                for needle in needles {
                    assert!(message.contains(needle), "refusal {message:?} lacks {needle:?}");
                }
            }
        }
    }
}

/// A log played command by command through `decide`, each command under its own id, as the
/// store would hold it: for scenarios that void, re-fold or check a whole history.
pub struct Played {
    pub log: Vec<crate::domain::state::RecordedEvent>,
    seed: Option<crate::dice::Seed>,
}

impl Played {
    /// A log that starts with `setup`, one command per event.
    pub fn new(setup: impl IntoIterator<Item = Event>) -> Played {
        let mut played = Played {
            log: Vec::new(),
            seed: None,
        };
        for event in setup {
            played.record(vec![event]);
        }
        played
    }

    /// Generates faces from `seed` from now on; its commitment must be in force.
    pub fn generating_from(mut self, seed: crate::dice::Seed) -> Played {
        self.seed = Some(seed);
        self
    }

    /// The state the log folds to, voids applied.
    pub fn state(&self) -> CampaignState {
        crate::domain::fold::fold(&self.log)
    }

    /// Decides `command` with these entered faces (dice beyond them are generated) and
    /// records what it decides; returns the version of its first event.
    #[track_caller]
    pub fn play(&mut self, command: Command, faces: &[i64]) -> u64 {
        match self.try_play(&command, faces) {
            Ok(first) => first,
            Err(e) => panic!("{command:?} was refused: {e}"),
        }
    }

    /// Like [`Played::play`], giving back a refusal instead; a refused command records nothing.
    pub fn try_play(&mut self, command: &Command, faces: &[i64]) -> Result<u64, RuleError> {
        let state = self.state();
        let mut cup = Cup::new("test", state.version + 1, faces.to_vec(), self.seed.clone());
        let events = decide(&state, command, &mut cup)?;
        Ok(self.record(events))
    }

    /// What `verify` finds in the log under `check` (its versions and problems).
    pub fn findings(&self, check: &str) -> Vec<(Option<u64>, String)> {
        crate::verify::verify("test", &self.rows())
            .findings
            .into_iter()
            .filter(|f| f.check == check)
            .map(|f| (f.version, f.problem))
            .collect()
    }

    /// The versions `verify` finds a command at that the rules decide otherwise.
    pub fn decided_otherwise(&self) -> Vec<Option<u64>> {
        self.findings("decide")
            .into_iter()
            .map(|(version, _)| version)
            .collect()
    }

    /// The log as the store would hold it: encoded, hash-chained rows of the campaign "test".
    pub fn rows(&self) -> Vec<crate::store::StoredRow> {
        let mut prev = crate::store::chain::GENESIS.to_owned();
        self.log
            .iter()
            .map(|r| {
                let encoded = crate::domain::codec::encode(&r.event);
                let mut row = crate::store::StoredRow {
                    seq: 0,
                    campaign: "test".into(),
                    version: r.version,
                    event_id: format!("event-{}", r.version),
                    command_id: r.command_id.clone(),
                    recorded_at: r.recorded_at.clone(),
                    kind: encoded.kind.to_owned(),
                    schema: encoded.schema,
                    payload: encoded.payload,
                    prev_hash: prev.clone(),
                    hash: String::new(),
                    command: None,
                };
                row.hash = crate::store::chain::hash(&row.prev_hash, &row.link()).unwrap_or_default();
                prev = row.hash.clone();
                row
            })
            .collect()
    }

    /// Appends `events` as one command; returns the version of the first.
    pub fn record(&mut self, events: Vec<Event>) -> u64 {
        let first = self.log.len() as u64 + 1;
        let command_id = format!("cmd-{first}");
        for event in events {
            let version = self.log.len() as u64 + 1;
            self.log.push(crate::domain::state::RecordedEvent {
                version,
                command_id: command_id.clone(),
                recorded_at: "2026-11-29T21:00:00Z".into(),
                event,
            });
        }
        first
    }

    /// Decides the void of the command that wrote `version`, as `muster void` does: on
    /// the history from that command on, folded onto the state before it.
    pub fn void(&self, version: u64, cascade: bool) -> Result<Vec<Event>, RuleError> {
        self.deciding(version, |history| {
            super::void::decide(
                history,
                &super::void::Request {
                    version,
                    why: "entered by mistake",
                    cascade,
                },
            )
        })
    }

    /// Decides the void that amends the command that wrote `version`, as `muster amend` does:
    /// its events, and the state the correction is decided on.
    pub fn amend(&self, version: u64) -> Result<(Vec<Event>, CampaignState), RuleError> {
        self.deciding(version, |history| {
            super::void::amend(
                history,
                &super::void::Request {
                    version,
                    why: "entered by mistake",
                    cascade: false,
                },
            )
        })
    }

    /// `decide` on the history a void of the command that wrote `version` is decided on.
    fn deciding<T>(&self, version: u64, decide: impl FnOnce(&super::void::History<'_>) -> T) -> T {
        let voided = crate::domain::fold::voided_commands(&self.log);
        let command = self
            .log
            .iter()
            .find(|r| r.version == version)
            .map(|r| r.command_id.clone())
            .unwrap_or_default();
        let first = self
            .log
            .iter()
            .position(|r| r.command_id == command)
            .unwrap_or(self.log.len());
        let (before, tail) = self.log.split_at(first);
        decide(&super::void::History {
            campaign: "test",
            base: crate::domain::fold::fold_skipping(before, &voided),
            tail,
            voided: &voided,
            // Its rows carry no command (see [`Played::rows`]): each is decided from its events.
            stored: &super::void::Stored::new(),
        })
    }
}
