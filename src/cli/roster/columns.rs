//! The roster as CSV and Markdown: one set of columns per game, the same in both formats.
//!
//! CSV names its columns as `roster --json` names the fields; Markdown heads them with the
//! words the table prints. A cell holds one plain value; lists are joined with `; `.

use muster::domain::Game;
use muster::projection::roster::{Roster, SoldierLine};

use super::super::error::CommandError;
use super::super::output;
use super::super::roster_words as words;

/// One column: its name in CSV and its heading in Markdown.
struct Column {
    key: &'static str,
    heading: &'static str,
}

const fn column(key: &'static str, heading: &'static str) -> Column {
    Column { key, heading }
}

/// A Warfighter Soldier's columns.
const WARFIGHTER: [Column; 12] = [
    column("name", "Soldier"),
    column("kind", "Kind"),
    column("status", "Status"),
    column("wounds", "Wounds"),
    column("suppress", "Suppress"),
    column("hardy", "Hardy"),
    column("xp", "XP"),
    column("discipline", "Discipline"),
    column("medals", "Medals"),
    column("rp", "RP"),
    column("medal_rp", "Medal RP"),
    column("missions", "Missions"),
];

/// A Zero Dark hero's columns; CSV adds the team's XP to each row (Markdown prints it once,
/// under the table, as the table does).
const ZERO_DARK: [Column; 9] = [
    column("name", "Hero"),
    column("specialism", "Specialism"),
    column("state", "State"),
    column("stats", "Stats"),
    column("mission_stats", "Mission stats"),
    column("upgrades", "Upgrades"),
    column("allies", "Allies"),
    column("xp", "XP"),
    column("missions", "Missions"),
];

const TEAM_XP: Column = column("team_xp", "Team XP");

/// The roster as CSV: a header row of column names, then one row per Soldier.
pub fn csv(roster: &Roster) -> Result<String, CommandError> {
    match roster.game {
        Game::ZeroDark => {
            let team_xp = roster.team_xp.unwrap_or(0).to_string();
            let keys: Vec<&str> = ZERO_DARK.iter().chain([&TEAM_XP]).map(|c| c.key).collect();
            output::csv(
                &keys,
                roster.soldiers.iter().map(|s| {
                    let mut row = zero_dark_row(s);
                    row.push(team_xp.clone());
                    row
                }),
            )
        }
        Game::Wwii | Game::Modern => {
            let keys: Vec<&str> = WARFIGHTER.iter().map(|c| c.key).collect();
            output::csv(&keys, roster.soldiers.iter().map(warfighter_row))
        }
    }
}

/// The roster as Markdown: the heading (a paragraph a line), the table, the squad's RP (the
/// team's XP in Zero Dark) and the head, every text shown literally.
pub fn markdown(roster: &Roster) -> String {
    let mut lines = vec![words::heading(roster)];
    let table = match roster.game {
        Game::ZeroDark => {
            if let Some(m) = &roster.mission {
                lines.extend(m.zero_dark.iter().flat_map(words::zero_dark_lines));
            }
            table(&ZERO_DARK, roster.soldiers.iter().map(zero_dark_row))
        }
        Game::Wwii | Game::Modern => table(&WARFIGHTER, roster.soldiers.iter().map(warfighter_row)),
    };
    let mut text: String = lines
        .iter()
        .flat_map(|l| l.lines())
        .map(|l| format!("{}\n\n", output::markdown_text(l)))
        .collect();
    text.push_str(&table);
    text.push_str("\n\n");
    let below = match roster.game {
        Game::ZeroDark => format!("{} {}", TEAM_XP.heading, roster.team_xp.unwrap_or(0)),
        Game::Wwii | Game::Modern => words::squad_line(roster),
    };
    text.push_str(&format!("{}\n\n", output::markdown_text(&below)));
    text.push_str(&words::footer(roster));
    text
}

fn table(columns: &[Column], rows: impl Iterator<Item = Vec<String>>) -> String {
    let headings: Vec<&str> = columns.iter().map(|c| c.heading).collect();
    output::markdown(&headings, rows)
}

/// A list in one cell.
fn join(items: Vec<String>) -> String {
    items.join("; ")
}

fn warfighter_row(s: &SoldierLine) -> Vec<String> {
    // Taken apart whole, so a new field of a roster line is placed here (or said not to be
    // a Warfighter cell) before it compiles.
    let SoldierLine {
        name,
        kind,
        status,
        wounds,
        // The card's Health, abilities and keywords are on the printed page.
        health: _,
        suppress,
        hardy: _,
        abilities: _,
        keywords: _,
        xp,
        discipline,
        medals,
        rp,
        medal_rp,
        rp_cards: _,
        missions,
        // A K9's Handler and a Handler's K9 are in the name on the table, not a column.
        handler_of: _,
        handler: _,
        // Zero Dark's heroes have their own columns (`zero_dark_row`).
        stats: _,
        specialism: _,
        state: _,
        allies: _,
        mission_stats: _,
        mission_upgrades: _,
    } = s;
    vec![
        name.clone(),
        kind.to_string(),
        status.to_string(),
        wounds.to_string(),
        suppress.to_string(),
        join(words::hardy(s)),
        xp.to_string(),
        discipline
            .map(|d| format!("{}/{}", d.current, d.stat))
            .unwrap_or_default(),
        join(medals.iter().map(words::medal).collect()),
        rp.to_string(),
        medal_rp.to_string(),
        words::mission_runs(missions),
    ]
}

/// A hero's cells: his state, his stats on the card and for the Mission in progress (with
/// the priority task's bonus), the Mission's upgrades, his Allies, XP and Missions.
fn zero_dark_row(s: &SoldierLine) -> Vec<String> {
    vec![
        s.name.clone(),
        s.specialism.clone().unwrap_or_default(),
        s.state.map(|st| st.to_string()).unwrap_or_default(),
        s.stats.map(words::stats).unwrap_or_default(),
        s.mission_stats.map(words::stats).unwrap_or_default(),
        join(s.mission_upgrades.iter().flatten().cloned().collect()),
        join(s.allies.iter().flatten().map(words::ally).collect()),
        s.xp.to_string(),
        words::mission_runs(&s.missions),
    ]
}
