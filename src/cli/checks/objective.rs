//! `muster objective activate|complete N`: Multiple Objectives.

use clap::Subcommand;
use muster::domain::command::Command as Intent;

use crate::cli::args::number;
use crate::cli::context::Context;
use crate::cli::error::CommandError;

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Activate Objective N (the one carrying the Inactive counter; it moves right)
    #[command(allow_negative_numbers = true)]
    Activate {
        /// The Objective, 1 being the left-most
        n: String,
    },
    /// Complete Objective N (once activated)
    Complete {
        /// The Objective, 1 being the left-most
        n: String,
    },
}

pub fn run(ctx: &Context, command: Command) -> Result<(), CommandError> {
    let intent = match command {
        Command::Activate { n } => Intent::ActivateObjective(number(&n, "the Objective")?),
        Command::Complete { n } => Intent::CompleteObjective(number(&n, "the Objective")?),
    };
    ctx.execute(&intent)
}
