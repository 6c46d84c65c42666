//! Horizon Wars: Zero Dark (rule 003): hero states, bogeys, persuasion and allies. The Spook's
//! priority tasks are in `spook`, Buy Time and the Control Deck it sets aside in `buy_time`.

pub(super) mod buy_time;
pub(super) mod spook;

use crate::domain::error::{RuleError, in_range};
use crate::domain::event::{AllyEvent, BogeyAction, BogeyAdded, Event, HeroStateSet, PersuasionTested};
use crate::domain::rules_version::{
    ACTIVE_SOLDIERS_ACT, ALLIES_OF_THE_MISSION, PERSUADE_ALLY_TO_APPLIES, WHAT_HAPPENED_ONCE,
};
use crate::domain::soldier::SoldierKind;
use crate::domain::state::{CampaignState, MissionState, SoldierState};
use crate::domain::suggest::did_you_mean;
use crate::domain::zero_dark::{Ally, Bogey, HeroState, PriorityTask};
use crate::rules::preconditions::check_text;
use crate::rules::preconditions::running;

/// The hero named `name`, on the Mission in progress.
fn hero_on<'a>(
    state: &'a CampaignState,
    mission: &MissionState,
    name: &str,
) -> Result<&'a SoldierState, RuleError> {
    let hero = state.find_soldier(name)?;
    if hero.card.kind != SoldierKind::Hero || !mission.soldiers.contains(&hero.card.name) {
        return Err(RuleError::refused(format!(
            "{} is not a hero on Mission {} ({})",
            hero.card.name,
            mission.number,
            mission.soldiers.join(", ")
        )));
    }
    Ok(hero)
}

/// The bogey named `name` on the Mission in progress.
fn bogey<'a>(mission: &'a MissionState, name: &str) -> Result<&'a Bogey, RuleError> {
    let bogeys = &mission.zero_dark.bogeys;
    bogeys
        .iter()
        .find(|b| b.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let known: Vec<&str> = bogeys.iter().map(|b| b.name.as_str()).collect();
            RuleError::refused(format!(
                "no bogey named '{name}' on Mission {}{}; bogeys: {} (place one with `muster bogey add`)",
                mission.number,
                did_you_mean(name, known.iter().copied()),
                if known.is_empty() {
                    "none".to_owned()
                } else {
                    known.join(", ")
                }
            ))
        })
}

pub(super) fn set_hero_state(
    state: &CampaignState,
    hero: &str,
    new: HeroState,
) -> Result<Vec<Event>, RuleError> {
    let hero = state.find_soldier(hero)?;
    if hero.card.kind != SoldierKind::Hero {
        return Err(RuleError::refused(format!("{} is not a hero", hero.card.name)));
    }
    if let HeroState::Wounded(n) = new {
        in_range("the wounds", i64::from(n), 1, 9)?;
    }
    Ok(vec![Event::HeroStateSet(HeroStateSet {
        hero: hero.card.name.clone(),
        state: new,
    })])
}

pub(super) fn add_bogey(state: &CampaignState, bogey: &Bogey) -> Result<Vec<Event>, RuleError> {
    let mission = running(state)?;
    let name = check_text("the bogey's name", &bogey.name)?;
    if mission
        .zero_dark
        .bogeys
        .iter()
        .any(|b| b.name.eq_ignore_ascii_case(&name))
    {
        return Err(RuleError::refused(format!(
            "a bogey named '{name}' is already on Mission {}; give each a distinct name (e.g. \"Grunt 2\")",
            mission.number
        )));
    }
    Ok(vec![Event::BogeyAdded(BogeyAdded {
        mission: mission.number,
        bogey: Bogey {
            name,
            ..bogey.clone()
        },
    })])
}

/// A hero's action on a bogey still in play.
fn action(state: &CampaignState, bogey_name: &str, by: &str) -> Result<BogeyAction, RuleError> {
    let mission = running(state)?;
    let hero = hero_on(state, mission, by)?;
    if hero.hero_state == HeroState::Dead {
        return Err(RuleError::refused(format!(
            "{} is dead and cannot act",
            hero.card.name
        )));
    }
    let bogey = bogey(mission, bogey_name)?;
    let z = &mission.zero_dark;
    if z.dead.iter().any(|(b, _)| *b == bogey.name) || z.persuaded.iter().any(|(b, _)| *b == bogey.name) {
        return Err(RuleError::refused(format!(
            "{} is no longer a bogey in play",
            bogey.name
        )));
    }
    Ok(BogeyAction {
        bogey: bogey.name.clone(),
        by: hero.card.name.clone(),
    })
}

