//! `muster hardy SOLDIER TYPE ±N --why TEXT`.

use muster::domain::command::Command;

use crate::cli::args::number;
use crate::cli::context::Context;
use crate::cli::error::CommandError;

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// The Soldier, by name
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    soldier: String,
    /// The Hardy type, a lowercase word: cold, hot, any…
    hardy: String,
    /// The change: +1 gains a counter, -1 expends one
    amount: String,
    /// Where it came from or why (kept in the log), e.g. "Service Record"
    #[arg(long)]
    why: String,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    ctx.execute(&Command::AdjustHardy {
        soldier: args.soldier,
        hardy: args.hardy.to_lowercase(),
        amount: number(&args.amount, "the Hardy change")?,
        why: args.why,
    })
}
