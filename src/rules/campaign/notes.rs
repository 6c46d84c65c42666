//! Notes: a player's words on the campaign, a Soldier or a Mission, kept with its story.

use crate::domain::error::RuleError;
use crate::domain::event::{Event, NoteWritten};
use crate::domain::state::CampaignState;
use crate::rules::preconditions::check_text;

/// Writes a note, on the Mission in progress unless `mission` names another one played.
pub(in crate::rules) fn note(
    state: &CampaignState,
    text: &str,
    soldier: Option<&str>,
    mission: Option<u32>,
) -> Result<Vec<Event>, RuleError> {
    let text = check_text("a note", text)?;
    let soldier = soldier
        .map(|name| state.find_soldier(name).map(|s| s.card.name.clone()))
        .transpose()?;
    let latest = state.mission.as_ref();
    let mission = match mission {
        Some(number) => Some(played(state, number)?),
        None => latest.filter(|m| m.result.is_none()).map(|m| m.number),
    };
    Ok(vec![Event::NoteWritten(NoteWritten {
        mission,
        soldier,
        text,
    })])
}

/// `number` if it names a Mission recorded in this campaign (played, or in progress).
fn played(state: &CampaignState, number: u32) -> Result<u32, RuleError> {
    if let Some(on_paper) = state.on_paper(number) {
        return Err(RuleError::refused(on_paper));
    }
    let latest = state.mission.as_ref().map_or(0, |m| m.number);
    let first = state.paper_missions + 1;
    match latest {
        0 => Err(RuleError::refused(format!(
            "no Mission is recorded yet, so there is no Mission {number}; leave out --mission to note the campaign"
        ))),
        _ if number == 0 || number > latest => Err(RuleError::refused(format!(
            "there is no Mission {number}; the Missions recorded are {first} to {latest}"
        ))),
        _ => Ok(number),
    }
}
