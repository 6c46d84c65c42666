//! How Environment rolls and their settling change a Mission (rule 002).

use super::counters::adjust;
use crate::domain::event::{EnvironmentResolved, EnvironmentRolled, HardyAdjusted};
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
