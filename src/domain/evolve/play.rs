//! How the events of play change a Mission: checks, Environment, Objectives and K9
//! Encounters.

use crate::domain::event::{
    CheckRolled, EncounterStep, EnvironmentResolved, EnvironmentRolled, K9EncounterDrawn,
    K9EncounterResolved, K9ObjectiveResolved, K9RollMade, ObjectiveMarked,
};
use crate::domain::state::{CampaignState, CheckRecord, EncounterState, ObjectiveState, PendingEnvironment};

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

pub(super) fn environment_rolled(state: &mut CampaignState, e: &EnvironmentRolled) {
    state.during_mission("an Environment roll", &e.soldier);
    if e.roll.as_ref().is_some_and(|r| !r.success) {
        let version = state.version;
        state.pending.push(PendingEnvironment {
            version,
            soldier: e.soldier.clone(),
            environment: e.environment.clone(),
        });
    }
}

pub(super) fn environment_resolved(state: &mut CampaignState, e: &EnvironmentResolved) {
    let before = state.pending.len();
    state.pending.retain(|p| p.version != e.rolled_at);
    if state.pending.len() == before {
        state.note(format!(
            "settles the Environment roll of version {}, which is not awaiting a choice",
            e.rolled_at
        ));
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

pub(super) fn encounter_drawn(state: &mut CampaignState, e: &K9EncounterDrawn) {
    let drawn_at = state.version;
    match state.mission_in_progress_mut() {
        Some(mission) if mission.encounter.is_none() => {
            mission.encounter = Some(EncounterState {
                drawn_at,
                card: e.card.clone(),
                k9: e.k9.clone(),
                handler: e.handler.clone(),
                next_roll: 0,
                awaiting_choice: false,
                last_roll: None,
            });
        }
        Some(_) => state.note(format!("draws '{}' while another Encounter is open", e.card.name)),
        None => state.note(format!("draws '{}' while no Mission is in progress", e.card.name)),
    }
}

pub(super) fn k9_roll_made(state: &mut CampaignState, e: &K9RollMade) {
    let encounter = state.mission_in_progress_mut().and_then(|m| m.encounter.as_mut());
    let Some(encounter) = encounter else {
        state.note(format!("rolls for '{}', which is not open", e.encounter));
        return;
    };
    encounter.last_roll = Some((e.step, e.roll.success));
    match e.step {
        EncounterStep::Roll(i) => {
            encounter.next_roll = i + 1;
            encounter.awaiting_choice = !e.roll.success && encounter.card.retry.is_some();
        }
        EncounterStep::Retry => encounter.awaiting_choice = false,
        EncounterStep::Ignore => {}
    }
}

pub(super) fn encounter_resolved(state: &mut CampaignState, e: &K9EncounterResolved) {
    match state.mission_in_progress_mut() {
        Some(mission) if mission.encounter.is_some() => mission.encounter = None,
        _ => state.note(format!("resolves '{}', which is not open", e.encounter)),
    }
}

pub(super) fn k9_objective_resolved(state: &mut CampaignState, e: &K9ObjectiveResolved) {
    match state.mission_numbered(e.mission) {
        Some(mission) => mission.k9_objective_resolved = true,
        None => state.note(format!(
            "resolves the K9 Objective of Mission {}, which {}",
            e.mission,
            state.mission_fate(e.mission)
        )),
    }
}
