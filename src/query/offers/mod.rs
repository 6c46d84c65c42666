//! What can be done now, asked of the rules: each command of play the state suggests, with
//! nothing to type but what the state gives, decided on the state and its events thrown away.
//!
//! No condition of availability is written here: the candidates come from what the state
//! holds (a Mission in progress, an Encounter open, a failed Environ roll awaiting its choice,
//! a roll owed, a Medal drawn, a Spook's Buy Time), and whether each may be recorded, and why
//! not, is the rules' answer. A front end offers the ones allowed and shows the others with
//! the rules' reason.

mod encounter;
mod line;

use serde::Serialize;

use crate::dice::Cup;
use crate::domain::command::{Command, StatusChange};
use crate::domain::event::{EnvironmentChoice, Event};
use crate::domain::game::{Game, MissionResult};
use crate::domain::k9::PaidOption;
use crate::domain::state::{CampaignState, ObjectiveState};
use crate::domain::zero_dark::PriorityTask;
use crate::rules;
use encounter::{encounter_steps, pays};
use line::{FACES, line, words};

/// One command of play the state suggests, and the rules' answer to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Offer {
    /// What it records, in the game's words.
    pub label: String,
    /// The command line that records it (without `muster`); a roll it makes takes a face
    /// given with `--die N`, or one generated from the committed seed.
    pub args: Vec<String>,
    /// Why the rules refuse it now; `None` when they allow it.
    pub refused: Option<String>,
    /// How many dice it rolls, where the rules allow it: a front end asks for its faces
    /// (`--die N` each) where it rolls any.
    pub dice: usize,
    /// Each of those dice's sides, in the order rolled: 10 for a d10, the number of those
    /// who may be picked for a pick (a Medal's recipient).
    pub sides: Vec<u8>,
    /// The Soldier it is about, when the state suggests it for him alone (what comes next
    /// once his Wounds reached his Health); `None` for a step of the Mission.
    pub soldier: Option<String>,
    /// The options its roll may be paid for first, as its card lists them (a K9 Encounter's
    /// "pay 1 Discipline: +4"), each given with `--pay RESOURCE`; empty when refused.
    pub pays: Vec<PaidOption>,
}

/// The commands of play `state` suggests, in the order a table meets them (what is owed
/// first), each with the rules' answer.
pub fn offers(campaign: &str, state: &CampaignState) -> Vec<Offer> {
    candidates(state)
        .into_iter()
        .map(
            |Candidate {
                 label,
                 args,
                 command,
                 soldier,
             }| {
                // Any face stands on every die; the events are thrown away, so which one does
                // not matter, only whether the rules allow the command at all.
                let faces = vec![1; FACES];
                let mut cup = Cup::new(campaign, state.version + 1, faces, None);
                let (refused, sides, pays, picks) = match rules::decide(state, &command, &mut cup) {
                    Ok(events) => (
                        None,
                        sides(&events),
                        pays(campaign, state, &command),
                        picks(&events),
                    ),
                    Err(e) => (Some(e.to_string()), Vec::new(), Vec::new(), String::new()),
                };
                Offer {
                    label: label + &picks,
                    args,
                    refused,
                    dice: sides.len(),
                    sides,
                    soldier,
                    pays,
                }
            },
        )
        .collect()
}

/// Who each face of a pick among `events` picks, as a label ends: ` (1 Able, 2 Baker)`.
fn picks(events: &[Event]) -> String {
    events
        .iter()
        .find_map(|event| match event {
            Event::MedalRecipientRolled(rolled) => Some(&rolled.candidates),
            _ => None,
        })
        .map(|candidates| {
            let faces: Vec<String> = candidates
                .iter()
                .enumerate()
                .map(|(i, name)| format!("{} {name}", i + 1))
                .collect();
            format!(" ({})", faces.join(", "))
        })
        .unwrap_or_default()
}

/// The sides of each die the rolls among `events` cast, in order.
fn sides(events: &[Event]) -> Vec<u8> {
    events
        .iter()
        .filter_map(Event::roll)
        .flat_map(|roll| {
            let sides = roll.sides().unwrap_or(10);
            roll.faces.iter().map(move |_| sides)
        })
        .collect()
}

/// A candidate: its label, its command line, the command the rules are asked, and the
/// Soldier it is suggested for alone.
struct Candidate {
    label: String,
    args: Vec<String>,
    command: Command,
    soldier: Option<String>,
}

