//! How the Zero Dark events change a Mission's bogeys and the heroes' allies.

use crate::domain::event::{AllyEvent, PersuasionTested};
use crate::domain::state::CampaignState;
use crate::domain::zero_dark::{Ally, ZeroDarkMission};

/// Applies `f` to the Mission in progress, or notes that none is.
pub(super) fn with_mission(state: &mut CampaignState, f: impl FnOnce(&mut ZeroDarkMission)) {
    match state.mission_in_progress_mut() {
        Some(mission) => f(&mut mission.zero_dark),
        None => state.note("records Zero Dark play while no Mission is in progress".to_owned()),
    }
}

pub(super) fn persuasion(state: &mut CampaignState, e: &PersuasionTested) {
    if !e.persuaded {
        return;
    }
    with_mission(state, |z| z.persuaded.push((e.bogey.clone(), e.hero.clone())));
    if let Some(hero) = &e.ally_of {
        state.with_soldier(hero, |s| {
            s.allies.push(Ally {
                name: e.bogey.clone(),
                dependent: false,
                dead: false,
            });
            None
        });
    }
}

/// Applies `f` to the hero's living Ally of that name (bogey names repeat across Missions).
pub(super) fn with_ally(state: &mut CampaignState, e: &AllyEvent, f: impl FnOnce(&mut Ally)) {
    state.with_soldier(&e.hero, |s| {
        match s.allies.iter_mut().find(|a| a.name == e.ally && !a.dead) {
            Some(ally) => {
                f(ally);
                None
            }
            None => Some(format!("names the Ally '{}', who is not {}'s", e.ally, e.hero)),
        }
    });
}
