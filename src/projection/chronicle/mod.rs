//! The campaign's story as plain data: an after-action report for each Mission, the notes,
//! and the campaign's statistics, told from the log as it reads now (voided events left out,
//! the voids themselves listed where they were made).

mod faces;
mod figures;
mod mission;
mod report;
mod sections;
pub mod teller;
#[cfg(test)]
mod tests;
pub mod words;

pub use faces::{FAIR_SIDES, Faces, MIN_ROLLS};
pub use report::*;
pub use teller::Teller;
