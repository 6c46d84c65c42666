//! The roster: every Soldier's numbers and the squad's RP, as `roster --json` prints them.
//!
//! The field names and shapes here are the JSON contract documented in the README.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::domain::Game;
use crate::domain::environment::{DeclaredEnvironment, EnvironmentScope};
use crate::domain::event::MedalSticker;
use crate::domain::fold::fold;
use crate::domain::medals::HeldRpCard;
use crate::domain::rulebook::Expansion;
use crate::domain::soldier::{Ability, SoldierKind, Stats, Status};
use crate::domain::state::{CampaignState, ObjectiveState, RecordedEvent, SoldierState, total};
use crate::domain::zero_dark::{Ally, HeroState, PriorityTask, ZeroDarkMission, mission_stats};
use crate::projection::medal_deck::deck_line;
pub use crate::projection::medal_deck::{DeckLine, HeldSticker};
use crate::store::Head;

/// A point in the log: its version and when it was recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Point {
    pub version: u64,
    pub recorded_at: String,
    /// The version asked for, when it fell inside a command and the point moved to that
    /// command's end (a point in time is a command boundary).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asked: Option<u64>,
}

/// The whole roster of a campaign at one point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Roster {
    pub campaign: String,
    pub game: Game,
    pub nation: Option<String>,
    pub expansions: Vec<Expansion>,
    /// The rules version in force at this point.
    pub rules: u32,
    pub as_of: Point,
    pub head: Head,
    pub mission: Option<MissionLine>,
    pub soldiers: Vec<SoldierLine>,
    pub squad: Squad,
    pub team_xp: Option<u32>,
    /// Open decisions: failed Environment rolls awaiting a choice, an open K9 Encounter.
    pub pending: Vec<Pending>,
    /// The Environment rolls Soldiers owe this turn and have not made (rule 002), which
    /// `turn` and `mission end` wait for.
    pub owed_environment: Vec<OwedLine>,
    /// The SHA-256 commitment of the seed that generates dice now.
    pub dice_seed_commitment: Option<String>,
    /// Generated rolls made by a seed this file does not keep and the log has not revealed:
    /// offline dice of another copy, unchecked until that seed is revealed.
    pub unchecked_offline_rolls: u64,
    /// True with the Medals expansion, which always uses Elite Hostiles (rule 004).
    pub elite_hostiles: bool,
    /// Where the Medal cards are, once the Nation's deck is shuffled.
    pub medal_deck: Option<DeckLine>,
}

/// An open decision, which `turn` and `mission end` wait for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pending {
    /// A failed Environment roll: expend Hardy, take a Wound, or take a Suppress.
    Environment {
        version: u64,
        soldier: String,
        environment: String,
        choices: Vec<String>,
    },
    /// A K9 Encounter drawn and not yet resolved.
    K9Encounter {
        version: u64,
        encounter: String,
        handler: String,
        k9: String,
        /// What it waits for: `roll N of M` or `accept or retry`.
        awaiting: String,
    },
}

/// An Environment roll a Soldier owes this turn: `muster environ SOLDIER ENVIRONMENT TARGET`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OwedLine {
    pub soldier: String,
    pub environment: String,
    pub target: u8,
    /// What declared it: `mission`, `location` or `event`.
    pub scope: EnvironmentScope,
    /// The Location's or the Event's name; null for the Mission's own.
    pub name: Option<String>,
}

/// The Mission in progress at that point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MissionLine {
    pub number: u32,
    pub name: String,
    pub turn: u32,
    /// Each Objective left to right: `waiting`, `activated` or `completed`; empty when the
    /// Mission does not track Multiple Objectives.
    pub objectives: Vec<ObjectiveState>,
    /// The Objective carrying the Inactive counter, if any.
    pub inactive_at: Option<u32>,
    /// How many Objectives were placed without being tracked: only in logs from before
    /// muster tracked Objectives; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub untracked_objectives: Option<u32>,
    pub k9_objective: Option<String>,
    pub soldiers: Vec<String>,
    /// The squad's RP and Medal RP when the Mission started, and their sum for drawing
    /// Hostiles (rule 004).
    pub start_rp: u32,
    pub start_medal_rp: u32,
    pub start_hostile_draw_rp: u32,
    /// Zero Dark: the bogeys, the Spook's task and Buy Time; null in Warfighter.
    pub zero_dark: Option<ZeroDarkMission>,
    /// The Environments in force (rule 002), as the Mission, its Locations and Events declared
    /// them: `{"environment", "name", "scope", "target"}`.
    pub environments: Vec<DeclaredEnvironment>,
}

/// A K9's Discipline counters and stat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Discipline {
    pub current: u32,
    pub stat: u32,
}

