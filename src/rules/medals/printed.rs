//! A Medal sticker as its card prints it (rule 004, from rules 7): the RP of a card in the loaded
//! Nation deck, its name read however spaced.

use crate::domain::error::RuleError;
use crate::domain::rules_version;
use crate::domain::state::CampaignState;

/// Refuses (from [`rules_version::LIVING_SPOOK_PRINTED_MEDALS`]) a sticker of a card in the
/// loaded Nation deck carrying other RP than the card's: rule 004, "Each Medal has an RP value".
pub(in crate::rules) fn printed_rp(state: &CampaignState, medal: &str, rp: u32) -> Result<(), RuleError> {
    if state.rules() < rules_version::LIVING_SPOOK_PRINTED_MEDALS {
        return Ok(());
    }
    let Some((deck, card)) = state.medal_deck.as_ref().and_then(|deck| {
        deck.cards
            .iter()
            .find(|card| one_medal(&card.name, medal))
            .map(|card| (deck, card))
    }) else {
        return Ok(());
    };
    if card.rp == rp {
        return Ok(());
    }
    Err(RuleError::refused(format!(
        "the {} is worth {} RP on its card in the {} deck (rule 004: \"Each Medal has an RP value\"), so its sticker carries {}, not {rp}",
        card.name, card.rp, deck.nation, card.rp
    )))
}

/// Whether two Medal names are one card's: the same words in any case, however spaced.
pub(super) fn one_medal(a: &str, b: &str) -> bool {
    a.split_whitespace()
        .map(str::to_lowercase)
        .eq(b.split_whitespace().map(str::to_lowercase))
}
