//! `muster log [--soldier S] [--mission N] [--as-of REF] [-n N] [--reverse] [--no-pager]`:
//! every format written a row at a time as the rows are read, never the whole log at once.

use std::io::{self, Write};

use muster::domain::event::KINDS;
use muster::projection::as_of::AsOf;
use muster::projection::history::Entry;
use muster::query::{LogPlan, LogQuery, Query};

use super::args::count;
use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format};
use super::pager::Paged;

#[derive(Debug, clap::Args)]
#[command(
    allow_negative_numbers = true,
    after_help = "The log is printed as it is read, so even a long one starts at once and takes little memory. The table's columns are as wide as the longest version, time and Mission number can be; the event column is not padded. On a terminal the log is shown through $PAGER (else `less -FRX`); piped or redirected it is written as it is."
)]
pub struct Args {
    /// Only events about this Soldier
    #[arg(long)]
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    soldier: Option<String>,
    /// Only events recorded during Mission N
    #[arg(long, value_name = "N")]
    mission: Option<String>,
    /// Stop at REF: a version (12 or v12), a head as printed (v12:HASH), an RFC 3339 time, a date, mission:N, or now
    #[arg(long, value_name = "REF")]
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::versions))]
    as_of: Option<String>,
    /// Only the last N events (after the other filters), still oldest first unless --reverse
    /// (unlike `git log -n`, which lists newest first)
    #[arg(short = 'n', long = "max-count", value_name = "N")]
    max_count: Option<String>,
    /// Newest first
    #[arg(long)]
    reverse: bool,
    /// Write to standard output even on a terminal, not through $PAGER
    #[arg(long)]
    no_pager: bool,
}

impl Args {
    /// Whether the listing goes through a pager on a terminal.
    pub fn pages(&self) -> bool {
        !self.no_pager
    }
}

const TABLE: [&str; 4] = ["Version", "Recorded", "Mission", "Event"];
const COLUMNS: [&str; 6] = ["version", "recorded_at", "mission", "kind", "voided", "summary"];
/// The width of a time as muster records it: `2026-11-29T21:00:00Z`.
const TIME_WIDTH: usize = 20;

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
        limit: args
            .max_count
            .as_deref()
            .map(|n| count(n, "-n").map(|n| n as usize))
            .transpose()?,
        reverse: args.reverse,
    };
    let query = Query::new(&store, &campaign);
    // Every refusal (an unknown Soldier, a bad point) comes before the pager starts.
    let plan = query.log_plan(&request).map_err(|e| query.explain(e))?;
    let mut paged = Paged::start(args.no_pager);
    let mut rows = Rows::new(ctx.format, &plan, paged.out());
    let mut written = rows.header();
    let read = match written {
        Ok(()) => query.log_rows(&plan, &mut |entry| {
            written = rows.row(&entry);
            Ok(written.is_ok())
        }),
        Err(_) => Ok(()),
    };
    paged.finish(written)?;
    Ok(read?)
}

/// Writes the log's rows in one format, each as soon as it is read.
struct Rows<'w> {
    format: Format,
    out: &'w mut dyn Write,
    widths: [usize; 3],
    /// The width the table's rows fit (see [`super::width::columns`]), if any.
    columns: Option<usize>,
}

