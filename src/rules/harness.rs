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
