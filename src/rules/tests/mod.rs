//! Given/when/then tests of the rules, one scenario each.
//!
//! The scenarios are grouped by rulebook area; this module holds the builders they share
//! (the projections' tests use some of them too).

mod campaign;
mod checked_fold;
mod checks;
mod environment;
mod evolve;
mod forged_voids;
mod guards;
mod k9;
mod medals;
mod record;
mod redecide;
mod rulebook;
mod rules_version;
mod void;
mod void_awards;
mod void_disproof;
mod void_property;
mod void_redecided;
mod void_rests;
mod warfighter;
mod zero_dark;

use crate::domain::Game;
use crate::domain::command::Command;
use crate::domain::event::*;
use crate::domain::roll::{Cost, Modifier, Roll};
use crate::domain::soldier::{Ability, SoldierCard, SoldierKind, Stats};
use crate::domain::state::{CampaignState, RecordedEvent};
use crate::rules::harness::given;

/// The campaign's creation under the newest rules, with no nation; a Modern campaign uses
/// K9 & Handlers, the others no expansion.
pub(crate) fn created(game: Game) -> Event {
    Event::CampaignCreated(CampaignCreated {
        commands_kept: false,
        game,
        nation: None,
        expansions: match game {
            Game::Modern => vec![crate::domain::rulebook::Expansion::K9],
            Game::Wwii | Game::ZeroDark => vec![],
        },
        rules: crate::domain::rules_version::NEWEST,
        unrecognized_expansions: vec![],
    })
}

/// `events` with the campaign created under the first rules, as every log before rules
/// versions was: for scenarios that hold an older outcome.
pub(crate) fn under_the_first_rules(mut events: Vec<Event>) -> Vec<Event> {
    for event in &mut events {
        if let Event::CampaignCreated(created) = event {
            created.rules = crate::domain::rules_version::FIRST;
        }
    }
    events
}

/// A bare card of `kind`, RP 4.
fn card(name: &str, kind: SoldierKind) -> SoldierCard {
    SoldierCard {
        name: name.into(),
        kind,
        rp: 4,
        health: None,
        abilities: Default::default(),
        keywords: vec![],
        discipline: None,
        handler: None,
        hardy: Default::default(),
        stats: None,
        specialism: None,
    }
}

/// A Player Soldier's card.
pub(crate) fn player(name: &str) -> SoldierCard {
    card(name, SoldierKind::Player)
}

/// A Player Soldier's card with a Handler Ability (Handler 7+), as every Handler's card has
/// (rule 000).
pub(crate) fn handler(name: &str) -> SoldierCard {
    let mut card = player(name);
    card.abilities.insert(
        "handler".to_owned(),
        Ability {
            target: 7,
            upgunned: None,
        },
    );
    card
}

/// A K9's card with its Handler and Discipline stat.
fn k9(name: &str, handler: &str, discipline: u32) -> SoldierCard {
    SoldierCard {
        handler: Some(handler.into()),
        discipline: Some(discipline),
        ..card(name, SoldierKind::K9)
    }
}

/// A Zero Dark hero's card with a full stat line.
fn hero(name: &str) -> SoldierCard {
    SoldierCard {
        stats: Some(Stats {
            m: 5,
            f: 4,
            a: 3,
            d: 2,
        }),
        specialism: Some("spook".into()),
        ..card(name, SoldierKind::Hero)
    }
}

pub(crate) fn enlisted(card: SoldierCard) -> Event {
    Event::SoldierEnlisted(Box::new(SoldierEnlisted { card }))
}

/// A Mission's start as `mission start` records it: no tracked Objectives, no K9 Objective.
pub(crate) fn mission_started(mission: u32, name: &str, soldiers: &[&str]) -> Event {
    Event::MissionStarted(MissionStarted {
        mission,
        name: name.into(),
        soldiers: soldiers.iter().map(|s| s.to_string()).collect(),
        objectives: None,
        k9_objective: None,
        untracked_objectives: None,
    })
}

/// A Mission's start with a K9 Objective.
fn k9_mission_started(mission: u32, name: &str, soldiers: &[&str], objective: &str) -> Event {
    Event::MissionStarted(MissionStarted {
        mission,
        name: name.into(),
        soldiers: soldiers.iter().map(|s| s.to_string()).collect(),
        objectives: None,
        k9_objective: Some(objective.into()),
        untracked_objectives: None,
    })
}

