//! Folding a log: every path that turns events into a campaign's state (a command's state,
//! checkpoints, rebuild, `verify`, import, a void's re-fold) takes the same [`step`].

use super::event::Event;
use super::evolve::evolve;
use super::state::{CampaignState, RecordedEvent};

/// The ids of the commands a log voids. Every fold asks it of every event, so it is hashed:
/// a million-event campaign voids thousands of commands, and a search of them sorted compared
/// a dozen ids, sharing their first characters, for each event.
pub type Voided = foldhash::HashSet<String>;

/// The command ids voided by the `CommandVoided` events among `events`.
pub fn voided_commands<'a>(events: impl IntoIterator<Item = &'a RecordedEvent>) -> Voided {
    events
        .into_iter()
        .filter_map(|r| match &r.event {
            Event::CommandVoided(v) => Some(v.command_id.clone()),
            _ => None,
        })
        .collect()
}

/// Folds a campaign's events, in version order, skipping the events of voided commands.
pub fn fold(events: &[RecordedEvent]) -> CampaignState {
    let voided = voided_commands(events);
    fold_skipping(events, &voided)
}

/// Folds `events`, skipping the events of the commands in `voided`.
pub fn fold_skipping(events: &[RecordedEvent], voided: &Voided) -> CampaignState {
    fold_onto(CampaignState::default(), events, voided)
}

/// Folds `events` onto `state` (a checkpoint), skipping the events of the commands in `voided`.
pub fn fold_onto(mut state: CampaignState, events: &[RecordedEvent], voided: &Voided) -> CampaignState {
    for recorded in events {
        let kept = !voided.contains(&recorded.command_id);
        step(&mut state, recorded.version, kept.then_some(&recorded.event));
    }
    state
}

/// The one step of every fold of a log (commands' state, checkpoints, rebuild, `verify`,
/// import, a void's re-fold): the event at `version` is checked against the state and
/// applied, or, when its command is voided (`None`), only counted.
pub fn step(state: &mut CampaignState, version: u64, event: Option<&Event>) {
    state.version = version;
    if let Some(event) = event {
        *state = evolve(std::mem::take(state), event);
    }
}
