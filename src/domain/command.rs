//! Intents: what a player asks muster to record. `rules::decide` turns one into events.

use serde::{Deserialize, Serialize};

use super::environment::EnvironmentScope;
use super::event::EnvironmentChoice;
use super::game::{Game, MissionResult};
use super::k9::{EncounterCard, Resource};
use super::medals::{MedalDeckFile, MedalReturn, RpCardKind};
use super::rulebook::{Expansion, Rulebook};
use super::rules_version::RulesVersion;
use super::soldier::SoldierCard;
use super::zero_dark::{Bogey, HeroState, PriorityTask};

/// A modifier the player names on the command line: a value and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedModifier {
    pub value: i64,
    pub source: String,
}

/// Who an XP change is for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum XpTarget {
    /// One Soldier or hero, by name (any case).
    Soldier(String),
    /// The Zero Dark team's shared pool.
    Team,
}

/// A status change the player records for a Soldier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StatusChange {
    Down,
    Recover,
    Kill,
    Discharge,
}

/// A counter a player adds to or takes from a Soldier in whole points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Harm {
    Wound,
    Suppress,
    Heal,
}

/// One intent. Names of Soldiers are as the player typed them; `decide` resolves them.
///
/// Its serde form (snake_case, externally tagged: `{"harm":{"amount":1,…}}`, a unit command
/// as its name, `"next_turn"`) is what the log keeps of it (`domain::logged`): a change to a
/// shipped variant's shape is a new command schema with its upcaster there. A card is boxed
/// (serde's form is the card's own), so a command is small to move: `verify` reads one for
/// nearly every command of a log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    CreateCampaign {
        /// The campaign keeps every command's command from its start (what `campaign new`
        /// asks); false only for a campaign created the way older musters did.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        commands_kept: bool,
        game: Game,
        nation: Option<String>,
        expansions: Vec<Expansion>,
    },
    /// Starts using an expansion the campaign was created without.
    AddExpansion(Expansion),
    /// Stops using an expansion no recorded event needs.
    RemoveExpansion(Expansion),
    Enlist(Box<SoldierCard>),
    StartMission {
        name: String,
        /// Empty means every Soldier fit for duty.
        soldiers: Vec<String>,
        /// How many Objectives are placed, to track Multiple Objectives.
        objectives: Option<u32>,
        k9_objective: Option<String>,
        /// The Mission's own Environments (rule 002), each type with its target: `("cold", 6)`.
        environments: Vec<(String, i64)>,
    },
    NextTurn,
    EndMission {
        result: MissionResult,
        rp_award: Option<(i64, String)>,
    },
    Harm {
        harm: Harm,
        soldier: String,
        amount: i64,
    },
    ChangeStatus {
        change: StatusChange,
        soldier: String,
    },
    AdjustXp {
        target: XpTarget,
        amount: i64,
        why: String,
    },
    AdjustHardy {
        soldier: String,
        hardy: String,
        amount: i64,
        why: String,
    },
    RecordEkia {
        soldier: String,
        hostile: String,
        value: i64,
    },
    GrantRp {
        amount: i64,
        why: String,
    },
    SpendRp {
        amount: i64,
        why: String,
    },
    AwardMedal {
        soldier: String,
        medal: String,
        rp: i64,
        why: String,
    },
    /// Adopts later rules: `None` for the newest this muster knows.
    AdoptRules {
        version: Option<RulesVersion>,
    },
    /// Logs the commitment of a new dice seed.
    CommitSeed {
        commitment: String,
    },
    /// An ability check (rule 001).
    Check {
        soldier: String,
        ability: String,
        modifiers: Vec<NamedModifier>,
        upgunned: bool,
        trap: bool,
        /// The check serves a Fail heading (rolled once, on entering).
        fail: bool,
        /// The card whose check it is, for the once-only rules.
        card: Option<String>,
    },
    /// An Environment roll (rule 002).
    /// One roll per Environment, each separately (a Location may have several).
    Environ {
        soldier: String,
        /// Each Environ type with its target: `("cold", 6)`.
        environments: Vec<(String, i64)>,
        modifiers: Vec<NamedModifier>,
        location: Option<String>,
    },
    /// Settles one of the Soldier's failed Environment rolls: the one made at `rolled_at`,
    /// or his oldest.
    Resolve {
        soldier: String,
        choice: EnvironmentChoice,
        // Left out when not given, so every form stored before it reads and is written as it
        // was (a new optional field is no change to a shipped shape; see `domain::logged`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rolled_at: Option<u64>,
    },
    /// Declares Environments in force during the Mission in progress: the Mission's own, or a
    /// Location's or an Event's (`name`), each type with its target.
    DeclareEnvironments {
        scope: EnvironmentScope,
        name: Option<String>,
        environments: Vec<(String, i64)>,
    },
    /// Ends declared Environments: the Soldiers left the Location, the Event ended. With no
    /// `environments`, every one that `scope` and `name` declared.
    ClearEnvironments {
        scope: EnvironmentScope,
        name: Option<String>,
        environments: Vec<(String, i64)>,
    },
    ActivateObjective(i64),
    CompleteObjective(i64),
    /// Draws a K9 Encounter; `first_in` is who Entered first (default: the Handler).
    DrawEncounter {
        card: Box<EncounterCard>,
        first_in: Option<String>,
    },
    IgnoreEncounter,
    /// The next roll of the open Encounter, paying the named options first.
    RollEncounter {
        payments: Vec<Resource>,
    },
    /// After a failed roll: suffer the Failure.
    AcceptFailure,
    /// After a failed roll: the fresh roll, at the risk of the major harm.
    RetryEncounter {
        payments: Vec<Resource>,
    },
    /// The Mission's K9 Objective was resolved: the Mission is complete.
    ResolveK9Objective,
    /// Shuffles the Nation's Medal deck for the campaign.
    LoadMedalDeck(MedalDeckFile),
    /// Draws the named Medal (the deck's top card) because `trigger` met its condition.
    DrawMedal {
        medal: String,
        trigger: String,
        hostile: Option<String>,
    },
    RevealMedal {
        medal: String,
    },
    /// Chooses the drawn Medal's potential recipient at random among the Mission's Soldiers.
    RollMedalRecipient {
        medal: String,
    },
    /// The recipient met the requirement: the sticker and the benefit.
    EarnMedal {
        medal: String,
    },
    LoseMedal {
        medal: String,
        to: MedalReturn,
        why: String,
    },
    ReshuffleMedals,
    /// A Soldier places a Suppression on a Hostile card.
    SuppressHostile {
        soldier: String,
        hostile: String,
    },
    GainRpCard {
        soldier: String,
        kind: RpCardKind,
        name: String,
        rp: i64,
    },
    LoseRpCard {
        soldier: String,
        kind: RpCardKind,
        name: String,
    },
    /// Zero Dark: a hero's state in play.
    SetHeroState {
        hero: String,
        state: HeroState,
    },
    /// Zero Dark: a bogey placed for the Mission.
    AddBogey(Bogey),
    /// Zero Dark: a hero places a bogey into the targeted state.
    TargetBogey {
        bogey: String,
        by: String,
    },
    DownBogey {
        bogey: String,
        by: String,
    },
    /// A bogey put into the dead state (a Boss the Spook must kill is only down until his
    /// verifying action).
    KillBogey {
        bogey: String,
        by: String,
    },
    /// The Spook buys time; in Versus, with the other side's revealed choice and Spook's D
    /// (`ours` false: only the other side bought time).
    BuyTime {
        ours: bool,
        versus: Option<(bool, i64)>,
    },
    /// Buy Time: this many of the first Control Deck cards flipped went to one side.
    SetAside(i64),
    /// Buy Time: the Control Deck ran out; the set-aside cards take its place.
    ControlDeckOut,
    /// Buy Time: this many set-aside cards flipped after the Control Deck ran out.
    FlipSetAside(i64),
    ChooseTask(PriorityTask),
    InteractDeadDrop,
    /// Rescue: the persuaded bogey ended within 4" of the Spook, or left the table alive.
    RescueExtracted,
    Persuade {
        hero: String,
        bogey: String,
        hero_successes: i64,
        bogey_successes: i64,
        /// The hero died in the CQB; the Ally attaches to `ally_to`, the nearest living hero.
        hero_died: bool,
        ally_to: Option<String>,
    },
    MakeDependent {
        hero: String,
        ally: String,
    },
    /// An Ally ended an activation more than 4" from its hero.
    AllyStrayed {
        hero: String,
        ally: String,
    },
    /// Reveals the seed in force (64 hex digits) and commits the next one.
    RevealSeed {
        seed: String,
        next_commitment: String,
    },
    /// Records what a Soldier's paper sheet says, for `verify` to check.
    Assert {
        soldier: String,
        fields: Vec<(String, String)>,
    },
    /// Writes a note on the campaign, a Soldier (`soldier`) or a Mission (`mission`: the one
    /// in progress when none is named).
    Note {
        text: String,
        soldier: Option<String>,
        mission: Option<u32>,
    },
    /// Carries a Soldier's paper sheet over into muster: each number given replaces the
    /// log's, Hardy by type, Medals added with their RP.
    CarrySoldierOver {
        soldier: String,
        xp: Option<u32>,
        wounds: Option<u32>,
        hardy: Vec<(String, u32)>,
        medals: Vec<(String, u32)>,
        missions: Option<u32>,
        discipline: Option<u32>,
        why: String,
    },
    /// Carries the squad's paper sheet over: its RP bank and the Missions played on paper.
    CarrySquadOver {
        rp_bank: Option<u32>,
        missions: Option<u32>,
        why: String,
    },
    /// Marks a campaign created before commands were kept: from here on every command
    /// carries its command. The write side gives it, once, before the first command it
    /// records on an unmarked campaign.
    KeepCommands,
}

