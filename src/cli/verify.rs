//! `muster verify`: check the log; exit 3 when anything is wrong.

use muster::verify;

use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format};

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Context, _args: Args) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign()?;
    let rows = store.rows(&campaign, None)?;
    let report = verify::verify(&campaign, &rows);
    match ctx.format {
        Format::Json => output::print_json(&report)?,
        Format::Table => {
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
