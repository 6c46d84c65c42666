//! One line of the roster, described once per game: its columns (key, heading, kind and where
//! it is shown) and each Soldier's cells in words.
//!
//! The terminal table, CSV and Markdown, the printed page and the web page all draw from it:
//! none of them names a line's field, so a field added here is shown by every one of them.

use crate::domain::Game;
use crate::domain::soldier::Stats;

use super::roster::SoldierLine;
use super::words::{ability, ally, capitalized, medal, mission_runs, stats_words};

/// What a cell holds, which says how a front end draws it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The Soldier's name; the cell's note says his place beside a K9.
    Name,
    /// A word from a fixed set: his kind, his status, a hero's state, a specialism.
    Word,
    /// A count; the cell's `most` bounds it where the card does (Wounds by Health).
    Count,
    /// A current value out of a stat: Discipline `1/2`.
    OutOf,
    /// Several items: Hardy counters, Medals, abilities, Allies.
    List,
    /// A Zero Dark hero's stats: `M3 F2 A4 D3`.
    Stats,
    /// The Missions he was taken on, by number.
    Missions,
}

/// Where a column is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// The line's title: the name.
    Title,
    /// A short word beside the title: kind, status.
    Badge,
    /// One of the line's numbers or words, in every roster.
    Number,
    /// A list or text on the line, in every roster.
    Entry,
    /// Only on the whole service record (the printed page, a card opened on the web page):
    /// what the Soldier's card prints.
    Record,
}

/// Which of a Soldier's values a column shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Name,
    Kind,
    Status,
    Wounds,
    Suppress,
    Hardy,
    Xp,
    Discipline,
    Medals,
    Rp,
    MedalRp,
    Missions,
    Abilities,
    Keywords,
    RpCards,
    Specialism,
    State,
    Stats,
    MissionStats,
    Upgrades,
    Allies,
}

/// One column of a roster line.
#[derive(Debug, PartialEq, Eq)]
pub struct Column {
    pub field: Field,
    /// Its name in CSV, as `roster --json` names the field.
    pub key: &'static str,
    /// Its heading in the table, in Markdown and on the pages.
    pub heading: &'static str,
    pub kind: Kind,
    pub shown: Shown,
    /// True for what a table records most during a Mission: penciled in on the printed
    /// record, and changed one at a time on the web page's card.
    pub tally: bool,
}

const fn column(field: Field, key: &'static str, heading: &'static str, kind: Kind, shown: Shown) -> Column {
    Column {
        field,
        key,
        heading,
        kind,
        shown,
        tally: false,
    }
}

const fn tally(field: Field, key: &'static str, heading: &'static str, kind: Kind) -> Column {
    Column {
        field,
        key,
        heading,
        kind,
        shown: Shown::Number,
        tally: true,
    }
}

/// A Warfighter Soldier's columns, in order.
pub const WARFIGHTER: &[Column] = &[
    column(Field::Name, "name", "Soldier", Kind::Name, Shown::Title),
    column(Field::Kind, "kind", "Kind", Kind::Word, Shown::Badge),
    column(Field::Status, "status", "Status", Kind::Word, Shown::Badge),
    tally(Field::Wounds, "wounds", "Wounds", Kind::Count),
    tally(Field::Suppress, "suppress", "Suppress", Kind::Count),
    Column {
        tally: true,
        ..column(Field::Hardy, "hardy", "Hardy", Kind::List, Shown::Entry)
    },
    tally(Field::Xp, "xp", "XP", Kind::Count),
    column(
        Field::Discipline,
        "discipline",
        "Discipline",
        Kind::OutOf,
        Shown::Number,
    ),
    column(Field::Medals, "medals", "Medals", Kind::List, Shown::Entry),
    column(Field::Rp, "rp", "RP", Kind::Count, Shown::Number),
    column(Field::MedalRp, "medal_rp", "Medal RP", Kind::Count, Shown::Number),
    column(
        Field::Missions,
        "missions",
        "Missions",
        Kind::Missions,
        Shown::Entry,
    ),
    column(
        Field::Abilities,
        "abilities",
        "Abilities",
        Kind::List,
        Shown::Record,
    ),
    column(Field::Keywords, "keywords", "Keywords", Kind::List, Shown::Record),
    column(Field::RpCards, "rp_cards", "RP cards", Kind::List, Shown::Record),
];

