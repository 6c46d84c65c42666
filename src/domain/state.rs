//! A campaign's state as the log folds it (see `domain::fold`): its Soldiers, the Mission, the
//! bank, the seed in force, and what the checked fold noted.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::environment::{DeclaredEnvironment, OwedEnvironment, RolledEnvironment};
use super::error::RuleError;
use super::event::{EncounterStep, Event, Heading, MedalSticker, RpMovement};
use super::game::{Game, MissionResult};
use super::k9::EncounterCard;
use super::medals::{HeldRpCard, MedalDeck};
use super::ranges::Missions;
use super::rulebook::Expansion;
use super::rules_version::{self, RulesVersion};
use super::soldier::{SoldierCard, SoldierKind, Status, same_name};
use super::zero_dark::{Ally, HeroState, ZeroDarkMission};

/// An event as read back from the log, with its place in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedEvent {
    /// The campaign version this event holds (1, 2, 3…).
    pub version: u64,
    /// All events written by one command share this id.
    pub command_id: String,
    /// When it was recorded, UTC, RFC 3339.
    pub recorded_at: String,
    pub event: Event,
}

/// Something the fold met that the rules should have made impossible.
///
/// `evolve` never panics and never refuses: it clamps and notes the problem here, and
/// `verify` reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Anomaly {
    pub version: u64,
    pub message: String,
    /// The name `verify` reports it under when it is not the fold's own ("roll", "seed").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<String>,
}

/// The campaign itself, once created.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignInfo {
    pub game: Game,
    pub nation: Option<String>,
    pub expansions: Vec<Expansion>,
    /// The rules in force: set at creation, raised by a rules adoption.
    pub rules: RulesVersion,
}

/// One Soldier's numbers as the log makes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoldierState {
    /// His card as enlisted: shared by every copy of the state (the fold copies one for each
    /// void it decides), as no event changes it.
    pub card: std::sync::Arc<SoldierCard>,
    pub status: Status,
    pub wounds: u32,
    pub suppress: u32,
    pub hardy: BTreeMap<String, u32>,
    pub xp: u32,
    /// A K9's Discipline counters; `None` for other kinds.
    pub discipline: Option<u32>,
    pub medals: Vec<MedalSticker>,
    /// Skills, Equipment and Service Records worth RP.
    pub rp_cards: Vec<HeldRpCard>,
    /// A Zero Dark hero's state in play (`Ready` for Soldiers).
    pub hero_state: HeroState,
    /// A Zero Dark hero's Allies.
    pub allies: Vec<Ally>,
    /// The numbers of the Missions he was taken on, in order.
    pub missions: Missions,
    /// How many Missions he went on played on paper, before the campaign came into muster.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub paper_missions: u32,
    /// True once his paper sheet was carried over (it is, once).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub carried_over: bool,
}

impl SoldierState {
    /// His RP: the card's RP plus his Skills, Equipment and Service Records (Medals apart).
    pub fn rp(&self) -> u32 {
        total(self.rp_cards.iter().map(|c| c.rp)).saturating_add(self.card.rp)
    }

    /// The Medal RP on his stickers.
    pub fn medal_rp(&self) -> u32 {
        total(self.medals.iter().map(|m| m.rp))
    }

    /// True when he can still act: not KIA and not discharged.
    pub fn is_on_the_books(&self) -> bool {
        matches!(self.status, Status::Active | Status::Downed)
    }
}

/// One Mission as the log makes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionState {
    pub number: u32,
    pub name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub soldiers: Vec<String>,
    /// The Objectives placed left to right, when the Mission tracks Multiple Objectives.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<ObjectiveState>,
    /// How many Objectives a Mission placed without tracking them (logs from before tracking).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub untracked_objectives: Option<u32>,
    /// The Objective (1-based) carrying the Inactive counter; `None` once it is back in
    /// the supply, or when Objectives are not tracked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inactive_at: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k9_objective: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub k9_objective_resolved: bool,
    pub turn: u32,
    pub result: Option<MissionResult>,
    /// The K9 Encounter drawn and not yet resolved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encounter: Option<EncounterState>,
    /// The names of the K9 Encounter cards drawn this Mission, whose Hostile value gives no XP.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub encounters_drawn: Vec<String>,
    /// The ability checks made on named cards, for the once-only rules of headings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks: Vec<CheckRecord>,
    /// The squad's RP and Medal RP when it started (rule 004).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub start_rp: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub start_medal_rp: u32,
    /// Each Soldier's RP when it started, for the RP lost to casualties.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub start_rp_by_soldier: Vec<(String, u32)>,
    /// The triggers that drew a Medal card: one card per trigger.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub medal_triggers: Vec<String>,
    /// Who placed each Suppression and EKIA on which Hostile card, for Eliminate Medals.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hostile_hits: Vec<HostileHit>,
    /// Zero Dark: the bogeys, the Spook's task and what happened to them.
    #[serde(default, skip_serializing_if = "ZeroDarkMission::is_unused")]
    pub zero_dark: ZeroDarkMission,
    /// The Environments in force, as the Mission, its Locations and Events declared them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub environments: Vec<DeclaredEnvironment>,
    /// The Environment rolls the Soldiers owe this turn and have not made, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub owed_environment: Vec<OwedEnvironment>,
    /// The Environment rolls owed this turn that were made: each is owed once a turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolled_environment: Vec<RolledEnvironment>,
    /// The Environment rolls owed this turn by Soldiers Downed since it began, not made: owed
    /// again if they recover during it (from rules 10).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub downed_owing: Vec<OwedEnvironment>,
}

