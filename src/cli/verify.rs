//! `muster verify`: check the log; exit 3 when anything is wrong.

use muster::projection::as_of;
use muster::query::{NotedHead, Query, Verified};

use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format, NOTED_DIGITS};
use super::progress::Progress;

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// A head you noted earlier, as `muster roster` prints it: VERSION:HASH or "VERSION HASH"
    /// (20 to 64 hex digits), e.g. v45:d14fcf3c35b5a0e1b2c3; verify then also checks the log
    /// still holds it
    #[arg(long, value_name = "VERSION:HASH", conflicts_with = "all")]
    head: Option<String>,
    /// Every campaign in the file, one line each; the exit code is the worst of them
    #[arg(long)]
    all: bool,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    if args.all {
        // Every campaign, whichever one --campaign (or a server's run) names.
        return every_campaign(ctx);
    }
    let noted = args.head.as_deref().map(parse_head).transpose()?;
    let (store, campaign) = ctx.open_campaign_read()?;
    let query = Query::new(&store, &campaign);
    let mut progress = Progress::new("verifying", query.head()?.version);
    let verified = query
        .verify(noted, &mut |done| progress.set(done))
        .map_err(|e| query.explain(e))?;
    drop(progress);
    match ctx.format {
        Format::Json => output::print_json(&verified)?,
        Format::Table | Format::Csv | Format::Md | Format::Html | Format::Bbcode => {
            output::print(&text(&verified))?
        }
    }
    let report = &verified.report;
    if report.ok {
        Ok(())
    } else {
        Err(CommandError::altered(
            format!(
                "verify found {} problem{} in campaign '{}'",
                report.findings.len(),
                if report.findings.len() == 1 { "" } else { "s" },
                report.campaign
            ),
            muster::verify::remedy([report]),
        ))
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
    text.push_str(&decided_again(report));
    let witnessed = verified.witnessed_heads;
    if witnessed > 0 && !report.findings.iter().any(|f| f.check == "witnessed") {
        text.push_str(&format!(
            "the {witnessed} head{} other copies showed this one (pulls, pushes, imports) {} still in the log\n",
            if witnessed == 1 { "" } else { "s" },
            if witnessed == 1 { "is" } else { "are" }
        ));
    }
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

/// How many commands were decided again: every one but the commands voided (a void on the log
/// it was decided on), unless a command was already found wrong event by event.
fn decided_again(report: &muster::verify::Report) -> String {
    let plural = |n: u64, one: &str, many: &str| {
        if n == 1 {
            one.to_owned()
        } else {
            many.replace('#', &n.to_string())
        }
    };
    let decidable = report.commands.saturating_sub(report.voided);
    let every = if report.decided_again == decidable {
        "every command"
    } else {
        "commands"
    };
    let mut among = Vec::new();
    if report.decided_from_command > 0 {
        among.push(format!(
            "{} from the command the log keeps with it",
            report.decided_from_command
        ));
    }
    if report.voids > 0 {
        among.push(plural(
            report.voids,
            "the 1 void on the log it was decided on",
            "the # voids each on the log it was decided on",
        ));
    }
    let among = if among.is_empty() {
        String::new()
    } else {
        format!(" ({})", among.join("; "))
    };
    let voided = match report.voided {
        0 => String::new(),
        n => format!(
            "; {}",
            plural(
                n,
                "the 1 command voided left out",
                "the # commands voided left out"
            )
        ),
    };
    format!(
        "rules {} in force; {every} decided again under the rules in force at its place: {} of {decidable}{among}{voided}\n",
        report.rules, report.decided_again
    )
}

/// Reads a noted head as muster prints it (`v45:HASH`, `45:HASH` or `"v45 HASH"`), with
/// 20 to 64 hex digits of the hash: fewer could be matched by a forged log.
fn parse_head(text: &str) -> Result<NotedHead, CommandError> {
    let (version, hash) = as_of::head(text, "--head", NOTED_DIGITS)?;
    Ok(NotedHead {
        version,
        hash: hash.as_str().to_owned(),
    })
}

/// `verify --all`: each campaign verified in turn, a line each (`--json`: each report), and
/// the exit code of the worst: 3 when any campaign's log is altered.
fn every_campaign(ctx: &Context) -> Result<(), CommandError> {
    let store = ctx.open_read()?;
    let mut campaigns = muster::query::campaigns(&store, None)?;
    campaigns.retain(|listed| ctx.reach.admits(&listed.name));
    let mut reports = Vec::with_capacity(campaigns.len());
    for listed in &campaigns {
        let query = Query::new(&store, &listed.name);
        let mut progress = Progress::new("verifying", listed.version);
        let verified = query
            .verify(None, &mut |done| progress.set(done))
            .map_err(|e| query.explain(e))?;
        drop(progress);
        reports.push(verified);
    }
    if ctx.format == Format::Json {
        output::print_json(&reports)?;
    } else {
        let mut text = String::new();
        for verified in &reports {
            let report = &verified.report;
            let said = match report.findings.len() {
                0 => "ok".to_owned(),
                1 => "1 problem (`muster --campaign NAME verify` lists it)".to_owned(),
                n => format!("{n} problems (`muster --campaign NAME verify` lists them)"),
            };
            text.push_str(&format!(
                "{}: {said}, {} events, head v{} {}\n",
                report.campaign,
                report.events,
                report.head_version,
                output::short_hash(&report.head_hash)
            ));
        }
        if reports.is_empty() {
            text.push_str("no campaign in this file: nothing to verify\n");
        }
        output::print(&text)?;
    }
    let altered: Vec<&str> = reports
        .iter()
        .filter(|v| !v.report.ok)
        .map(|v| v.report.campaign.as_str())
        .collect();
    match altered.as_slice() {
        [] => Ok(()),
        names => Err(CommandError::altered(
            format!(
                "verify found problems in {} of {} campaigns: {}",
                names.len(),
                reports.len(),
                names.join(", ")
            ),
            muster::verify::remedy(reports.iter().map(|v| &v.report)),
        )),
    }
}
