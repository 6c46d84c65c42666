//! `muster roster [--as-of REF]`: every Soldier's numbers and the squad's RP.

use muster::domain::Game;
use muster::projection::as_of::AsOf;
use muster::projection::roster::Roster;
use muster::projection::roster_line::{Cell, line_cells, line_columns};
use muster::projection::service;
use muster::query::Query;

mod columns;

use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format};
use super::roster_html::{self, Paper};
use super::roster_words as words;

#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// Show the roster as it was at REF: a version (12 or v12), a head as printed (v12:HASH), an RFC 3339 time, a date, mission:N, or now
    #[arg(long, value_name = "REF")]
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::versions))]
    as_of: Option<String>,
    /// The paper size the page of `--format html` prints on
    #[arg(long, value_enum, default_value_t = Paper::A4)]
    paper: Paper,
    /// This Soldier's line alone: with `--format html`, his service record, for his own folder
    #[arg(long, value_name = "NAME")]
    #[arg(add = clap_complete::engine::ArgValueCompleter::new(crate::cli::complete::soldiers))]
    soldier: Option<String>,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let (store, campaign) = ctx.open_campaign_read()?;
    let query = Query::new(&store, &campaign);
    let at = args.as_of.as_deref().map(str::parse::<AsOf>).transpose()?;
    let alone = |roster: Roster| match &args.soldier {
        Some(name) => service::only(roster, name).map_err(|e| query.explain(e.into())),
        None => Ok(roster),
    };
    // A page charts the history up to its point: the service record.
    if ctx.format == Format::Html {
        let record = query.service_record(at).map_err(|e| query.explain(e))?;
        let roster = alone(record.roster)?;
        let page = roster_html::page(&roster, record.mission_ends, args.paper, args.soldier.is_some())?;
        return output::print(&page);
    }
    print(
        ctx.format,
        &alone(query.roster(at).map_err(|e| query.explain(e))?)?,
    )
}

/// Prints a roster in the chosen format; the page (`html`), which needs the log, is made by
/// `run`, and here falls back to the table.
pub fn print(format: Format, roster: &Roster) -> Result<(), CommandError> {
    match format {
        Format::Json => output::print_json(roster),
        Format::Table | Format::Html if roster.game == Game::ZeroDark => {
            output::print(&output::fitted(&render_zero_dark(roster)))
        }
        Format::Table | Format::Html | Format::Bbcode => output::print(&output::fitted(&render(roster))),
        Format::Csv => output::print(&columns::csv(roster)?),
        Format::Md => output::print(&columns::markdown(roster)),
    }
}

/// The roster as text: a heading, one row per Soldier, the squad's RP and the head.
fn render(roster: &Roster) -> String {
    let mut text = words::heading(roster);
    if let Some(m) = &roster.mission {
        if let Some(line) = words::objectives_line(m) {
            text.push_str(&format!("{line}\n"));
        }
        text.push_str(&format!(
            "Started at squad RP {} + Medal RP {}: Hostiles drawn at {} RP\n",
            m.start_rp, m.start_medal_rp, m.start_hostile_draw_rp
        ));
        if let Some(objective) = &m.k9_objective {
            text.push_str(&format!("K9 Objective: {objective}\n"));
        }
        if let Some(line) = words::environments_line(m) {
            text.push_str(&format!("{line}\n"));
        }
    }
    text.push_str(&table(roster));
    text.push('\n');
    text.push_str(&words::squad_line(roster));
    if let Some(team_xp) = roster.team_xp {
        text.push_str(&format!(" | team XP {team_xp}"));
    }
    text.push('\n');
    if roster.elite_hostiles {
        text.push_str("Medals in play: always use Elite Hostiles\n");
    }
    if let Some(deck) = &roster.medal_deck {
        let drawn: Vec<String> = deck
            .drawn
            .iter()
            .map(|d| {
                let mut line = d.name.clone();
                if d.face_down {
                    line.push_str(" (face down)");
                }
                if let Some(recipient) = &d.recipient {
                    line.push_str(&format!(" for {recipient}"));
                }
                line
            })
            .collect();
        let held: Vec<String> = deck
            .held
            .iter()
            .map(|h| format!("{} by {}", h.medal, h.soldier))
            .collect();
        text.push_str(&format!(
            "{} Medal deck: {} in the deck | drawn: {} | discarded: {} | earned: {} | stickers held: {}\n",
            deck.nation,
            deck.in_deck,
            list_or_none(&drawn),
            list_or_none(&deck.discarded),
            list_or_none(&deck.earned),
            list_or_none(&held)
        ));
    }
    for pending in &roster.pending {
        text.push_str(&format!("pending: {}\n", words::pending_line(pending)));
    }
    for owed in &roster.owed_environment {
        text.push_str(&format!("owed: {}\n", words::owed_line(owed)));
    }
    text.push_str(&words::footer(roster));
    text
}

/// The Soldiers in the columns every roster shows, one row each.
fn table(roster: &Roster) -> String {
    let headings: Vec<&str> = line_columns(roster.game).map(|c| c.heading).collect();
    let rows = roster
        .soldiers
        .iter()
        .map(|s| line_cells(roster.game, s).iter().map(Cell::text).collect());
    output::table(&headings, rows)
}

fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(", ")
    }
}

/// A Zero Dark roster: heroes with their state, stats for the Mission, allies and the team.
fn render_zero_dark(roster: &Roster) -> String {
    let mut text = words::heading(roster);
    if let Some(m) = &roster.mission {
        for line in m.zero_dark.iter().flat_map(words::zero_dark_lines) {
            text.push_str(&format!("{line}\n"));
        }
    }
    text.push_str(&table(roster));
    text.push('\n');
    text.push_str(&format!("Team XP {}\n", roster.team_xp.unwrap_or(0)));
    text.push_str(&words::footer(roster));
    text
}
