//! The Spook (rule 003): one priority task per Mission with its bonus, and the task's outcome
//! and XP computed from the log at the Mission's end. Buy Time is in `buy_time`.

use std::collections::BTreeSet;

use crate::dice::Cup;
use crate::domain::error::RuleError;
use crate::domain::event::{
    DeadDropInteracted, Event, PriorityTaskChosen, PriorityTaskResolved, TeamXpAdjusted, XpAdjusted,
};
use crate::domain::rules_version::{LIVING_SPOOK_PRINTED_MEDALS, RESCUE_AGENT_ALIVE, WHAT_HAPPENED_ONCE};
use crate::domain::state::{CampaignState, MissionState, SoldierState};
use crate::domain::zero_dark::{Bogey, BogeyType, HeroState, PriorityTask, ZeroDarkMission};
use crate::rules::preconditions::running;
use crate::rules::roll::pick;

/// XP for a priority task's success, its cost on failure, and Rescue's further bonus.
const SUCCESS_XP: i64 = 5;
const FAILURE_XP: i64 = 1;
const RESCUE_XP: i64 = 2;

/// The Spook on the Mission in progress: the hero whose specialism is Spook.
pub(in crate::rules) fn spook<'a>(
    state: &'a CampaignState,
    mission: &MissionState,
) -> Result<&'a SoldierState, RuleError> {
    mission
        .soldiers
        .iter()
        .filter_map(|name| state.soldier(name))
        .find(|s| {
            s.card
                .specialism
                .as_deref()
                .is_some_and(|sp| sp.eq_ignore_ascii_case("spook"))
        })
        .ok_or_else(|| {
            RuleError::refused(format!(
                "no Spook is on Mission {}; a hero with the specialism spook must go on it",
                mission.number
            ))
        })
}

/// The Spook of [`spook`], refused (from [`LIVING_SPOOK_PRINTED_MEDALS`]) while he is recorded
/// dead: a dead hero cannot act, and the Spook's choices and interact are his own.
pub(super) fn living_spook<'a>(
    state: &'a CampaignState,
    mission: &MissionState,
    what: &str,
) -> Result<&'a SoldierState, RuleError> {
    let spook = spook(state, mission)?;
    if spook.hero_state == HeroState::Dead && state.rules() >= LIVING_SPOOK_PRINTED_MEDALS {
        let name = &spook.card.name;
        return Err(RuleError::refused(format!(
            "{name} is recorded dead and cannot act: {what} is the Spook's own; if he is back for this Mission, record `muster hero-state {name} ready` first"
        )));
    }
    Ok(spook)
}

pub(super) fn at_the_start(mission: &MissionState, what: &str) -> Result<(), RuleError> {
    if mission.turn > 0 {
        return Err(RuleError::refused(format!(
            "{what} is chosen at the start of a Mission, before its first turn; Mission {} is at turn {}",
            mission.number, mission.turn
        )));
    }
    Ok(())
}

/// The bogeys `task` picks its target among on `mission`, in the order a die's faces name
/// them, and what they must be; none for a task with no target.
pub(in crate::rules) fn task_targets(
    mission: &MissionState,
    task: PriorityTask,
) -> (Vec<String>, &'static str) {
    match task {
        // Rescue: a random bogey, never a Nemesis or named one.
        // Never a synthetic one either: it could not be persuaded, so the task could not be done.
        PriorityTask::Rescue => (
            bogeys_of(mission, |b| !b.nemesis && !b.named && !b.synthetic),
            "a bogey that is not a Nemesis, named or synthetic",
        ),
        // Assassination: the Boss, or a randomly selected one of several.
        PriorityTask::Assassination => (bogeys_of(mission, is_boss), "a Boss"),
        PriorityTask::Observation | PriorityTask::Acquisition => (Vec::new(), ""),
    }
}

