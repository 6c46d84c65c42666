//! The end of a K9 Encounter, and the events its effects make.

use crate::domain::command::StatusChange;
use crate::domain::event::{EncounterEnd, Event, K9EncounterResolved, SoldierAmount};
use crate::domain::k9::{EffectResult, Outcome, Who};
use crate::domain::soldier::Status;
use crate::domain::state::CampaignState;
use crate::rules::warfighter::status_events;

/// The end of an Encounter and the events of its effects.
pub(super) fn ended(
    state: &CampaignState,
    name: &str,
    end: EncounterEnd,
    outcome: &Outcome,
    k9: &str,
    handler: &str,
) -> Vec<Event> {
    let mut events = vec![Event::K9EncounterResolved(K9EncounterResolved {
        encounter: name.to_owned(),
        end,
        text: outcome.text.clone(),
    })];
    for effect in &outcome.effects {
        let targets: &[&str] = match effect.who {
            Who::K9 => &[k9],
            Who::Handler => &[handler],
            Who::Both => &[handler, k9],
        };
        for target in targets {
            let Some(soldier) = state.soldier(target).filter(|s| s.is_on_the_books()) else {
                continue;
            };
            let named = SoldierAmount {
                soldier: soldier.card.name.clone(),
                amount: effect.amount,
            };
            match effect.result {
                EffectResult::Wound => events.push(Event::Wounded(named)),
                EffectResult::Suppress => events.push(Event::Suppressed(named)),
                EffectResult::Down if soldier.status == Status::Active => {
                    events.extend(status_events(soldier, StatusChange::Down));
                }
                EffectResult::Down => {}
                EffectResult::Kill => events.extend(status_events(soldier, StatusChange::Kill)),
            }
        }
    }
    events
}