pub(super) fn target(state: &CampaignState, bogey: &str, by: &str) -> Result<Vec<Event>, RuleError> {
    Ok(vec![Event::BogeyTargeted(action(state, bogey, by)?)])
}

pub(super) fn down(state: &CampaignState, bogey: &str, by: &str) -> Result<Vec<Event>, RuleError> {
    Ok(vec![Event::BogeyDowned(action(state, bogey, by)?)])
}

/// The dead state; under Assassination the Boss is only down until the Spook's verifying
/// action, which only the Spook, engaged, can make (rule 003).
pub(super) fn kill(state: &CampaignState, bogey: &str, by: &str) -> Result<Vec<Event>, RuleError> {
    let act = action(state, bogey, by)?;
    let mission = running(state)?;
    let z = &mission.zero_dark;
    let is_the_boss =
        z.task == Some(PriorityTask::Assassination) && z.task_target.as_deref() == Some(act.bogey.as_str());
    if !is_the_boss {
        return Ok(vec![Event::BogeyKilled(act)]);
    }
    let spook = z.spook.clone().unwrap_or_default();
    if !z.down.contains(&act.bogey) {
        return Ok(vec![Event::BogeyDowned(act)]);
    }
    if act.by != spook {
        return Err(RuleError::refused(format!(
            "the Boss {} is down; only the Spook {spook}, engaged, can put him into the dead state (Assassination)",
            act.bogey
        )));
    }
    Ok(vec![Event::BogeyKilled(act)])
}

pub(super) struct Persuasion<'a> {
    pub hero: &'a str,
    pub bogey: &'a str,
    pub hero_successes: i64,
    pub bogey_successes: i64,
    pub hero_died: bool,
    pub ally_to: Option<&'a str>,
}

pub(super) fn persuade(state: &CampaignState, p: &Persuasion<'_>) -> Result<Vec<Event>, RuleError> {
    let act = action(state, p.bogey, p.hero)?;
    let mission = running(state)?;
    let bogey = bogey(mission, &act.bogey)?;
    if bogey.synthetic {
        return Err(RuleError::refused(format!(
            "{} is synthetic, and synthetic bogeys cannot be persuaded",
            bogey.name
        )));
    }
    let hero = state.find_soldier(&act.by)?;
    let mine = u32::try_from(in_range("the hero's successes", p.hero_successes, 0, 20)?).unwrap_or(0);
    let theirs = u32::try_from(in_range("the bogey's successes", p.bogey_successes, 0, 20)?).unwrap_or(0);
    let persuaded = mine > theirs;
    let once = state.rules() >= WHAT_HAPPENED_ONCE;
    if p.hero_died && theirs == 0 && once {
        return Err(RuleError::refused(format!(
            "{} took no wounds from {} (0 successes), so the CQB did not kill him (rule 003: \"If the hero is killed by this\"): leave out --hero-died, and record another death with `muster hero-state {} dead`",
            act.by, act.bogey, act.by
        )));
    }
    // With no other hero alive on the Mission, the persuaded bogey has no one to attach to.
    let no_one_left = once
        && !mission.soldiers.iter().any(|name| {
            *name != act.by
                && state
                    .soldier(name)
                    .is_some_and(|h| h.hero_state != HeroState::Dead)
        });
    // `--ally-to` applies only where the persuader died but out-scored the bogey.
    let misplaced = p
        .ally_to
        .filter(|_| !(persuaded && p.hero_died) && state.rules() >= PERSUADE_ALLY_TO_APPLIES);
    if let Some(other) = misplaced {
        return Err(RuleError::refused(format!(
            "--ally-to {other} names who takes the Ally of a persuader who died but out-scored the bogey; {}: leave out --ally-to",
            if persuaded {
                format!("{} lived, so {} is his Ally", act.by, act.bogey)
            } else {
                format!(
                    "{} did not persuade {} ({} to {theirs}), so there is no Ally",
                    act.by,
                    act.bogey,
                    crate::domain::zero_dark::successes(mine)
                )
            }
        )));
    }
    let ally_of = match (persuaded, p.hero_died, p.ally_to) {
        (false, _, _) => None,
        (true, false, _) => Some(act.by.clone()),
        (true, true, Some(other)) => {
            let other = hero_on(state, mission, other)?;
            if other.card.name == act.by || other.hero_state == HeroState::Dead {
                return Err(RuleError::refused(format!(
                    "{} cannot take the Ally; name the nearest hero who isn't dead",
                    other.card.name
                )));
            }
            Some(other.card.name.clone())
        }
        (true, true, None) if no_one_left => None,
        (true, true, None) => {
            return Err(RuleError::refused(
                "the persuader died but out-scored the bogey: name the nearest living hero with --ally-to HERO",
            ));
        }
    };
    let mut events = vec![Event::PersuasionTested(PersuasionTested {
        bogey: act.bogey.clone(),
        hero: act.by.clone(),
        hero_successes: mine,
        bogey_successes: theirs,
        persuaded,
        ally_of,
    })];
    // The hero's A test never wounds the bogey, but the bogey's successes wound the hero.
    let wounded = match hero.hero_state {
        HeroState::Wounded(n) => n + theirs,
        _ => theirs,
    };
    if p.hero_died {
        events.push(Event::HeroStateSet(HeroStateSet {
            hero: act.by,
            state: HeroState::Dead,
        }));
    } else if theirs > 0 {
        events.push(Event::HeroStateSet(HeroStateSet {
            hero: act.by,
            state: HeroState::Wounded(wounded),
        }));
    }
    Ok(events)
}

