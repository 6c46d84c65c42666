//! How K9 Encounters and the K9 Objective change a Mission (rule 000).

use crate::domain::event::{
    EncounterStep, K9EncounterDrawn, K9EncounterResolved, K9ObjectiveResolved, K9RollMade,
};
use crate::domain::state::{CampaignState, EncounterState};

pub(super) fn encounter_drawn(state: &mut CampaignState, e: &K9EncounterDrawn) {
    let drawn_at = state.version;
    match state.mission_in_progress_mut() {
        Some(mission) if mission.encounter.is_none() => {
            if !mission.encounters_drawn.contains(&e.card.name) {
                mission.encounters_drawn.push(e.card.name.clone());
            }
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
