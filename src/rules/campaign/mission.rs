//! Missions: who goes, turns (with K9 Discipline at turn 1), and the end of a Mission.

use crate::domain::error::{RuleError, in_range};
use crate::domain::event::{
    DisciplineReset, Event, MissionEnded, MissionStarted, RpMovement, SoldierAmount, TurnStarted,
};
use crate::domain::limits::MAX_AWARD;
use crate::domain::rules_version::WHAT_HAPPENED_ONCE;
use crate::domain::soldier::{SoldierKind, Status, same_name};
use crate::domain::state::{COMPUTED, CampaignState, MissionState, SoldierState};
use crate::domain::zero_dark::HeroState;
use crate::domain::{Game, MissionResult};
use crate::rules::preconditions::{check_text, clear_to_end, running};

pub(in crate::rules) fn start(
    state: &CampaignState,
    name: &str,
    requested: &[String],
    objectives: Option<u32>,
    k9_objective: Option<&str>,
    environments: &[(String, i64)],
) -> Result<Vec<Event>, RuleError> {
    if let Some(running) = state.mission_in_progress() {
        return Err(RuleError::refused(format!(
            "Mission {} '{}' is still in progress; end it first with `muster mission end --result success|failure`",
            running.number, running.name
        )));
    }
    let name = check_text("the Mission's name", name)?;
    if let Some(count) = objectives {
        if state.info.as_ref().is_some_and(|i| i.game == Game::ZeroDark) {
            return Err(RuleError::refused(
                "this is a Horizon Wars: Zero Dark campaign: Multiple Objectives belong to Warfighter; drop --objectives",
            ));
        }
        in_range("the number of Objectives", i64::from(count), 1, 10)?;
    }
    let soldiers = if requested.is_empty() {
        state
            .soldiers
            .iter()
            .filter(|s| s.status == Status::Active && !dead_hero(state, s))
            .filter(|s| {
                // A K9 goes by default only when his Handler does.
                s.card
                    .handler
                    .as_deref()
                    .is_none_or(|handler| state.soldier(handler).is_some_and(|h| h.status == Status::Active))
            })
            .map(|s| s.card.name.clone())
            .collect()
    } else {
        chosen_soldiers(state, requested)?
    };
    if soldiers.is_empty() {
        return Err(RuleError::refused(
            "no Soldier is fit for duty to take on the Mission; enlist one, or recover a downed one",
        ));
    }
    let mut has_k9 = false;
    for name in &soldiers {
        let soldier = state.find_soldier(name)?;
        if soldier.card.kind != SoldierKind::K9 {
            continue;
        }
        has_k9 = true;
        let handler = soldier.card.handler.as_deref().unwrap_or_default();
        if !soldiers.iter().any(|s| same_name(s, handler)) {
            return Err(RuleError::refused(format!(
                "the K9 '{name}' may only go on a Mission with his Handler '{handler}'; add --with {handler}, or leave {name} behind"
            )));
        }
    }
    let k9_objective = match k9_objective {
        None if has_k9 => {
            return Err(RuleError::refused(
                "a Mission with a K9 must choose one K9 Objective (rule 000); add --k9-objective TEXT, e.g. --k9-objective \"Find the cache\"",
            ));
        }
        Some(_) if !has_k9 => {
            return Err(RuleError::refused(
                "a K9 Objective is chosen only when a K9 goes on the Mission; drop --k9-objective or take a K9",
            ));
        }
        Some(text) => Some(check_text("the K9 Objective", text)?),
        None => None,
    };
    let number = state
        .mission
        .as_ref()
        .map_or(state.paper_missions + 1, |m| m.number + 1);
    // Rule 002: the Mission's own Environments, in force from its start.
    let declared = crate::rules::environment::declared_at_start(state, number, environments)?;
    let mut events = vec![Event::MissionStarted(MissionStarted {
        mission: number,
        name,
        soldiers,
        objectives,
        k9_objective,
        untracked_objectives: None,
    })];
    events.extend(declared);
    Ok(events)
}

/// Whether `soldier` is a hero in the dead state, who from rules 9 goes on no Mission (a hero's
/// status stays active: his state is the game's own).
fn dead_hero(state: &CampaignState, soldier: &SoldierState) -> bool {
    state.rules() >= WHAT_HAPPENED_ONCE
        && soldier.card.kind == SoldierKind::Hero
        && soldier.hero_state == HeroState::Dead
}

/// The requested Soldiers by their enlisted names: each known, fit for duty, named once.
fn chosen_soldiers(state: &CampaignState, requested: &[String]) -> Result<Vec<String>, RuleError> {
    let mut soldiers: Vec<String> = Vec::new();
    for name in requested {
        let soldier = state.find_soldier(name)?;
        let canonical = soldier.card.name.clone();
        if soldier.status != Status::Active {
            return Err(RuleError::refused(format!(
                "{canonical} is {} and cannot go on a Mission; take Soldiers who are active",
                soldier.status
            )));
        }
        if dead_hero(state, soldier) {
            return Err(RuleError::refused(format!(
                "{canonical} is in the dead state and cannot go on a Mission; a hero recorded dead by mistake is recorded ready again first (`muster hero-state {} ready`)",
                shell_words::quote(&canonical)
            )));
        }
        if soldiers.contains(&canonical) {
            return Err(RuleError::refused(format!(
                "{canonical} is named twice in --with; name each Soldier once"
            )));
        }
        soldiers.push(canonical);
    }
    Ok(soldiers)
}

