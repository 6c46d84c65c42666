//! `muster void VERSION --why TEXT`: fix a mistake by voiding the command that made it.

use muster::projection::as_of;
use muster::query::Query;
use muster::{Error, app};

use super::context::Context;
use super::error::CommandError;

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// Any version written by the mistaken command, as `muster log` prints it (v12) or bare
    /// (12), or `last` for the command that wrote the head
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

/// The command a void names: by a version it wrote, or the last one recorded.
enum Named {
    Version(u64),
    Last,
}

impl Named {
    fn read(text: &str) -> Result<Named, Error> {
        if text.trim().eq_ignore_ascii_case("last") {
            return Ok(Named::Last);
        }
        as_of::version(text, "VERSION")
            .map(Named::Version)
            .map_err(|e| Error::input(format!("{e}, or `last` for the command that wrote the head")))
    }
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let named = Named::read(&args.version)?;
    let (mut store, campaign) = ctx.open_campaign()?;
    // `last` is the head now, resolved once: a command another writer records meanwhile is
    // never the one voided.
    let version = match named {
        Named::Version(version) => version,
        Named::Last => Query::new(&store, &campaign).head()?.version,
    };
    let request = muster::rules::void::Request {
        version,
        why: &args.why,
        cascade: args.cascade,
    };
    let written = app::void_with(&mut store, &campaign, &request, ctx.clock.as_ref())?;
    ctx.report(&written)
}
