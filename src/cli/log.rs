//! `muster log [--soldier S] [--mission N] [--as-of REF]`.

use muster::projection::as_of::AsOf;
use muster::query::{LogQuery, Query};

use super::args::count;
use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format};

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// Only events about this Soldier
    #[arg(long)]
    soldier: Option<String>,
    /// Only events recorded during Mission N
    #[arg(long, value_name = "N")]
    mission: Option<String>,
    /// Stop at REF: a version, an RFC 3339 time, a date, or mission:N
    #[arg(long, value_name = "REF")]
    as_of: Option<String>,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign_read()?;
    let request = LogQuery {
        as_of: args.as_of.as_deref().map(str::parse::<AsOf>).transpose()?,
        soldier: args.soldier,
        mission: args
            .mission
            .as_deref()
            .map(|n| count(n, "--mission"))
            .transpose()?,
        limit: None,
    };
    let entries = Query::new(&store, &campaign).log(&request)?;
    let plain = |markdown: bool| {
        entries.iter().map(move |e| {
            vec![
                e.version.to_string(),
                e.recorded_at.clone(),
                e.mission.map(|m| m.to_string()).unwrap_or_default(),
                e.kind.to_owned(),
                e.voided.to_string(),
                if markdown && e.voided {
                    format!("~~{}~~", e.summary)
                } else {
                    e.summary.clone()
                },
            ]
        })
    };
    let header = ["version", "recorded_at", "mission", "kind", "voided", "summary"];
    match ctx.format {
        Format::Json => entries.iter().try_for_each(output::print_json),
        Format::Csv => output::print(&output::csv(&header, plain(false))?),
        Format::Md => output::print(&format!("{}\n", output::markdown(&header, plain(true)))),
        Format::Table | Format::Html => {
            let rows = entries.iter().map(|e| {
                vec![
                    format!("v{}", e.version),
                    e.recorded_at.clone(),
                    e.mission.map(|m| m.to_string()).unwrap_or_default(),
                    if e.voided {
                        format!("VOIDED {}", e.summary)
                    } else {
                        e.summary.clone()
                    },
                ]
            });
            output::print(&format!(
                "{}\n",
                output::table(&["Version", "Recorded", "Mission", "Event"], rows)
            ))
        }
    }
}