/// The RP award `mission end` computes when the player names none: starting RP less the RP
/// of the Soldiers still alive (RULES 5).
fn computed_award(start: u32, end: u32) -> Option<crate::domain::event::RpMovement> {
    Some(crate::domain::event::RpMovement {
        amount: start.saturating_sub(end),
        why: format!("computed: the squad started at {start} RP and ends at {end} RP, Medal RP excluded"),
    })
}

/// A successful Mission end with the award computed from the squad's RP.
fn mission_ended_computed(mission: u32, start: u32, end: u32) -> Event {
    Event::MissionEnded(MissionEnded {
        mission,
        result: crate::domain::MissionResult::Success,
        rp_award: computed_award(start, end),
    })
}

fn mission_ended(mission: u32) -> Event {
    Event::MissionEnded(MissionEnded {
        mission,
        result: crate::domain::MissionResult::Success,
        rp_award: None,
    })
}

/// `mission start NAME --with ...` without tracked Objectives and no K9 Objective.
fn start(name: &str, with: &[&str]) -> Command {
    Command::StartMission {
        name: name.into(),
        soldiers: with.iter().map(|s| s.to_string()).collect(),
        objectives: None,
        k9_objective: None,
        environments: vec![],
    }
}

/// `mission start NAME --with ... --k9-objective OBJECTIVE`.
fn start_k9(name: &str, with: &[&str], objective: &str) -> Command {
    Command::StartMission {
        name: name.into(),
        soldiers: with.iter().map(|s| s.to_string()).collect(),
        objectives: None,
        k9_objective: Some(objective.into()),
        environments: vec![],
    }
}

fn amount(soldier: &str, amount: u32) -> SoldierAmount {
    SoldierAmount {
        soldier: soldier.into(),
        amount,
    }
}

fn named(soldier: &str) -> SoldierNamed {
    SoldierNamed {
        soldier: soldier.into(),
    }
}

fn sticker(name: &str, rp: u32) -> MedalSticker {
    MedalSticker {
        name: name.into(),
        rp,
    }
}

fn medal_awarded(soldier: &str, name: &str, rp: u32) -> Event {
    Event::MedalAwarded(MedalAwarded {
        soldier: soldier.into(),
        medal: sticker(name, rp),
        why: "drawn at random".into(),
    })
}

fn xp_adjusted(soldier: &str, amount: i64) -> Event {
    Event::XpAdjusted(XpAdjusted {
        soldier: soldier.into(),
        amount,
        why: "service record".into(),
    })
}

fn rp(amount: u32, why: &str) -> RpMovement {
    RpMovement {
        amount,
        why: why.into(),
    }
}

/// An event as read back from the log.
pub(crate) fn recorded(version: u64, command_id: &str, event: Event) -> RecordedEvent {
    RecordedEvent {
        version,
        command_id: command_id.into(),
        recorded_at: format!("2026-11-29T21:{:02}:00Z", version % 60),
        event,
    }
}

/// A Modern campaign with Wong (Handler), his K9 Gizmo (Discipline 2) and Park.
fn modern_squad() -> Vec<Event> {
    vec![
        created(Game::Modern),
        enlisted(handler("Wong")),
        enlisted(k9("Gizmo", "Wong", 2)),
        enlisted(player("Park")),
    ]
}

/// [`modern_squad`] on Mission 1 with Wong and Park (Gizmo stays behind).
fn on_mission() -> Vec<Event> {
    let mut events = modern_squad();
    events.push(mission_started(1, "Dawn Raid", &["Wong", "Park"]));
    events
}

/// One d10 entered by the player, tested against `target`, with no modifiers or costs: the
/// expected roll of a scenario, with the outcome spelled out rather than computed.
fn d10(who: &str, purpose: &str, face: u8, target: u8, success: bool) -> Roll {
    Roll {
        who: who.into(),
        purpose: purpose.into(),
        die: "d10".into(),
        faces: vec![face],
        source: Some(crate::domain::roll::Source::Entered),
        target: Some(target),
        modifiers: vec![],
        costs: vec![],
        total: Some(i32::from(face)),
        success,
        dice: None,
    }
}

fn modifier(value: i32, source: &str) -> Modifier {
    Modifier {
        value,
        source: source.into(),
    }
}

