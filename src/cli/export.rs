//! `muster export > FILE.jsonl`: the campaign as JSON Lines, written as the rows are read,
//! then the trailer that lets an import tell the whole file from a cut one.

use std::io::{self, BufWriter, Write};

use muster::store::Head;
use muster::transfer::{Line, Trailer};

use super::context::Context;
use super::error::CommandError;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Each line is one event: campaign, version, event_id, command_id, recorded_at, kind, schema, payload, prev_hash, hash. The last line is the trailer, {\"trailer\": {\"campaign\", \"events\", \"head\": {\"version\", \"hash\"}}}: the number of events above it and the last one's version and hash. `muster import` refuses a file whose trailer is missing lines or is followed by any."
)]
pub struct Args {}

pub fn run(ctx: &Context, _args: Args) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign()?;
    let mut out = BufWriter::new(io::stdout().lock());
    // A write that fails stops the reading; its error is reported once the rows stop.
    let mut failed: Option<io::Error> = None;
    // The trailer tells of the rows written, whatever another process appends meanwhile.
    let mut events = 0;
    let mut head = Head::empty();
    let mut named = campaign.clone();
    let read = store.for_each_row(&campaign, 0, None, |row| {
        let written = serde_json::to_writer(&mut out, &Line::of(&row))
            .map_err(io::Error::from)
            .and_then(|()| out.write_all(b"\n"));
        match written {
            Ok(()) => {
                events += 1;
                named = row.campaign;
                head = Head {
                    version: row.version,
                    hash: row.hash,
                };
                Ok(())
            }
            Err(e) => {
                failed = Some(e);
                Err(muster::store::StoreError::Unwritable(
                    "standard output closed".to_owned(),
                ))
            }
        }
    });
    if failed.is_none() && read.is_ok() {
        let trailer = Trailer::of(&named, events, &head).line();
        if let Err(e) = out
            .write_all(trailer.as_bytes())
            .and_then(|()| out.write_all(b"\n"))
        {
            failed = Some(e);
        }
    }
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
