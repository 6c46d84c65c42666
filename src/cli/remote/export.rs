//! `muster --remote R export [--output FILE]`: the server's export of a campaign (GET
//! …/events), checked whole as it arrives (every line an event of the campaign asked, in
//! order, ended by the trailer that agrees with them) and kept aside, written line by line as
//! the local export writes its own; only then copied to standard output, or to FILE, which
//! appears whole only once the export is complete.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, Write};
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
    let answer = remote.stream(&path)?;
    let mut checked = checked(remote, answer, &campaign)?;
    let Some(output) = output else {
        return match io::copy(&mut checked, &mut io::stdout().lock()) {
            // `muster --remote R export | head` is not an error.
            Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(CommandError::storage(format!(
                "cannot write the server's export to standard output: {e}"
            ))),
            _ => Ok(()),
        };
    };
    file::write_whole(output, |mut file, shown| {
        io::copy(&mut checked, &mut file)
            .and_then(|_| file.flush())
            .map(|_| ())
            .map_err(|e| CommandError::storage(format!("cannot write the server's export to {shown}: {e}")))
    })
}

/// Reads the server's `answer` to its end, checking it is a whole export of `campaign`, into
/// a private temporary file (it has no name, and goes when dropped) written line by line as
/// `muster export` writes its own; gives the file, read from its start.
fn checked(remote: &Remote, answer: impl BufRead, campaign: &str) -> Result<File, CommandError> {
    let unwritable = |e: io::Error| {
        CommandError::storage(format!(
            "cannot keep the server's export in a temporary file: {e}"
        ))
    };
    let mut file = tempfile::tempfile().map_err(unwritable)?;
    let mut out = BufWriter::new(&file);
    let mut answer = Noting {
        inner: answer,
        error: None,
    };
    // A write that fails stops the reading; its error is reported rather than the reading's.
    let mut failed: Option<io::Error> = None;
    let read = transfer::read_received(BufReader::new(&mut answer), campaign, &mut |line| {
        write_line(&mut out, line).map_err(|e| {
            let stop = muster::Error::input(e.to_string());
            failed = Some(e);
            stop
        })
    });
    if let Some(e) = failed {
        return Err(unwritable(e));
    }
    if let Some(e) = answer.error {
        return Err(remote.unreadable(e));
    }
    let trailer = read.map_err(|e| {
        CommandError::refused(format!(
            "the server at {} did not answer with an export of '{campaign}' as `muster export` writes it: {e}; nothing written",
            remote.url
        ))
    })?;
    write_trailer(&mut out, &trailer)
        .and_then(|()| out.flush())
        .map_err(unwritable)?;
    drop(out);
    file.rewind().map_err(unwritable)?;
    Ok(file)
}

/// A reader that keeps the error that cut it short, if one did: the answer's transport
/// failing (or passing its cap) is told from an answer that is not an export.
struct Noting<R> {
    inner: R,
    error: Option<io::Error>,
}

impl<R: Read> Read for Noting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            let told = io::Error::new(e.kind(), e.to_string());
            if e.kind() != io::ErrorKind::Interrupted {
                self.error.get_or_insert(e);
            }
            told
        })
    }
}
