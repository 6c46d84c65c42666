//! The squad's RP bank: RP gained to make purchases, and RP spent.

use crate::domain::error::{RuleError, in_range};
use crate::domain::event::{Event, RpCard, RpMovement};
use crate::domain::limits::{MAX_CARD_RP, MAX_RP};
use crate::domain::medals::RpCardKind;
use crate::domain::state::CampaignState;
use crate::rules::preconditions::check_text;

fn movement(amount: i64, why: &str) -> Result<RpMovement, RuleError> {
    let amount = in_range("the RP amount", amount, 1, MAX_RP)?;
    Ok(RpMovement {
        amount: u32::try_from(amount).unwrap_or(0),
        why: check_text("the reason (--why)", why)?,
    })
}

pub(in crate::rules) fn grant(amount: i64, why: &str) -> Result<Vec<Event>, RuleError> {
    Ok(vec![Event::RpGranted(movement(amount, why)?)])
}

pub(in crate::rules) fn spend(
    state: &CampaignState,
    amount: i64,
    why: &str,
) -> Result<Vec<Event>, RuleError> {
    let movement = movement(amount, why)?;
    if movement.amount > state.rp_bank {
        return Err(RuleError::refused(format!(
            "the squad's bank holds {} RP; cannot spend {}; spend at most {}",
            state.rp_bank, movement.amount, state.rp_bank
        )));
    }
    Ok(vec![Event::RpSpent(movement)])
}

pub(in crate::rules) fn gain_card(
    state: &CampaignState,
    soldier: &str,
    kind: RpCardKind,
    name: &str,
    rp: i64,
) -> Result<Vec<Event>, RuleError> {
    let soldier = state.find_soldier(soldier)?;
    if !soldier.is_on_the_books() {
        return Err(RuleError::refused(format!(
            "{} is {}: his record is closed",
            soldier.card.name, soldier.status
        )));
    }
    let name = check_text("the card's name", name)?;
    let rp = u32::try_from(in_range("the card's RP", rp, 0, MAX_CARD_RP)?).unwrap_or(0);
    Ok(vec![Event::RpCardGained(RpCard {
        soldier: soldier.card.name.clone(),
        card: kind,
        name,
        rp,
    })])
}

pub(in crate::rules) fn lose_card(
    state: &CampaignState,
    soldier: &str,
    kind: RpCardKind,
    name: &str,
) -> Result<Vec<Event>, RuleError> {
    let soldier = state.find_soldier(soldier)?;
    let held = soldier
        .rp_cards
        .iter()
        .find(|c| c.kind == kind && c.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| {
            let cards: Vec<String> = soldier
                .rp_cards
                .iter()
                .map(|c| format!("{} '{}'", c.kind, c.name))
                .collect();
            RuleError::refused(format!(
                "{} holds no {kind} '{name}'; he holds: {}",
                soldier.card.name,
                if cards.is_empty() {
                    "none".to_owned()
                } else {
                    cards.join(", ")
                }
            ))
        })?;
    Ok(vec![Event::RpCardLost(RpCard {
        soldier: soldier.card.name.clone(),
        card: kind,
        name: held.name.clone(),
        rp: held.rp,
    })])
}