impl From<(String, Vec<String>, Command)> for Candidate {
    fn from((label, args, command): (String, Vec<String>, Command)) -> Self {
        Candidate {
            label,
            args,
            command,
            soldier: None,
        }
    }
}

/// What the state suggests: the Mission's steps (owed and pending first, then the turn and
/// the Mission's end), then what comes next for each Soldier whose Wounds reached his Health.
fn candidates(state: &CampaignState) -> Vec<Candidate> {
    let mut found: Vec<Candidate> = mission_steps(state).into_iter().map(Candidate::from).collect();
    found.extend(at_health(state));
    found
}

/// For each Soldier whose Wounds reached his card's Health, his status changes: which of
/// Downed and Killed in Action the rules allow (a Soldier already Downed may still be Killed;
/// one Killed takes neither) is theirs to say.
fn at_health(state: &CampaignState) -> Vec<Candidate> {
    let reached = state
        .soldiers
        .iter()
        .filter(|s| s.card.health.is_some_and(|health| s.wounds >= health));
    let mut found = Vec::new();
    for soldier in reached {
        let name = &soldier.card.name;
        for (change, word, said) in [
            (StatusChange::Down, "down", "Downed"),
            (StatusChange::Kill, "kill", "Killed in Action"),
        ] {
            found.push(Candidate {
                label: format!("{name}'s Wounds reached his Health: {said}"),
                args: line(&[word], &[name], &[]),
                command: Command::ChangeStatus {
                    change,
                    soldier: name.clone(),
                },
                soldier: Some(name.clone()),
            });
        }
    }
    found
}

