//! `muster ekia SOLDIER --hostile NAME --value N`.

use muster::domain::command::Command;

use crate::cli::args::number;
use crate::cli::context::Context;
use crate::cli::error::CommandError;

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// The Soldier who inflicted it
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    soldier: String,
    /// The Hostile card, e.g. "Rifle Team"
    #[arg(long)]
    hostile: String,
    /// The Hostile's value: the XP he gains
    #[arg(long, value_name = "N")]
    value: String,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    ctx.execute(&Command::RecordEkia {
        soldier: args.soldier,
        hostile: args.hostile,
        value: number(&args.value, "--value")?,
    })
}
