//! `muster demo`: replay the bundled example campaign in a temporary database.

use muster::app;
use muster::projection::{roster, show};
use muster::query::{LogQuery, Query};
use muster::transfer;
use serde::Serialize;

use super::context::Context;
use super::error::CommandError;
use super::output::{self, Format};

/// The example campaign, written by `fixtures/campaigns/make-demo.sh`.
const DEMO: &str = include_str!("../../fixtures/campaigns/demo.jsonl");

#[derive(Debug, clap::Args)]
pub struct Args {}

#[derive(Serialize)]
struct DemoJson {
    roster: roster::Roster,
    show: show::Shown,
}

pub fn run(ctx: &Context, _args: Args) -> Result<(), CommandError> {
    // A fresh temporary directory, so the demo never touches the player's own database.
    let dir = tempfile::tempdir()
        .map_err(|e| CommandError::storage(format!("cannot create a temporary directory: {e}")))?;
    let mut store = app::open(&dir.path().join("demo.db"))?;
    let imported = transfer::import(&mut store, DEMO)?;
    let campaign = imported.campaign;
    let query = Query::new(&store, &campaign);
    let roster = query.roster(None)?;
    // The audit shown is of the campaign's first roll (every event that records one carries
    // it in its payload): Gizmo's Bomb roll in the K9 rulebook's example, the roll players
    // argue about.
    let disputed = query
        .log(&LogQuery::default())?
        .iter()
        .find(|e| e.payload.get("roll").is_some_and(|roll| !roll.is_null()))
        .map_or(imported.head.version, |e| e.version);
    let shown = query.show(disputed, None)?;
    match ctx.format {
        Format::Json => output::print_json(&DemoJson { roster, show: shown }),
        Format::Table | Format::Csv | Format::Md | Format::Html | Format::Bbcode => {
            output::print(&format!(
                "Replayed the example campaign '{campaign}' ({} events) into a temporary database.\n\n",
                imported.added
            ))?;
            super::roster::print(Format::Table, &roster)?;
            output::print(&format!(
                "\nThe disputed roll, v{disputed}, as `muster show {disputed}` explains it:\n"
            ))?;
            super::show::print(Format::Table, &shown)
        }
    }
}
