//! `muster rebuild`: fold the whole log again and write a fresh checkpoint.

use muster::checkpoint;

use super::context::Context;
use super::error::CommandError;
use super::output;
use super::progress::Progress;

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Context, _args: Args) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign()?;
    let mut progress = Progress::new("rebuilding", store.head(&campaign)?.version);
    let state = checkpoint::rewrite(&store, &campaign, &mut |done| progress.set(done))?;
    drop(progress);
    output::print(&format!(
        "campaign '{campaign}': {} events folded from the log; checkpoint written at v{}\n",
        state.version, state.version
    ))
}
