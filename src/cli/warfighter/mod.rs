//! Warfighter's core commands: Wounds, Suppress and healing, statuses, EKIAs, the RP bank,
//! RP cards and Suppressions on Hostiles.

pub(super) mod ekia;
pub(super) mod harm;
pub(super) mod rp;
pub(super) mod rp_card;
pub(super) mod status;
pub(super) mod suppress_hostile;
