//! How ability checks and Multiple Objectives change a Mission (rule 001).

use crate::domain::event::{CheckRolled, ObjectiveMarked};
use crate::domain::state::{CampaignState, CheckRecord, ObjectiveState};

pub(super) fn check_rolled(state: &mut CampaignState, e: &CheckRolled) {
    let Some(card) = &e.card else { return };
    match state.mission_in_progress_mut() {
        Some(mission) => mission.checks.push(CheckRecord {
            card: card.clone(),
            soldier: e.soldier.clone(),
            heading: e.heading,
            success: e.roll.success,
        }),
        None => state.note(format!(
            "records a check by {} while no Mission is in progress",
            e.soldier
        )),
    }
}

pub(super) fn objective_activated(state: &mut CampaignState, e: &ObjectiveMarked) {
    let problem = match state.mission_in_progress_mut() {
        Some(mission) if mission.inactive_at == Some(e.objective) => {
            if let Some(objective) = index(e.objective).and_then(|i| mission.objectives.get_mut(i)) {
                *objective = ObjectiveState::Activated;
            }
            // Rule 001: the Inactive counter moves to the next Objective to the right, or
            // back to the supply from the last one.
            let count = u32::try_from(mission.objectives.len()).unwrap_or(0);
            mission.inactive_at = (e.objective < count).then_some(e.objective + 1);
            None
        }
        Some(_) => Some(format!(
            "activates Objective {}, which does not carry the Inactive counter",
            e.objective
        )),
        None => Some(format!(
            "activates Objective {} while no Mission is in progress",
            e.objective
        )),
    };
    if let Some(problem) = problem {
        state.note(problem);
    }
}

pub(super) fn objective_completed(state: &mut CampaignState, e: &ObjectiveMarked) {
    let objective = state
        .mission_in_progress_mut()
        .and_then(|m| index(e.objective).and_then(|i| m.objectives.get_mut(i)));
    match objective {
        Some(objective) if *objective == ObjectiveState::Activated => *objective = ObjectiveState::Completed,
        _ => state.note(format!(
            "completes Objective {}, which is not Activated",
            e.objective
        )),
    }
}

fn index(objective: u32) -> Option<usize> {
    usize::try_from(objective).ok()?.checked_sub(1)
}
