//! The ability words a campaign knows: every ability on its Soldiers' cards and every one a
//! card names (K9 & Handlers' own, when the campaign uses it, and the open K9 Encounter's
//! rolls). A check of any other word
//! is a typo (from [`super::rules_version::ABILITY_WORDS_KNOWN`]).

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
