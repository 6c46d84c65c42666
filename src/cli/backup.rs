//! `muster backup FILE [--force]`: the whole database copied into one verified file while
//! other processes (a server included) read and write it.

use std::path::PathBuf;

use muster::app::{self, BackedUp, Backup};
use muster::store::Head;
use serde::Serialize;

use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format};
use super::progress::Progress;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "The backup holds every campaign of the database, the dice seeds not yet revealed and the servers' token hashes: keep it private (it is written readable by its owner only, mode 0600). It is one snapshot, taken while other processes, `muster serve` included, go on reading and writing; it is written beside FILE, flushed to disk, checked (SQLite's integrity check, and every campaign verified as `muster verify` does, at least at the head it had when the backup began), and only then renamed to FILE. A backup that fails its checks is removed and FILE left as it was (exit 3 when a campaign does not verify, 4 when the file does not check); a paper sheet the log disagrees with (`assert`) is a fact of the log, backed up with it. To restore it, stop muster and copy FILE over the database (or point --db at it)."
)]
pub struct Args {
    /// The file to write, in a folder that exists; not the database itself
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Replace FILE if it exists (only once the new backup is written and verified)
    #[arg(long)]
    force: bool,
}

/// `backup --json`: the README's JSON contract documents each field.
#[derive(Serialize)]
struct BackupJson<'a> {
    backup: String,
    bytes: u64,
    replaced: bool,
    campaigns: Vec<CampaignJson<'a>>,
}

#[derive(Serialize)]
struct CampaignJson<'a> {
    name: &'a str,
    head: &'a Head,
    head_at_start: Option<&'a Head>,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let database = ctx.db_path()?;
    let store = ctx.open_read()?;
    let mut progress = Progress::new("verifying the backup", 0);
    let backup = app::backup(&store, &database, &args.file, args.force, &mut |done, of| {
        progress.set_of(done, of)
    })?;
    drop(progress);
    let backed_up = match backup {
        Backup::Written(backed_up) => backed_up,
        Backup::Unverified(reports) => return Err(unverified(&reports, &args)),
    };
    let json = BackupJson {
        backup: backed_up.path.display().to_string(),
        bytes: backed_up.bytes,
        replaced: backed_up.replaced,
        campaigns: backed_up
            .campaigns
            .iter()
            .map(|c| CampaignJson {
                name: &c.name,
                head: &c.head,
                head_at_start: c.head_at_start.as_ref(),
            })
            .collect(),
    };
    if ctx.format == Format::Json {
        return output::print_json(&json);
    }
    output::print(&text(&backed_up))
}

/// The backup for people: the file, each campaign's head, and the warning.
fn text(backed_up: &BackedUp) -> String {
    let mut text = format!(
        "backup    {} ({} bytes, readable by its owner only){}\n",
        backed_up.path.display(),
        backed_up.bytes,
        if backed_up.replaced {
            ", replacing the file that was there"
        } else {
            ""
        }
    );
    if backed_up.campaigns.is_empty() {
        text.push_str("campaigns none yet\n");
    } else {
        let head = |h: &Head| format!("v{} {}", h.version, output::short_hash(&h.hash));
        let rows = backed_up.campaigns.iter().map(|c| {
            vec![
                c.name.clone(),
                head(&c.head),
                c.head_at_start
                    .as_ref()
                    .map_or_else(|| "(created meanwhile)".to_owned(), head),
            ]
        });
        text.push_str(&format!(
            "{}\n",
            output::table(&["Campaign", "Head", "When the backup began"], rows)
        ));
    }
    text.push_str(
        "verified: SQLite's integrity check is ok, and every campaign's chain and rules verify\n\
         keep it private: it holds the dice seeds not yet revealed and the servers' token hashes\n",
    );
    text
}

/// The error of a copy that did not verify, its findings listed.
fn unverified(reports: &[muster::verify::Report], args: &Args) -> CommandError {
    let mut message = format!(
        "the backup did not verify, so it was removed and {} left as it was:",
        args.file.display()
    );
    for report in reports {
        for finding in &report.findings {
            let at = finding.version.map(|v| format!(" v{v}")).unwrap_or_default();
            message.push_str(&format!(
                "\n  '{}'{at} [{}] {}",
                report.campaign, finding.check, finding.problem
            ));
        }
    }
    CommandError::altered(
        message,
        "the database itself holds what was found: `muster verify --campaign NAME` reports it; a plain copy of the file (with the server stopped) keeps it as it is",
    )
}