/// For checkpoints: a Mission's empty fields are left out, so that the record of every
/// Mission ended long ago stays a few bytes.
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One Suppression or EKIA placed on a Hostile card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostileHit {
    pub hostile: String,
    pub soldier: String,
}

/// Where one Objective stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectiveState {
    /// Not yet Activated.
    Waiting,
    Activated,
    Completed,
}

/// An open K9 Encounter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EncounterState {
    /// The version of the event that drew it.
    pub drawn_at: u64,
    pub card: EncounterCard,
    pub k9: String,
    pub handler: String,
    /// The index of the next roll of the card's series.
    pub next_roll: usize,
    /// A roll failed and the card offers a choice: accept the Failure or retry.
    pub awaiting_choice: bool,
    /// The last roll made on it and whether it succeeded: what its end must follow from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_roll: Option<(EncounterStep, bool)>,
}

/// An ability check made on a named card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckRecord {
    pub card: String,
    pub soldier: String,
    pub heading: Heading,
    pub success: bool,
}

/// A failed Environment roll awaiting the player's choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingEnvironment {
    /// The version of the failed roll.
    pub version: u64,
    pub soldier: String,
    pub environment: String,
}

/// The state of one campaign at some version of its log.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignState {
    /// `None` until the campaign's first event.
    pub info: Option<CampaignInfo>,
    /// The last version folded in (voided ones included).
    pub version: u64,
    /// Soldiers in the order they were enlisted.
    pub soldiers: Vec<SoldierState>,
    /// The latest Mission: the one in progress, or the last to end. Earlier Missions live on
    /// in the log alone (`mission show N` folds it), so the state, and each checkpoint of it,
    /// stays the same size however many Missions a campaign plays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission: Option<MissionState>,
    pub rp_bank: u32,
    pub team_xp: u32,
    /// The commitment of the seed that generates faces now.
    pub seed_commitment: Option<String>,
    /// How many generated rolls each seed made, by commitment (voided rolls left out).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub generated_rolls: BTreeMap<String, u64>,
    /// The commitments whose seeds the log revealed.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub revealed_seeds: BTreeSet<String>,
    /// Failed Environment rolls awaiting a choice, oldest first.
    pub pending: Vec<PendingEnvironment>,
    /// The Nation's Medal deck, once loaded.
    pub medal_deck: Option<MedalDeck>,
    pub anomalies: Vec<Anomaly>,
    /// Computed RP awards the log no longer computes the same (a void took away what they
    /// rested on), awaiting the revision that void writes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unsettled_awards: Vec<UnsettledAward>,
    /// The version of the `commands_kept` event, once the log has it: every command after it
    /// carries its command (`domain::logged`), and one that does not is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commands_kept: Option<u64>,
    /// How many Missions the campaign played on paper: its first here is numbered after them.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub paper_missions: u32,
    /// True once the squad's paper sheet was carried over (it is, once).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub squad_carried_over: bool,
    /// The ability words on the cards of Soldiers enlisted under rules that test a card's
    /// abilities for typos (from [`super::rules_version::ABILITY_TYPOS_AT_ENLIST`]): only these,
    /// and those a card names, make a word one letter from them a typo.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub tested_abilities: BTreeSet<String>,
}

/// A Mission's computed RP award that the log now computes differently.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnsettledAward {
    pub mission: u32,
    /// The version of the Mission's end.
    pub version: u64,
    pub recorded: u32,
    pub computed: u32,
}

impl MissionState {
    /// The RP of its Soldiers not KIA, each counted at his RP when the Mission started, so
    /// that only casualties lower it (rule 004: "worth 20 RP due to losses").
    pub fn surviving_rp(&self, state: &CampaignState) -> u32 {
        self.start_rp_by_soldier
            .iter()
            .filter(|(name, _)| state.soldier(name).is_some_and(|s| s.status != Status::Kia))
            .map(|(_, rp)| *rp)
            .fold(0, u32::saturating_add)
    }
}

impl MissionState {
    /// The RP the squad gains to make purchases, as RULES 5 reads the Medals example: the
    /// RP it started with less the starting RP of its Soldiers still alive (so, the RP its
    /// casualties were worth), Medal RP counted in neither. Its reason starts with
    /// [`COMPUTED`], which marks the award as computed rather than entered by the player.
    pub fn computed_award(&self, state: &CampaignState) -> RpMovement {
        let surviving = self.surviving_rp(state);
        RpMovement {
            amount: self.start_rp.saturating_sub(surviving),
            why: format!(
                "{COMPUTED} the squad started at {} RP and ends at {surviving} RP, Medal RP excluded",
                self.start_rp
            ),
        }
    }
}

