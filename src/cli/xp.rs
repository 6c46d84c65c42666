//! `muster xp SOLDIER|team ±N --why TEXT`.

use muster::domain::command::{Command, XpTarget};

use super::args::number;
use super::context::Context;
use super::error::CommandError;

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// The Soldier, by name, or `team` for the Zero Dark team's pool
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    target: String,
    /// The change: +3 gains, -1 spends
    amount: String,
    /// Why (kept in the log)
    #[arg(long)]
    why: String,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let target = if args.target.eq_ignore_ascii_case("team") {
        XpTarget::Team
    } else {
        XpTarget::Soldier(args.target)
    };
    ctx.execute(&Command::AdjustXp {
        target,
        amount: number(&args.amount, "the XP change")?,
        why: args.why,
    })
}
