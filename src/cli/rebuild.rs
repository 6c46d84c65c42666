//! `muster rebuild`: fold the whole log again and write a fresh checkpoint.

use muster::app;
use muster::query::Query;

use super::context::Context;
use super::error::CommandError;
use super::output;
use super::progress::Progress;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Also make blame's index again from the whole log, even when it looks current (after
    /// its lines were edited: blame then reads the log instead, slower).
    #[arg(long)]
    index: bool,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign()?;
    let mut progress = Progress::new("rebuilding", Query::new(&store, &campaign).head()?.version);
    let state = match args.index {
        true => app::rewrite_checkpoint(&store, &campaign, &mut |done| progress.set(done))?,
        false => app::rebuild(&store, &campaign, &mut |done| progress.set(done))?,
    };
    drop(progress);
    if args.index {
        let mut progress = Progress::new("indexing blame", state.version);
        app::rebuild_index(&store, &campaign, &mut |done| progress.set(done))?;
    }
    let index = if args.index { "made again" } else { "up to date" };
    output::print(&format!(
        "campaign '{campaign}': {} events folded from the log; checkpoint written at v{}; blame's index {index}\n",
        state.version, state.version
    ))
}