impl Command {
    /// True for commands that may roll a die.
    pub fn rolls(&self) -> bool {
        matches!(
            self,
            Command::Check { .. }
                | Command::Environ { .. }
                | Command::IgnoreEncounter
                | Command::RollEncounter { .. }
                | Command::RetryEncounter { .. }
                | Command::RollMedalRecipient { .. }
                | Command::ChooseTask(_)
        )
    }
}

impl Command {
    /// The rulebook it belongs to, which says the games and the expansion it needs.
    ///
    /// Enlisting a Soldier is the campaign's own, whatever his kind: `decide` tells a K9 or
    /// a hero in the wrong game apart, in his card's words.
    pub fn rulebook(&self) -> Rulebook {
        match self {
            Command::CreateCampaign { .. }
            | Command::AddExpansion(_)
            | Command::RemoveExpansion(_)
            | Command::Enlist(_)
            | Command::StartMission { .. }
            | Command::NextTurn
            | Command::EndMission { .. }
            | Command::AdjustXp { .. }
            | Command::AdoptRules { .. }
            | Command::CommitSeed { .. }
            | Command::RevealSeed { .. }
            | Command::Assert { .. }
            | Command::Note { .. }
            | Command::CarrySoldierOver { .. }
            | Command::CarrySquadOver { .. }
            | Command::KeepCommands => Rulebook::Campaign,
            Command::Harm { .. }
            | Command::ChangeStatus { .. }
            | Command::RecordEkia { .. }
            | Command::GrantRp { .. }
            | Command::SpendRp { .. }
            | Command::AwardMedal { .. }
            | Command::SuppressHostile { .. }
            | Command::GainRpCard { .. }
            | Command::LoseRpCard { .. } => Rulebook::Warfighter,
            Command::Check { .. } | Command::ActivateObjective(_) | Command::CompleteObjective(_) => {
                Rulebook::Checks
            }
            Command::AdjustHardy { .. }
            | Command::Environ { .. }
            | Command::Resolve { .. }
            | Command::DeclareEnvironments { .. }
            | Command::ClearEnvironments { .. } => Rulebook::Environment,
            Command::DrawEncounter { .. }
            | Command::IgnoreEncounter
            | Command::RollEncounter { .. }
            | Command::AcceptFailure
            | Command::RetryEncounter { .. }
            | Command::ResolveK9Objective => Rulebook::K9,
            Command::LoadMedalDeck(_)
            | Command::DrawMedal { .. }
            | Command::RevealMedal { .. }
            | Command::RollMedalRecipient { .. }
            | Command::EarnMedal { .. }
            | Command::LoseMedal { .. }
            | Command::ReshuffleMedals => Rulebook::Medals,
            Command::SetHeroState { .. }
            | Command::AddBogey(_)
            | Command::TargetBogey { .. }
            | Command::DownBogey { .. }
            | Command::KillBogey { .. }
            | Command::BuyTime { .. }
            | Command::ChooseTask(_)
            | Command::InteractDeadDrop
            | Command::RescueExtracted
            | Command::Persuade { .. }
            | Command::MakeDependent { .. }
            | Command::AllyStrayed { .. }
            | Command::SetAside(_)
            | Command::ControlDeckOut
            | Command::FlipSetAside(_) => Rulebook::ZeroDark,
        }
    }
}
