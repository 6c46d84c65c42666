//! `muster wound|suppress|heal SOLDIER [N]`.

use muster::domain::command::{Command, Harm};

use crate::cli::args::number;
use crate::cli::context::Context;
use crate::cli::error::CommandError;

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// The Soldier, by name
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    soldier: String,
    /// How many (1 to 20)
    #[arg(default_value = "1")]
    amount: String,
}

pub fn run(ctx: &Context, harm: Harm, args: Args) -> Result<(), CommandError> {
    ctx.execute(&Command::Harm {
        harm,
        soldier: args.soldier,
        amount: number(&args.amount, "the amount")?,
    })
}
