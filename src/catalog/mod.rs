//! Card files: Soldier cards written as JSON by the player.

pub mod soldier_card;
