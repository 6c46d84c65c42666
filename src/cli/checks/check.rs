//! `muster check SOLDIER ABILITY [--mod N:WHY]... [--upgunned] [--trap] [--fail] [--on CARD] [--die N]`.

use muster::domain::command::Command;

use crate::cli::context::Context;
use crate::cli::dice_args::{RollArgs, modifiers};
use crate::cli::error::CommandError;

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// The Soldier making the check
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    soldier: String,
    /// The ability, as on his card: handler, bomb, medic…
    ability: String,
    /// A modifier and its source, e.g. -1:card; repeat for several
    #[arg(long = "mod", value_name = "N:WHY", allow_hyphen_values = true)]
    modifiers: Vec<String>,
    /// Use the Upgunned [bracket] target; refused when his card has none
    #[arg(long)]
    upgunned: bool,
    /// The Fail heading is a Trap: without the ability, the face is taken as 1
    #[arg(long)]
    trap: bool,
    /// The check serves a Fail heading: rolled once per Soldier entering
    #[arg(long)]
    fail: bool,
    /// The card the check is on; a Success check's benefit is then gained once
    #[arg(long, value_name = "CARD")]
    on: Option<String>,
    #[command(flatten)]
    roll: RollArgs,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let command = Command::Check {
        soldier: args.soldier,
        ability: args.ability,
        modifiers: modifiers(&args.modifiers)?,
        upgunned: args.upgunned,
        trap: args.trap,
        fail: args.fail,
        card: args.on,
    };
    ctx.execute_rolling(&command, &args.roll.entered()?)
}
