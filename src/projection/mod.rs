//! Read models folded from the log: the roster, service records, the history, one event explained.

pub mod as_of;
pub mod blame;
pub mod chronicle;
pub mod diff;
pub mod fields;
pub mod history;
pub mod medal_deck;
pub mod mission;
pub mod mission_words;
pub mod roster;
pub mod roster_line;
pub mod service;
pub mod show;
pub mod summary;
pub mod words;
