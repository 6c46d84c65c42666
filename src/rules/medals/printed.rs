//! A Medal sticker as its card prints it (rule 004): from rules 7 the RP of a card in the loaded
//! Nation deck, its name read however spaced; from rules 10 the card's name, and the card in one
//! place at a time.

use crate::domain::error::RuleError;
use crate::domain::medals::one_name;
use crate::domain::rules_version;
use crate::domain::state::CampaignState;

/// Refuses (from [`rules_version::LIVING_SPOOK_PRINTED_MEDALS`]) a sticker of a card in the
/// loaded Nation deck carrying other RP than the card's: rule 004, "Each Medal has an RP value".
pub(in crate::rules) fn printed_rp(state: &CampaignState, medal: &str, rp: u32) -> Result<(), RuleError> {
    if state.rules() < rules_version::LIVING_SPOOK_PRINTED_MEDALS {
        return Ok(());
    }
    let Some((deck, card)) = state
        .medal_deck
        .as_ref()
        .and_then(|deck| deck.printed(medal).map(|card| (deck, card)))
    else {
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

/// The name a new sticker of `medal` (`medal award`, `carry-over --medal`) is recorded by: from
/// [`rules_version::MEDAL_CARDS_ONCE`], a card of the loaded Nation deck is named as printed
/// and is in one place at a time, so a card a Soldier holds as a sticker, or one drawn and in
/// play, is refused.
pub(in crate::rules) fn sticker_name(state: &CampaignState, medal: &str) -> Result<String, RuleError> {
    let deck = state.medal_deck.as_ref();
    let Some((deck, card)) = deck
        .and_then(|deck| deck.printed(medal).map(|card| (deck, card)))
        .filter(|_| state.rules() >= rules_version::MEDAL_CARDS_ONCE)
    else {
        return Ok(medal.to_owned());
    };
    if let Some(holder) = holder(state, &card.name) {
        return Err(RuleError::refused(format!(
            "{holder} holds the {} sticker, and the {} deck's one {} card is in one place at a time: it goes to another Soldier only once his sticker comes off (rule 004: \"These stickers stay with the Soldier until he suffers a Downed or KIA result\")",
            card.name, deck.nation, card.name
        )));
    }
    if let Some(drawn) = deck.drawn(&card.name) {
        return Err(RuleError::refused(format!(
            "the {} was drawn at v{} (Mission {}) and is in play: its sticker goes on its recipient with `muster medal earn`, or it leaves play with `muster medal lose`",
            card.name, drawn.drawn_at, drawn.mission
        )));
    }
    Ok(card.name.clone())
}

/// The Soldier who holds a sticker of the card `medal`, if any does.
pub(in crate::rules) fn holder<'a>(state: &'a CampaignState, medal: &str) -> Option<&'a str> {
    state
        .soldiers
        .iter()
        .find(|s| s.medals.iter().any(|m| one_name(&m.name, medal)))
        .map(|s| s.card.name.as_str())
}
