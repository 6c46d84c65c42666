//! The Spook's records the rules allow (rule 003): the Control Deck cards Buy Time sets aside,
//! the deck running out, the set-aside cards flipped after it, and the Rescue's agent
//! extracted.

use crate::domain::event::Event;
use crate::domain::rules_version::RESCUE_AGENT_ALIVE;
use crate::domain::state::CampaignState;
use crate::domain::zero_dark::PriorityTask;

/// Notes what `spook set-aside`, `spook deck-out`, `spook flip-set-aside` and `spook
/// extracted` would have refused.
pub(super) fn spook_problem(state: &CampaignState, event: &Event) -> Option<String> {
    let mission = state.mission_in_progress()?;
    let z = &mission.zero_dark;
    let bought = z.bought_time;
    match event {
        Event::ControlCardsSetAside(_) | Event::ControlDeckRanOut(_) if bought.is_none() => {
            Some("records Control Deck cards set aside in a Mission where no one bought time".to_owned())
        }
        Event::ControlCardsSetAside(_) | Event::ControlDeckRanOut(_) if mission.turn == 0 => {
            Some("records Control Deck cards flipped before the Mission's first turn".to_owned())
        }
        Event::ControlCardsSetAside(_) | Event::ControlDeckRanOut(_) if z.control_deck_ran_out => {
            Some("records the Control Deck after it ran out".to_owned())
        }
        Event::ControlCardsSetAside(e) => {
            let total = z.set_aside.saturating_add(e.cards);
            (e.cards == 0 || Some(total) > bought).then(|| {
                format!(
                    "sets {} Control Deck cards aside, making {total} where Buy Time sets aside {}",
                    e.cards,
                    bought.unwrap_or(0)
                )
            })
        }
        Event::ControlDeckRanOut(e) => (Some(e.set_aside) != bought || e.set_aside != z.set_aside).then(|| {
            format!(
                "runs the Control Deck out with {} set-aside cards where {} of the {} bought are set aside",
                e.set_aside,
                z.set_aside,
                bought.unwrap_or(0)
            )
        }),
        Event::SetAsideCardsFlipped(_) if !z.control_deck_ran_out => {
            Some("flips set-aside cards before the Control Deck ran out".to_owned())
        }
        Event::SetAsideCardsFlipped(e) => {
            let left = z.set_aside.saturating_sub(z.set_aside_flipped);
            (e.cards == 0 || e.cards > left || e.remaining != left - e.cards).then(|| {
                format!(
                    "flips {} set-aside cards leaving {}, where {left} remained",
                    e.cards, e.remaining
                )
            })
        }
        Event::RescueExtracted(e) => {
            let agent = z.task_target.as_deref().unwrap_or_default();
            if z.task != Some(PriorityTask::Rescue) {
                return Some("extracts a Rescue agent in a Mission whose task is not Rescue".to_owned());
            }
            if !z.persuaded.iter().any(|(b, by)| b == agent && *by == e.spook) {
                return Some(format!("extracts {agent}, whom {} has not persuaded", e.spook));
            }
            let dead = state
                .soldiers
                .iter()
                .flat_map(|s| &s.allies)
                .any(|a| a.dead && a.mission == mission.number && a.name == agent);
            (dead && state.rules() >= RESCUE_AGENT_ALIVE)
                .then(|| format!("extracts {agent}, who is dead"))
        }
        _ => None,
    }
}
