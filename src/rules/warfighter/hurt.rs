//! Who may be hurt, and how far: the Soldiers a Mission in progress took, and a Soldier's
//! Wounds within the Health on his card.

use crate::domain::error::RuleError;
use crate::domain::rules_version;
use crate::domain::state::CampaignState;
use crate::domain::state::SoldierState;

/// Refuses, from [`rules_version::HARM_ON_THE_MISSION`], harm (`what`: a Wound, Downed,
/// Killed) to a Soldier the Mission in progress did not take, naming who it took. Between
/// Missions anyone on the books may be hurt, as before.
pub(super) fn on_the_mission(
    state: &CampaignState,
    soldier: &SoldierState,
    what: &str,
) -> Result<(), RuleError> {
    if state.rules() < rules_version::HARM_ON_THE_MISSION {
        return Ok(());
    }
    let Some(mission) = state.mission_in_progress() else {
        return Ok(());
    };
    let name = &soldier.card.name;
    if mission.soldiers.contains(name) {
        return Ok(());
    }
    let on_it = if mission.soldiers.is_empty() {
        "none".to_owned()
    } else {
        mission.soldiers.join(", ")
    };
    Err(RuleError::refused(format!(
        "{name} is not on Mission {} (on it: {on_it}); while it is in progress only a Soldier taken on it is {what} (a Soldier enlisted since joins the next one); harm he suffered elsewhere is recorded after `muster mission end`",
        mission.number
    )))
}

/// Refuses, from [`rules_version::WOUNDS_WITHIN_HEALTH`], `amount` Wounds that would take a
/// Soldier past the Health on his card, saying how many he can still take and that at his
/// Health he is Downed or Killed. A card with no Health (a hero's, some Soldiers') counts none.
pub(super) fn within_health(
    state: &CampaignState,
    soldier: &SoldierState,
    amount: u32,
) -> Result<(), RuleError> {
    let Some(health) = soldier.card.health else {
        return Ok(());
    };
    if state.rules() < rules_version::WOUNDS_WITHIN_HEALTH || soldier.wounds.saturating_add(amount) <= health
    {
        return Ok(());
    }
    let name = &soldier.card.name;
    let quoted = shell_words::quote(name);
    let left = health.saturating_sub(soldier.wounds);
    let can_take = match left {
        0 => "he can take no more".to_owned(),
        1 => format!("he can take 1 more (`muster wound {quoted} 1`)"),
        n => format!("he can take {n} more (`muster wound {quoted} {n}`)"),
    };
    Err(RuleError::refused(format!(
        "{name} has {} of his Health {health}, so {amount} more would take him past it: {can_take}; at his Health he is Downed or Killed (`muster down {quoted}` or `muster kill {quoted}`)",
        wounds(soldier.wounds)
    )))
}

/// `n` Wounds, as a sentence says it.
fn wounds(n: u32) -> String {
    match n {
        1 => "1 Wound".to_owned(),
        n => format!("{n} Wounds"),
    }
}
