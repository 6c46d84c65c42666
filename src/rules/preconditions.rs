//! What every rulebook asks before it decides: the campaign exists, a Mission is in
//! progress and clear to end, a text or a word is one the log accepts.
//!
//! The ground floor of `rules`: it imports no rulebook, and every rulebook may import it.

use crate::domain::error::RuleError;
use crate::domain::limits::MAX_TEXT;
use crate::domain::rules_version::ENVIRONMENTS_DECLARED;
use crate::domain::soldier::Status;
use crate::domain::state::{CampaignInfo, CampaignState, MissionState};

/// The campaign's own facts, or a refusal when it was never created.
pub(super) fn created(state: &CampaignState) -> Result<&CampaignInfo, RuleError> {
    state
        .info
        .as_ref()
        .ok_or_else(|| RuleError::refused("the campaign does not exist yet; create it with `muster campaign new NAME --game wwii|modern|zero-dark`"))
}

/// Checks a free-text field: not blank, not too long, no control characters.
pub(super) fn check_text(what: &str, text: &str) -> Result<String, RuleError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(RuleError::refused(format!("{what} is empty; give a few words")));
    }
    if trimmed.chars().count() > MAX_TEXT {
        return Err(RuleError::refused(format!(
            "{what} is {} characters long; at most {MAX_TEXT} are accepted",
            trimmed.chars().count()
        )));
    }
    if trimmed.chars().any(char::is_control) {
        return Err(RuleError::refused(format!(
            "{what} contains a control character (a tab, newline or similar); use plain printable text"
        )));
    }
    Ok(trimmed.to_owned())
}

/// Checks a lowercase word such as a Hardy type, a keyword or an ability name.
pub(super) fn check_word(what: &str, word: &str) -> Result<String, RuleError> {
    let ok = !word.is_empty()
        && word.len() <= 30
        && word
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if ok {
        Ok(word.to_owned())
    } else {
        Err(RuleError::refused(format!(
            "'{word}' is not accepted as {what}: use one lowercase word (a-z, 0-9, - or _), e.g. cold, enduring, bomb"
        )))
    }
}

/// The Mission in progress, or a refusal that says how to start one.
pub(super) fn running(state: &CampaignState) -> Result<&MissionState, RuleError> {
    state.mission_in_progress().ok_or_else(|| {
        RuleError::refused("no Mission is in progress; start one with `muster mission start NAME`")
    })
}

/// The Soldiers on `mission` who are active, as a refusal lists those who may act: "none"
/// when none is.
pub(super) fn active_on(state: &CampaignState, mission: &MissionState) -> String {
    let active: Vec<&str> = mission
        .soldiers
        .iter()
        .filter(|name| state.soldier(name).is_some_and(|s| s.status == Status::Active))
        .map(String::as_str)
        .collect();
    if active.is_empty() {
        "none".to_owned()
    } else {
        active.join(", ")
    }
}

/// Refuses while a decision is open: a failed Environment roll awaiting its choice, an
/// Environment roll still owed this turn (from [`ENVIRONMENTS_DECLARED`]), or a K9 Encounter
/// not yet resolved (RULES 2 and 3).
pub(super) fn clear_to_end(state: &CampaignState, mission: &MissionState) -> Result<(), RuleError> {
    if let Some(pending) = state.pending.first() {
        // Hardy is named only while he holds a counter that settles it.
        let holds = state.soldier(&pending.soldier).is_some_and(|s| {
            [pending.environment.as_str(), "any"]
                .iter()
                .any(|t| s.hardy.get(*t).is_some_and(|n| *n > 0))
        });
        let choices = if holds {
            "hardy|wound|suppress"
        } else {
            "wound|suppress"
        };
        return Err(RuleError::refused(format!(
            "{}'s failed Environ {} roll (v{}) awaits a choice; record it first with `muster resolve {} {choices}`",
            pending.soldier,
            pending.environment,
            pending.version,
            shell_words::quote(&pending.soldier)
        )));
    }
    let owed = &mission.owed_environment;
    if let Some(first) = owed.first().filter(|_| state.rules() >= ENVIRONMENTS_DECLARED) {
        let all: Vec<String> = owed.iter().map(ToString::to_string).collect();
        return Err(RuleError::refused(format!(
            "{} (rule 002: each Soldier \"must roll the noted value or higher on a 10-sided die at the start of the Soldier Turn\"); roll each first, e.g. `muster environ {} {} {}`",
            all.join("; "),
            shell_words::quote(&first.soldier),
            first.environment.environment,
            first.environment.target
        )));
    }
    if let Some(encounter) = &mission.encounter {
        // What finishes it from where it stands: the choice after a failed roll, else its
        // next roll (or, before the first, Ignoring it).
        // With the Handler or his K9 out of action, only its Failure finishes it.
        let out = [&encounter.handler, &encounter.k9].into_iter().find(|name| {
            !mission.soldiers.contains(name) || state.soldier(name).is_none_or(|s| s.status != Status::Active)
        });
        let accept;
        let next = if let Some(out) = out {
            accept = format!("{out} is out of action, so suffer its Failure (`muster k9 accept`)");
            accept.as_str()
        } else if encounter.awaiting_choice {
            "accept its Failure (`muster k9 accept`) or retry (`muster k9 retry`)"
        } else if encounter.next_roll == 0 {
            "make its first roll (`muster k9 roll`) or ignore it (`muster k9 ignore`)"
        } else {
            "make its next roll (`muster k9 roll`)"
        };
        return Err(RuleError::refused(format!(
            "the K9 Encounter '{}' is still open; finish it first: {next}",
            encounter.card.name
        )));
    }
    Ok(())
}
