//! `muster suppress-hostile SOLDIER --hostile NAME`: a Soldier places a Suppression on a
//! Hostile card (Eliminate Medals watch who does).

use muster::domain::command::Command;

use crate::cli::context::Context;
use crate::cli::error::CommandError;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The Soldier who placed it
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    soldier: String,
    /// The Hostile card, e.g. "Sniper"
    #[arg(long)]
    hostile: String,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    ctx.execute(&Command::SuppressHostile {
        soldier: args.soldier,
        hostile: args.hostile,
    })
}
