//! `muster verify`: check the log; exit 3 when anything is wrong.

use muster::query::{NotedHead, Query, Verified};

use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format, NOTED_DIGITS};
use super::progress::Progress;

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// A head you noted earlier, as `muster roster` prints it: VERSION:HASH (20 to 64 hex
    /// digits), e.g. 45:d14fcf3c35b5a0e1b2c3; verify then also checks the log still holds it
    #[arg(long, value_name = "VERSION:HASH")]
    head: Option<String>,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let noted = args.head.as_deref().map(parse_head).transpose()?;
    let (store, campaign) = ctx.open_campaign_read()?;
    let query = Query::new(&store, &campaign);
    let mut progress = Progress::new("verifying", query.head()?.version);
    let verified = query.verify(noted, &mut |done| progress.set(done))?;
    drop(progress);
    match ctx.format {
        Format::Json => output::print_json(&verified)?,
        Format::Table | Format::Csv | Format::Md | Format::Html => output::print(&text(&verified))?,
    }
    let report = &verified.report;
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

/// The report for people: the head, each finding, and what the checks could not see.
fn text(verified: &Verified) -> String {
    let (report, noted) = (&verified.report, verified.noted_head.as_ref());
    let head = output::short_hash(&report.head_hash);
    let mut text = format!(
        "campaign '{}': {} events, head v{} {head}\n",
        report.campaign, report.events, report.head_version,
    );
    for finding in &report.findings {
        let at = finding.version.map(|v| format!("v{v} ")).unwrap_or_default();
        text.push_str(&format!("  {at}[{}] {}\n", finding.check, finding.problem));
    }
    if report.ok {
        text.push_str(
            "ok: the chain is whole and every event is one the rules allowed in the state before it\n",
        );
    }
    text.push_str(&format!(
        "rules {} in force; {} of {} commands decided again under the rules in force at their place, the others checked event by event (their events do not show the command whole)\n",
        report.rules, report.decided_again, report.commands
    ));
    match noted {
        Some(noted) if !report.findings.iter().any(|f| f.check == "head") => text.push_str(&format!(
            "the noted head v{}:{} is still in the log\n",
            noted.version, noted.hash
        )),
        Some(_) => {}
        None => text.push_str(&format!(
            "note: a rewrite of the whole file (triggers dropped, every hash recomputed) is caught only against a head noted elsewhere; note v{v}:{head} and check it later with `muster verify --head {v}:{head}`\n",
            v = report.head_version,
        )),
    }
    text
}

/// Reads `VERSION:HASH` (a leading `v` allowed), with a hash of 20 to 64 hex digits.
fn parse_head(text: &str) -> Result<NotedHead, CommandError> {
    let bad = |why: &str| {
        CommandError::refused(format!(
            "--head '{}' is not accepted: {why}; write VERSION:HASH with {NOTED_DIGITS} to 64 hex digits of the hash, as the roster prints it, e.g. 45:d14fcf3c35b5a0e1b2c3 (fewer digits could be matched by a forged log)",
            text.escape_debug()
        ))
    };
    let (version, hash) = text
        .split_once(':')
        .ok_or_else(|| bad("there is no ':' between the version and the hash"))?;
    let version = version
        .trim()
        .trim_start_matches('v')
        .parse::<u64>()
        .map_err(|_| bad("the version is not a whole number"))?;
    // The log numbers its events from 1 in a signed 64-bit column.
    if version == 0 || i64::try_from(version).is_err() {
        return Err(bad(&format!(
            "version {version} is not one a log can hold (1 to {})",
            i64::MAX
        )));
    }
    let hash = hash.trim();
    if !hash.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(bad("the hash is not hex digits"));
    }
    if !(NOTED_DIGITS..=64).contains(&hash.len()) {
        return Err(bad(&format!("the hash has {} digits", hash.len())));
    }
    Ok(NotedHead {
        version,
        hash: hash.to_lowercase(),
    })
}
