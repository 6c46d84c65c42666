//! K9 Encounters and K9 Objectives (RULES 3, rule 000), with the rulebook's worked example
//! (Wong and Gizmo, "Buried Explosive") replayed step for step.
//!
//! The scenarios are grouped by topic; this module holds the card, the squad and the builders
//! they share.

mod decided_again;
mod endings;
mod entering;
mod example;
mod objective;
mod offers;
mod once;
mod payments;
mod refusals;
mod voids;

use super::*;

use crate::domain::MissionResult;

use crate::domain::k9::{
    Effect, EffectResult, EncounterCard, EncounterRoll, Maker, Outcome, PaidOption, Resource, Retry, Who,
};

use crate::domain::soldier::{Ability, Status};

use crate::rules::harness::given;

const CARD: &str = "Buried Explosive";

const REWARD: &str = "The explosive is found and marked (the card's Reward)";

const FAILURE: &str = "The Handler and the K9 each suffer 1 Wound";

const MAJOR: &str = "The explosive detonates: the Handler and the K9 are Killed";

/// Gizmo's Bomb roll on the card: `(Bomb, -1)`, "pay 1 Discipline: +4".
fn gizmo_bomb_roll() -> EncounterRoll {
    EncounterRoll {
        maker: Maker::K9,
        ability: "bomb".into(),
        modifier: -1,
        options: vec![PaidOption {
            resource: Resource::Discipline,
            amount: 1,
            bonus: 4,
        }],
    }
}

/// The rulebook's example card, written out as the player would write it.
fn buried_explosive() -> EncounterCard {
    EncounterCard {
        name: CARD.into(),
        hostile_value: 5,
        ignore_target: 3,
        rolls: vec![
            gizmo_bomb_roll(),
            EncounterRoll {
                maker: Maker::Handler,
                ability: "handler".into(),
                modifier: 0,
                options: vec![
                    PaidOption {
                        resource: Resource::Xp,
                        amount: 1,
                        bonus: 1,
                    },
                    PaidOption {
                        resource: Resource::Discards,
                        amount: 2,
                        bonus: 3,
                    },
                ],
            },
        ],
        reward: REWARD.into(),
        failure: Outcome {
            text: FAILURE.into(),
            effects: vec![Effect {
                who: Who::Both,
                result: EffectResult::Wound,
                amount: 1,
            }],
        },
        retry: Some(Retry {
            roll: gizmo_bomb_roll(),
            major: Outcome {
                text: MAJOR.into(),
                effects: vec![Effect {
                    who: Who::Both,
                    result: EffectResult::Kill,
                    amount: 1,
                }],
            },
        }),
    }
}

/// Wong: a Player Soldier with the Handler Ability 7+.
fn wong() -> SoldierCard {
    SoldierCard {
        abilities: [("handler".to_owned(), "7+".parse::<Ability>().unwrap())].into(),
        ..player("Wong")
    }
}

/// Gizmo: Wong's K9, Bomb 5+, Discipline 2.
fn gizmo() -> SoldierCard {
    SoldierCard {
        abilities: [("bomb".to_owned(), "5+".parse::<Ability>().unwrap())].into(),
        ..k9("Gizmo", "Wong", 2)
    }
}

/// A Modern campaign with Wong, Gizmo, Park, and Kim (who stays behind).
fn squad() -> Vec<Event> {
    vec![
        created(Game::Modern),
        enlisted(wong()),
        enlisted(gizmo()),
        enlisted(player("Park")),
        enlisted(player("Kim")),
    ]
}

/// `squad` on Mission 1 with Wong, Gizmo and Park, at turn 1 with Gizmo's 2 Discipline.
fn on_mission() -> Vec<Event> {
    let mut events = squad();
    events.extend([
        k9_mission_started(1, "Location 2", &["Wong", "Gizmo", "Park"], "Find the cache"),
        Event::TurnStarted(TurnStarted { mission: 1, turn: 1 }),
        Event::DisciplineReset(DisciplineReset {
            soldier: "Gizmo".into(),
            discipline: 2,
        }),
    ]);
    events
}