fn cost(resource: &str, amount: u32) -> Cost {
    Cost {
        resource: resource.into(),
        amount,
    }
}

/// One step of a scenario played command by command: `command`, rolling `faces`, must
/// decide exactly `expected` on `log`; the events are then appended to the log.
///
/// Returns the state folded from the whole log again, so every event keeps the version
/// it would have in the store (the harness's `then` folds without advancing versions).
fn step(log: &mut Vec<Event>, command: Command, faces: &[i64], expected: Vec<Event>) -> CampaignState {
    given(log.clone())
        .when_rolling(command, faces)
        .then(expected.clone());
    log.extend(expected);
    given(log.clone()).state
}

/// The Stream's Environ Fever 4+ on Mission 1, every optional field filled.
fn stream_fever() -> MissionEnvironment {
    MissionEnvironment {
        environment: "fever".into(),
        mission: 1,
        name: Some("Stream".into()),
        scope: crate::domain::environment::EnvironmentScope::Location,
        target: 4,
    }
}

/// One event of each kind the demo campaign never records, every optional field filled
/// (a nested type left out would go unchecked): for the codec's canonical-order test.
pub(crate) fn every_kind() -> Vec<Event> {
    use crate::domain::event::*;
    use crate::domain::medals::{BenefitEffect, MedalCard, MedalReturn, RpCardKind};
    use crate::domain::roll::DiceKey;
    use crate::domain::zero_dark::{Bogey, BogeyType, HeroState, PriorityTask};
    let mut roll = d10("Vega", "Rescue target", 2, 3, false);
    roll.modifiers = vec![modifier(1, "card")];
    roll.costs = vec![cost("xp", 1)];
    roll.source = Some(crate::domain::roll::Source::Generated);
    roll.dice = Some(DiceKey {
        commitment: "ab".repeat(32),
        version: 3,
        index: 0,
    });
    let card = |soldier: &str| RpCard {
        card: RpCardKind::Skill,
        name: "Veteran".into(),
        rp: 2,
        soldier: soldier.into(),
    };
    let ally = AllyEvent {
        ally: "Sentry".into(),
        hero: "Kato".into(),
        why: "strayed".into(),
    };
    let bogey = |name: &str| BogeyAction {
        bogey: name.into(),
        by: "Vega".into(),
    };
    vec![
        Event::MissionStarted(MissionStarted {
            k9_objective: Some("Find the cache".into()),
            mission: 1,
            name: "Caen".into(),
            objectives: None,
            soldiers: vec!["Able".into()],
            untracked_objectives: Some(2),
        }),
        Event::EnvironmentDeclared(stream_fever()),
        Event::EnvironmentCleared(stream_fever()),
        Event::TeamXpAdjusted(TeamXpAdjusted {
            amount: 2,
            why: "start".into(),
        }),
        Event::RpAwardRevised(RpAwardRevised {
            amount: 0,
            mission: 1,
            was: 4,
            why: "voided".into(),
        }),
        Event::ExpansionAdded(ExpansionChanged {
            expansion: crate::domain::rulebook::Expansion::Medals,
        }),
        Event::ExpansionRemoved(ExpansionChanged {
            expansion: crate::domain::rulebook::Expansion::Medals,
        }),
        Event::RulesAdopted(RulesAdopted {
            version: crate::domain::rules_version::NEWEST,
        }),
        Event::MedalDeckLoaded(MedalDeckLoaded {
            medals: vec![MedalCard {
                benefit: "a Skill".into(),
                condition: "a Location".into(),
                effects: vec![
                    BenefitEffect::Xp { amount: 1 },
                    BenefitEffect::Hardy {
                        hardy: "any".into(),
                        amount: 1,
                    },
                    BenefitEffect::Skill {
                        name: "Veteran".into(),
                        rp: 2,
                    },
                ],
                eliminate: true,
                face_down: true,
                name: "Military Cross".into(),
                requirement: "two EKIA".into(),
                rp: 3,
                turn_limit: Some(1),
            }],
            nation: "Canada".into(),
        }),
        Event::MedalDrawn(MedalDrawn {
            face_down: true,
            hostile: Some("Sniper".into()),
            medal: "Military Cross".into(),
            mission: 1,
            trigger: "a Location".into(),
            turn: 1,
        }),
        Event::MedalRevealed(MedalRevealed {
            medal: "Military Cross".into(),
        }),
        Event::MedalRecipientRolled(Box::new(MedalRecipientRolled {
            candidates: vec!["Able".into(), "Baker".into()],
            medal: "Military Cross".into(),
            recipient: "Baker".into(),
            roll: roll.clone(),
        })),
        Event::MedalEarned(MedalEarned {
            medal: "Military Cross".into(),
            soldier: "Baker".into(),
        }),
        Event::MedalLost(MedalLost {
            medal: "Military Cross".into(),
            to: MedalReturn::Discard,
            why: "turn limit".into(),
        }),
        Event::MedalsReshuffled(MedalsReshuffled {
            medals: vec!["Military Cross".into()],
        }),
        Event::HostileSuppressed(HostileSuppressed {
            hostile: "Sniper".into(),
            soldier: "Able".into(),
        }),
        Event::RpCardGained(card("Able")),
        Event::RpCardLost(card("Able")),
        Event::HeroStateSet(HeroStateSet {
            hero: "Vega".into(),
            state: HeroState::Wounded(2),
        }),
        Event::BogeyAdded(BogeyAdded {
            bogey: Bogey {
                name: "Courier".into(),
                named: true,
                nemesis: true,
                synthetic: true,
                bogey_type: BogeyType::Boss,
            },
            mission: 1,
        }),
        Event::BogeyTargeted(bogey("Courier")),
        Event::BogeyDowned(bogey("Courier")),
        Event::BogeyKilled(bogey("Courier")),
        Event::BuyTimeDeclared(BuyTimeDeclared {
            cards: 5,
            spook: "Vega".into(),
            versus: Some(VersusChoice {
                opponent_buys_time: true,
                opponent_d: 2,
            }),
        }),
        Event::PriorityTaskChosen(Box::new(PriorityTaskChosen {
            roll: Some(roll),
            spook: "Vega".into(),
            target: Some("Courier".into()),
            task: PriorityTask::Rescue,
        })),
        Event::DeadDropInteracted(DeadDropInteracted { spook: "Vega".into() }),
        Event::RescueExtracted(DeadDropInteracted { spook: "Vega".into() }),
        Event::PriorityTaskResolved(PriorityTaskResolved {
            spook: "Vega".into(),
            success: true,
            task: PriorityTask::Rescue,
            why: "persuaded".into(),
        }),
        Event::PersuasionTested(PersuasionTested {
            ally_of: Some("Kato".into()),
            bogey: "Sentry".into(),
            bogey_successes: 1,
            hero: "Kato".into(),
            hero_successes: 3,
            persuaded: true,
        }),
        Event::AllyMadeDependent(ally.clone()),
        Event::AllyDied(ally),
        Event::OpponentBoughtTime(OpponentBoughtTime { opponent_d: 3 }),
        Event::ControlCardsSetAside(ControlCardsSetAside { cards: 2 }),
        Event::ControlDeckRanOut(ControlDeckRanOut { set_aside: 3 }),
        Event::SetAsideCardsFlipped(SetAsideCardsFlipped {
            cards: 1,
            remaining: 2,
        }),
        Event::SeedRevealed(SeedRevealed {
            commitment: "ab".repeat(32),
            seed: "cd".repeat(32),
        }),
        Event::AssertionRecorded(AssertionRecorded {
            fields: [("xp".to_owned(), "3".to_owned())].into(),
            soldier: "Wong".into(),
        }),
        Event::CommandsKept(CommandsKept {}),
        Event::SoldierCarriedOver(Box::new(SoldierCarriedOver {
            discipline: None,
            hardy: [("cold".to_owned(), 2)].into(),
            medals: vec![sticker("Bronze Star", 2)],
            missions: Some(3),
            soldier: "Wong".into(),
            why: "the paper sheet".into(),
            wounds: Some(1),
            xp: Some(7),
        })),
        Event::SquadCarriedOver(SquadCarriedOver {
            missions: Some(4),
            rp_bank: Some(9),
            why: "the paper sheet".into(),
        }),
        Event::NoteWritten(NoteWritten {
            mission: Some(1),
            soldier: Some("Wong".into()),
            text: "Wong carried Reyes out".into(),
        }),
    ]
}
