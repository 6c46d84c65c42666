//! How Environment rolls and their settling change a Mission, and the Environments declared
//! during it with the rolls they make owed at each turn (rule 002).

use super::counters::adjust;
use crate::domain::environment::{OwedEnvironment, RolledEnvironment};
use crate::domain::event::{EnvironmentResolved, EnvironmentRolled, HardyAdjusted, MissionEnvironment};
use crate::domain::rules_version::{ENVIRONMENTS_DECLARED, ENVIRONMENTS_OWED, TABLE_SIZED};
use crate::domain::soldier::{Status, same_name};
use crate::domain::state::{CampaignState, PendingEnvironment};

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
    // The roll, made or not needed, settles the first roll he owed for that Environ.
    let version = state.version;
    if let Some(mission) = state.mission_in_progress_mut() {
        let owed = mission.owed_environment.iter().position(|o| {
            same_name(&o.soldier, &e.soldier)
                && o.environment.environment == e.environment
                && o.environment.target == e.target
        });
        if let Some(i) = owed {
            let owed = mission.owed_environment.remove(i);
            mission
                .rolled_environment
                .push(RolledEnvironment { owed, version });
        }
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

/// An Environment is in force for the rest of the Mission, or until it is cleared.
pub(super) fn environment_declared(state: &mut CampaignState, e: &MissionEnvironment) {
    if let Some(mission) = state.mission_in_progress_mut() {
        mission.environments.push(e.declared());
    }
}

/// A declared Environment ends; rolls already owed for it this turn stay owed, as they were
/// owed at the start of the turn.
pub(super) fn environment_cleared(state: &mut CampaignState, e: &MissionEnvironment) {
    let cleared = e.declared();
    if let Some(mission) = state.mission_in_progress_mut() {
        if let Some(i) = mission.environments.iter().position(|d| d.same_as(&cleared)) {
            mission.environments.remove(i);
        }
    }
}

/// At the start of a turn each active Soldier on the Mission who is not Enduring owes one roll
/// for each Environment in force (rule 002: "each Soldier in the Location must roll the noted
/// value or higher on a 10-sided die at the start of the Soldier Turn"; "roll for all of them
/// separately"; Enduring: "immune to Environ effects").
pub(super) fn turn_started(state: &mut CampaignState) {
    if state.rules() < ENVIRONMENTS_DECLARED {
        return;
    }
    let Some(mission) = state.mission_in_progress() else {
        return;
    };
    let owed: Vec<OwedEnvironment> = mission
        .soldiers
        .iter()
        .filter_map(|name| state.soldier(name))
        .filter(|s| s.status == Status::Active && !s.card.keywords.iter().any(|k| k == "enduring"))
        .flat_map(|s| {
            mission.environments.iter().map(|environment| OwedEnvironment {
                soldier: s.card.name.clone(),
                environment: environment.clone(),
            })
        })
        .collect();
    if let Some(mission) = state.mission_in_progress_mut() {
        mission.owed_environment = owed;
        mission.rolled_environment = Vec::new();
        mission.downed_owing = Vec::new();
    }
}

/// A Soldier Killed or discharged owes no more Environment rolls.
pub(super) fn owes_none(state: &mut CampaignState, soldier: &str) {
    if let Some(mission) = state.mission_in_progress_mut() {
        mission
            .owed_environment
            .retain(|o| !same_name(&o.soldier, soldier));
        mission.downed_owing.retain(|o| !same_name(&o.soldier, soldier));
    }
}

/// A Soldier Downed owes no Environment roll while he is Downed; from rules 10 the rolls of
/// this turn he had not made are owed again if he recovers during it: he was in the Location
/// at the start of the Soldier Turn (rule 002).
pub(super) fn downed(state: &mut CampaignState, soldier: &str) {
    let keeps = state.rules() >= ENVIRONMENTS_OWED;
    if let Some(mission) = state.mission_in_progress_mut() {
        let (his, others): (Vec<_>, Vec<_>) = std::mem::take(&mut mission.owed_environment)
            .into_iter()
            .partition(|o| same_name(&o.soldier, soldier));
        mission.owed_environment = others;
        if keeps {
            mission.downed_owing.extend(his);
        }
    }
}

/// A Soldier recovered during a turn owes again the rolls of it he was owed when Downed.
pub(super) fn recovered(state: &mut CampaignState, soldier: &str) {
    if let Some(mission) = state.mission_in_progress_mut() {
        let (his, others): (Vec<_>, Vec<_>) = std::mem::take(&mut mission.downed_owing)
            .into_iter()
            .partition(|o| same_name(&o.soldier, soldier));
        mission.downed_owing = others;
        mission.owed_environment.extend(his);
    }
}

/// From rules 8 a failed roll of a Soldier whose record closed (Killed, discharged) before its
/// choice lapses: nothing more can happen to him, so it awaits nothing.
pub(super) fn choice_lapses(state: &mut CampaignState, soldier: &str) {
    if state.rules() >= TABLE_SIZED {
        state.pending.retain(|p| !same_name(&p.soldier, soldier));
    }
}

/// A Soldier's Hardy counters of one type move; none left, the type goes.
pub(super) fn hardy_adjusted(state: &mut CampaignState, e: &HardyAdjusted) {
    state.with_soldier(&e.soldier, |s| {
        let counter = s.hardy.entry(e.hardy.clone()).or_insert(0);
        let problem = adjust(counter, e.amount, &format!("Hardy {}", e.hardy), &e.soldier);
        if *counter == 0 {
            s.hardy.remove(&e.hardy);
        }
        problem
    });
}
