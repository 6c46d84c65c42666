//! `muster void VERSION --why TEXT`: fix a mistake by voiding the command that made it.

use muster::app;

use muster::projection::as_of;

use super::context::Context;
use super::error::CommandError;

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// Any version written by the mistaken command, as `muster log` prints it (v12) or bare (12)
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::versions))]
    version: String,
    /// Why it is voided (kept in the log)
    #[arg(long)]
    why: String,
    /// Also void the later commands that rest on it (listed when the void is refused
    /// without this), newest first
    #[arg(long)]
    cascade: bool,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let version = as_of::version(&args.version, "VERSION")?;
    let (mut store, campaign) = ctx.open_campaign()?;
    let request = muster::rules::void::Request {
        version,
        why: &args.why,
        cascade: args.cascade,
    };
    let written = app::void_with(&mut store, &campaign, &request, ctx.clock.as_ref())?;
    ctx.report(&written)
}
