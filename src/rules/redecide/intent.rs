//! The inverse of `decide`: the command a command's events show. Every event kind has its arm
//! in [`by_first`], which the compiler keeps exhaustive: a new kind either names the command it
//! begins or says why it never begins one.

use crate::domain::command::{Command, Harm, NamedModifier, StatusChange, XpTarget};
use crate::domain::event::{
    EncounterStep, EnvironmentRolled, Event, Heading, K9RollMade, MissionEnvironment,
};
use crate::domain::k9::Resource;
use crate::domain::medals::MedalDeckFile;
use crate::domain::roll::Modifier;
use crate::domain::state::COMPUTED;
use crate::domain::zero_dark::HeroState;

/// Why a command's events do not show a command for `decide`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unshown {
    /// This kind is written only after another event of its command, never first: the reason.
    NeverFirst(&'static str),
    /// A void: decided on the log from the command it voids up to it, not by `decide`
    /// (`verify::voids` decides it again).
    Void,
}

/// The kinds no command of `decide` begins with, and why. [`by_first`] gives each of them
/// [`Unshown`]; a test holds the two lists equal, and the README lists them.
pub(crate) const NOT_BEGUN: &[(&str, &str)] = &[
    ("discipline_reset", "written by a turn, after its turn_started"),
    (
        "suppress_cleared",
        "written by a Mission's end, after its mission_ended",
    ),
    (
        "medal_stickers_removed",
        "written by a Downed or KIA result, after it",
    ),
    ("rp_award_revised", "written by a void, after its command_voided"),
    (
        "command_voided",
        "a void is decided on the log from what it voids, not by `decide` (verify::voids decides it again)",
    ),
    ("discipline_spent", "a K9 roll's payment, before its k9_roll_made"),
    (
        "priority_task_resolved",
        "written by a Mission's end, before its mission_ended",
    ),
];

/// The commands `events` (one command's, past any void and seed commitment that lead it)
/// show, to be decided in order on the state before them.
pub(crate) fn intent(events: &[Event]) -> Result<Vec<Command>, Unshown> {
    // A command whose first events are paid, expired or resolved on its way shows what it
    // asked later: a K9 Objective resolved (which ends the Mission too), a turn, a Mission's
    // end, a K9 roll; else its first event shows it.
    let shows = |f: fn(&Event) -> bool| events.iter().find(|e| f(e));
    let first = shows(|e| matches!(e, Event::K9ObjectiveResolved(_)))
        .or_else(|| shows(|e| matches!(e, Event::TurnStarted(_))))
        .or_else(|| shows(|e| matches!(e, Event::MissionEnded(_))))
        .or_else(|| shows(|e| matches!(e, Event::K9RollMade(_))))
        .or_else(|| events.first())
        .ok_or(Unshown::NeverFirst("a command writes at least one event"))?;
    let command = by_first(first, events)?;
    // The dice seed is committed with the campaign, by a second decision.
    let committed = events.iter().skip(1).find_map(|e| match e {
        Event::SeedCommitted(s) if matches!(first, Event::CampaignCreated(_)) => Some(Command::CommitSeed {
            commitment: s.commitment.clone(),
        }),
        _ => None,
    });
    Ok(std::iter::once(command).chain(committed).collect())
}

