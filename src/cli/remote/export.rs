//! `muster --remote R export [--output FILE]`: the server's export of a campaign (GET
//! …/events), written here as the local export writes its own: to standard output, or to
//! FILE, which appears whole only once the export is complete.

use std::io::{self, Write};
use std::path::Path;

use serde_json::Value;

use super::client::Remote;
use crate::cli::error::CommandError;

/// Writes the export of `campaign` (else the server's selected campaign, else its only one)
/// from the server `remote` to `output`, or to standard output.
pub fn export(remote: &Remote, campaign: Option<&str>, output: Option<&Path>) -> Result<(), CommandError> {
    let campaign = match campaign {
        Some(named) => named.to_owned(),
        None => served_default(remote)?,
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
    let shown = output.display().to_string();
    let unwritable = |e: io::Error| {
        CommandError::refused(format!(
            "cannot write {shown}: {e}; give a path in a folder you can write to"
        ))
    };
    // Beside its final place, so it becomes the file by a rename, never half-written.
    let dir = output
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut temporary = tempfile::NamedTempFile::new_in(dir).map_err(unwritable)?;
    io::copy(&mut export, &mut temporary)
        .and_then(|_| temporary.flush())
        .map_err(|e| CommandError::storage(format!("cannot copy the server's export to {shown}: {e}")))?;
    temporary.persist(output).map_err(|e| unwritable(e.error))?;
    Ok(())
}

/// The campaign the server's file has selected, else its only one.
fn served_default(remote: &Remote) -> Result<String, CommandError> {
    let answered = remote.get("/api/v1/campaigns")?;
    if answered.status != 200 {
        return Err(remote.refusal(&answered));
    }
    let listed: Value = serde_json::from_str(&answered.body).unwrap_or_default();
    let all = listed.as_array().cloned().unwrap_or_default();
    let chosen = all
        .iter()
        .find(|c| c["selected"].as_bool() == Some(true))
        .or_else(|| all.first().filter(|_| all.len() == 1));
    chosen
        .and_then(|c| c["name"].as_str())
        .map(str::to_owned)
        .ok_or_else(|| {
            CommandError::refused(format!(
                "the server at {} has no campaign selected; name the one to export with --campaign",
                remote.url
            ))
        })
}
