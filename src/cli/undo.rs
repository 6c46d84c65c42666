//! `muster undo [VERSION] --why TEXT`: take back one's own last command (or the one that wrote
//! VERSION), by the void rules; a player undoes only what they recorded.

use muster::app;
use muster::projection::as_of;

use super::context::Context;
use super::error::CommandError;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Whose a command is, is who recorded it: through `muster serve` the token's or session's name, on the command line the name given with --as (default \"command line\"). The undo is a void, decided by the void rules: refused where a later command rests on it, and never undone in its turn (a void is not undone; record the command again instead). A gm voids anyone's command with `muster void VERSION`."
)]
pub struct Args {
    /// A version your command wrote, as `muster log` prints it (v12) or bare (12); without
    /// it, the last command you recorded that still stands
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::versions))]
    version: Option<String>,
    /// Why it is taken back (kept in the log)
    #[arg(long)]
    why: String,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let version = args
        .version
        .as_deref()
        .map(|v| as_of::version(v, "VERSION"))
        .transpose()?;
    let (mut store, campaign) = ctx.open_campaign()?;
    let written = app::undo(&mut store, &campaign, version, &args.why, ctx.clock.as_ref())?;
    ctx.report(&written)
}
