//! `muster resolve SOLDIER hardy|wound|suppress [--any] [--roll VERSION]`: the choice after
//! a failed Environment roll.

use clap::ValueEnum;
use muster::domain::command::Command;
use muster::domain::event::EnvironmentChoice;

use crate::cli::context::Context;
use crate::cli::error::CommandError;

/// How the failure is paid for.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ChoiceArg {
    /// Expend a Hardy counter of the Environment's type (or Hardy Any with --any)
    Hardy,
    /// Suffer 1 Wound
    Wound,
    /// Suffer 1 Suppress
    Suppress,
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The Soldier whose failed roll (his oldest, or the one --roll names) is settled
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    soldier: String,
    /// What he gives up
    #[arg(value_enum)]
    choice: ChoiceArg,
    /// With hardy: expend a Hardy Any counter instead
    #[arg(long)]
    any: bool,
    /// The failed roll to settle, by its version (`muster now` lists them), when he has
    /// several: a fever roll with a fever counter while a cold one waits [default: his oldest]
    #[arg(long, value_name = "VERSION")]
    roll: Option<u64>,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let choice = match (args.choice, args.any) {
        (ChoiceArg::Hardy, false) => EnvironmentChoice::Hardy,
        (ChoiceArg::Hardy, true) => EnvironmentChoice::HardyAny,
        (_, true) => {
            return Err(CommandError::refused(
                "--any goes with hardy: `muster resolve SOLDIER hardy --any` expends a Hardy Any counter",
            ));
        }
        (ChoiceArg::Wound, false) => EnvironmentChoice::Wound,
        (ChoiceArg::Suppress, false) => EnvironmentChoice::Suppress,
    };
    ctx.execute(&Command::Resolve {
        soldier: args.soldier,
        choice,
        rolled_at: args.roll,
    })
}
