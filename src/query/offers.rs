//! What can be done now, asked of the rules: each command of play the state suggests, with
//! nothing to type but what the state gives, decided on the state and its events thrown away.
//!
//! No condition of availability is written here: the candidates come from what the state
//! holds (a Mission in progress, an Encounter open, a failed Environ roll awaiting its choice,
//! a roll owed, a Medal drawn, a Spook's Buy Time), and whether each may be recorded, and why
//! not, is the rules' answer. A front end offers the ones allowed and shows the others with
//! the rules' reason.

use serde::Serialize;

use crate::dice::Cup;
use crate::domain::command::Command;
use crate::domain::event::EnvironmentChoice;
use crate::domain::game::{Game, MissionResult};
use crate::domain::state::CampaignState;
use crate::rules;

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
    /// How many dice it rolls, where the rules allow it: a front end asks for one face
    /// (`--die N`) where it rolls one.
    pub dice: usize,
}

/// The commands of play `state` suggests, in the order a table meets them (what is owed
/// first), each with the rules' answer.
pub fn offers(campaign: &str, state: &CampaignState) -> Vec<Offer> {
    candidates(state)
        .into_iter()
        .map(|(label, args, command)| {
            // Any face stands on every die; the events are thrown away, so which one does
            // not matter, only whether the rules allow the command at all.
            let faces = vec![1; FACES];
            let mut cup = Cup::new(campaign, state.version + 1, faces, None);
            let refused = rules::decide(state, &command, &mut cup)
                .err()
                .map(|e| e.to_string());
            let dice = if refused.is_some() {
                0
            } else {
                FACES - cup.unused_entered()
            };
            Offer {
                label,
                args,
                refused,
                dice,
            }
        })
        .collect()
}

/// The faces a candidate is decided with: more than any command of play rolls.
const FACES: usize = 16;

/// A candidate: its label, its command line, and the command the rules are asked.
type Candidate = (String, Vec<String>, Command);

/// What the state suggests: the owed and pending first, then the turn and the Mission's end.
fn candidates(state: &CampaignState) -> Vec<Candidate> {
    let Some(mission) = state.mission_in_progress() else {
        return Vec::new();
    };
    let mut found: Vec<Candidate> = Vec::new();
    for pending in &state.pending {
        for (word, choice) in [
            ("hardy", EnvironmentChoice::Hardy),
            ("wound", EnvironmentChoice::Wound),
            ("suppress", EnvironmentChoice::Suppress),
        ] {
            found.push((
                format!(
                    "{}'s failed Environ {} roll: {word}",
                    pending.soldier, pending.environment
                ),
                words(&["resolve", &pending.soldier, word]),
                Command::Resolve {
                    soldier: pending.soldier.clone(),
                    choice,
                },
            ));
        }
    }
    for owed in &mission.owed_environment {
        let declared = &owed.environment;
        found.push((
            format!("{} rolls against {declared}", owed.soldier),
            words(&[
                "environ",
                &owed.soldier,
                &declared.environment,
                &declared.target.to_string(),
            ]),
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
        let card = &encounter.card.name;
        found.push((
            format!("Roll {} of '{card}'", encounter.next_roll + 1),
            words(&["k9", "roll"]),
            Command::RollEncounter { payments: Vec::new() },
        ));
        found.push((
            format!("Accept the Failure of '{card}'"),
            words(&["k9", "accept"]),
            Command::AcceptFailure,
        ));
        found.push((
            format!("Retry '{card}'"),
            words(&["k9", "retry"]),
            Command::RetryEncounter { payments: Vec::new() },
        ));
    }
    let drawn = state.medal_deck.iter().flat_map(|deck| &deck.drawn);
    for medal in drawn
        .filter(|d| d.mission == mission.number)
        .map(|d| d.name.as_str())
    {
        found.push((
            format!("Roll the recipient of '{medal}'"),
            words(&["medal", "recipient", medal]),
            Command::RollMedalRecipient {
                medal: medal.to_owned(),
            },
        ));
        found.push((
            format!("'{medal}' earned"),
            words(&["medal", "earn", medal]),
            Command::EarnMedal {
                medal: medal.to_owned(),
            },
        ));
    }
    let zero_dark = state.info.as_ref().is_some_and(|i| i.game == Game::ZeroDark);
    if zero_dark && mission.zero_dark.bought_time.is_some() {
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
    found.push(("Next turn".to_owned(), words(&["turn"]), Command::NextTurn));
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

/// A command line's words.
fn words(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| (*w).to_owned()).collect()
}
