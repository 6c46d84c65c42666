//! The vocabulary of the log: every fact muster records, named in the past tense.
//!
//! An event's shape is a contract with every log ever written: a shipped kind is never
//! changed in place. A new shape gets a higher schema number (see [`Event::schema`]) and an
//! upcaster in `domain::codec` that turns the old payload into the new one on read.

mod campaign;
mod checks;
mod environment;
mod k9;
mod medals;
mod warfighter;
mod zero_dark;

use serde::{Deserialize, Serialize};

use super::rulebook::Rulebook;

pub use campaign::*;
pub use checks::*;
pub use environment::*;
pub use k9::*;
pub use medals::*;
pub use warfighter::*;
pub use zero_dark::*;

/// Every event kind, as stored in the log's `kind` column; a test keeps it equal to the
/// kinds the decoder knows.
pub const KINDS: &[&str] = &[
    "campaign_created",
    "soldier_enlisted",
    "mission_started",
    "turn_started",
    "discipline_reset",
    "mission_ended",
    "wounded",
    "suppressed",
    "healed",
    "suppress_cleared",
    "downed",
    "recovered",
    "killed",
    "discharged",
    "medal_awarded",
    "medal_stickers_removed",
    "xp_adjusted",
    "team_xp_adjusted",
    "hardy_adjusted",
    "ekia_recorded",
    "rp_granted",
    "rp_spent",
    "rp_award_revised",
    "command_voided",
    "rules_adopted",
    "expansion_added",
    "expansion_removed",
    "seed_committed",
    "check_rolled",
    "environment_rolled",
    "environment_resolved",
    "environment_declared",
    "environment_cleared",
    "objective_activated",
    "objective_completed",
    "k9_encounter_drawn",
    "k9_roll_made",
    "discipline_spent",
    "k9_encounter_resolved",
    "k9_objective_resolved",
    "medal_deck_loaded",
    "medal_drawn",
    "medal_revealed",
    "medal_recipient_rolled",
    "medal_earned",
    "medal_lost",
    "medals_reshuffled",
    "hostile_suppressed",
    "rp_card_gained",
    "rp_card_lost",
    "hero_state_set",
    "bogey_added",
    "bogey_targeted",
    "bogey_downed",
    "bogey_killed",
    "buy_time_declared",
    "priority_task_chosen",
    "dead_drop_interacted",
    "rescue_extracted",
    "priority_task_resolved",
    "persuasion_tested",
    "ally_made_dependent",
    "ally_died",
    "opponent_bought_time",
    "control_cards_set_aside",
    "control_deck_ran_out",
    "set_aside_cards_flipped",
    "seed_revealed",
    "assertion_recorded",
    "commands_kept",
    "note_written",
    "soldier_carried_over",
    "squad_carried_over",
];

/// The schema number of each kind's current payload shape: 1 unless listed here.
pub fn current_schema(kind: &str) -> u32 {
    match kind {
        // 2: `objectives` became optional (tracked Multiple Objectives) instead of a count.
        // 3: `untracked_objectives` keeps the count a schema 1 log placed without tracking.
        "mission_started" => 3,
        // 2: `rules`, the rules version the campaign is decided under; `expansions` only
        // names muster knows, any other word kept in `unrecognized_expansions`.
        // 3: `commands_kept`, true when the campaign keeps every command's command from its
        // start.
        "campaign_created" => 3,
        // 2: `disproofs`, the generated faces a revealed seed disproves, which let a void
        // strike a forged roll.
        "command_voided" => 2,
        _ => 1,
    }
}

