//! The ability words a campaign knows: every ability on its Soldiers' cards and every one a
//! card names (K9 & Handlers' own, when the campaign uses it, and the open K9 Encounter's
//! rolls). A check of any other word
//! is a typo (from [`super::rules_version::ABILITY_WORDS_KNOWN`]); from
//! [`super::rules_version::ABILITY_TYPOS_AT_ENLIST`] only one [`tested`] word makes a near one a
//! typo, at a check and at enlisting.

use std::collections::BTreeSet;

use super::k9;
use super::rulebook::Expansion;
use super::state::CampaignState;

/// Every ability word `state` knows, in alphabetical order.
pub fn known(state: &CampaignState) -> BTreeSet<&str> {
    let mut known = BTreeSet::new();
    if state.uses(Expansion::K9) {
        known.extend(k9::ABILITIES);
    }
    known.extend(
        state
            .soldiers
            .iter()
            .flat_map(|s| s.card.abilities.keys().map(String::as_str)),
    );
    let encounter = state.mission_in_progress().and_then(|m| m.encounter.as_ref());
    known.extend(
        encounter
            .into_iter()
            .flat_map(|e| e.card.rolls.iter().map(|r| r.ability.as_str())),
    );
    known
}

/// The ability words that make a word one letter from them a typo: from
/// [`super::rules_version::ABILITY_TYPOS_AT_ENLIST`] those a card names and those on the cards
/// of Soldiers enlisted under it, whose words were tested as typed; under earlier rules every
/// word [`known`] gives.
///
/// A word on a card enlisted untested is still an ability (a check of it is no typo), but muster
/// cannot tell whether it or a word one letter from it is the card's; the players typed the
/// other one under the test, so an untested `medik` does not refuse `medic` for the rest of the
/// campaign.
pub fn tested(state: &CampaignState) -> BTreeSet<&str> {
    if state.rules() < super::rules_version::ABILITY_TYPOS_AT_ENLIST {
        return known(state);
    }
    let mut tested = BTreeSet::new();
    if state.uses(Expansion::K9) {
        tested.extend(k9::ABILITIES);
    }
    tested.extend(state.tested_abilities.iter().map(String::as_str));
    let encounter = state.mission_in_progress().and_then(|m| m.encounter.as_ref());
    tested.extend(
        encounter
            .into_iter()
            .flat_map(|e| e.card.rolls.iter().map(|r| r.ability.as_str())),
    );
    tested
}
