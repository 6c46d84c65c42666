//! `muster remote add|list|remove`, the servers a player saved, and `--remote`: a command
//! line run on a server rather than on this machine's file.

mod client;
mod config;
mod export;
mod forward;

use clap::Subcommand;

use super::context::Context;
use super::error::CommandError;
use super::output;
use config::{Remotes, Saved};

pub use client::{Answered, Remote};
pub use export::export;
pub use forward::{Forwarded, forward};

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Save a server under a name, with its token (kept readable by you alone)
    Add {
        /// The name to call it by, e.g. `table`
        name: String,
        /// Its address, e.g. http://192.168.1.20:7878; the token its gm made for you
        /// (`muster serve token add`) is given with --token
        url: String,
        /// For an https:// server with the group's own certificate: that certificate, or the
        /// certificate authority that signed it, as a PEM file (kept with the remote)
        #[arg(long, value_name = "FILE")]
        ca: Option<std::path::PathBuf>,
    },
    /// List the saved servers: name and address (never a token)
    List,
    /// Forget a saved server
    Remove {
        /// Its name
        name: String,
    },
}

pub fn run(ctx: &Context, command: Command) -> Result<(), CommandError> {
    match command {
        Command::Add { name, url, ca } => {
            let Some(token) = ctx.token.clone() else {
                return Err(CommandError::refused(
                    "a remote is saved with its token: pass --token TOKEN (or set MUSTER_TOKEN), as `muster serve token add` printed it",
                ));
            };
            let name = name.trim().to_owned();
            let url = url.trim().trim_end_matches('/').to_owned();
            if name.is_empty() || name.starts_with("http://") || name.starts_with("https://") {
                return Err(CommandError::refused(format!(
                    "'{name}' cannot name a remote: give a word such as `table`, then the address"
                )));
            }
            // A line break saved in the file would end up inside a request's headers.
            if url.chars().any(|c| c.is_control() || c.is_whitespace()) {
                return Err(CommandError::refused(format!(
                    "'{}' cannot be a server's address: it holds a space or a control character (a line break, a tab…); give http://HOST:PORT on one line, as `muster serve` prints it",
                    url.escape_debug()
                )));
            }
            if token.trim().chars().any(char::is_control) {
                return Err(CommandError::refused(
                    "the token holds a control character (a line break, a tab…); give it on one line, as `muster serve token add` printed it",
                ));
            }
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(CommandError::refused(format!(
                    "'{url}' is not a server's address; give http://HOST:PORT or https://HOST:PORT, as `muster serve` prints it"
                )));
            }
            if token.trim().is_empty() {
                return Err(CommandError::refused(
                    "the token is empty; give the one `muster serve token add` printed",
                ));
            }
            let ca = ca.as_deref().map(client::certificate_file).transpose()?;
            if ca.is_some() && !url.starts_with("https://") {
                return Err(CommandError::refused(format!(
                    "--ca vouches for an https:// server's certificate; '{url}' is plain http"
                )));
            }
            let mut remotes = Remotes::load()?;
            let replaced = remotes
                .remote
                .insert(
                    name.clone(),
                    Saved {
                        url: url.clone(),
                        token: token.trim().to_owned(),
                        ca,
                    },
                )
                .is_some();
            remotes.save()?;
            let verb = if replaced { "replaced" } else { "saved" };
            report(ctx, &format!("remote '{name}' {verb}: {url}"), &name, &url)
        }
        Command::List => {
            let remotes = Remotes::load()?;
            if ctx.format == output::Format::Json {
                let listed: Vec<_> = remotes
                    .remote
                    .iter()
                    .map(|(name, saved)| serde_json::json!({ "name": name, "url": saved.url }))
                    .collect();
                return output::print_json(&listed);
            }
            let rows = remotes
                .remote
                .iter()
                .map(|(name, saved)| vec![name.clone(), saved.url.clone()]);
            output::print(&format!("{}\n", output::table(&["Name", "Address"], rows)))
        }
        Command::Remove { name } => {
            let mut remotes = Remotes::load()?;
            let Some(removed) = remotes.remote.remove(name.trim()) else {
                let names = remotes.remote.keys().map(String::as_str);
                let known = muster::domain::suggest::did_you_mean(name.trim(), names);
                let mut error = CommandError::refused(format!("no remote named '{}'{known}", name.trim()));
                error.hint = Some("`muster remote list` lists them".to_owned());
                return Err(error);
            };
            remotes.save()?;
            report(
                ctx,
                &format!("remote '{}' removed", name.trim()),
                name.trim(),
                &removed.url,
            )
        }
    }
}

/// What `add` and `remove` did, as a sentence or as JSON.
fn report(ctx: &Context, sentence: &str, name: &str, url: &str) -> Result<(), CommandError> {
    if ctx.format == output::Format::Json {
        return output::print_json(&serde_json::json!({ "name": name, "url": url }));
    }
    output::print(&format!("{sentence}\n"))
}