/// One fact in a campaign's history.
///
/// In serde it reads and writes as `{"kind": …, "payload": {…}}`, the log's two columns:
/// with the kind first, a payload is read straight into its type, without the buffering an
/// internally tagged enum needs. A payload much larger than the others (one holding a roll or
/// a card) is boxed, which serde reads and writes as the payload itself: an event is moved
/// whole wherever it goes, and `verify` moves a million.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "payload", rename_all = "snake_case")]
pub enum Event {
    /// The campaign was created; always the first event of a campaign.
    CampaignCreated(CampaignCreated),
    /// A Soldier (or Zero Dark hero) joined the campaign.
    SoldierEnlisted(Box<SoldierEnlisted>),
    /// A Mission began with the Soldiers taken on it.
    MissionStarted(MissionStarted),
    /// A new turn of the Mission in progress began.
    TurnStarted(TurnStarted),
    /// A K9's Discipline counters were set to its Discipline stat (start of turn 1).
    DisciplineReset(DisciplineReset),
    /// The Mission in progress ended.
    MissionEnded(MissionEnded),
    /// A Soldier suffered Wounds.
    Wounded(SoldierAmount),
    /// A Soldier suffered Suppress.
    Suppressed(SoldierAmount),
    /// Wounds were healed.
    Healed(SoldierAmount),
    /// A Soldier's Suppress was cleared at the end of a Mission.
    SuppressCleared(SoldierAmount),
    /// A Soldier suffered a Downed result.
    Downed(SoldierNamed),
    /// A Downed Soldier returned to duty.
    Recovered(SoldierNamed),
    /// A Soldier was Killed (KIA).
    Killed(SoldierNamed),
    /// A Soldier left the campaign alive.
    Discharged(SoldierNamed),
    /// A Medal sticker was put on a Soldier.
    MedalAwarded(MedalAwarded),
    /// A Soldier's Medal stickers were removed after a Downed or KIA result.
    MedalStickersRemoved(MedalStickersRemoved),
    /// A Soldier's XP changed.
    XpAdjusted(XpAdjusted),
    /// The Zero Dark team's shared XP pool changed.
    TeamXpAdjusted(TeamXpAdjusted),
    /// A Soldier's Hardy counters of one type changed.
    HardyAdjusted(HardyAdjusted),
    /// A Soldier inflicted an EKIA on a Hostile, gaining its value in XP.
    EkiaRecorded(EkiaRecorded),
    /// RP went into the squad's bank.
    RpGranted(RpMovement),
    /// RP was spent from the squad's bank.
    RpSpent(RpMovement),
    /// A void changed what a Mission's computed RP award rests on: the award as it now computes.
    RpAwardRevised(RpAwardRevised),
    /// Every event of an earlier command was voided; projections skip them from here on.
    CommandVoided(CommandVoided),
    /// The campaign adopted newer rules, decided under them from here on.
    RulesAdopted(RulesAdopted),
    /// The campaign started using an expansion.
    ExpansionAdded(ExpansionChanged),
    /// The campaign stopped using an expansion no recorded event needed.
    ExpansionRemoved(ExpansionChanged),
    /// The seed for generated dice was committed (its SHA-256), before it makes any roll.
    SeedCommitted(SeedCommitted),
    /// A Soldier made an ability check.
    CheckRolled(Box<CheckRolled>),
    /// A Soldier rolled against an Environment (or was immune to it).
    EnvironmentRolled(Box<EnvironmentRolled>),
    /// A failed Environment roll was paid for with a Hardy counter, a Wound or a Suppress.
    EnvironmentResolved(EnvironmentResolved),
    /// The Mission, a Location or an Event declared an Environment in force from now on.
    EnvironmentDeclared(MissionEnvironment),
    /// A declared Environment ended: the Soldiers left its Location, or its Event ended.
    EnvironmentCleared(MissionEnvironment),
    /// An Objective was Activated; the Inactive counter moved right.
    ObjectiveActivated(ObjectiveMarked),
    /// An Objective was completed.
    ObjectiveCompleted(ObjectiveMarked),
    /// A K9 Encounter card was drawn for a new Location.
    K9EncounterDrawn(Box<K9EncounterDrawn>),
    /// A roll of the open K9 Encounter (its Ignore roll, a roll of its series, or the retry).
    K9RollMade(Box<K9RollMade>),
    /// A K9's Discipline counters were paid.
    DisciplineSpent(DisciplineSpent),
    /// The open K9 Encounter ended.
    K9EncounterResolved(K9EncounterResolved),
    /// The Mission's K9 Objective was resolved, which completes the Mission.
    K9ObjectiveResolved(K9ObjectiveResolved),
    /// The Nation's Medal deck was shuffled face down for the campaign.
    MedalDeckLoaded(MedalDeckLoaded),
    /// A Medal card was drawn because its condition was met.
    MedalDrawn(MedalDrawn),
    /// A Medal held face down was revealed.
    MedalRevealed(MedalRevealed),
    /// The drawn Medal's potential recipient was chosen at random.
    MedalRecipientRolled(Box<MedalRecipientRolled>),
    /// The recipient met the Medal's requirement; the sticker and benefits follow.
    MedalEarned(MedalEarned),
    /// A drawn Medal was not earned: shuffled back or discarded.
    MedalLost(MedalLost),
    /// The discarded Medals were shuffled back into the deck.
    MedalsReshuffled(MedalsReshuffled),
    /// A Soldier placed a Suppression on a Hostile card.
    HostileSuppressed(HostileSuppressed),
    /// A Soldier gained a Skill, Equipment or Service Record card worth RP.
    RpCardGained(RpCard),
    /// A Soldier lost such a card.
    RpCardLost(RpCard),
    /// A Zero Dark hero's state changed.
    HeroStateSet(HeroStateSet),
    /// A bogey of the Red Force was placed for the Mission.
    BogeyAdded(BogeyAdded),
    /// A hero placed a bogey into the targeted state.
    BogeyTargeted(BogeyAction),
    /// A bogey was put into the down state.
    BogeyDowned(BogeyAction),
    /// A bogey was put into the dead state.
    BogeyKilled(BogeyAction),
    /// The Spook bought time instead of drawing his hand.
    BuyTimeDeclared(BuyTimeDeclared),
    /// The Spook's priority task for the Mission.
    PriorityTaskChosen(Box<PriorityTaskChosen>),
    /// The Spook interacted with the dead-drop (Acquisition).
    DeadDropInteracted(DeadDropInteracted),
    /// Rescue: the persuaded bogey ended within 4" of the Spook, or left the table alive.
    RescueExtracted(DeadDropInteracted),
    /// The priority task's outcome, computed from the log at the Mission's end.
    PriorityTaskResolved(PriorityTaskResolved),
    /// A hero tested A against a bogey in CQB to persuade it.
    PersuasionTested(PersuasionTested),
    /// An Ally took the Dependent upgrade.
    AllyMadeDependent(AllyEvent),
    /// An Ally died (a Dependent Ally left more than 4" from its hero).
    AllyDied(AllyEvent),
    /// Versus: only the other side's Spook bought time.
    OpponentBoughtTime(OpponentBoughtTime),
    /// Buy Time: the first Control Deck cards flipped went to one side.
    ControlCardsSetAside(ControlCardsSetAside),
    /// Buy Time: the Control Deck ran out; the set-aside cards take its place.
    ControlDeckRanOut(ControlDeckRanOut),
    /// Buy Time: set-aside cards flipped after the Control Deck ran out.
    SetAsideCardsFlipped(SetAsideCardsFlipped),
    /// A committed dice seed was revealed; a new one is committed in the same command.
    SeedRevealed(SeedRevealed),
    /// The numbers on a Soldier's paper sheet, which `verify` checks against the log.
    AssertionRecorded(AssertionRecorded),
    /// From here on every command carries its command: one without it is refused.
    CommandsKept(CommandsKept),
    /// A player wrote a note on the campaign, a Soldier or a Mission.
    NoteWritten(NoteWritten),
    /// A Soldier's paper sheet was carried over into muster.
    SoldierCarriedOver(Box<SoldierCarriedOver>),
    /// The squad's paper sheet (its Missions played, its RP bank) was carried over into muster.
    SquadCarriedOver(SquadCarriedOver),
}