/// A Zero Dark hero's columns, in order.
pub const ZERO_DARK: &[Column] = &[
    column(Field::Name, "name", "Hero", Kind::Name, Shown::Title),
    column(
        Field::Specialism,
        "specialism",
        "Specialism",
        Kind::Word,
        Shown::Badge,
    ),
    tally(Field::State, "state", "State", Kind::Word),
    column(Field::Stats, "stats", "Stats", Kind::Stats, Shown::Number),
    column(
        Field::MissionStats,
        "mission_stats",
        "Mission stats",
        Kind::Stats,
        Shown::Number,
    ),
    column(Field::Upgrades, "upgrades", "Upgrades", Kind::List, Shown::Entry),
    column(Field::Allies, "allies", "Allies", Kind::List, Shown::Entry),
    tally(Field::Xp, "xp", "XP", Kind::Count),
    column(
        Field::Missions,
        "missions",
        "Missions",
        Kind::Missions,
        Shown::Entry,
    ),
];

/// The columns of `game`'s roster line.
pub fn columns(game: Game) -> &'static [Column] {
    match game {
        Game::ZeroDark => ZERO_DARK,
        Game::Wwii | Game::Modern => WARFIGHTER,
    }
}

/// The columns every roster shows (all but the whole record's).
pub fn line_columns(game: Game) -> impl Iterator<Item = &'static Column> {
    columns(game).iter().filter(|c| c.shown != Shown::Record)
}

/// One Soldier's value in one column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    pub column: &'static Column,
    /// The value in words: one item for a single value, none for no value, several for a list.
    pub items: Vec<String>,
    /// A count's number, for a front end that steps it.
    pub count: Option<u32>,
    /// What bounds the count, where the card says (Wounds by Health).
    pub most: Option<u32>,
    /// Beside the name: `Handler of Gizmo`, `K9 of Wong`.
    pub note: Option<String>,
    /// The Missions' numbers, for a front end that names them.
    pub missions: Vec<u32>,
    /// A hero's stats, for a front end that tables them.
    pub stats: Option<Stats>,
}

impl Cell {
    fn of(column: &'static Column, items: Vec<String>) -> Cell {
        Cell {
            column,
            items,
            count: None,
            most: None,
            note: None,
            missions: Vec::new(),
            stats: None,
        }
    }

    /// The value as one plain text, a list's items joined by `separator`; empty for none.
    pub fn joined(&self, separator: &str) -> String {
        self.items.join(separator)
    }

