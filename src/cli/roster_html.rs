//! `muster roster --format html`: the roster as one self-contained, printable page.
//!
//! The page is `templates/roster.html`, rendered by askama, which escapes every value put
//! into it; the charts are inline SVG drawn by plotters (`chart.rs`).

use askama::Template;
use clap::ValueEnum;
use muster::domain::Game;
use muster::domain::soldier::Stats;
use muster::projection::roster::{Roster, SoldierLine};
use muster::projection::roster_line::{Cell, Kind, Shown, cells};
use muster::projection::service::MissionEnd;

use super::chart::{self, Labels, Series};
use super::error::CommandError;
use super::output;
use super::roster_words as words;

/// The paper the page prints on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

/// The page: the roster, each Soldier's service record, the charts and the footer.
#[derive(Template)]
#[template(path = "roster.html")]
struct Page<'a> {
    roster: &'a Roster,
    game: &'static str,
    /// The CSS `@page` size keyword.
    paper: &'static str,
    /// True when the page shows an earlier point than the head.
    earlier: bool,
    /// True for one Soldier's service record alone (`--soldier`): the squad's parts left out.
    alone: bool,
    /// The head's and the seed commitment's hashes as the CLI prints them, to note on paper.
    head_hash: &'a str,
    seed_commitment: Option<&'a str>,
    mission: Option<MissionBox>,
    pending: Vec<String>,
    soldiers: Vec<Record>,
    /// The Missions ended by the point shown, oldest first.
    ended: Vec<MissionEnd>,
    /// Plotters' SVG documents: each Soldier's XP, then the squad's RP (team XP in Zero Dark).
    // The template prints these with `|safe`, the page's only unescaped values: they are
    // markup made by plotters' SVG backend, which escapes `<`, `>`, `&` and quotes in every
    // text and attribute it writes (Soldiers' names in the legend included), and escaping
    // them again would print the SVG as text. A unit test in chart.rs holds plotters to that.
    charts: Vec<Chart>,
}

/// A chart and its text alternative: what it draws, in words.
struct Chart {
    svg: String,
    words: String,
}

/// The Mission in progress.
struct MissionBox {
    title: String,
    lines: Vec<String>,
}

