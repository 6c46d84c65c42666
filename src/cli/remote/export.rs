//! `muster --remote R export [--output FILE]`: the server's export of a campaign (GET
//! …/events), written here as the local export writes its own: to standard output, or to
//! FILE, which appears whole only once the export is complete.

use std::io::{self, Write};
use std::path::Path;

use super::client::Remote;
use crate::cli::error::CommandError;
use crate::cli::file;

/// Writes the export of `campaign` (else the server's selected campaign, else its only one)
/// from the server `remote` to `output`, or to standard output.
pub fn export(remote: &Remote, campaign: Option<&str>, output: Option<&Path>) -> Result<(), CommandError> {
    let campaign = match campaign {
        Some(named) => named.to_owned(),
        None => crate::cli::copies::served_campaign(remote)?,
    };
    let path = format!("/api/v1/campaigns/{}/events", crate::url::segment(&campaign));
    let mut export = remote.stream(&path)?;
    let Some(output) = output else {
        let copied = io::copy(&mut export, &mut io::stdout().lock());
        return match copied {
            Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(CommandError::storage(format!(
                "cannot copy the server's export to standard output: {e}"
            ))),
            _ => Ok(()),
        };
    };
    file::write_whole(output, |mut file, shown| {
        io::copy(&mut export, &mut file)
            .and_then(|_| file.flush())
            .map_err(|e| CommandError::storage(format!("cannot copy the server's export to {shown}: {e}")))
    })
}
