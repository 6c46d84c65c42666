//! `muster export [--output FILE]`: the campaign as JSON Lines, written as the rows are
//! read, then the trailer that lets an import tell the whole file from a cut one.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use muster::query::Query;
use muster::transfer::{Line, Trailer};

use super::context::Context;
use super::error::CommandError;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Each line is one event: campaign, version, event_id, command_id, recorded_at, kind, schema, payload, prev_hash, hash. The last line is the trailer, {\"trailer\": {\"campaign\", \"events\", \"head\": {\"version\", \"hash\"}}}: the number of events above it and the last one's version and hash. `muster import` refuses a file whose trailer is missing lines or is followed by any."
)]
pub struct Args {
    /// Write to FILE rather than standard output: it appears, whole, only once the export
    /// is complete (a shell's `> FILE` leaves an empty file behind when the export is refused)
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
}

impl Args {
    /// The file to write, when not standard output.
    pub fn output(&self) -> Option<&std::path::Path> {
        self.output.as_deref()
    }
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign_read()?;
    let Some(path) = args.output else {
        return write(&store, &campaign, io::stdout().lock(), "standard output");
    };
    super::file::write_whole(&path, |file, shown| write(&store, &campaign, file, shown))
}

/// Writes the export of `campaign` to `out`, named `shown` in an error.
fn write(
    store: &muster::store::Store,
    campaign: &str,
    out: impl Write,
    shown: &str,
) -> Result<(), CommandError> {
    let mut out = BufWriter::new(out);
    // A write that fails stops the reading; its error is reported once the rows stop.
    let mut failed: Option<io::Error> = None;
    let exported = Query::new(store, campaign).export(&mut |line| match write_line(&mut out, line) {
        Ok(()) => true,
        Err(e) => {
            failed = Some(e);
            false
        }
    });
    if let (true, Ok(Some(trailer))) = (failed.is_none(), &exported) {
        if let Err(e) = write_trailer(&mut out, trailer) {
            failed = Some(e);
        }
    }
    let flushed = out.flush();
    match failed.or(flushed.err()) {
        // `muster export | head` is not an error.
        Some(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Some(e) => Err(CommandError::storage(format!("cannot write to {shown}: {e}"))),
        None => exported.map(|_| ()).map_err(CommandError::from),
    }
}

/// Writes one event line of an export as `muster export` writes it: its JSON (every control
/// character escaped, so nothing in it drives a terminal) and a newline.
pub fn write_line(out: &mut impl Write, line: &Line) -> io::Result<()> {
    serde_json::to_writer(&mut *out, line).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

/// Writes an export's last line, its trailer, and a newline.
pub fn write_trailer(out: &mut impl Write, trailer: &Trailer) -> io::Result<()> {
    out.write_all(trailer.line().as_bytes())?;
    out.write_all(b"\n")
}
