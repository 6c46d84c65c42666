//! How the Zero Dark events change a Mission's bogeys, Buy Time and the heroes' allies.

use crate::domain::event::{AllyEvent, BuyTimeDeclared, PersuasionTested, PriorityTaskChosen};
use crate::domain::rules_version::{ALLIES_OF_THE_MISSION, BUY_TIME_MISSION_D};
use crate::domain::state::CampaignState;
use crate::domain::zero_dark::{Ally, TimeBuyers, ZeroDarkMission, mission_stats};

/// Applies `f` to the Mission in progress, or notes that none is.
pub(super) fn with_mission(state: &mut CampaignState, f: impl FnOnce(&mut ZeroDarkMission)) {
    match state.mission_in_progress_mut() {
        Some(mission) => f(&mut mission.zero_dark),
        None => state.note("records Zero Dark play while no Mission is in progress".to_owned()),
    }
}

/// Our Spook bought time: his D, and in Versus the other Spook's when both did.
pub(super) fn buy_time(state: &mut CampaignState, e: &BuyTimeDeclared) {
    let both = e.versus.as_ref().is_some_and(|v| v.opponent_buys_time);
    with_mission(state, |z| {
        z.spook = Some(e.spook.clone());
        z.bought_time = Some(e.cards);
        z.bought_time_by = Some(if both { TimeBuyers::Both } else { TimeBuyers::Ours });
    });
}

/// The Spook's priority task. From [`BUY_TIME_MISSION_D`], a task that raises his D after he
/// bought time raises the cards set aside with it: they are his D for the Mission.
pub(super) fn task_chosen(state: &mut CampaignState, e: &PriorityTaskChosen) {
    let raised = match state.soldier(&e.spook).and_then(|s| s.card.stats) {
        Some(stats) if state.rules() >= BUY_TIME_MISSION_D => {
            u32::from(mission_stats(stats, Some(e.task)).d.saturating_sub(stats.d))
        }
        _ => 0,
    };
    with_mission(state, |z| {
        z.spook = Some(e.spook.clone());
        z.task = Some(e.task);
        z.task_target = e.target.clone();
        if z.bought_time_by.is_some_and(TimeBuyers::ours) {
            z.bought_time = z.bought_time.map(|cards| cards.saturating_add(raised));
        }
    });
}

pub(super) fn persuasion(state: &mut CampaignState, e: &PersuasionTested) {
    if !e.persuaded {
        return;
    }
    with_mission(state, |z| z.persuaded.push((e.bogey.clone(), e.hero.clone())));
    let mission = state.mission.as_ref().map_or(0, |m| m.number);
    if let Some(hero) = &e.ally_of {
        state.with_soldier(hero, |s| {
            s.allies.push(Ally {
                name: e.bogey.clone(),
                dependent: false,
                dead: false,
                mission,
            });
            None
        });
    }
}

/// Applies `f` to the hero's living Ally of that name (bogey names repeat across Missions):
/// from [`ALLIES_OF_THE_MISSION`], the one of the Mission in progress; before, the first.
pub(super) fn with_ally(state: &mut CampaignState, e: &AllyEvent, f: impl FnOnce(&mut Ally)) {
    let scope =
        (state.rules() >= ALLIES_OF_THE_MISSION).then(|| state.mission_in_progress().map(|m| m.number));
    state.with_soldier(&e.hero, |s| {
        let found = s
            .allies
            .iter_mut()
            .find(|a| a.name == e.ally && !a.dead && scope.is_none_or(|m| m == Some(a.mission)));
        match (found, scope) {
            (Some(ally), _) => {
                f(ally);
                None
            }
            (None, None) => Some(format!("names the Ally '{}', who is not {}'s", e.ally, e.hero)),
            (None, Some(Some(m))) => Some(format!(
                "names the Ally '{}', who is not {}'s on Mission {m}, the Mission in progress",
                e.ally, e.hero
            )),
            (None, Some(None)) => Some(format!(
                "names {}'s Ally '{}' while no Mission is in progress",
                e.hero, e.ally
            )),
        }
    });
}
