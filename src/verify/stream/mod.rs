//! The verifier that reads a log one row at a time, so that checking a campaign of any
//! length needs the same memory.
//!
//! What reaches back is known before the first row: the voided commands, the revealed seeds
//! and the assertions (rare events, gathered first by [`crate::store::Known::note`]). What reaches further
//! back than one row is asked of an [`Earlier`]: the log itself, in a database or a slice.

mod checked;
mod commands;
mod meaning;
mod resume;
mod tracked;
mod verifier;

pub use checked::{Checked, Checker};
pub use resume::CheckedUpTo;
pub use verifier::{Earlier, Verifier};
