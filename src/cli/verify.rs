//! `muster verify`: check the log; exit 3 when anything is wrong.

use muster::verify;

use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format};
use super::progress::Progress;

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// A head you noted earlier, as `muster roster` prints it: VERSION:HASH (at least 12 hex
    /// digits), e.g. 45:d14fcf3c35b5; verify then also checks the log still holds it
    #[arg(long, value_name = "VERSION:HASH")]
    head: Option<String>,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let noted = args.head.as_deref().map(parse_head).transpose()?;
    let (store, campaign) = ctx.open_campaign()?;
    let mut progress = Progress::new("verifying", store.head(&campaign)?.version);
    let mut report = verify::verify_store(&store, &campaign, &mut |done| progress.set(done))?;
    drop(progress);
    if let Some((version, hash)) = noted {
        let held = store.rows_between(&campaign, version.saturating_sub(1), Some(version))?;
        let held = held
            .iter()
            .find(|r| r.version == version)
            .map(|r| r.hash.as_str());
        if let Some(finding) = verify::noted_head_held(held, report.head_version, version, &hash) {
            report.findings.push(finding);
            report.ok = false;
        }
    }
    match ctx.format {
        Format::Json => output::print_json(&report)?,
        Format::Table | Format::Csv | Format::Md | Format::Html => {
            let mut text = format!(
                "campaign '{}': {} events, head v{} {}\n",
                report.campaign,
                report.events,
                report.head_version,
                output::short_hash(&report.head_hash)
            );
            for finding in &report.findings {
                let at = finding.version.map(|v| format!("v{v} ")).unwrap_or_default();
                text.push_str(&format!("  {at}[{}] {}\n", finding.check, finding.problem));
            }
            if report.ok {
                text.push_str("ok: the chain is whole and every event checks out\n");
            }
            output::print(&text)?;
        }
    }
    if report.ok {
        Ok(())
    } else {
        Err(CommandError::altered(format!(
            "verify found {} problem{} in campaign '{}'",
            report.findings.len(),
            if report.findings.len() == 1 { "" } else { "s" },
            report.campaign
        )))
    }
}

/// Reads `VERSION:HASH` (a leading `v` allowed), with a hash of 12 to 64 hex digits.
fn parse_head(text: &str) -> Result<(u64, String), CommandError> {
    let bad = || {
        CommandError::refused(format!(
            "--head '{}' is not accepted; write VERSION:HASH as the roster prints it, e.g. 45:d14fcf3c35b5",
            text.escape_debug()
        ))
    };
    let (version, hash) = text.split_once(':').ok_or_else(bad)?;
    let version = version
        .trim()
        .trim_start_matches('v')
        .parse::<u64>()
        .map_err(|_| bad())?;
    let hash = hash.trim();
    if !(12..=64).contains(&hash.len()) || !hash.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(bad());
    }
    Ok((version, hash.to_lowercase()))
}