pub(in crate::rules) fn next_turn(state: &CampaignState) -> Result<Vec<Event>, RuleError> {
    let mission = running(state)?;
    clear_to_end(state, mission)?;
    let turn = mission.turn + 1;
    in_range("the turn number", i64::from(turn), 1, 99)?;
    // Medals whose turn limit ran out with the last turn go back into the deck (rule 004).
    let mut events = crate::rules::medals::expired_before(state, mission, turn);
    events.push(Event::TurnStarted(TurnStarted {
        mission: mission.number,
        turn,
    }));
    if turn == 1 {
        // Rule 000: at the start of the 1st Turn each K9 gets Discipline counters equal to
        // its Discipline stat.
        for name in &mission.soldiers {
            if let Some(k9) = state
                .soldier(name)
                .filter(|s| s.card.kind == SoldierKind::K9 && s.status == Status::Active)
            {
                events.push(Event::DisciplineReset(DisciplineReset {
                    soldier: k9.card.name.clone(),
                    discipline: k9.card.discipline.unwrap_or(0),
                }));
            }
        }
    }
    Ok(events)
}

/// Resolving the K9 Objective completes the Mission as a success (rule 000: "the Mission
/// is complete").
pub(in crate::rules) fn end_by_k9_objective(state: &CampaignState) -> Result<Vec<Event>, RuleError> {
    let mission = running(state)?;
    let resolved = crate::rules::k9::objective_resolved(mission)?;
    clear_to_end(state, mission)?;
    let mut events = vec![resolved];
    events.extend(ending_events(state, mission, MissionResult::Success, None));
    Ok(events)
}

pub(in crate::rules) fn end(
    state: &CampaignState,
    result: MissionResult,
    rp_award: Option<&(i64, String)>,
) -> Result<Vec<Event>, RuleError> {
    let mission = running(state)?;
    clear_to_end(state, mission)?;
    if rp_award.is_some() && state.info.as_ref().is_some_and(|i| i.game == Game::ZeroDark) {
        return Err(RuleError::refused(
            "a Zero Dark team gains XP, not RP: drop --rp-award (the Spook's task is settled from the log)",
        ));
    }
    let unfinished = crate::rules::checks::objectives::unfinished(mission);
    if result == MissionResult::Success && !unfinished.is_empty() {
        let one = unfinished.len() == 1;
        return Err(RuleError::refused(format!(
            "Objective{} {} of Mission {} {} not completed; a Mission succeeds only when all its Objectives are (rule 001): complete {}, or end it as a failure (`muster mission end --result failure`)",
            if one { "" } else { "s" },
            unfinished.join(", "),
            mission.number,
            if one { "is" } else { "are" },
            if one { "it" } else { "them" }
        )));
    }
    let rp_award = match rp_award {
        Some((amount, why)) => {
            let amount = in_range("the RP award", *amount, 0, MAX_AWARD)?;
            if why.trim_start().to_lowercase().starts_with(COMPUTED) {
                return Err(RuleError::refused(format!(
                    "a reason starting '{COMPUTED}' marks an award muster computed; say in your own words why the squad gains this RP"
                )));
            }
            Some(RpMovement {
                amount: u32::try_from(amount).unwrap_or(0),
                why: check_text("the reason for the RP award (--why)", why)?,
            })
        }
        None => None,
    };
    Ok(ending_events(state, mission, result, rp_award))
}

/// The events that end `mission`: Medals not earned go back into the deck, the end itself
/// with the squad's RP award, then Suppress cleared for each Soldier.
pub(in crate::rules) fn ending_events(
    state: &CampaignState,
    mission: &MissionState,
    result: MissionResult,
    rp_award: Option<RpMovement>,
) -> Vec<Event> {
    let zero_dark = state.info.as_ref().is_some_and(|i| i.game == Game::ZeroDark);
    let mut events = if zero_dark {
        // Zero Dark has a team and XP, not a squad's RP: the Spook's task is settled instead.
        crate::rules::zero_dark::spook::resolution(state, mission)
    } else {
        crate::rules::medals::unearned_at_end(state, mission)
    };
    events.push(Event::MissionEnded(MissionEnded {
        mission: mission.number,
        result,
        rp_award: match rp_award {
            Some(award) => Some(award),
            None if zero_dark => None,
            None => Some(mission.computed_award(state)),
        },
    }));
    // Suppress clears at the end of each Mission (RULES 6); each clearing is its own event
    // so the audit shows where the counters went.
    events.extend(state.soldiers.iter().filter(|s| s.suppress > 0).map(|s| {
        Event::SuppressCleared(SoldierAmount {
            soldier: s.card.name.clone(),
            amount: s.suppress,
        })
    }));
    events
}
