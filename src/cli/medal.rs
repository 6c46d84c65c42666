//! `muster medal award`: put a Medal sticker on a Soldier.

use clap::Subcommand;
use muster::domain::command::Command as Intent;

use super::args::number;
use super::context::Context;
use super::error::CommandError;

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Put a Medal sticker (name and RP) on a Soldier
    Award {
        /// The Soldier, by name
        soldier: String,
        /// The Medal's name, e.g. "Military Medal"
        medal: String,
        /// The Medal's RP value
        #[arg(long, value_name = "N")]
        rp: String,
        /// Why he earned it (kept in the log)
        #[arg(long)]
        why: String,
    },
}

pub fn run(ctx: &Context, command: Command) -> Result<(), CommandError> {
    match command {
        Command::Award {
            soldier,
            medal,
            rp,
            why,
        } => ctx.execute(&Intent::AwardMedal {
            soldier,
            medal,
            rp: number(&rp, "--rp")?,
            why,
        }),
    }
}