/// One Soldier's row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SoldierLine {
    pub name: String,
    pub kind: SoldierKind,
    pub status: Status,
    pub wounds: u32,
    /// The card's Health: how many Wounds he can take; null when the card prints none.
    pub health: Option<u32>,
    pub suppress: u32,
    pub hardy: BTreeMap<String, u32>,
    /// The card's abilities by lowercase name, each with its target and Upgunned target.
    pub abilities: BTreeMap<String, Ability>,
    /// The card's keywords, lowercase (`enduring`, `fire`).
    pub keywords: Vec<String>,
    pub xp: u32,
    pub discipline: Option<Discipline>,
    pub medals: Vec<MedalSticker>,
    /// His RP: the card's RP plus his Skills, Equipment and Service Records.
    pub rp: u32,
    pub medal_rp: u32,
    /// The Skills, Equipment and Service Records that add to his RP.
    pub rp_cards: Vec<HeldRpCard>,
    /// The Missions he was taken on, by number.
    pub missions: Vec<u32>,
    /// How many he went on played on paper, before the campaign came into muster.
    #[serde(skip_serializing_if = "is_zero")]
    pub paper_missions: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub handler_of: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub handler: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<Stats>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub specialism: Option<String>,
    /// A Zero Dark hero's state in play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<HeroState>,
    /// A Zero Dark hero's Allies of the latest Mission (each belongs to the Mission he was
    /// persuaded in).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allies: Option<Vec<Ally>>,
    /// A Zero Dark hero's stats for the Mission in progress, with his priority task's bonus.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mission_stats: Option<Stats>,
    /// Upgrades for the Mission in progress: the Dotlight of an Observation task.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mission_upgrades: Option<Vec<String>>,
}

/// The squad's RP for each purpose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Squad {
    /// RP of the squad's Soldiers, Medals not counted.
    pub rp: u32,
    /// RP of the Medal stickers those Soldiers carry.
    pub medal_rp: u32,
    /// RP used when drawing Hostiles: squad RP plus Medal RP (rule 004).
    pub hostile_draw_rp: u32,
    /// RP gained and not yet spent on purchases.
    pub rp_bank: u32,
}

/// The roster of `campaign` as of `version`, from its whole log and current head.
///
/// Returns `None` when the log holds no campaign at that version. A log alone keeps no
/// seed: every generated roll of an unrevealed seed counts as unchecked.
pub fn at(campaign: &str, log: &[RecordedEvent], version: u64, head: &Head) -> Option<Roster> {
    let upto: Vec<RecordedEvent> = log.iter().take_while(|r| r.version <= version).cloned().collect();
    let point = upto.last()?;
    let as_of = Point {
        version: point.version,
        recorded_at: point.recorded_at.clone(),
        asked: None,
    };
    let state = fold(&upto);
    from_state(campaign, &state, as_of, head.clone(), &BTreeSet::new())
}

/// The roster a folded state shows, in a file that keeps the seeds of the commitments `held`.
pub fn from_state(
    campaign: &str,
    state: &CampaignState,
    as_of: Point,
    head: Head,
    held: &BTreeSet<String>,
) -> Option<Roster> {
    let info = state.info.as_ref()?;
    Some(Roster {
        campaign: campaign.to_owned(),
        game: info.game,
        nation: info.nation.clone(),
        expansions: info.expansions.clone(),
        rules: info.rules.0,
        as_of,
        head,
        mission: state.mission_in_progress().map(|m| MissionLine {
            number: m.number,
            name: m.name.clone(),
            turn: m.turn,
            objectives: m.objectives.clone(),
            inactive_at: m.inactive_at,
            untracked_objectives: m.untracked_objectives,
            k9_objective: m.k9_objective.clone(),
            soldiers: m.soldiers.clone(),
            start_rp: m.start_rp,
            start_medal_rp: m.start_medal_rp,
            start_hostile_draw_rp: m.start_rp.saturating_add(m.start_medal_rp),
            zero_dark: (info.game == Game::ZeroDark).then(|| m.zero_dark.clone()),
            environments: m.environments.clone(),
        }),
        soldiers: state.soldiers.iter().map(|s| line(state, s)).collect(),
        squad: squad(state),
        team_xp: (info.game == Game::ZeroDark).then_some(state.team_xp),
        pending: pending(state),
        owed_environment: state
            .mission_in_progress()
            .map(|m| {
                m.owed_environment
                    .iter()
                    .map(|o| OwedLine {
                        soldier: o.soldier.clone(),
                        environment: o.environment.environment.clone(),
                        target: o.environment.target,
                        scope: o.environment.scope,
                        name: o.environment.name.clone(),
                    })
                    .collect()
            })
            .unwrap_or_default(),
        dice_seed_commitment: state.seed_commitment.clone(),
        unchecked_offline_rolls: state
            .generated_rolls
            .iter()
            .filter(|(c, _)| !held.contains(*c) && !state.revealed_seeds.contains(*c))
            .map(|(_, n)| *n)
            .sum(),
        elite_hostiles: state.uses(Expansion::Medals),
        medal_deck: state.medal_deck.as_ref().map(|deck| deck_line(state, deck)),
    })
}

