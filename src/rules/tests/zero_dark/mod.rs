//! Horizon Wars: Zero Dark (RULES 7, rule 003): which game a command belongs to, bogeys and
//! the Assassination Boss, the Spook's Buy Time and priority tasks with their XP at the
//! Mission's end, persuasion, Allies and the Dependent upgrade.
//!
//! The scenarios are grouped by topic; this module holds the team and the builders they share.

mod allies;
mod assassination;
mod buy_time;
mod control_deck;
mod games;
mod mission_over;
mod once;
mod persuasion;
mod rescue;
mod resolution;
mod specialisms;
mod tasks;
mod voids;

use super::*;

use crate::domain::MissionResult;
use crate::domain::roll::Source;
use crate::domain::rules_version::RulesVersion;
use crate::domain::zero_dark::{Bogey, BogeyType, HeroState, PriorityTask};
use crate::rules::harness::given;

/// The Spook: M 5, F 4, A 3, D 2.
const SPOOK: &str = "Kestrel";
/// A gunner: D 3.
const GUNNER: &str = "Vega";
/// A medic: D 1.
const MEDIC: &str = "Moss";

/// The Mission every scenario plays.
const MISSION: &str = "Catch the Pigeon";

/// A hero who is not a Spook, with D `d`.
fn specialist(name: &str, specialism: &str, d: u8) -> SoldierCard {
    SoldierCard {
        stats: Some(Stats { m: 4, f: 4, a: 2, d }),
        specialism: Some(specialism.into()),
        ..card(name, SoldierKind::Hero)
    }
}

/// A Zero Dark campaign with the Spook Kestrel, the gunner Vega and the medic Moss.
fn team() -> Vec<Event> {
    vec![
        created(Game::ZeroDark),
        enlisted(hero(SPOOK)),
        enlisted(specialist(GUNNER, "gunner", 3)),
        enlisted(specialist(MEDIC, "medic", 1)),
    ]
}

/// `events` with the campaign created under `rules` instead of the newest.
fn under(rules: RulesVersion, mut events: Vec<Event>) -> Vec<Event> {
    if let Some(Event::CampaignCreated(created)) = events.first_mut() {
        created.rules = rules;
    }
    events
}

/// [`team`] on Mission 1 with all three heroes, before its first turn.
fn deployed() -> Vec<Event> {
    let mut events = team();
    events.push(mission_started(1, MISSION, &[SPOOK, GUNNER, MEDIC]));
    events
}

fn bogey(name: &str, bogey_type: BogeyType) -> Bogey {
    Bogey {
        name: name.into(),
        bogey_type,
        synthetic: false,
        nemesis: false,
        named: false,
    }
}

fn grunt(name: &str) -> Bogey {
    bogey(name, BogeyType::Grunt)
}

fn boss(name: &str) -> Bogey {
    bogey(name, BogeyType::Boss)
}

fn bogey_added(bogey: Bogey) -> Event {
    Event::BogeyAdded(BogeyAdded { mission: 1, bogey })
}

/// [`deployed`] with these bogeys on the table.
fn with_bogeys(bogeys: impl IntoIterator<Item = Bogey>) -> Vec<Event> {
    let mut events = deployed();
    events.extend(bogeys.into_iter().map(bogey_added));
    events
}

fn action(bogey: &str, by: &str) -> BogeyAction {
    BogeyAction {
        bogey: bogey.into(),
        by: by.into(),
    }
}

fn targeted(bogey: &str, by: &str) -> Event {
    Event::BogeyTargeted(action(bogey, by))
}

fn downed(bogey: &str, by: &str) -> Event {
    Event::BogeyDowned(action(bogey, by))
}

fn killed(bogey: &str, by: &str) -> Event {
    Event::BogeyKilled(action(bogey, by))
}

fn target(bogey: &str, by: &str) -> Command {
    Command::TargetBogey {
        bogey: bogey.into(),
        by: by.into(),
    }
}

fn kill(bogey: &str, by: &str) -> Command {
    Command::KillBogey {
        bogey: bogey.into(),
        by: by.into(),
    }
}

/// The Spook's task as `choose_task` records it with no roll.
fn task_chosen(task: PriorityTask, target: Option<&str>) -> Event {
    Event::PriorityTaskChosen(Box::new(PriorityTaskChosen {
        spook: SPOOK.into(),
        task,
        target: target.map(Into::into),
        roll: None,
    }))
}

/// The random choice of the task's target: one die with as many sides as candidates,
/// its face entered by the player.
fn target_roll(task: PriorityTask, candidates: &[&str], face: u8) -> Roll {
    Roll {
        who: SPOOK.into(),
        purpose: format!("{task} target among {}", candidates.join(", ")),
        die: format!("d{}", candidates.len()),
        faces: vec![face],
        source: Some(Source::Entered),
        target: None,
        modifiers: vec![],
        costs: vec![],
        total: Some(i32::from(face)),
        success: true,
        dice: None,
    }
}

fn spook_step() -> DeadDropInteracted {
    DeadDropInteracted { spook: SPOOK.into() }
}

fn turn_started(turn: u32) -> Event {
    Event::TurnStarted(TurnStarted { mission: 1, turn })
}

fn hero_state(hero: &str, state: HeroState) -> Event {
    Event::HeroStateSet(HeroStateSet {
        hero: hero.into(),
        state,
    })
}

/// XP the Spook gained or lost at the end of a Mission, with the resolution's reason.
fn spook_xp(amount: i64, why: &str) -> Event {
    Event::XpAdjusted(XpAdjusted {
        soldier: SPOOK.into(),
        amount,
        why: why.into(),
    })
}

fn resolved(task: PriorityTask, success: bool, why: &str) -> Event {
    Event::PriorityTaskResolved(PriorityTaskResolved {
        spook: SPOOK.into(),
        task,
        success,
        why: why.into(),
    })
}

/// `mission end --result success` without an RP award.
fn end_mission() -> Command {
    Command::EndMission {
        result: MissionResult::Success,
        rp_award: None,
    }
}
