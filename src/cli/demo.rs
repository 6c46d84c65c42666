//! `muster demo`: replay the bundled example campaign in a temporary database.

use muster::domain::event::Event;
use muster::projection::{roster, show};
use muster::store::Store;
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
    let mut store = Store::open(&dir.path().join("demo.db"))?;
    let imported = transfer::import(&mut store, DEMO)?;
    let campaign = imported.campaign;
    let log = store.events(&campaign, None)?;
    let roster = roster::at(&campaign, &log, imported.head.version, &imported.head)
        .ok_or_else(|| CommandError::storage("the bundled demo campaign is empty"))?;
    // The audit shown is of the first voided event: the demo's disputed entry.
    let disputed = log
        .iter()
        .find_map(|r| match &r.event {
            Event::CommandVoided(v) => Some(v.version),
            _ => None,
        })
        .unwrap_or(imported.head.version);
    let shown = show::explain(&store.rows(&campaign, None)?, disputed)?;
    match ctx.format {
        Format::Json => output::print_json(&DemoJson { roster, show: shown }),
        Format::Table => {
            output::print(&format!(
                "Replayed the example campaign '{campaign}' ({} events) into a temporary database.\n\n",
                imported.added
            ))?;
            super::roster::print(Format::Table, &roster)?;
            output::print(&format!(
                "\nThe disputed entry, v{disputed}, as `muster show {disputed}` explains it:\n"
            ))?;
            super::show::print(Format::Table, &shown)
        }
    }
}