/// How the reason of a computed RP award begins; an award entered by the player never
/// does (its reason is checked text of the player's own).
pub const COMPUTED: &str = "computed:";

impl CampaignState {
    /// Why Mission `number` cannot be named, when it was played on paper before the campaign
    /// was carried over into muster.
    pub fn on_paper(&self, number: u32) -> Option<String> {
        (number >= 1 && number <= self.paper_missions).then(|| {
            format!(
                "Mission {number} was played on paper, before the campaign was carried over into muster; the Missions recorded here start at {}",
                self.paper_missions + 1
            )
        })
    }

    /// Whether the campaign uses `expansion`.
    pub fn uses(&self, expansion: Expansion) -> bool {
        self.info
            .as_ref()
            .is_some_and(|info| info.expansions.contains(&expansion))
    }

    /// The rules in force (the first, before the campaign is created).
    pub fn rules(&self) -> RulesVersion {
        self.info.as_ref().map_or(rules_version::FIRST, |info| info.rules)
    }

    /// The Soldier with this name, compared case-insensitively.
    pub fn soldier(&self, name: &str) -> Option<&SoldierState> {
        self.soldiers.iter().find(|s| same_name(&s.card.name, name))
    }

    /// The Soldier named `name` (any case), or a refusal listing who is there and offering
    /// the closest name.
    pub fn find_soldier(&self, name: &str) -> Result<&SoldierState, RuleError> {
        self.soldier(name).ok_or_else(|| {
            let refusal =
                RuleError::unknown_soldier(name, self.soldiers.iter().map(|s| s.card.name.as_str()));
            match self.info.as_ref().map(|info| info.game) {
                Some(Game::ZeroDark) => refusal.among_heroes(),
                _ => refusal,
            }
        })
    }

    pub(super) fn soldier_mut(&mut self, name: &str) -> Option<&mut SoldierState> {
        self.soldiers.iter_mut().find(|s| same_name(&s.card.name, name))
    }

    /// The Mission in progress, if one is.
    pub fn mission_in_progress(&self) -> Option<&MissionState> {
        self.mission.as_ref().filter(|m| m.result.is_none())
    }

    /// The Mission in progress, to change.
    pub(super) fn mission_in_progress_mut(&mut self) -> Option<&mut MissionState> {
        self.mission.as_mut().filter(|m| m.result.is_none())
    }

    /// Mission `number` when it is the latest one, in progress or ended; earlier Missions
    /// are no longer kept in the state.
    pub(super) fn mission_numbered(&mut self, number: u32) -> Option<&mut MissionState> {
        self.mission.as_mut().filter(|m| m.number == number)
    }

    /// Whether Mission `number` has ended: the latest Mission, with its result, or one before it
    /// (only one is in progress at a time, and a later one started after it ended).
    pub fn ended(&self, number: u32) -> bool {
        self.mission
            .as_ref()
            .is_some_and(|m| number < m.number || (number == m.number && m.result.is_some()))
    }

    /// Why Mission `number` is not the latest: it ended before it, or it never started.
    pub(super) fn mission_fate(&self, number: u32) -> &'static str {
        if self.mission.as_ref().is_some_and(|m| number < m.number) {
            "had ended"
        } else {
            "never started"
        }
    }

    /// The K9 whose Handler is `handler`, if he has one.
    pub fn k9_of(&self, handler: &str) -> Option<&SoldierState> {
        self.soldiers.iter().find(|s| {
            s.card.kind == SoldierKind::K9 && s.card.handler.as_deref().is_some_and(|h| same_name(h, handler))
        })
    }

    pub(super) fn note(&mut self, message: String) {
        let version = self.version;
        self.anomalies.push(Anomaly {
            version,
            message,
            check: None,
        });
    }

    /// Notes a problem `verify` reports under its own `check` name.
    pub(super) fn note_as(&mut self, check: &str, message: String) {
        let version = self.version;
        self.anomalies.push(Anomaly {
            version,
            message,
            check: Some(check.to_owned()),
        });
    }

    /// Notes `what` for `soldier` when no Mission is in progress; returns the state to go on.
    pub(super) fn during_mission(&mut self, what: &str, soldier: &str) -> &mut Self {
        if self.mission_in_progress().is_none() {
            self.note(format!(
                "records {what} for {soldier} while no Mission is in progress"
            ));
        }
        self
    }

    /// Applies `f` to the named Soldier, or notes that the event names nobody.
    pub(super) fn with_soldier(&mut self, name: &str, f: impl FnOnce(&mut SoldierState) -> Option<String>) {
        let problem = match self.soldier_mut(name) {
            Some(soldier) => f(soldier),
            None => Some(format!("names '{name}', who was never enlisted")),
        };
        if let Some(problem) = problem {
            self.note(problem);
        }
    }
}

/// The sum of some RP, stopping at the largest number rather than wrapping: an edited file
/// can hold RP no campaign reaches, and the fold must not overflow on it.
pub fn total(values: impl Iterator<Item = u32>) -> u32 {
    values.fold(0, u32::saturating_add)
}
