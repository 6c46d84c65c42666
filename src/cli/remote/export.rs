//! `muster --remote R export [--output FILE]`: the server's export of a campaign (GET
//! …/events), spooled here and checked whole (every line an event of the campaign asked, in
//! order, ended by the trailer that agrees with them) before anything is written; then
//! written line by line as the local export writes its own: to standard output, or to FILE,
//! which appears whole only once the export is complete.

use std::io::{self, BufReader, BufWriter, Seek, Write};
use std::path::Path;

use muster::transfer;

use super::client::Remote;
use crate::cli::error::CommandError;
use crate::cli::export::{write_line, write_trailer};
use crate::cli::file;

/// Writes the export of `campaign` (else the server's selected campaign, else its only one)
/// from the server `remote` to `output`, or to standard output.
pub fn export(remote: &Remote, campaign: Option<&str>, output: Option<&Path>) -> Result<(), CommandError> {
    let campaign = match campaign {
        Some(named) => named.to_owned(),
        None => crate::cli::copies::served_campaign(remote)?,
    };
    let path = format!("/api/v1/campaigns/{}/events", crate::url::segment(&campaign));
    let mut spool = remote.spool(&path)?;
    transfer::read_received(BufReader::new(&spool), &campaign, &mut |_| Ok(())).map_err(|e| {
        CommandError::refused(format!(
            "the server at {} did not answer with an export of '{campaign}' as `muster export` writes it: {e}; nothing written",
            remote.url
        ))
    })?;
    spool
        .rewind()
        .map_err(|e| CommandError::storage(format!("cannot read back the server's export: {e}")))?;
    let Some(output) = output else {
        return write(&spool, &campaign, io::stdout().lock(), "standard output");
    };
    file::write_whole(output, |file, shown| write(&spool, &campaign, file, shown))
}

/// Writes the checked export in `spool` to `out`, named `shown` in an error, line by line as
/// `muster export` writes it.
fn write(spool: &std::fs::File, campaign: &str, out: impl Write, shown: &str) -> Result<(), CommandError> {
    let mut out = BufWriter::new(out);
    // A write that fails stops the reading; its error is reported once the lines stop.
    let mut failed: Option<io::Error> = None;
    let read = transfer::read_received(BufReader::new(spool), campaign, &mut |line| {
        write_line(&mut out, line).map_err(|e| {
            let error = muster::Error::input(e.to_string());
            failed = Some(e);
            error
        })
    });
    if let (None, Ok(trailer)) = (&failed, &read) {
        failed = write_trailer(&mut out, trailer).err();
    }
    let flushed = out.flush();
    match failed.or(flushed.err()) {
        // `muster --remote R export | head` is not an error.
        Some(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Some(e) => Err(CommandError::storage(format!("cannot write to {shown}: {e}"))),
        None => read
            .map(|_| ())
            .map_err(|e| CommandError::storage(format!("cannot read back the server's export: {e}"))),
    }
}
