//! `muster export > FILE.jsonl`: the campaign as JSON Lines, written as the rows are read.

use std::io::{self, BufWriter, Write};

use muster::transfer::Line;

use super::context::Context;
use super::error::CommandError;

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Context, _args: Args) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign()?;
    let mut out = BufWriter::new(io::stdout().lock());
    // A write that fails stops the reading; its error is reported once the rows stop.
    let mut failed: Option<io::Error> = None;
    let read = store.for_each_row(&campaign, 0, None, |row| {
        let written = serde_json::to_writer(&mut out, &Line::of(&row))
            .map_err(io::Error::from)
            .and_then(|()| out.write_all(b"\n"));
        match written {
            Ok(()) => Ok(()),
            Err(e) => {
                failed = Some(e);
                Err(muster::store::StoreError::Unwritable(
                    "standard output closed".to_owned(),
                ))
            }
        }
    });
    let flushed = out.flush();
    match failed.or(flushed.err()) {
        // `muster export | head` is not an error.
        Some(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Some(e) => Err(CommandError::storage(format!(
            "cannot write to standard output: {e}"
        ))),
        None => Ok(read?),
    }
}
