//! Ability checks and Multiple Objectives (rule 001): `muster check` and `muster objective`.

pub(super) mod check;
pub(super) mod objective;
