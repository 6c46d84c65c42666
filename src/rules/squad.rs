//! The squad's RP bank: RP gained to make purchases, and RP spent.

use super::check_text;
use crate::domain::error::{RuleError, in_range};
use crate::domain::event::{Event, RpMovement};
use crate::domain::state::CampaignState;

/// The most RP one command moves.
const MAX_RP: i64 = 9999;

fn movement(amount: i64, why: &str) -> Result<RpMovement, RuleError> {
    let amount = in_range("the RP amount", amount, 1, MAX_RP)?;
    Ok(RpMovement {
        amount: u32::try_from(amount).unwrap_or(0),
        why: check_text("the reason (--why)", why)?,
    })
}

pub(super) fn grant(amount: i64, why: &str) -> Result<Vec<Event>, RuleError> {
    Ok(vec![Event::RpGranted(movement(amount, why)?)])
}

pub(super) fn spend(state: &CampaignState, amount: i64, why: &str) -> Result<Vec<Event>, RuleError> {
    let movement = movement(amount, why)?;
    if movement.amount > state.rp_bank {
        return Err(RuleError::refused(format!(
            "the squad's bank holds {} RP; cannot spend {}; spend at most {}",
            state.rp_bank, movement.amount, state.rp_bank
        )));
    }
    Ok(vec![Event::RpSpent(movement)])
}
