//! `muster down|recover|kill|discharge SOLDIER`.

use muster::domain::command::{Command, StatusChange};

use crate::cli::context::Context;
use crate::cli::error::CommandError;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The Soldier, by name
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    soldier: String,
}

pub fn run(ctx: &Context, change: StatusChange, args: Args) -> Result<(), CommandError> {
    ctx.execute(&Command::ChangeStatus {
        change,
        soldier: args.soldier,
    })
}