pub(in crate::rules) fn choose_task(
    state: &CampaignState,
    task: PriorityTask,
    cup: &mut Cup,
) -> Result<Vec<Event>, RuleError> {
    let mission = running(state)?;
    at_the_start(mission, "A priority task")?;
    if let Some(chosen) = mission.zero_dark.task {
        return Err(RuleError::refused(format!(
            "the Spook's priority task for this Mission is already {chosen}; only one task may be selected"
        )));
    }
    let spook = living_spook(state, mission, "a priority task")?;
    let (candidates, what) = task_targets(mission, task);
    let (target, roll) = match (task, candidates.as_slice()) {
        (PriorityTask::Observation | PriorityTask::Acquisition, _) => (None, None),
        (_, []) => {
            return Err(RuleError::refused(format!(
                "the {task} task needs {what} on the table: place the Mission's bogeys first with `muster bogey add`"
            )));
        }
        (_, [only]) => (Some(only.clone()), None),
        (_, several) => {
            let purpose = format!("{task} target among {}", several.join(", "));
            let (chosen, roll) = pick(cup, Some(&spook.card.name), purpose, several)?;
            (Some(chosen), Some(roll))
        }
    };
    Ok(vec![Event::PriorityTaskChosen(Box::new(PriorityTaskChosen {
        spook: spook.card.name.clone(),
        task,
        target,
        roll,
    }))])
}

/// A record the Spook makes for his task: the dead-drop interaction, or the Rescue extracted.
pub(in crate::rules) fn task_step(
    state: &CampaignState,
    task: PriorityTask,
) -> Result<Vec<Event>, RuleError> {
    let mission = running(state)?;
    if mission.zero_dark.task != Some(task) {
        return Err(RuleError::refused(format!(
            "the Spook's priority task this Mission is not {task} ({})",
            mission
                .zero_dark
                .task
                .map_or("none".to_owned(), |t| t.to_string())
        )));
    }
    if task == PriorityTask::Acquisition {
        living_spook(state, mission, "the dead-drop's interact")?;
    }
    let z = &mission.zero_dark;
    let done = match task {
        PriorityTask::Rescue => z.extracted.then_some("the agent was extracted"),
        _ => z.dead_drop.then_some("the dead-drop's intelligence was acquired"),
    };
    if let Some(done) = done.filter(|_| state.rules() >= WHAT_HAPPENED_ONCE) {
        return Err(RuleError::refused(format!(
            "{done} already this Mission; it happens once (see `muster log`)"
        )));
    }
    let spook = DeadDropInteracted {
        spook: mission.zero_dark.spook.clone().unwrap_or_default(),
    };
    let z = &mission.zero_dark;
    let agent = z.task_target.clone().unwrap_or_default();
    if task == PriorityTask::Rescue
        && !z
            .persuaded
            .iter()
            .any(|(b, by)| *b == agent && *by == spook.spook)
    {
        return Err(RuleError::refused(format!(
            "{agent} has not been persuaded by {}; the agent is extracted only once persuaded",
            spook.spook
        )));
    }
    if task == PriorityTask::Rescue && state.rules() >= RESCUE_AGENT_ALIVE && agent_dead(state, mission) {
        return Err(RuleError::refused(format!(
            "{agent} is dead (a Dependent Ally who strays is treated as dead): the +2 XP needs the agent within 4\" of {} at the end, or off the table without entering the dead state",
            spook.spook
        )));
    }
    Ok(vec![match task {
        PriorityTask::Rescue => Event::RescueExtracted(spook),
        _ => Event::DeadDropInteracted(spook),
    }])
}