fn pending(state: &CampaignState) -> Vec<Pending> {
    let mut pending: Vec<Pending> = state
        .pending
        .iter()
        .map(|p| {
            let mut choices = Vec::new();
            if let Some(soldier) = state.soldier(&p.soldier) {
                if soldier.hardy.contains_key(&p.environment) {
                    choices.push("hardy".to_owned());
                }
                if soldier.hardy.contains_key("any") {
                    choices.push("hardy --any".to_owned());
                }
            }
            choices.extend(["wound".to_owned(), "suppress".to_owned()]);
            Pending::Environment {
                version: p.version,
                soldier: p.soldier.clone(),
                environment: p.environment.clone(),
                choices,
            }
        })
        .collect();
    if let Some(e) = state.mission_in_progress().and_then(|m| m.encounter.as_ref()) {
        pending.push(Pending::K9Encounter {
            version: e.drawn_at,
            encounter: e.card.name.clone(),
            handler: e.handler.clone(),
            k9: e.k9.clone(),
            awaiting: if e.awaiting_choice {
                "accept or retry".to_owned()
            } else {
                format!("roll {} of {}", e.next_roll + 1, e.card.rolls.len())
            },
        });
    }
    pending
}

/// The squad's RP for each purpose, and the bank, as a folded state shows them.
pub fn squad(state: &CampaignState) -> Squad {
    let squad = squad_of(state);
    Squad {
        rp: total(squad.iter().map(|s| s.rp())),
        medal_rp: total(squad.iter().map(|s| s.medal_rp())),
        // Rule 004: Hostiles are drawn at the squad's value at the Mission's start, Medal RP
        // included, for the whole Mission; between Missions, at its value now.
        hostile_draw_rp: match state.mission_in_progress() {
            Some(m) => m.start_rp.saturating_add(m.start_medal_rp),
            None => total(squad.iter().map(|s| s.rp().saturating_add(s.medal_rp()))),
        },
        rp_bank: state.rp_bank,
    }
}

/// The squad: the Soldiers on the Mission in progress who are not KIA or discharged;
/// between Missions, every Soldier fit for duty.
fn squad_of(state: &CampaignState) -> Vec<&SoldierState> {
    match state.mission_in_progress() {
        Some(mission) => mission
            .soldiers
            .iter()
            .filter_map(|name| state.soldier(name))
            .filter(|s| s.is_on_the_books())
            .collect(),
        None => state
            .soldiers
            .iter()
            .filter(|s| s.status == Status::Active)
            .collect(),
    }
}

fn line(state: &CampaignState, soldier: &SoldierState) -> SoldierLine {
    let card = &soldier.card;
    let is_hero = card.kind == SoldierKind::Hero;
    // The task's bonus applies to the Spook, for the Mission in progress only.
    let task = state
        .mission_in_progress()
        .filter(|m| m.zero_dark.spook.as_deref() == Some(card.name.as_str()))
        .and_then(|m| m.zero_dark.task);
    SoldierLine {
        name: card.name.clone(),
        kind: card.kind,
        status: soldier.status,
        wounds: soldier.wounds,
        health: card.health,
        suppress: soldier.suppress,
        hardy: soldier.hardy.clone(),
        abilities: card.abilities.clone(),
        keywords: card.keywords.clone(),
        xp: soldier.xp,
        discipline: soldier.discipline.map(|current| Discipline {
            current,
            stat: card.discipline.unwrap_or(0),
        }),
        medals: soldier.medals.clone(),
        rp: soldier.rp(),
        medal_rp: soldier.medal_rp(),
        rp_cards: soldier.rp_cards.clone(),
        missions: soldier.missions.iter().collect(),
        paper_missions: soldier.paper_missions,
        handler_of: state.k9_of(&card.name).map(|k9| k9.card.name.clone()),
        handler: card.handler.clone(),
        stats: card.stats,
        specialism: card.specialism.clone(),
        state: is_hero.then_some(soldier.hero_state),
        // A Mission's Allies belong to it: those of the latest Mission, in progress or ended.
        allies: is_hero.then(|| {
            let latest = state.mission.as_ref().map(|m| m.number);
            soldier
                .allies
                .iter()
                .filter(|a| Some(a.mission) == latest)
                .cloned()
                .collect()
        }),
        mission_stats: card
            .stats
            .filter(|_| is_hero)
            .map(|stats| mission_stats(stats, task)),
        mission_upgrades: is_hero.then(|| {
            if task == Some(PriorityTask::Observation) {
                vec!["Dotlight".to_owned()]
            } else {
                Vec::new()
            }
        }),
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}