impl<'w> Rows<'w> {
    fn new(format: Format, plan: &LogPlan, out: &'w mut dyn Write) -> Rows<'w> {
        let digits = |n: u64| n.to_string().len();
        let mission = plan.highest_mission().map_or(0, |m| digits(u64::from(m)));
        let widths = match format {
            Format::Md => {
                let kind = KINDS.iter().map(|k| output::markdown::cell(k).len()).max();
                [digits(plan.up_to()).max(7), mission.max(7), kind.unwrap_or(0)]
            }
            _ => [digits(plan.up_to()) + 1, mission, 0].map(|w| w.max(7)),
        };
        Rows {
            format,
            out,
            widths,
            columns: super::width::columns(),
        }
    }

    /// The header, before any row.
    fn header(&mut self) -> io::Result<()> {
        let [version, mission, kind] = self.widths;
        match self.format {
            Format::Json => Ok(()),
            Format::Csv => self.csv_record(&COLUMNS.map(str::to_owned)),
            Format::Md => {
                let cells = [version, TIME_WIDTH, mission, kind, 6, COLUMNS[5].len()];
                let names = COLUMNS.iter().zip(cells).map(|(c, w)| format!(" {c:<w$} "));
                let rules = cells.iter().map(|w| "-".repeat(w + 2));
                writeln!(self.out, "|{}|", names.collect::<Vec<_>>().join("|"))?;
                writeln!(self.out, "|{}|", rules.collect::<Vec<_>>().join("|"))
            }
            Format::Table | Format::Html | Format::Bbcode => {
                let cells = [version, TIME_WIDTH, mission, TABLE[3].len()];
                let names = TABLE.iter().zip(cells).map(|(c, w)| format!(" {c:<w$} "));
                let rules = cells.iter().map(|w| "-".repeat(w + 2));
                writeln!(self.out, "{}", names.collect::<Vec<_>>().join("|").trim_end())?;
                writeln!(self.out, "{}", rules.collect::<Vec<_>>().join("+"))
            }
        }
    }

    /// One entry's row.
    fn row(&mut self, e: &Entry) -> io::Result<()> {
        let [version, mission, kind] = self.widths;
        let number = e.mission.map(|m| m.to_string()).unwrap_or_default();
        let line = match self.format {
            // Escaped as it is written: `printable` below would make its escapes no JSON.
            Format::Json => return writeln!(self.out, "{}", output::json_line(e)?),
            Format::Csv => {
                let cells = [
                    e.version.to_string(),
                    e.recorded_at.clone(),
                    number,
                    e.kind.to_owned(),
                    e.voided.to_string(),
                    e.summary.clone(),
                ];
                return self.csv_record(&cells.map(|c| output::spreadsheet_safe(&c).into_owned()));
            }
            Format::Md => {
                let text = output::markdown::cell;
                let summary = if e.voided {
                    format!("~~{}~~", text(&e.summary))
                } else {
                    text(&e.summary)
                };
                format!(
                    "| {:<version$} | {:<TIME_WIDTH$} | {:<mission$} | {:<kind$} | {:<6} | {} |",
                    e.version,
                    text(&e.recorded_at),
                    number,
                    text(e.kind),
                    e.voided,
                    summary
                )
            }
            Format::Table | Format::Html | Format::Bbcode => {
                let mut summary = if e.voided {
                    format!("VOIDED {}", e.summary)
                } else {
                    e.summary.clone()
                };
                if let Some(by) = &e.recorded_by {
                    summary.push_str(&format!(" (by {by})"));
                }
                let start = |v: &str, at: &str, m: &str| {
                    format!(" {v:<version$} | {at:<TIME_WIDTH$} | {m:<mission$} | ")
                };
                let first = start(&format!("v{}", e.version), &e.recorded_at, &number);
                let Some(columns) = self.columns else {
                    return writeln!(self.out, "{}", output::printable(&format!("{first}{summary}")));
                };
                // Fitted to the width, the event wraps under its own column.
                let room = columns.saturating_sub(first.len()).max(10);
                let mut lines = super::width::wrap(&summary, room).into_iter();
                let mut text = format!("{first}{}", lines.next().unwrap_or_default());
                for more in lines {
                    text.push_str(&format!("\n{}{more}", start("", "", "")));
                }
                text
            }
        };
        writeln!(self.out, "{}", output::printable(&line))
    }

    /// One CSV record (RFC 4180 quoting, by the csv crate).
    fn csv_record(&mut self, cells: &[String]) -> io::Result<()> {
        // Quoted into a buffer of its own (small: most rows fit), then written at once.
        let mut writer = csv::WriterBuilder::new()
            .buffer_capacity(256)
            .from_writer(Vec::new());
        writer.write_record(cells).map_err(io::Error::from)?;
        let quoted = writer.into_inner().map_err(|e| io::Error::other(e.to_string()))?;
        self.out
            .write_all(output::printable(&String::from_utf8_lossy(&quoted)).as_bytes())
    }
}
