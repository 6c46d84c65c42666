//! `muster rebuild`: fold the whole log again and write a fresh checkpoint.

use muster::app;
use muster::query::Query;

use super::context::Context;
use super::error::CommandError;
use super::output;
use super::progress::Progress;

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Context, _args: Args) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign()?;
    let mut progress = Progress::new("rebuilding", Query::new(&store, &campaign).head()?.version);
    let state = app::rebuild(&store, &campaign, &mut |done| progress.set(done))?;
    drop(progress);
    output::print(&format!(
        "campaign '{campaign}': {} events folded from the log; checkpoint written at v{}\n",
        state.version, state.version
    ))
}