/// One Soldier's block, laid out like his paper service record, from the roster line's
/// description: the title and its badges, the numbers (a hero's stats tabled), the entries and
/// the card's record, and boxes to pencil in what a Mission changes.
struct Record {
    /// `kind-player status-active`: a class per badge, for the page's style.
    classes: String,
    name: Cell,
    badges: Vec<Cell>,
    numbers: Vec<Cell>,
    /// A hero's stats: the card's, then the Mission's where they differ.
    stats: Vec<(&'static str, Stats)>,
    entries: Vec<Entry>,
    pencil: Vec<Pencil>,
}

/// A list or text on the record: each item, or the word for none.
struct Entry {
    key: &'static str,
    heading: &'static str,
    items: Vec<String>,
    /// True for a list, printed as one; a text is printed as it is.
    list: bool,
    none: &'static str,
}

/// A value to pencil in during the next Mission: a box per point where the card bounds it
/// (crossed where already taken), else one box to write in.
struct Pencil {
    key: &'static str,
    heading: &'static str,
    boxes: Vec<bool>,
}

/// Renders the page for `roster`, charting `ended` (the end of every Mission up to its point);
/// `alone`, the service record of the one Soldier `roster` holds, without the squad's parts.
pub fn page(
    roster: &Roster,
    ended: Vec<MissionEnd>,
    paper: Paper,
    alone: bool,
) -> Result<String, CommandError> {
    let mut charts = if ended.is_empty() {
        Vec::new()
    } else {
        charts(roster, &ended)?
    };
    if alone {
        // His XP only; the squad's RP is the squad's.
        charts.truncate(1);
    }
    let page = Page {
        roster,
        game: words::game_name(roster.game),
        paper: match paper {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
        },
        earlier: roster.as_of.version < roster.head.version,
        alone,
        head_hash: output::short_hash(&roster.head.hash),
        seed_commitment: roster.dice_seed_commitment.as_deref().map(output::short_hash),
        mission: mission_box(roster),
        pending: roster
            .pending
            .iter()
            .map(words::pending_line)
            .chain(roster.owed_environment.iter().map(words::owed_line))
            .collect(),
        soldiers: roster
            .soldiers
            .iter()
            .map(|s| record(s, roster, &ended))
            .collect(),
        ended,
        charts,
    };
    page.render()
        .map_err(|e| CommandError::storage(format!("cannot render the roster page: {e}")))
}

fn record(s: &SoldierLine, roster: &Roster, ended: &[MissionEnd]) -> Record {
    let name_of = |n: u32| {
        let in_progress = roster.mission.as_ref().filter(|m| m.number == n).map(|m| &m.name);
        ended
            .iter()
            .find(|e| e.number == n)
            .map(|e| &e.name)
            .or(in_progress)
    };
    let cells = cells(roster.game, s);
    let shown = |place: Shown| cells.iter().filter(move |c| c.column.shown == place);
    let badges: Vec<Cell> = shown(Shown::Badge).cloned().collect();
    let mut stats: Vec<(&'static str, Stats)> = Vec::new();
    for cell in shown(Shown::Number) {
        if let Some(st) = cell
            .stats
            .filter(|st| stats.last().is_none_or(|(_, above)| above != st))
        {
            stats.push((cell.column.key, st));
        }
    }
    Record {
        classes: badges
            .iter()
            .map(|b| format!("{}-{}", b.column.key, b.joined("-")))
            .collect::<Vec<_>>()
            .join(" "),
        name: shown(Shown::Title)
            .next()
            .cloned()
            .unwrap_or_else(|| cells[0].clone()),
        badges,
        numbers: shown(Shown::Number)
            .filter(|c| c.column.kind != Kind::Stats)
            .cloned()
            .collect(),
        stats,
        entries: shown(Shown::Entry)
            .chain(shown(Shown::Record))
            .map(|c| Entry {
                key: c.column.key,
                heading: c.column.heading,
                items: match c.column.kind {
                    Kind::Missions => c
                        .missions
                        .iter()
                        .map(|n| match name_of(*n) {
                            Some(name) => format!("{n}. {name}"),
                            None => n.to_string(),
                        })
                        .collect(),
                    _ => c.items.clone(),
                },
                list: matches!(c.column.kind, Kind::List | Kind::Missions),
                none: if c.column.kind == Kind::Missions {
                    "none yet"
                } else {
                    "none"
                },
            })
            .collect(),
        pencil: cells
            .iter()
            .filter(|c| c.column.tally && c.column.kind != Kind::List)
            .map(|c| Pencil {
                key: c.column.key,
                heading: c.column.heading,
                boxes: (0..c.most.unwrap_or(0))
                    .map(|n| c.count.is_some_and(|taken| n < taken))
                    .collect(),
            })
            .collect(),
    }
}

fn mission_box(roster: &Roster) -> Option<MissionBox> {
    let m = roster.mission.as_ref()?;
    let mut lines = vec![format!("Turn {}: {}", m.turn, m.soldiers.join(", "))];
    if roster.game != Game::ZeroDark {
        lines.push(format!(
            "Started at squad RP {} + Medal RP {}: Hostiles drawn at {} RP",
            m.start_rp, m.start_medal_rp, m.start_hostile_draw_rp
        ));
    }
    lines.extend(words::objectives_line(m));
    if let Some(objective) = &m.k9_objective {
        lines.push(format!("K9 Objective: {objective}"));
    }
    lines.extend(words::environments_line(m));
    lines.extend(m.zero_dark.iter().flat_map(words::zero_dark_lines));
    Some(MissionBox {
        title: format!("Mission {} '{}' in progress", m.number, m.name),
        lines,
    })
}

/// The two charts: each Soldier's XP, and the squad's RP (the team's XP in Zero Dark).
fn charts(roster: &Roster, ended: &[MissionEnd]) -> Result<Vec<Chart>, CommandError> {
    let missions: Vec<u32> = ended.iter().map(|e| e.number).collect();
    let xp: Vec<Series> = roster
        .soldiers
        .iter()
        .map(|s| Series {
            label: s.name.clone(),
            points: ended
                .iter()
                .filter_map(|e| {
                    let at_end = e.soldiers.iter().find(|x| x.name == s.name)?;
                    Some((e.number, at_end.xp))
                })
                .collect(),
        })
        .collect();
    let (title, y, label, value): (_, _, _, fn(&MissionEnd) -> u32) = if roster.game == Game::ZeroDark {
        (
            "The team's XP at the end of each Mission",
            "team XP",
            "team XP",
            |e| e.team_xp,
        )
    } else {
        (
            "The squad's RP at the end of each Mission",
            "RP",
            "squad RP",
            |e| e.squad.rp,
        )
    };
    let squad = Series {
        label: label.to_owned(),
        points: ended.iter().map(|e| (e.number, value(e))).collect(),
    };
    let xp_title = match roster.game {
        Game::ZeroDark => "Each hero's XP at the end of each Mission",
        Game::Wwii | Game::Modern => "Each Soldier's XP at the end of each Mission",
    };
    Ok(vec![
        Chart {
            svg: chart::svg(
                &Labels {
                    title: xp_title,
                    y: "XP",
                },
                &missions,
                &xp,
            )?,
            words: chart::in_words(xp_title, &xp),
        },
        Chart {
            svg: chart::svg(&Labels { title, y }, &missions, std::slice::from_ref(&squad))?,
            words: chart::in_words(title, std::slice::from_ref(&squad)),
        },
    ])
}
