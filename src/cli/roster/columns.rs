//! The roster as CSV and Markdown, in the columns of the roster line's description, the same
//! in both formats.
//!
//! CSV names its columns as `roster --json` names the fields; Markdown heads them with the
//! words the table prints. A cell holds one plain value; lists are joined with `; `.

use muster::domain::Game;
use muster::projection::roster::{Roster, SoldierLine};
use muster::projection::roster_line::{line_cells, line_columns};

use super::super::error::CommandError;
use super::super::output;
use super::super::roster_words as words;

/// The Zero Dark team's XP: CSV adds it to each row (Markdown prints it once, under the table,
/// as the table does).
const TEAM_XP: (&str, &str) = ("team_xp", "Team XP");

/// The roster as CSV: a header row of column names, then one row per Soldier.
pub fn csv(roster: &Roster) -> Result<String, CommandError> {
    let mut keys: Vec<&str> = line_columns(roster.game).map(|c| c.key).collect();
    let team_xp = (roster.game == Game::ZeroDark).then(|| roster.team_xp.unwrap_or(0).to_string());
    if team_xp.is_some() {
        keys.push(TEAM_XP.0);
    }
    output::csv(
        &keys,
        roster.soldiers.iter().map(|s| {
            let mut row = row(roster.game, s);
            row.extend(team_xp.clone());
            row
        }),
    )
}

/// The roster as Markdown: the heading (a paragraph a line), the table, the squad's RP (the
/// team's XP in Zero Dark) and the head, every text shown literally.
pub fn markdown(roster: &Roster) -> String {
    let mut lines = vec![words::heading(roster)];
    if let Some(m) = &roster.mission {
        if roster.game == Game::ZeroDark {
            lines.extend(m.zero_dark.iter().flat_map(words::zero_dark_lines));
        }
    }
    let headings: Vec<&str> = line_columns(roster.game).map(|c| c.heading).collect();
    let table = output::markdown::table(&headings, roster.soldiers.iter().map(|s| row(roster.game, s)));
    let mut text: String = lines
        .iter()
        .flat_map(|l| l.lines())
        .map(|l| format!("{}\n\n", output::markdown::text(l)))
        .collect();
    text.push_str(&table);
    text.push_str("\n\n");
    let below = match roster.game {
        Game::ZeroDark => format!("{} {}", TEAM_XP.1, roster.team_xp.unwrap_or(0)),
        Game::Wwii | Game::Modern => words::squad_line(roster),
    };
    text.push_str(&format!("{}\n\n", output::markdown::text(&below)));
    text.push_str(&words::footer(roster));
    text
}

/// A Soldier's cells as plain values, a list's items joined by `; `.
fn row(game: Game, s: &SoldierLine) -> Vec<String> {
    line_cells(game, s).iter().map(|c| c.joined("; ")).collect()
}
