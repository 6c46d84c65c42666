//! The chronicle as one self-contained page that prints like the roster: a section a
//! Mission, the timeline's chart as inline SVG.
//!
//! The page is `templates/chronicle.html`, rendered by askama, which escapes every value put
//! into it.

use askama::Template;
use muster::domain::Game;
use muster::projection::chronicle::MissionReport;

use crate::cli::chart::{self, Labels, Series};
use crate::cli::error::CommandError;
use muster::projection::chronicle::words::{self as document, Block, Document};

/// The page: the document's sections and the chart over the Missions.
#[derive(Template)]
#[template(path = "chronicle.html")]
struct Page<'a> {
    doc: &'a Document,
    /// Plotters' SVG document, printed with `|safe` (see `roster_html.rs` for why that is
    /// sound: plotters escapes every text it writes); `None` before any Mission.
    chart: Option<Chart>,
}

/// A chart and its text alternative.
struct Chart {
    svg: String,
    words: String,
}

/// The page of `doc`, a campaign of `game`, with a chart over `missions` of the squad's RP,
/// bank and casualties (in Zero Dark, the team's XP and the heroes harmed).
pub fn page(doc: &Document, game: Game, missions: &[MissionReport]) -> Result<String, CommandError> {
    let chart = if missions.len() > 1 {
        let numbers: Vec<u32> = missions.iter().map(|m| m.number).collect();
        let series = |label: &str, value: &dyn Fn(&MissionReport) -> u32| Series {
            label: label.to_owned(),
            points: missions.iter().map(|m| (m.number, value(m))).collect(),
        };
        let casualties = |label| {
            series(label, &|m| {
                u32::try_from(document::casualties(m)).unwrap_or(u32::MAX)
            })
        };
        let (all, title, y) = match game {
            Game::ZeroDark => (
                vec![series("Team XP", &|m| m.team_xp), casualties("Heroes harmed")],
                "The team's XP and the heroes harmed at the end of each Mission",
                "XP / heroes",
            ),
            Game::Wwii | Game::Modern => (
                vec![
                    series("Squad RP", &|m| m.squad_rp),
                    series("RP bank", &|m| m.rp_bank),
                    casualties("Casualties"),
                ],
                "The squad's RP, RP bank and casualties at the end of each Mission",
                "RP / Soldiers",
            ),
        };
        Some(Chart {
            svg: chart::svg(&Labels { title, y }, &numbers, &all)?,
            words: chart::in_words(title, &all),
        })
    } else {
        None
    };
    Page { doc, chart }
        .render()
        .map_err(|e| CommandError::storage(format!("cannot render the chronicle page: {e}")))
}