/// The command a command beginning with `first` asked, from its events; every kind's arm.
fn by_first(first: &Event, events: &[Event]) -> Result<Command, Unshown> {
    let never = |kind: &str| {
        Unshown::NeverFirst(
            NOT_BEGUN
                .iter()
                .find(|(k, _)| *k == kind)
                .map_or("never first", |(_, why)| why),
        )
    };
    let harm = |harm: Harm, soldier: &str, amount: u32| Command::Harm {
        harm,
        soldier: soldier.to_owned(),
        amount: i64::from(amount),
    };
    let status = |change: StatusChange, soldier: &str| Command::ChangeStatus {
        change,
        soldier: soldier.to_owned(),
    };
    Ok(match first {
        // The campaign's own.
        Event::CampaignCreated(e) => Command::CreateCampaign {
            commands_kept: e.commands_kept,
            game: e.game,
            nation: e.nation.clone(),
            expansions: e.expansions.clone(),
        },
        Event::SoldierEnlisted(e) => Command::Enlist(Box::new(e.card.clone())),
        Event::CommandsKept(_) => Command::KeepCommands,
        Event::TurnStarted(_) => Command::NextTurn,
        Event::MissionEnded(e) => Command::EndMission {
            result: e.result,
            rp_award: e
                .rp_award
                .as_ref()
                .filter(|a| !a.why.starts_with(COMPUTED))
                .map(|a| (i64::from(a.amount), a.why.clone())),
        },
        Event::MissionStarted(e) => Command::StartMission {
            name: e.name.clone(),
            soldiers: e.soldiers.clone(),
            objectives: e.objectives,
            k9_objective: e.k9_objective.clone(),
            environments: environments(events, |e| match e {
                Event::EnvironmentDeclared(d) => Some(d),
                _ => None,
            }),
        },
        Event::RulesAdopted(e) => Command::AdoptRules {
            version: Some(e.version),
        },
        Event::ExpansionAdded(e) => Command::AddExpansion(e.expansion),
        Event::ExpansionRemoved(e) => Command::RemoveExpansion(e.expansion),
        Event::SeedCommitted(e) => Command::CommitSeed {
            commitment: e.commitment.clone(),
        },
        Event::SeedRevealed(e) => Command::RevealSeed {
            seed: e.seed.clone(),
            next_commitment: events
                .iter()
                .find_map(|e| match e {
                    Event::SeedCommitted(next) => Some(next.commitment.clone()),
                    _ => None,
                })
                .unwrap_or_default(),
        },
        Event::AssertionRecorded(e) => Command::Assert {
            soldier: e.soldier.clone(),
            fields: e
                .fields
                .iter()
                .map(|(field, value)| (field.clone(), value.clone()))
                .collect(),
        },
        Event::SoldierCarriedOver(e) => Command::CarrySoldierOver {
            soldier: e.soldier.clone(),
            xp: e.xp,
            wounds: e.wounds,
            hardy: e.hardy.iter().map(|(kind, n)| (kind.clone(), *n)).collect(),
            medals: e.medals.iter().map(|m| (m.name.clone(), m.rp)).collect(),
            missions: e.missions,
            discipline: e.discipline,
            why: e.why.clone(),
        },
        Event::SquadCarriedOver(e) => Command::CarrySquadOver {
            rp_bank: e.rp_bank,
            missions: e.missions,
            why: e.why.clone(),
        },
        Event::NoteWritten(e) => Command::Note {
            text: e.text.clone(),
            soldier: e.soldier.clone(),
            mission: e.mission,
        },
        Event::XpAdjusted(e) => Command::AdjustXp {
            target: XpTarget::Soldier(e.soldier.clone()),
            amount: e.amount,
            why: e.why.clone(),
        },
        Event::TeamXpAdjusted(e) => Command::AdjustXp {
            target: XpTarget::Team,
            amount: e.amount,
            why: e.why.clone(),
        },
        // Warfighter's core.
        Event::Wounded(e) => harm(Harm::Wound, &e.soldier, e.amount),
        Event::Suppressed(e) => harm(Harm::Suppress, &e.soldier, e.amount),
        Event::Healed(e) => harm(Harm::Heal, &e.soldier, e.amount),
        Event::Downed(e) => status(StatusChange::Down, &e.soldier),
        Event::Recovered(e) => status(StatusChange::Recover, &e.soldier),
        Event::Killed(e) => status(StatusChange::Kill, &e.soldier),
        Event::Discharged(e) => status(StatusChange::Discharge, &e.soldier),
        Event::MedalAwarded(e) => Command::AwardMedal {
            soldier: e.soldier.clone(),
            medal: e.medal.name.clone(),
            rp: i64::from(e.medal.rp),
            why: e.why.clone(),
        },
        // An EKIA or a Suppression may lose an Eliminate Medal: the rules say which.
        Event::EkiaRecorded(e) => Command::RecordEkia {
            soldier: e.soldier.clone(),
            hostile: e.hostile.clone(),
            value: i64::from(e.value),
        },
        Event::RpGranted(e) => Command::GrantRp {
            amount: i64::from(e.amount),
            why: e.why.clone(),
        },
        Event::RpSpent(e) => Command::SpendRp {
            amount: i64::from(e.amount),
            why: e.why.clone(),
        },
        Event::HostileSuppressed(e) => Command::SuppressHostile {
            soldier: e.soldier.clone(),
            hostile: e.hostile.clone(),
        },
        Event::RpCardGained(e) => Command::GainRpCard {
            soldier: e.soldier.clone(),
            kind: e.card,
            name: e.name.clone(),
            rp: i64::from(e.rp),
        },
        Event::RpCardLost(e) => Command::LoseRpCard {
            soldier: e.soldier.clone(),
            kind: e.card,
            name: e.name.clone(),
        },
        // Ability checks and Objectives.
        // A check's modifiers are the ones the player named, and its roll carries them all.
        Event::CheckRolled(e) => Command::Check {
            soldier: e.soldier.clone(),
            ability: e.ability.clone(),
            modifiers: named(&e.roll.modifiers, ""),
            upgunned: e.upgunned,
            trap: e.trap,
            fail: e.heading == Heading::Fail && !e.trap,
            card: e.card.clone(),
        },
        Event::ObjectiveActivated(e) => Command::ActivateObjective(i64::from(e.objective)),
        Event::ObjectiveCompleted(e) => Command::CompleteObjective(i64::from(e.objective)),
        // Environment and Hardy.
        Event::HardyAdjusted(e) => Command::AdjustHardy {
            soldier: e.soldier.clone(),
            hardy: e.hardy.clone(),
            amount: e.amount,
            why: e.why.clone(),
        },
        // An Environment roll, one event per Environ of the Location; its Fire modifier is the
        // keyword's, not the player's.
        Event::EnvironmentRolled(e) => environ(e, events),
        Event::EnvironmentResolved(e) => Command::Resolve {
            soldier: e.soldier.clone(),
            choice: e.choice,
            rolled_at: Some(e.rolled_at),
        },
        Event::EnvironmentDeclared(e) => Command::DeclareEnvironments {
            scope: e.scope,
            name: e.name.clone(),
            environments: environments(events, |e| match e {
                Event::EnvironmentDeclared(d) => Some(d),
                _ => None,
            }),
        },
        Event::EnvironmentCleared(e) => Command::ClearEnvironments {
            scope: e.scope,
            name: e.name.clone(),
            environments: environments(events, |e| match e {
                Event::EnvironmentCleared(d) => Some(d),
                _ => None,
            }),
        },
        // K9 & Handlers (a roll, wherever it stands in its command, was asked above).
        Event::K9EncounterDrawn(e) => Command::DrawEncounter {
            card: Box::new(e.card.clone()),
            first_in: Some(e.first_in.clone()),
        },
        Event::K9RollMade(e) => k9_roll(e),
        Event::K9EncounterResolved(_) => Command::AcceptFailure,
        Event::K9ObjectiveResolved(_) => Command::ResolveK9Objective,
        // Medals.
        Event::MedalDeckLoaded(e) => Command::LoadMedalDeck(MedalDeckFile {
            medals: e.medals.clone(),
            nation: e.nation.clone(),
        }),
        Event::MedalDrawn(e) => Command::DrawMedal {
            medal: e.medal.clone(),
            trigger: e.trigger.clone(),
            hostile: e.hostile.clone(),
        },
        Event::MedalRevealed(e) => Command::RevealMedal {
            medal: e.medal.clone(),
        },
        Event::MedalRecipientRolled(e) => Command::RollMedalRecipient {
            medal: e.medal.clone(),
        },
        Event::MedalEarned(e) => Command::EarnMedal {
            medal: e.medal.clone(),
        },
        // A Medal lost on its own (`medal lose`); one lost at a turn or a Mission's end was
        // asked above.
        Event::MedalLost(e) => Command::LoseMedal {
            medal: e.medal.clone(),
            to: e.to,
            why: e.why.clone(),
        },
        Event::MedalsReshuffled(_) => Command::ReshuffleMedals,
        // Horizon Wars: Zero Dark.
        Event::HeroStateSet(e) => Command::SetHeroState {
            hero: e.hero.clone(),
            state: e.state,
        },
        Event::BogeyAdded(e) => Command::AddBogey(e.bogey.clone()),
        Event::BogeyTargeted(e) => Command::TargetBogey {
            bogey: e.bogey.clone(),
            by: e.by.clone(),
        },
        Event::BogeyDowned(e) => Command::DownBogey {
            bogey: e.bogey.clone(),
            by: e.by.clone(),
        },
        Event::BogeyKilled(e) => Command::KillBogey {
            bogey: e.bogey.clone(),
            by: e.by.clone(),
        },
        Event::BuyTimeDeclared(e) => Command::BuyTime {
            ours: true,
            versus: e
                .versus
                .as_ref()
                .map(|v| (v.opponent_buys_time, i64::from(v.opponent_d))),
        },
        Event::OpponentBoughtTime(e) => Command::BuyTime {
            ours: false,
            versus: Some((true, i64::from(e.opponent_d))),
        },
        Event::ControlCardsSetAside(e) => Command::SetAside(i64::from(e.cards)),
        Event::ControlDeckRanOut(_) => Command::ControlDeckOut,
        Event::SetAsideCardsFlipped(e) => Command::FlipSetAside(i64::from(e.cards)),
        Event::PriorityTaskChosen(e) => Command::ChooseTask(e.task),
        Event::DeadDropInteracted(_) => Command::InteractDeadDrop,
        Event::RescueExtracted(_) => Command::RescueExtracted,
        // A persuasion wounds (or kills) the hero as the bogey's successes say; an Ally left by
        // a hero who died goes to the hero named.
        Event::PersuasionTested(e) => Command::Persuade {
            hero: e.hero.clone(),
            bogey: e.bogey.clone(),
            hero_successes: i64::from(e.hero_successes),
            bogey_successes: i64::from(e.bogey_successes),
            hero_died: events.iter().any(|event| {
                matches!(event, Event::HeroStateSet(s) if s.hero == e.hero && s.state == HeroState::Dead)
            }),
            ally_to: e.ally_of.clone().filter(|ally| *ally != e.hero),
        },
        Event::AllyMadeDependent(e) => Command::MakeDependent {
            hero: e.hero.clone(),
            ally: e.ally.clone(),
        },
        Event::AllyDied(e) => Command::AllyStrayed {
            hero: e.hero.clone(),
            ally: e.ally.clone(),
        },
        // Written only inside another command.
        Event::DisciplineReset(_)
        | Event::SuppressCleared(_)
        | Event::MedalStickersRemoved(_)
        | Event::RpAwardRevised(_)
        | Event::DisciplineSpent(_)
        | Event::PriorityTaskResolved(_) => return Err(never(first.kind())),
        Event::CommandVoided(_) => return Err(Unshown::Void),
    })
}

