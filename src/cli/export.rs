//! `muster export > FILE.jsonl`: the campaign as JSON Lines.

use muster::transfer;

use super::context::Context;
use super::error::CommandError;
use super::output;

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Context, _args: Args) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign()?;
    let rows = store.rows(&campaign, None)?;
    transfer::export(&rows).iter().try_for_each(output::print_json)
}