impl Event {
    /// The snake_case name of this event's kind, as stored in the log's `kind` column.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::CampaignCreated(_) => "campaign_created",
            Event::SoldierEnlisted(_) => "soldier_enlisted",
            Event::MissionStarted(_) => "mission_started",
            Event::TurnStarted(_) => "turn_started",
            Event::DisciplineReset(_) => "discipline_reset",
            Event::MissionEnded(_) => "mission_ended",
            Event::Wounded(_) => "wounded",
            Event::Suppressed(_) => "suppressed",
            Event::Healed(_) => "healed",
            Event::SuppressCleared(_) => "suppress_cleared",
            Event::Downed(_) => "downed",
            Event::Recovered(_) => "recovered",
            Event::Killed(_) => "killed",
            Event::Discharged(_) => "discharged",
            Event::MedalAwarded(_) => "medal_awarded",
            Event::MedalStickersRemoved(_) => "medal_stickers_removed",
            Event::XpAdjusted(_) => "xp_adjusted",
            Event::TeamXpAdjusted(_) => "team_xp_adjusted",
            Event::HardyAdjusted(_) => "hardy_adjusted",
            Event::EkiaRecorded(_) => "ekia_recorded",
            Event::RpGranted(_) => "rp_granted",
            Event::RpSpent(_) => "rp_spent",
            Event::RpAwardRevised(_) => "rp_award_revised",
            Event::CommandVoided(_) => "command_voided",
            Event::RulesAdopted(_) => "rules_adopted",
            Event::ExpansionAdded(_) => "expansion_added",
            Event::ExpansionRemoved(_) => "expansion_removed",
            Event::SeedCommitted(_) => "seed_committed",
            Event::CheckRolled(_) => "check_rolled",
            Event::EnvironmentRolled(_) => "environment_rolled",
            Event::EnvironmentResolved(_) => "environment_resolved",
            Event::EnvironmentDeclared(_) => "environment_declared",
            Event::EnvironmentCleared(_) => "environment_cleared",
            Event::ObjectiveActivated(_) => "objective_activated",
            Event::ObjectiveCompleted(_) => "objective_completed",
            Event::K9EncounterDrawn(_) => "k9_encounter_drawn",
            Event::K9RollMade(_) => "k9_roll_made",
            Event::DisciplineSpent(_) => "discipline_spent",
            Event::K9EncounterResolved(_) => "k9_encounter_resolved",
            Event::K9ObjectiveResolved(_) => "k9_objective_resolved",
            Event::MedalDeckLoaded(_) => "medal_deck_loaded",
            Event::MedalDrawn(_) => "medal_drawn",
            Event::MedalRevealed(_) => "medal_revealed",
            Event::MedalRecipientRolled(_) => "medal_recipient_rolled",
            Event::MedalEarned(_) => "medal_earned",
            Event::MedalLost(_) => "medal_lost",
            Event::MedalsReshuffled(_) => "medals_reshuffled",
            Event::HostileSuppressed(_) => "hostile_suppressed",
            Event::RpCardGained(_) => "rp_card_gained",
            Event::RpCardLost(_) => "rp_card_lost",
            Event::HeroStateSet(_) => "hero_state_set",
            Event::BogeyAdded(_) => "bogey_added",
            Event::BogeyTargeted(_) => "bogey_targeted",
            Event::BogeyDowned(_) => "bogey_downed",
            Event::BogeyKilled(_) => "bogey_killed",
            Event::BuyTimeDeclared(_) => "buy_time_declared",
            Event::PriorityTaskChosen(_) => "priority_task_chosen",
            Event::DeadDropInteracted(_) => "dead_drop_interacted",
            Event::RescueExtracted(_) => "rescue_extracted",
            Event::PriorityTaskResolved(_) => "priority_task_resolved",
            Event::PersuasionTested(_) => "persuasion_tested",
            Event::AllyMadeDependent(_) => "ally_made_dependent",
            Event::AllyDied(_) => "ally_died",
            Event::OpponentBoughtTime(_) => "opponent_bought_time",
            Event::ControlCardsSetAside(_) => "control_cards_set_aside",
            Event::ControlDeckRanOut(_) => "control_deck_ran_out",
            Event::SetAsideCardsFlipped(_) => "set_aside_cards_flipped",
            Event::SeedRevealed(_) => "seed_revealed",
            Event::AssertionRecorded(_) => "assertion_recorded",
            Event::CommandsKept(_) => "commands_kept",
            Event::NoteWritten(_) => "note_written",
            Event::SoldierCarriedOver(_) => "soldier_carried_over",
            Event::SquadCarriedOver(_) => "squad_carried_over",
        }
    }

    /// The current schema number of this event's payload shape.
    ///
    /// Raising one (in [`current_schema`]) needs an upcaster in `domain::codec` from the
    /// schema before it.
    pub fn schema(&self) -> u32 {
        current_schema(self.kind())
    }

    /// The rulebook it belongs to, which says the games and the expansion it needs.
    pub fn rulebook(&self) -> Rulebook {
        match self {
            Event::CampaignCreated(_)
            | Event::ExpansionAdded(_)
            | Event::ExpansionRemoved(_)
            | Event::SoldierEnlisted(_)
            | Event::MissionStarted(_)
            | Event::TurnStarted(_)
            | Event::MissionEnded(_)
            | Event::XpAdjusted(_)
            | Event::CommandVoided(_)
            | Event::RulesAdopted(_)
            | Event::SeedCommitted(_)
            | Event::SeedRevealed(_)
            | Event::AssertionRecorded(_)
            | Event::CommandsKept(_)
            | Event::NoteWritten(_)
            | Event::SoldierCarriedOver(_)
            | Event::SquadCarriedOver(_) => Rulebook::Campaign,
            Event::Wounded(_)
            | Event::Suppressed(_)
            | Event::Healed(_)
            | Event::SuppressCleared(_)
            | Event::Downed(_)
            | Event::Recovered(_)
            | Event::Killed(_)
            | Event::Discharged(_)
            | Event::MedalAwarded(_)
            | Event::MedalStickersRemoved(_)
            | Event::EkiaRecorded(_)
            | Event::RpGranted(_)
            | Event::RpSpent(_)
            | Event::RpAwardRevised(_)
            | Event::HostileSuppressed(_)
            | Event::RpCardGained(_)
            | Event::RpCardLost(_) => Rulebook::Warfighter,
            Event::CheckRolled(_) | Event::ObjectiveActivated(_) | Event::ObjectiveCompleted(_) => {
                Rulebook::Checks
            }
            Event::HardyAdjusted(_)
            | Event::EnvironmentRolled(_)
            | Event::EnvironmentResolved(_)
            | Event::EnvironmentDeclared(_)
            | Event::EnvironmentCleared(_) => Rulebook::Environment,
            Event::K9EncounterDrawn(_)
            | Event::K9RollMade(_)
            | Event::DisciplineSpent(_)
            | Event::DisciplineReset(_)
            | Event::K9EncounterResolved(_)
            | Event::K9ObjectiveResolved(_) => Rulebook::K9,
            Event::MedalDeckLoaded(_)
            | Event::MedalDrawn(_)
            | Event::MedalRevealed(_)
            | Event::MedalRecipientRolled(_)
            | Event::MedalEarned(_)
            | Event::MedalLost(_)
            | Event::MedalsReshuffled(_) => Rulebook::Medals,
            Event::TeamXpAdjusted(_)
            | Event::HeroStateSet(_)
            | Event::BogeyAdded(_)
            | Event::BogeyTargeted(_)
            | Event::BogeyDowned(_)
            | Event::BogeyKilled(_)
            | Event::BuyTimeDeclared(_)
            | Event::PriorityTaskChosen(_)
            | Event::DeadDropInteracted(_)
            | Event::RescueExtracted(_)
            | Event::PriorityTaskResolved(_)
            | Event::PersuasionTested(_)
            | Event::AllyMadeDependent(_)
            | Event::AllyDied(_)
            | Event::OpponentBoughtTime(_)
            | Event::ControlCardsSetAside(_)
            | Event::ControlDeckRanOut(_)
            | Event::SetAsideCardsFlipped(_) => Rulebook::ZeroDark,
        }
    }

    /// The roll this event records, if it records one.
    pub fn roll(&self) -> Option<&crate::domain::roll::Roll> {
        match self {
            Event::CheckRolled(e) => Some(&e.roll),
            Event::EnvironmentRolled(e) => e.roll.as_ref(),
            Event::K9RollMade(e) => Some(&e.roll),
            Event::MedalRecipientRolled(e) => Some(&e.roll),
            Event::PriorityTaskChosen(e) => e.roll.as_ref(),
            _ => None,
        }
    }

    /// The Soldier this event is about, if it is about one.
    pub fn soldier(&self) -> Option<&str> {
        match self {
            Event::SoldierEnlisted(e) => Some(&e.card.name),
            Event::DisciplineReset(e) => Some(&e.soldier),
            Event::Wounded(e) | Event::Suppressed(e) | Event::Healed(e) => Some(&e.soldier),
            Event::SuppressCleared(e) => Some(&e.soldier),
            Event::Downed(e) | Event::Recovered(e) | Event::Killed(e) => Some(&e.soldier),
            Event::Discharged(e) => Some(&e.soldier),
            Event::MedalAwarded(e) => Some(&e.soldier),
            Event::MedalStickersRemoved(e) => Some(&e.soldier),
            Event::XpAdjusted(e) => Some(&e.soldier),
            Event::HardyAdjusted(e) => Some(&e.soldier),
            Event::EkiaRecorded(e) => Some(&e.soldier),
            Event::CheckRolled(e) => Some(&e.soldier),
            Event::EnvironmentRolled(e) => Some(&e.soldier),
            Event::EnvironmentResolved(e) => Some(&e.soldier),
            Event::DisciplineSpent(e) => Some(&e.soldier),
            Event::K9RollMade(e) => Some(&e.roll.who),
            Event::MedalRecipientRolled(e) => Some(&e.recipient),
            Event::MedalEarned(e) => Some(&e.soldier),
            Event::HostileSuppressed(e) => Some(&e.soldier),
            Event::RpCardGained(e) | Event::RpCardLost(e) => Some(&e.soldier),
            Event::HeroStateSet(e) => Some(&e.hero),
            Event::BogeyTargeted(e) | Event::BogeyDowned(e) | Event::BogeyKilled(e) => Some(&e.by),
            Event::BuyTimeDeclared(e) => Some(&e.spook),
            Event::PriorityTaskChosen(e) => Some(&e.spook),
            Event::DeadDropInteracted(e) | Event::RescueExtracted(e) => Some(&e.spook),
            Event::PriorityTaskResolved(e) => Some(&e.spook),
            Event::PersuasionTested(e) => Some(&e.hero),
            Event::AllyMadeDependent(e) | Event::AllyDied(e) => Some(&e.hero),
            Event::AssertionRecorded(e) => Some(&e.soldier),
            Event::NoteWritten(e) => e.soldier.as_deref(),
            Event::SoldierCarriedOver(e) => Some(&e.soldier),
            Event::CampaignCreated(_)
            | Event::MissionStarted(_)
            | Event::TurnStarted(_)
            | Event::MissionEnded(_)
            | Event::TeamXpAdjusted(_)
            | Event::RpGranted(_)
            | Event::RpSpent(_)
            | Event::RpAwardRevised(_)
            | Event::CommandVoided(_)
            | Event::RulesAdopted(_)
            | Event::ExpansionAdded(_)
            | Event::ExpansionRemoved(_)
            | Event::SeedCommitted(_)
            | Event::EnvironmentDeclared(_)
            | Event::EnvironmentCleared(_)
            | Event::ObjectiveActivated(_)
            | Event::ObjectiveCompleted(_)
            | Event::K9EncounterDrawn(_)
            | Event::K9EncounterResolved(_)
            | Event::K9ObjectiveResolved(_)
            | Event::MedalDeckLoaded(_)
            | Event::MedalDrawn(_)
            | Event::MedalRevealed(_)
            | Event::MedalLost(_)
            | Event::MedalsReshuffled(_)
            | Event::BogeyAdded(_)
            | Event::OpponentBoughtTime(_)
            | Event::ControlCardsSetAside(_)
            | Event::ControlDeckRanOut(_)
            | Event::SetAsideCardsFlipped(_)
            | Event::SeedRevealed(_)
            | Event::CommandsKept(_)
            | Event::SquadCarriedOver(_) => None,
        }
    }
}
