//! Hardy and Environment types as players type them: a type of its own is accepted (rule
//! 002's list ends in "etc."), but one letter from a type the rule names or the campaign
//! already uses is a typo, refused with the type meant.

use crate::domain::error::RuleError;
use crate::domain::rules_version;
use crate::domain::state::CampaignState;
use crate::rules::preconditions::check_word;

/// The Environment types rule 002 names: "Inhospitable environments include: Cold, Hot,
/// Fever, etc."
const NAMED: &[&str] = &["cold", "hot", "fever"];

/// `word` checked as an Environ type: as [`check_type`], and from
/// [`rules_version::ENVIRONMENTS_OWED`] never "any", which names a Hardy counter that fends
/// off every Environment and no Environment of its own (rule 002: "'Hardy Any' means the Hardy
/// counters can be used to fend off any type of Environment").
pub(super) fn environ_type(state: &CampaignState, word: &str) -> Result<String, RuleError> {
    let word = check_type(state, "an Environ type", word)?;
    if word == "any" && state.rules() >= rules_version::ENVIRONMENTS_OWED {
        return Err(RuleError::refused(
            "'any' is no Environ type: it names the Hardy Any counter, which fends off every type (rule 002); name the Environment's own type, as cold, hot or fever",
        ));
    }
    Ok(word)
}

/// `word`, checked as `what` (a Hardy or an Environ type), unless (from
/// [`rules_version::CARDS_AS_PRINTED`]) it is one letter from a type rule 002 names or this
/// campaign uses: a Soldier's Hardy counters, an Environment in force.
pub(super) fn check_type(state: &CampaignState, what: &str, word: &str) -> Result<String, RuleError> {
    let word = check_word(what, word)?;
    if state.rules() < rules_version::CARDS_AS_PRINTED {
        return Ok(word);
    }
    // From rules 8 a type is a word of letters, as every card prints one.
    if state.rules() >= rules_version::TABLE_SIZED && !word.chars().all(char::is_alphabetic) {
        return Err(RuleError::refused(format!(
            "{what} '{word}' is not a word of letters; a type is one, as cold, hot, fever or sand (rule 002)"
        )));
    }
    let held = state
        .soldiers
        .iter()
        .flat_map(|s| s.card.hardy.keys().chain(s.hardy.keys()));
    let in_force = state
        .mission
        .iter()
        .flat_map(|m| m.environments.iter().map(|d| &d.environment));
    let mut known: Vec<&str> = NAMED.to_vec();
    known.extend(held.chain(in_force).map(String::as_str));
    // Hardy Any is no Environment's type, but it is a Hardy type as known as Cold.
    if word == "any" || known.contains(&word.as_str()) {
        return Ok(word);
    }
    let mut near: Vec<&str> = known
        .into_iter()
        .filter(|t| strsim::damerau_levenshtein(t, &word) == 1)
        .collect();
    near.sort_unstable();
    near.dedup();
    if near.is_empty() {
        return Ok(word);
    }
    let meant = near.join("' or '");
    Err(RuleError::refused(format!(
        "{what} '{word}' is one letter from '{meant}'; did you mean '{meant}'? A type of its own is accepted when it is not one letter from cold, hot, fever or a type this campaign uses (rule 002)"
    )))
}