/// The task's outcome and its XP, computed from the log at the Mission's end.
pub(in crate::rules) fn resolution(state: &CampaignState, mission: &MissionState) -> Vec<Event> {
    let z = &mission.zero_dark;
    let (Some(task), Some(spook)) = (z.task, z.spook.as_deref()) else {
        return Vec::new();
    };
    let lost = state
        .soldier(spook)
        .is_some_and(|s| s.hero_state == HeroState::Lost);
    let (success, why) = task_outcome(z, task, spook, lost);
    let mut events = vec![Event::PriorityTaskResolved(PriorityTaskResolved {
        spook: spook.to_owned(),
        task,
        success,
        why,
    })];
    let xp = |amount: i64, why: String| {
        Event::XpAdjusted(XpAdjusted {
            soldier: spook.to_owned(),
            amount,
            why,
        })
    };
    if success {
        events.push(xp(SUCCESS_XP, format!("{task} task succeeded")));
        // Rule 003: "within 4\" of the Spook (or has exited the table without entering the
        // dead state)": an agent dead at the end gains nothing, whenever he was extracted.
        let alive = state.rules() < RESCUE_AGENT_ALIVE || !agent_dead(state, mission);
        if task == PriorityTask::Rescue && z.extracted && alive {
            events.push(xp(RESCUE_XP, "Rescue: the agent was extracted".to_owned()));
        }
    } else if state.soldier(spook).is_some_and(|s| s.xp > 0) {
        events.push(xp(-FAILURE_XP, format!("{task} task failed")));
    } else if state.team_xp > 0 {
        // The Spook has no XP to lose: the deduction comes off the team's XP.
        events.push(Event::TeamXpAdjusted(TeamXpAdjusted {
            amount: -FAILURE_XP,
            why: format!("{task} task failed and {spook} had no XP to lose"),
        }));
    }
    events
}

/// Whether the Rescue's agent, an Ally since he was persuaded, entered the dead state on this
/// Mission.
fn agent_dead(state: &CampaignState, mission: &MissionState) -> bool {
    let agent = mission.zero_dark.task_target.as_deref().unwrap_or_default();
    state
        .soldiers
        .iter()
        .flat_map(|s| &s.allies)
        .any(|a| a.dead && a.mission == mission.number && a.name == agent)
}

/// Bogeys of this type on the Mission, for random choices.
fn bogeys_of(mission: &MissionState, wanted: impl Fn(&Bogey) -> bool) -> Vec<String> {
    mission
        .zero_dark
        .bogeys
        .iter()
        .filter(|b| wanted(b))
        .map(|b| b.name.clone())
        .collect()
}

fn is_boss(b: &Bogey) -> bool {
    b.bogey_type == BogeyType::Boss
}

/// Whether the Spook's priority `task` succeeded, and why, from what the Mission
/// recorded (`z`); `spook_lost` says whether he is lost at the end (rule 003).
fn task_outcome(z: &ZeroDarkMission, task: PriorityTask, spook: &str, spook_lost: bool) -> (bool, String) {
    match task {
        PriorityTask::Observation => {
            let by_spook: BTreeSet<&str> = z
                .targeted
                .iter()
                .filter(|(_, by)| by == spook)
                .map(|(b, _)| b.as_str())
                .collect();
            (
                by_spook.len() >= 5,
                format!(
                    "{} distinct bogeys targeted by {spook} (5 needed)",
                    by_spook.len()
                ),
            )
        }
        PriorityTask::Assassination => {
            let boss = z.task_target.clone().unwrap_or_default();
            let verified = z.dead.iter().any(|(b, by)| *b == boss && by == spook);
            (
                verified,
                if verified {
                    format!("{spook} verified the death of {boss}")
                } else {
                    format!("{boss} was not made dead by {spook}")
                },
            )
        }
        PriorityTask::Acquisition => (
            z.dead_drop && !spook_lost,
            match (z.dead_drop, spook_lost) {
                (false, _) => "the dead-drop was never interacted with".to_owned(),
                (true, true) => format!("{spook} is lost at the end"),
                (true, false) => "the intelligence is secured".to_owned(),
            },
        ),
        PriorityTask::Rescue => {
            let agent = z.task_target.clone().unwrap_or_default();
            let persuaded = z.persuaded.iter().any(|(b, by)| *b == agent && by == spook);
            (
                persuaded,
                if persuaded {
                    format!("{agent} was persuaded by {spook}")
                } else {
                    format!("{agent} was not persuaded by {spook}")
                },
            )
        }
    }
}