/// A roll of the open K9 Encounter, with the options it paid.
fn k9_roll(e: &K9RollMade) -> Command {
    let payments = e
        .roll
        .costs
        .iter()
        .map(|c| match c.resource.as_str() {
            "discipline" => Resource::Discipline,
            "xp" => Resource::Xp,
            _ => Resource::Discards,
        })
        .collect::<Vec<_>>();
    match e.step {
        EncounterStep::Roll(_) => Command::RollEncounter { payments },
        EncounterStep::Retry => Command::RetryEncounter { payments },
        EncounterStep::Ignore => Command::IgnoreEncounter,
    }
}

/// An Environment roll, one event per Environ of the Location.
fn environ(e: &EnvironmentRolled, events: &[Event]) -> Command {
    let rolled: Vec<&EnvironmentRolled> = events
        .iter()
        .filter_map(|event| match event {
            Event::EnvironmentRolled(rolled) => Some(&**rolled),
            _ => None,
        })
        .collect();
    let modifiers = rolled
        .iter()
        .find_map(|r| r.roll.as_ref())
        .map(|roll| named(&roll.modifiers, "keyword Fire"))
        .unwrap_or_default();
    Command::Environ {
        soldier: e.soldier.clone(),
        environments: rolled
            .iter()
            .map(|r| (r.environment.clone(), i64::from(r.target)))
            .collect(),
        modifiers,
        location: e.location.clone(),
    }
}

/// Each Environment `of` picks out of `events`, with its target.
fn environments(events: &[Event], of: fn(&Event) -> Option<&MissionEnvironment>) -> Vec<(String, i64)> {
    events
        .iter()
        .filter_map(of)
        .map(|e| (e.environment.clone(), i64::from(e.target)))
        .collect()
}

/// The modifiers the player named, as the command takes them, leaving out `keyword`'s.
fn named(modifiers: &[Modifier], keyword: &str) -> Vec<NamedModifier> {
    modifiers
        .iter()
        .filter(|m| m.source != keyword)
        .map(|m| NamedModifier {
            value: i64::from(m.value),
            source: m.source.clone(),
        })
        .collect()
}
