//! Multiple Objectives (rule 001): the Inactive counter moves left to right, and a Mission
//! succeeds only when every Objective is completed.

use crate::domain::error::{RuleError, in_range};
use crate::domain::event::{Event, ObjectiveMarked};
use crate::domain::state::{CampaignState, MissionState, ObjectiveState};
use crate::rules::preconditions::running;

fn tracked(mission: &MissionState, objective: i64) -> Result<u32, RuleError> {
    if mission.objectives.is_empty() {
        return Err(RuleError::refused(format!(
            "Mission {} does not track Multiple Objectives; start a Mission with --objectives N to track them",
            mission.number
        )));
    }
    let count = i64::try_from(mission.objectives.len()).unwrap_or(i64::MAX);
    Ok(u32::try_from(in_range("the Objective", objective, 1, count)?).unwrap_or(1))
}

pub(in crate::rules) fn activate(state: &CampaignState, objective: i64) -> Result<Vec<Event>, RuleError> {
    let mission = running(state)?;
    let objective = tracked(mission, objective)?;
    match mission.inactive_at {
        Some(at) if at == objective => Ok(vec![Event::ObjectiveActivated(ObjectiveMarked {
            mission: mission.number,
            objective,
        })]),
        Some(at) => Err(RuleError::refused(format!(
            "Objective {objective} does not carry the Inactive counter; Objective {at} does: Objectives are activated left to right"
        ))),
        None => Err(RuleError::refused(format!(
            "every Objective of Mission {} is already activated; the Inactive counter is back in the supply",
            mission.number
        ))),
    }
}

pub(in crate::rules) fn complete(state: &CampaignState, objective: i64) -> Result<Vec<Event>, RuleError> {
    let mission = running(state)?;
    let objective = tracked(mission, objective)?;
    let index = usize::try_from(objective - 1).unwrap_or(0);
    match mission.objectives.get(index) {
        Some(ObjectiveState::Activated) => Ok(vec![Event::ObjectiveCompleted(ObjectiveMarked {
            mission: mission.number,
            objective,
        })]),
        Some(ObjectiveState::Completed) => Err(RuleError::refused(format!(
            "Objective {objective} is already completed"
        ))),
        _ => Err(RuleError::refused(format!(
            "Objective {objective} is not activated yet; activate it first with `muster objective activate {objective}`"
        ))),
    }
}

/// The Objectives not yet completed, by number; empty when Objectives are not tracked.
pub(in crate::rules) fn unfinished(mission: &MissionState) -> Vec<String> {
    mission
        .objectives
        .iter()
        .zip(1..)
        .filter(|(state, _)| **state != ObjectiveState::Completed)
        .map(|(_, n): (_, u32)| n.to_string())
        .collect()
}
