//! Loading the Nation's Medal deck (rule 004): the campaign's Nation and expansion, each card's
//! numbers and text, and the stickers Soldiers already carry of its cards.

use crate::domain::error::{RuleError, in_range};
use crate::domain::event::{Event, MedalDeckLoaded};
use crate::domain::limits::MAX_CARD_RP;
use crate::domain::medals::{BenefitEffect, MedalCard, MedalDeckFile, one_name};
use crate::domain::rulebook::Expansion;
use crate::domain::rules_version;
use crate::domain::state::{CampaignInfo, CampaignState};
use crate::rules::preconditions::check_text;
use crate::rules::types::check_type;

/// Shuffles the Nation's deck from its file, once per campaign.
pub(in crate::rules) fn load(
    state: &CampaignState,
    info: &CampaignInfo,
    file: &MedalDeckFile,
) -> Result<Vec<Event>, RuleError> {
    if !info.expansions.contains(&Expansion::Medals) {
        return Err(RuleError::refused(
            "this campaign does not use the Medals expansion; add it with `muster campaign expansion add medals`",
        ));
    }
    if let Some(deck) = &state.medal_deck {
        return Err(RuleError::refused(format!(
            "the {} Medal deck is already shuffled for this campaign; one deck per campaign",
            deck.nation
        )));
    }
    let nation = check_text("the deck's nation", &file.nation)?;
    if let Some(ours) = info
        .nation
        .as_deref()
        .filter(|ours| !ours.eq_ignore_ascii_case(&nation))
    {
        return Err(RuleError::refused(format!(
            "this is the {nation} Medal deck, but the campaign commands {ours}; use only your Nation's Medal cards"
        )));
    }
    if file.medals.is_empty() {
        return Err(RuleError::refused(
            "the deck file lists no Medal cards under \"medals\"",
        ));
    }
    let mut medals = Vec::new();
    for card in &file.medals {
        let mut card = card.clone();
        card.name = check_text("a Medal's name", &card.name)?;
        if medals
            .iter()
            .any(|m: &MedalCard| m.name.eq_ignore_ascii_case(&card.name))
        {
            return Err(RuleError::refused(format!(
                "the deck lists '{}' twice; give each Medal card a distinct name",
                card.name
            )));
        }
        in_range("a Medal's RP", i64::from(card.rp), 0, MAX_CARD_RP)?;
        if let Some(limit) = card.turn_limit {
            in_range("a Medal's turn limit", i64::from(limit), 1, 10)?;
        }
        for text in [&card.condition, &card.requirement, &card.benefit] {
            check_text("a Medal card's text", text)?;
        }
        for effect in &card.effects {
            match effect {
                BenefitEffect::Xp { amount } => {
                    in_range("a benefit's XP", i64::from(*amount), 1, 99)?;
                }
                BenefitEffect::Hardy { hardy, amount } => {
                    check_type(state, "a Hardy type", hardy)?;
                    in_range("a benefit's Hardy counters", i64::from(*amount), 1, 9)?;
                }
                BenefitEffect::Skill { name, rp } => {
                    check_text("a Skill's name", name)?;
                    in_range("a Skill's RP", i64::from(*rp), 0, MAX_CARD_RP)?;
                }
            }
        }
        medals.push(card);
    }
    // A sticker put on before the deck was loaded carries its card's RP too.
    if state.rules() >= rules_version::LIVING_SPOOK_PRINTED_MEDALS {
        for soldier in &state.soldiers {
            for sticker in &soldier.medals {
                let card = medals.iter().find(|c| one_name(&c.name, &sticker.name));
                if let Some(card) = card.filter(|c| c.rp != sticker.rp) {
                    return Err(RuleError::refused(format!(
                        "{} carries the {} sticker at {} RP, but the {nation} deck's card is worth {} (rule 004: \"Each Medal has an RP value\"); amend the command that put it on (`muster log` names it) to carry {} first",
                        soldier.card.name, sticker.name, sticker.rp, card.rp, card.rp
                    )));
                }
            }
        }
    }
    // Rules 10: a card is in one place at a time, so at most one sticker of it is held.
    if state.rules() >= rules_version::MEDAL_CARDS_ONCE {
        for card in &medals {
            let holders: Vec<&str> = state
                .soldiers
                .iter()
                .flat_map(|s| s.medals.iter().map(move |m| (s, m)))
                .filter(|(_, m)| one_name(&m.name, &card.name))
                .map(|(s, _)| s.card.name.as_str())
                .collect();
            if holders.len() > 1 {
                return Err(RuleError::refused(format!(
                    "{} carry {} {} stickers, but the {nation} deck has one {} card, in one place at a time; amend the command that put one on (`muster log` names it) first",
                    holders.join(" and "),
                    holders.len(),
                    card.name,
                    card.name
                )));
            }
        }
    }
    Ok(vec![Event::MedalDeckLoaded(MedalDeckLoaded { nation, medals })])
}
