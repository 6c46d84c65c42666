//! How Warfighter's core events change a Soldier and the squad: Suppress, Medal stickers,
//! EKIAs, the RP bank and RP cards.

use super::counters::take;
use super::medals;
use crate::domain::event::{
    EkiaRecorded, MedalStickersRemoved, RpAwardRevised, RpCard, RpMovement, SoldierAmount,
};
use crate::domain::medals::HeldRpCard;
use crate::domain::state::CampaignState;

/// A Soldier on the Mission suffers Suppress.
pub(super) fn suppressed(state: &mut CampaignState, e: &SoldierAmount) {
    state
        .during_mission("Suppress", &e.soldier)
        .with_soldier(&e.soldier, |s| {
            s.suppress = s.suppress.saturating_add(e.amount);
            None
        });
}

/// A Downed or Killed Soldier loses his Medal stickers.
pub(super) fn stickers_removed(state: &mut CampaignState, e: &MedalStickersRemoved) {
    state.with_soldier(&e.soldier, |s| {
        let before = s.medals.len();
        s.medals.retain(|m| !e.medals.contains(m));
        (before - s.medals.len() != e.medals.len())
            .then(|| format!("removes Medal stickers {} does not carry", e.soldier))
    });
}

/// An EKIA gives its value in XP; Eliminate Medals watch the Hostile.
pub(super) fn ekia_recorded(state: &mut CampaignState, e: &EkiaRecorded) {
    state
        .during_mission("an EKIA", &e.soldier)
        .with_soldier(&e.soldier, |s| {
            s.xp = s.xp.saturating_add(e.value);
            None
        });
    medals::hit(state, &e.hostile, &e.soldier);
}

/// The squad's bank pays, never below zero.
pub(super) fn rp_spent(state: &mut CampaignState, e: &RpMovement) {
    if let Some(problem) = take(&mut state.rp_bank, e.amount, "RP", "the squad's bank") {
        state.note(problem);
    }
}

/// A void's revision moves the bank by the award's difference.
pub(super) fn rp_award_revised(state: &mut CampaignState, e: &RpAwardRevised) {
    // The revision of a Mission whose end a void took away since moves nothing: its award
    // left the bank with the end.
    if !state.ended(e.mission) {
        return;
    }
    if e.amount >= e.was {
        state.rp_bank = state.rp_bank.saturating_add(e.amount - e.was);
    } else if let Some(problem) = take(&mut state.rp_bank, e.was - e.amount, "RP", "the squad's bank") {
        state.note(problem);
    }
}

/// A Soldier holds a Skill, Equipment or Service Record worth RP.
pub(super) fn rp_card_gained(state: &mut CampaignState, e: &RpCard) {
    state.with_soldier(&e.soldier, |s| {
        s.rp_cards.push(HeldRpCard {
            kind: e.card,
            name: e.name.clone(),
            rp: e.rp,
        });
        None
    });
}

/// A Soldier gives up an RP card he holds.
pub(super) fn rp_card_lost(state: &mut CampaignState, e: &RpCard) {
    state.with_soldier(&e.soldier, |s| {
        let held = s
            .rp_cards
            .iter()
            .position(|c| c.kind == e.card && c.name == e.name);
        match held {
            Some(i) => {
                s.rp_cards.remove(i);
                None
            }
            None => Some(format!(
                "takes the {} '{}' from {}, who does not hold it",
                e.card, e.name, e.soldier
            )),
        }
    });
}
