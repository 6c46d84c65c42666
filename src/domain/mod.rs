//! The campaign's vocabulary: events, commands, the folded state and the rule errors.

pub mod abilities;
pub mod campaign_name;
pub mod codec;
pub mod command;
pub mod environment;
pub mod error;
pub mod event;
pub mod evolve;
pub mod fold;
pub mod game;
pub mod k9;
pub mod limits;
pub mod logged;
pub mod medals;
pub mod names;
pub mod ranges;
pub mod roll;
pub mod rulebook;
pub mod rules_version;
pub mod sheet;
pub mod shown;
pub mod soldier;
pub mod state;
pub mod suggest;
pub mod zero_dark;

pub use game::{Game, MissionResult};