fn draw(first_in: Option<&str>) -> Command {
    Command::DrawEncounter {
        card: Box::new(buried_explosive()),
        first_in: first_in.map(Into::into),
    }
}

fn roll(payments: &[Resource]) -> Command {
    Command::RollEncounter {
        payments: payments.to_vec(),
    }
}

fn retry(payments: &[Resource]) -> Command {
    Command::RetryEncounter {
        payments: payments.to_vec(),
    }
}

fn drawn(first_in: &str) -> Event {
    Event::K9EncounterDrawn(Box::new(K9EncounterDrawn {
        mission: 1,
        card: buried_explosive(),
        k9: "Gizmo".into(),
        handler: "Wong".into(),
        first_in: first_in.into(),
    }))
}

fn k9_roll(step: EncounterStep, roll: Roll) -> Event {
    Event::K9RollMade(Box::new(K9RollMade {
        encounter: CARD.into(),
        step,
        roll,
    }))
}

fn discipline_spent(why: &str) -> Event {
    Event::DisciplineSpent(DisciplineSpent {
        soldier: "Gizmo".into(),
        amount: 1,
        why: why.into(),
    })
}

fn resolved(end: EncounterEnd, text: &str) -> Event {
    Event::K9EncounterResolved(K9EncounterResolved {
        encounter: CARD.into(),
        end,
        text: text.into(),
    })
}

/// The Failure and its effects: Wong and Gizmo each suffer 1 Wound.
fn failure() -> Vec<Event> {
    vec![
        resolved(EncounterEnd::Failure, FAILURE),
        Event::Wounded(amount("Wong", 1)),
        Event::Wounded(amount("Gizmo", 1)),
    ]
}

/// Gizmo's Bomb roll (printed 5+, card −1) paying 1 Discipline for +4, on `face`.
fn gizmo_paid(purpose: &str, face: u8, total: i32, success: bool) -> Roll {
    Roll {
        modifiers: vec![modifier(-1, "card"), modifier(4, "paid 1 Discipline")],
        costs: vec![cost("discipline", 1)],
        total: Some(total),
        success,
        ..d10("Gizmo", purpose, face, 5, success)
    }
}

/// Wong's Handler roll (7+) discarding 2 cards for +3, declining the XP, on `face`.
fn wong_discarding(face: u8, total: i32, success: bool) -> Roll {
    Roll {
        modifiers: vec![modifier(3, "discarded 2 cards")],
        costs: vec![cost("discards", 2)],
        total: Some(total),
        success,
        ..d10(
            "Wong",
            "k9 encounter: Buried Explosive, roll 2 (handler)",
            face,
            7,
            success,
        )
    }
}

const ROLL_1: &str = "k9 encounter: Buried Explosive, roll 1 (bomb)";

const RETRY: &str = "k9 encounter: Buried Explosive, retry (bomb)";

const PAID_ROLL_1: &str = "k9 encounter: Buried Explosive, roll 1: +4";

const PAID_RETRY: &str = "k9 encounter: Buried Explosive, retry: +4";

/// `on_mission` with the card drawn (Wong first in) and Gizmo's paid roll of 4 made.
fn after_gizmos_roll() -> Vec<Event> {
    let mut log = on_mission();
    log.extend([
        drawn("Wong"),
        discipline_spent(PAID_ROLL_1),
        k9_roll(EncounterStep::Roll(0), gizmo_paid(ROLL_1, 4, 7, true)),
    ]);
    log
}

/// `after_gizmos_roll` with Wong's roll of 2 (+3 = 5) failed: the card offers a choice.
fn after_wongs_failure() -> Vec<Event> {
    let mut log = after_gizmos_roll();
    log.push(k9_roll(EncounterStep::Roll(1), wong_discarding(2, 5, false)));
    log
}
