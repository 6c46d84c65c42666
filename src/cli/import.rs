//! `muster import FILE.jsonl`: read an export into this database.

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;

use muster::transfer;

use super::context::Context;
use super::error::CommandError;
use super::output;
use super::progress::Progress;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A file written by `muster export`
    file: PathBuf,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let mut store = ctx.open()?;
    let size = std::fs::metadata(&args.file).map_or(0, |m| m.len());
    // About 400 bytes a line: the bar's length is a guess until the file has been counted.
    let mut progress = Progress::new("importing", size / 400);
    let open = || {
        File::open(&args.file)
            .map(|file| BufReader::with_capacity(1 << 16, file))
            .map_err(|e| {
                muster::Error::input(format!("cannot read export file {}: {e}", args.file.display()))
            })
    };
    let imported = transfer::import_from(&mut store, open, &mut |done| progress.set(done))?;
    drop(progress);
    output::print(&format!(
        "campaign '{}': {} event{} imported, head v{} {}\n",
        imported.campaign,
        imported.added,
        if imported.added == 1 { "" } else { "s" },
        imported.head.version,
        output::short_hash(&imported.head.hash)
    ))
}
