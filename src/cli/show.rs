//! `muster show VERSION`: one event explained.

use muster::projection::show::{self, Shown};

use super::args::number;
use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The event's campaign version (see `muster log`)
    version: String,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign()?;
    let version = u64::try_from(number(&args.version, "VERSION")?)
        .map_err(|_| CommandError::refused("VERSION must be 1 or more; see `muster log`"))?;
    let rows = store.rows(&campaign, None)?;
    let shown = show::explain(&rows, version)?;
    print(ctx.format, &shown)
}

/// Prints one explained event in the chosen format.
pub fn print(format: Format, shown: &Shown) -> Result<(), CommandError> {
    match format {
        Format::Json => output::print_json(shown),
        Format::Table => output::print(&render(shown)),
    }
}

fn render(shown: &Shown) -> String {
    let mut text = format!("v{} {}\n", shown.version, shown.summary);
    let mut field = |name: &str, value: &str| text.push_str(&format!("  {name:<12} {value}\n"));
    field("kind", &format!("{} (schema {})", shown.kind, shown.schema));
    field("recorded", &shown.recorded_at);
    field("event id", &shown.event_id);
    field("command id", &shown.command_id);
    field("payload", &shown.payload.to_string());
    match &shown.voided_by {
        Some(void) => field("voided", &format!("yes, by v{}: {}", void.version, void.why)),
        None => field("voided", "no"),
    }
    field("prev hash", &shown.prev_hash);
    field("hash", &shown.hash);
    if shown.command.len() > 1 {
        text.push_str("  the same command wrote:\n");
        for sibling in &shown.command {
            text.push_str(&format!("    v{:<5} {}\n", sibling.version, sibling.summary));
        }
    }
    text
}
