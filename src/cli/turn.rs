//! `muster turn`: the next turn of the Mission in progress.

use muster::domain::command::Command;

use super::context::Context;
use super::error::CommandError;

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Context, _args: Args) -> Result<(), CommandError> {
    ctx.execute(&Command::NextTurn)
}
