//! The audit commands: `blame`, `assert`, `diff` and `seed reveal`.

use clap::Subcommand;
use muster::app;
use muster::domain::Game;
use muster::domain::command::Command;
use muster::projection::as_of::AsOf;
use muster::projection::blame::Change;
use muster::projection::fields;
use muster::query::Query;

use super::args::pair;
use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format};

/// How much of blame's text is gathered before it is printed: a Soldier of a long campaign
/// has a hundred thousand lines, which are not held whole.
const PRINTED_AT: usize = 64 * 1024;

/// `muster blame SOLDIER [--as-of REF]`.
#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct BlameArgs {
    /// The Soldier
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    soldier: String,
    /// As of REF: a version (12 or v12), a head as printed (v12:HASH), an RFC 3339 time, a date, mission:N, or now
    #[arg(long, value_name = "REF")]
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::versions))]
    as_of: Option<String>,
}

pub fn blame(ctx: &Context, args: BlameArgs) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign_read()?;
    let at = args.as_of.as_deref().map(str::parse::<AsOf>).transpose()?;
    let query = Query::new(&store, &campaign);
    let blamed = query.blame(&args.soldier, at).map_err(|e| query.explain(e))?;
    if ctx.format == Format::Json {
        return output::print_json(&blamed);
    }
    let mut text = format!("{}\n", blamed.soldier);
    // In the card's order and words, as the served page shows them, not as the keys sort.
    let mut fields: Vec<_> = blamed.fields.iter().collect();
    fields.sort_by_key(|(key, _)| fields::rank(key));
    for (key, f) in fields {
        text.push_str(&format!("  {}: {}\n", fields::heading(key), f.value));
        // Each command is named as `log` names it: the version it wrote (what `show` and
        // `void` take) and its summary.
        for line in &f.lines {
            let change = match &line.change {
                Change::Add(n) => format!("{n:+}"),
                Change::Set(v) => format!("= {v}"),
            };
            let voided = if line.voided { " VOIDED" } else { "" };
            text.push_str(&format!(
                "    v{:<5} {:<8} {}{voided}  ({})\n",
                line.version, change, line.summary, line.recorded_at
            ));
            if text.len() >= PRINTED_AT {
                output::print(&text)?;
                text.clear();
            }
        }
    }
    output::print(&text)
}

/// `muster assert SOLDIER FIELD=VALUE...`.
#[derive(Debug, clap::Args)]
pub struct AssertArgs {
    /// The Soldier
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    soldier: String,
    /// What his paper sheet says: xp=7 wounds=1 hardy.cold=2 status=active…
    #[arg(required = true, value_name = "FIELD=VALUE")]
    fields: Vec<String>,
}

pub fn assert(ctx: &Context, args: AssertArgs) -> Result<(), CommandError> {
    let fields = args
        .fields
        .iter()
        .map(|f| pair(f, "a field", "xp=7").map(|(k, v)| (k, v.to_owned())))
        .collect::<Result<Vec<_>, _>>()?;
    ctx.execute(&Command::Assert {
        soldier: args.soldier,
        fields,
    })
}

/// `muster diff REF REF`.
#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct DiffArgs {
    /// The earlier point: a version (12 or v12), a head as printed (v12:HASH), an RFC 3339 time, a date, mission:N, or now
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::versions))]
    from: String,
    /// The later point
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::versions))]
    to: String,
}

pub fn diff(ctx: &Context, args: DiffArgs) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign_read()?;
    let (from, to) = (args.from.parse::<AsOf>()?, args.to.parse::<AsOf>()?);
    let query = Query::new(&store, &campaign);
    let diff = query.diff(from, to).map_err(|e| query.explain(e))?;
    if ctx.format == Format::Json {
        return output::print_json(&diff.differences);
    }
    let mut text = format!("from v{} to v{}:\n", diff.from.version, diff.to.version);
    if diff.differences.is_empty() {
        text.push_str("  nothing changed on the roster\n");
    }
    // What belongs to no one Soldier is the squad's, or in Zero Dark the team's.
    let all = match diff.game {
        Game::ZeroDark => "team",
        Game::Wwii | Game::Modern => "squad",
    };
    for d in &diff.differences {
        let who = d.soldier.as_deref().unwrap_or(all);
        text.push_str(&format!("  {who}: {} {} -> {}\n", d.field, d.before, d.after));
    }
    output::print(&text)
}

#[derive(Debug, Subcommand)]
pub enum SeedCommand {
    /// Reveal the seed in force (anyone can then recompute its faces) and commit a new one
    Reveal,
    /// Commit a fresh seed in place of one this file cannot roll with (changed outside muster, or kept in another file)
    Commit,
}

pub fn seed(ctx: &Context, command: SeedCommand) -> Result<(), CommandError> {
    match command {
        SeedCommand::Reveal => {
            let (mut store, campaign) = ctx.open_campaign()?;
            let written = app::reveal_seed(&mut store, &campaign, ctx.clock.as_ref())?;
            ctx.report(&written)
        }
        SeedCommand::Commit => {
            let (mut store, campaign) = ctx.open_campaign()?;
            let written = app::commit_seed(&mut store, &campaign, ctx.clock.as_ref())?;
            ctx.report(&written)
        }
    }
}