/// The hero's living Ally named `ally`: from [`ALLIES_OF_THE_MISSION`], one of the Mission
/// in progress, which he belongs to; before, any.
fn ally_of(state: &CampaignState, hero: &str, ally: &str) -> Result<AllyEvent, RuleError> {
    let scope = if state.rules() >= ALLIES_OF_THE_MISSION {
        Some(running(state)?.number)
    } else {
        None
    };
    let hero = state.find_soldier(hero)?;
    let living = |a: &&Ally| !a.dead && scope.is_none_or(|m| a.mission == m);
    let found = hero
        .allies
        .iter()
        .filter(living)
        .find(|a| a.name.eq_ignore_ascii_case(ally))
        .ok_or_else(|| {
            let allies: Vec<&str> = hero
                .allies
                .iter()
                .filter(living)
                .map(|a| a.name.as_str())
                .collect();
            RuleError::refused(format!(
                "{} has no living Ally named '{ally}'{}{}; his Allies{}: {}",
                hero.card.name,
                scope.map(|m| format!(" on Mission {m}")).unwrap_or_default(),
                did_you_mean(ally, allies.iter().copied()),
                scope.map(|_| " on it").unwrap_or_default(),
                if allies.is_empty() {
                    "none".to_owned()
                } else {
                    allies.join(", ")
                }
            ))
        })?;
    Ok(AllyEvent {
        hero: hero.card.name.clone(),
        ally: found.name.clone(),
        why: String::new(),
    })
}

pub(super) fn make_dependent(state: &CampaignState, hero: &str, ally: &str) -> Result<Vec<Event>, RuleError> {
    let event = ally_of(state, hero, ally)?;
    // The Ally of the Mission in progress (as `ally_of` found him), not one of that name before.
    let mission = running(state).ok().map(|m| m.number);
    let already = state.soldier(&event.hero).is_some_and(|h| {
        h.allies
            .iter()
            .any(|a| a.name == event.ally && !a.dead && a.dependent && mission.is_none_or(|m| a.mission == m))
    });
    if already && state.rules() >= ACTIVE_SOLDIERS_ACT {
        return Err(RuleError::refused(format!(
            "{} is already Dependent on {}; an Ally is made Dependent once",
            event.ally, event.hero
        )));
    }
    Ok(vec![Event::AllyMadeDependent(AllyEvent {
        why: "an upgrade at no cost that counts as half an upgrade".to_owned(),
        ..event
    })])
}

pub(super) fn strayed(state: &CampaignState, hero: &str, ally: &str) -> Result<Vec<Event>, RuleError> {
    let event = ally_of(state, hero, ally)?;
    let scope = running(state)
        .ok()
        .map(|m| m.number)
        .filter(|_| state.rules() >= ALLIES_OF_THE_MISSION);
    let dependent = state.soldier(&event.hero).is_some_and(|h| {
        h.allies
            .iter()
            .any(|a| a.name == event.ally && !a.dead && a.dependent && scope.is_none_or(|m| a.mission == m))
    });
    if !dependent {
        return Err(RuleError::refused(format!(
            "{} is not Dependent; only a Dependent Ally dies for ending an activation more than 4\" from its hero",
            event.ally
        )));
    }
    Ok(vec![Event::AllyDied(AllyEvent {
        why: "a Dependent Ally ended an activation more than 4\" from its hero".to_owned(),
        ..event
    })])
}
