//! An open K9 Encounter's steps as the rules offer them: what each risks, who rolls against
//! what, and the options its roll may be paid with that the rules would take now.

use super::line::{FACES, words};
use crate::dice::Cup;
use crate::domain::command::Command;
use crate::domain::k9::{EncounterRoll, Maker, PaidOption, Resource};
use crate::domain::state::{CampaignState, EncounterState};
use crate::rules;

/// The options the roll `command` makes may be paid for first: the open Encounter's next
/// roll's, or its retry's, as the card lists them.
///
/// Only those the rules would take now are listed (a K9 with no Discipline left pays none).
pub(super) fn pays(campaign: &str, state: &CampaignState, command: &Command) -> Vec<PaidOption> {
    let Some(encounter) = state.mission_in_progress().and_then(|m| m.encounter.as_ref()) else {
        return Vec::new();
    };
    let (roll, paying): (_, fn(Vec<Resource>) -> Command) = match command {
        Command::RollEncounter { .. } => (encounter.card.rolls.get(encounter.next_roll), |payments| {
            Command::RollEncounter { payments }
        }),
        Command::RetryEncounter { .. } => (encounter.card.retry.as_ref().map(|r| &r.roll), |payments| {
            Command::RetryEncounter { payments }
        }),
        _ => return Vec::new(),
    };
    let affordable = |option: &&PaidOption| {
        let mut cup = Cup::new(campaign, state.version + 1, vec![1; FACES], None);
        rules::decide(state, &paying(vec![option.resource]), &mut cup).is_ok()
    };
    roll.map(|r| r.options.iter().filter(affordable).copied().collect())
        .unwrap_or_default()
}

/// The steps of an open K9 Encounter, each saying what it risks: its next roll (who makes it,
/// with which ability, against what), accepting its Failure, or the retry and its major harm.
pub(super) fn encounter_steps(
    state: &CampaignState,
    encounter: &EncounterState,
) -> Vec<(String, Vec<String>, Command)> {
    let card = &encounter.card;
    let name = &card.name;
    let mut found = Vec::new();
    // A card's rolls all made, none is left to suggest (its Failure or retry is).
    if let Some(roll) = card.rolls.get(encounter.next_roll) {
        found.push((
            format!(
                "Roll {} of '{name}': {}",
                encounter.next_roll + 1,
                roll_words(state, encounter, roll)
            ),
            words(&["k9", "roll"]),
            Command::RollEncounter { payments: Vec::new() },
        ));
    }
    // Ignoring is decided before the first roll, so it is suggested only then.
    if encounter.next_roll == 0 && !encounter.awaiting_choice {
        found.push((
            format!(
                "Ignore '{name}' (the Handler rolls {}+; below, its Failure)",
                card.ignore_target
            ),
            words(&["k9", "ignore"]),
            Command::IgnoreEncounter,
        ));
    }
    found.push((
        format!("Accept the Failure of '{name}': {}", card.failure.text),
        words(&["k9", "accept"]),
        Command::AcceptFailure,
    ));
    let risk = card
        .retry
        .as_ref()
        .map(|retry| format!(" (failed: {})", retry.major.text))
        .unwrap_or_default();
    found.push((
        format!("Retry '{name}'{risk}"),
        words(&["k9", "retry"]),
        Command::RetryEncounter { payments: Vec::new() },
    ));
    found
}

/// Who makes an Encounter's roll and against what: `Gizmo's bomb 5+, -1 on the card`.
fn roll_words(state: &CampaignState, encounter: &EncounterState, roll: &EncounterRoll) -> String {
    let maker = match roll.maker {
        Maker::K9 => &encounter.k9,
        Maker::Handler => &encounter.handler,
    };
    let target = state
        .soldier(maker)
        .and_then(|s| s.card.abilities.get(&roll.ability))
        .map(|ability| format!(" {}+", ability.target))
        .unwrap_or_default();
    let modifier = match roll.modifier {
        0 => String::new(),
        m => format!(", {m:+} on the card"),
    };
    format!("{maker}'s {}{target}{modifier}", roll.ability)
}