    /// The value as a table prints it: a list joined by commas, the name with its note, a
    /// count the card bounds out of its bound (`2 of 3`).
    pub fn text(&self) -> String {
        match (&self.note, self.most) {
            (Some(note), _) => format!("{} ({note})", self.joined(", ")),
            (None, Some(most)) if !self.is_empty() => format!("{} of {most}", self.joined(", ")),
            (None, _) => self.joined(", "),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// `soldier`'s cells in `game`'s columns, in order.
pub fn cells(game: Game, soldier: &SoldierLine) -> Vec<Cell> {
    columns(game).iter().map(|c| cell(c, soldier)).collect()
}

/// `soldier`'s cells in the columns every roster shows.
pub fn line_cells(game: Game, soldier: &SoldierLine) -> Vec<Cell> {
    line_columns(game).map(|c| cell(c, soldier)).collect()
}

fn one(value: impl ToString) -> Vec<String> {
    vec![value.to_string()]
}

fn count(column: &'static Column, n: u32, most: Option<u32>) -> Cell {
    Cell {
        count: Some(n),
        most,
        ..Cell::of(column, one(n))
    }
}

fn stats_cell(column: &'static Column, stats: Option<Stats>) -> Cell {
    Cell {
        stats,
        ..Cell::of(column, stats.iter().map(|s| stats_words(*s)).collect())
    }
}

fn cell(column: &'static Column, s: &SoldierLine) -> Cell {
    // Taken apart whole, so that a new field of a roster line is placed in a column here (or
    // said to be shown inside another) before it compiles.
    let SoldierLine {
        name,
        kind,
        status,
        wounds,
        // Health bounds the Wounds cell.
        health,
        suppress,
        hardy,
        abilities,
        keywords,
        xp,
        discipline,
        medals,
        rp,
        medal_rp,
        rp_cards,
        missions,
        // The Missions played on paper lead the Missions cell.
        paper_missions,
        // A K9's Handler and a Handler's K9 are the name's note.
        handler_of,
        handler,
        stats,
        specialism,
        state,
        allies,
        mission_stats,
        mission_upgrades,
    } = s;
    let items = match column.field {
        Field::Name => {
            let note = match (handler, handler_of) {
                (Some(handler), _) => Some(format!("K9 of {handler}")),
                (_, Some(k9)) => Some(format!("Handler of {k9}")),
                _ => None,
            };
            return Cell {
                note,
                ..Cell::of(column, one(name))
            };
        }
        Field::Kind => one(kind),
        Field::Status => one(status),
        Field::Wounds => return count(column, *wounds, *health),
        Field::Suppress => return count(column, *suppress, None),
        Field::Xp => return count(column, *xp, None),
        Field::Rp => return count(column, *rp, None),
        Field::MedalRp => return count(column, *medal_rp, None),
        Field::Hardy => hardy.iter().map(|(kind, n)| format!("{kind} {n}")).collect(),
        Field::Discipline => discipline
            .iter()
            .map(|d| format!("{}/{}", d.current, d.stat))
            .collect(),
        Field::Medals => medals.iter().map(medal).collect(),
        Field::Missions => {
            let runs = mission_runs(missions);
            let said = match (*paper_missions, runs.is_empty()) {
                (0, true) => Vec::new(),
                (0, false) => one(runs),
                (paper, true) => one(format!("{paper} on paper")),
                (paper, false) => one(format!("{paper} on paper, {runs}")),
            };
            return Cell {
                missions: missions.clone(),
                ..Cell::of(column, said)
            };
        }
        Field::Abilities => abilities.iter().map(|(name, a)| ability(name, *a)).collect(),
        Field::Keywords => keywords.iter().map(|k| capitalized(k)).collect(),
        Field::RpCards => rp_cards
            .iter()
            .map(|c| format!("{} {} ({} RP)", c.kind, c.name, c.rp))
            .collect(),
        Field::Specialism => specialism.iter().cloned().collect(),
        Field::State => state.iter().map(ToString::to_string).collect(),
        Field::Stats => return stats_cell(column, *stats),
        Field::MissionStats => return stats_cell(column, *mission_stats),
        Field::Upgrades => mission_upgrades.iter().flatten().cloned().collect(),
        Field::Allies => allies.iter().flatten().map(ally).collect(),
    };
    Cell::of(column, items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_names_a_field_once_and_titles_its_line_with_the_name() {
        for game in [Game::Wwii, Game::ZeroDark] {
            let all = columns(game);
            assert_eq!(all[0].field, Field::Name);
            assert_eq!(all[0].shown, Shown::Title);
            for (i, c) in all.iter().enumerate() {
                assert!(
                    all[i + 1..].iter().all(|d| d.field != c.field && d.key != c.key),
                    "{} twice in {game:?}",
                    c.key
                );
            }
            assert!(line_columns(game).all(|c| c.shown != Shown::Record));
        }
    }
}