/// The steps of the Mission in progress the state suggests; none outside a Mission.
fn mission_steps(state: &CampaignState) -> Vec<(String, Vec<String>, Command)> {
    let Some(mission) = state.mission_in_progress() else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for pending in &state.pending {
        // With several failed rolls waiting, each offer names its own: `resolve` alone
        // settles the oldest.
        let several = state
            .pending
            .iter()
            .filter(|p| p.soldier == pending.soldier)
            .count()
            > 1;
        let version = pending.version.to_string();
        let roll: &[&str] = if several { &["--roll", &version] } else { &[] };
        let rolled_at = several.then_some(pending.version);
        let hardy = format!("expend a Hardy {} counter", pending.environment);
        for (word, choice, said) in [
            ("hardy", EnvironmentChoice::Hardy, hardy.as_str()),
            ("wound", EnvironmentChoice::Wound, "suffer 1 Wound"),
            ("suppress", EnvironmentChoice::Suppress, "suffer 1 Suppress"),
        ] {
            found.push((
                format!(
                    "{}'s failed Environ {} roll: {said}",
                    pending.soldier, pending.environment
                ),
                line(&["resolve"], &[&pending.soldier, word], roll),
                Command::Resolve {
                    soldier: pending.soldier.clone(),
                    choice,
                    rolled_at,
                },
            ));
        }
        // His Hardy Any counter is suggested only while he holds one: it is his alone.
        let holds_any = state
            .soldier(&pending.soldier)
            .is_some_and(|s| s.hardy.get("any").is_some_and(|n| *n > 0));
        if holds_any {
            found.push((
                format!(
                    "{}'s failed Environ {} roll: expend his Hardy Any counter",
                    pending.soldier, pending.environment
                ),
                line(
                    &["resolve"],
                    &[&pending.soldier, "hardy"],
                    &[&["--any"], roll].concat(),
                ),
                Command::Resolve {
                    soldier: pending.soldier.clone(),
                    choice: EnvironmentChoice::HardyAny,
                    rolled_at,
                },
            ));
        }
    }
    for owed in &mission.owed_environment {
        let declared = &owed.environment;
        found.push((
            format!("{} rolls against {declared}", owed.soldier),
            line(
                &["environ"],
                &[&owed.soldier, &declared.environment, &declared.target.to_string()],
                &[],
            ),
            Command::Environ {
                soldier: owed.soldier.clone(),
                environments: vec![(declared.environment.clone(), i64::from(declared.target))],
                modifiers: Vec::new(),
                location: None,
            },
        ));
    }
    // Each thing the state holds suggests every step on it; which the rules allow now (the
    // Encounter's next roll, or its Failure or retry; a Medal's recipient roll, or its
    // earning; the Control Deck running out, or a set-aside card flipped) is theirs to say.
    if let Some(encounter) = &mission.encounter {
        found.extend(encounter_steps(state, encounter));
    }
    // Each Objective suggests its next step, left to right as the rules take them.
    for (i, objective) in mission.objectives.iter().enumerate() {
        let number = i64::try_from(i + 1).unwrap_or(i64::MAX);
        let (word, said, command) = match objective {
            ObjectiveState::Waiting => ("activate", "Activate", Command::ActivateObjective(number)),
            ObjectiveState::Activated => ("complete", "Complete", Command::CompleteObjective(number)),
            ObjectiveState::Completed => continue,
        };
        found.push((
            format!("{said} Objective {number}"),
            words(&["objective", word, &number.to_string()]),
            command,
        ));
    }
    let drawn = state.medal_deck.iter().flat_map(|deck| &deck.drawn);
    for drawn in drawn.filter(|d| d.mission == mission.number) {
        let medal = drawn.name.as_str();
        // One held face down is revealed once its condition is met: the table says when.
        if drawn.face_down {
            found.push((
                format!("Reveal '{medal}' once its condition is met"),
                line(&["medal", "reveal"], &[medal], &[]),
                Command::RevealMedal {
                    medal: medal.to_owned(),
                },
            ));
        }
        found.push((
            format!("Roll the recipient of '{medal}'"),
            line(&["medal", "recipient"], &[medal], &[]),
            Command::RollMedalRecipient {
                medal: medal.to_owned(),
            },
        ));
        found.push((
            format!("'{medal}' earned"),
            line(&["medal", "earn"], &[medal], &[]),
            Command::EarnMedal {
                medal: medal.to_owned(),
            },
        ));
    }
    let zero_dark = state.info.as_ref().is_some_and(|i| i.game == Game::ZeroDark);
    if zero_dark && mission.zero_dark.bought_time.is_some() {
        // The rules say when a flipped card goes aside (once play begins, up to the cards
        // bought) and when the deck may run out (once they all are).
        found.push((
            "Set aside a flipped Control Deck card".to_owned(),
            words(&["spook", "set-aside", "1"]),
            Command::SetAside(1),
        ));
        found.push((
            "The Control Deck ran out".to_owned(),
            words(&["spook", "deck-out"]),
            Command::ControlDeckOut,
        ));
        found.push((
            "Flip a set-aside card".to_owned(),
            words(&["spook", "flip-set-aside", "1"]),
            Command::FlipSetAside(1),
        ));
    }
    if zero_dark && mission.turn == 0 && mission.zero_dark.task.is_none() && rules::spook_on_mission(state) {
        found.extend(priority_tasks(state));
    }
    found.push(("Next turn".to_owned(), words(&["turn"]), Command::NextTurn));
    // Resolving the K9 Objective completes the Mission (rule 000): beside its other ends.
    if let Some(objective) = mission
        .k9_objective
        .as_ref()
        .filter(|_| !mission.k9_objective_resolved)
    {
        found.push((
            format!(
                "K9 Objective '{objective}' resolved: Mission {} ends, a success",
                mission.number
            ),
            words(&["k9", "objective"]),
            Command::ResolveK9Objective,
        ));
    }
    for (result, word) in [
        (MissionResult::Success, "success"),
        (MissionResult::Failure, "failure"),
    ] {
        found.push((
            format!("End Mission {}: {word}", mission.number),
            words(&["mission", "end", "--result", word]),
            Command::EndMission {
                result,
                rp_award: None,
            },
        ));
    }
    found
}

/// The Spook's priority tasks, one step each, a task whose target is rolled for among several
/// bogeys naming what each face picks (rule 003).
fn priority_tasks(state: &CampaignState) -> Vec<(String, Vec<String>, Command)> {
    [
        PriorityTask::Rescue,
        PriorityTask::Assassination,
        PriorityTask::Observation,
        PriorityTask::Acquisition,
    ]
    .into_iter()
    .map(|task| {
        let targets = rules::priority_task_targets(state, task);
        let faces = if targets.len() > 1 {
            let named: Vec<String> = targets
                .iter()
                .enumerate()
                .map(|(i, name)| format!("{} {name}", i + 1))
                .collect();
            format!(" (its target: {})", named.join(", "))
        } else {
            String::new()
        };
        let word = task.to_string().to_ascii_lowercase();
        (
            format!("The Spook's priority task: {task}{faces}"),
            words(&["spook", "task", &word]),
            Command::ChooseTask(task),
        )
    })
    .collect()
}
