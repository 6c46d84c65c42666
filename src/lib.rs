//! muster: a campaign tracker for Warfighter and Horizon Wars: Zero Dark, kept as an
//! append-only, hash-chained log of events from which every number is derived.
//!
//! The library has no command-line parsing and prints nothing; `src/cli/` does both.

pub mod app;
pub mod catalog;
pub mod checkpoint;
pub mod clock;
pub mod dice;
pub mod domain;
mod error;
pub mod ids;
pub mod progress;
pub mod projection;
pub mod query;
pub mod rules;
pub mod store;
pub mod synth;
pub mod transfer;
pub mod verify;

pub use error::Error;
