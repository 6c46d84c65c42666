//! The checked fold's questions about the Environments declared during a Mission (rule 002):
//! declared and cleared only during a Mission under rules that know them, each one well
//! formed and in force once, and no turn or Mission's end while a Soldier owes a roll.

use crate::domain::environment::EnvironmentScope;
use crate::domain::event::{Event, MissionEnvironment};
use crate::domain::limits::MAX_TEXT;
use crate::domain::rules_version::ENVIRONMENTS_DECLARED;
use crate::domain::state::CampaignState;

/// Notes what `mission start --environ`, `environ declare|clear`, `turn` and `mission end`
/// would have refused about Environments.
pub(super) fn environment_problem(state: &CampaignState, event: &Event) -> Option<String> {
    match event {
        Event::EnvironmentDeclared(e) => declared_or_cleared(state, e, true),
        Event::EnvironmentCleared(e) => declared_or_cleared(state, e, false),
        Event::TurnStarted(_) | Event::MissionEnded(_) => {
            let owed = state.mission_in_progress()?.owed_environment.first()?;
            Some(format!("comes while {owed}"))
        }
        _ => None,
    }
}

fn declared_or_cleared(state: &CampaignState, e: &MissionEnvironment, declares: bool) -> Option<String> {
    let verb = if declares { "declares" } else { "clears" };
    let environment = e.declared();
    if state.rules() < ENVIRONMENTS_DECLARED {
        return Some(format!(
            "{verb} the {environment} under {}; Environments are declared from {}",
            state.rules(),
            ENVIRONMENTS_DECLARED
        ));
    }
    let Some(mission) = state.mission_in_progress() else {
        return Some(format!(
            "{verb} the {environment} while no Mission is in progress"
        ));
    };
    if mission.number != e.mission {
        return Some(format!(
            "{verb} the {environment} of Mission {} during Mission {}",
            e.mission, mission.number
        ));
    }
    if let Some(problem) = shape(e) {
        return Some(format!("{verb} an Environment {problem}"));
    }
    let in_force = mission.environments.iter().any(|d| d.same_as(&environment));
    match (declares, in_force) {
        (true, true) => Some(format!("declares the {environment}, which is already in force")),
        (false, false) => Some(format!("clears the {environment}, which is not in force")),
        _ => None,
    }
}

/// What is wrong with its fields, as `environ declare` would refuse them.
fn shape(e: &MissionEnvironment) -> Option<String> {
    let word = &e.environment;
    let plain = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_';
    if word.is_empty() || word.len() > 30 || !word.chars().all(plain) {
        return Some(format!("of type '{word}', not one lowercase word"));
    }
    if !(1..=10).contains(&e.target) {
        return Some(format!("with the target {}; a d10 target is 1 to 10", e.target));
    }
    match (e.scope, &e.name) {
        (EnvironmentScope::Mission, Some(name)) => Some(format!("of the Mission named '{name}'")),
        (EnvironmentScope::Location | EnvironmentScope::Event, None) => {
            Some(format!("of an unnamed {}", e.scope))
        }
        (_, Some(name)) if name.trim().is_empty() || name.chars().any(char::is_control) => Some(format!(
            "of a {} with a blank name or a control character",
            e.scope
        )),
        (_, Some(name)) if name.chars().count() > MAX_TEXT => Some(format!(
            "of a {} whose name is longer than {MAX_TEXT} characters",
            e.scope
        )),
        _ => None,
    }
}
