//! `muster import FILE.jsonl`: read an export into this database.

use std::path::PathBuf;

use muster::transfer;

use super::context::Context;
use super::error::CommandError;
use super::file::read_text;
use super::output;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A file written by `muster export`
    file: PathBuf,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let text = read_text(&args.file, "export file")?;
    let mut store = ctx.open()?;
    let imported = transfer::import(&mut store, &text)?;
    output::print(&format!(
        "campaign '{}': {} event{} imported, head v{} {}\n",
        imported.campaign,
        imported.added,
        if imported.added == 1 { "" } else { "s" },
        imported.head.version,
        output::short_hash(&imported.head.hash)
    ))
}
