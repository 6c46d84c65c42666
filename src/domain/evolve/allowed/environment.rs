//! An Environment declared or cleared (rule 002) is well formed: one lowercase word, a d10
//! target, a name where its scope needs one.

use crate::domain::environment::EnvironmentScope;
use crate::domain::event::{Event, MissionEnvironment};
use crate::domain::limits::MAX_TEXT;

/// Notes an Environment declared or cleared with fields `environ declare` refuses.
pub(super) fn environment_problem(event: &Event) -> Option<String> {
    let (verb, e) = match event {
        Event::EnvironmentDeclared(e) => ("declares", e),
        Event::EnvironmentCleared(e) => ("clears", e),
        _ => return None,
    };
    shape(e).map(|problem| format!("{verb} an Environment {problem}"))
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
