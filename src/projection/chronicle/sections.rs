//! The chronicle's words as a front end lays them out: sections of lines, tables and lists.

use crate::domain::Game;

/// A piece of a section.
pub enum Block {
    /// A sentence or two of plain words.
    Line(String),
    /// A table under its caption and header.
    Table {
        caption: &'static str,
        header: Vec<&'static str>,
        rows: Vec<Vec<String>>,
    },
    /// A list of items.
    Items {
        caption: &'static str,
        items: Vec<String>,
    },
}

/// A part of the chronicle under its heading.
pub struct Section {
    pub heading: String,
    /// A Mission's number, for the page's anchors.
    pub mission: Option<u32>,
    pub blocks: Vec<Block>,
}

/// The whole chronicle: its title, then the timeline, each Mission, the statistics and the
/// campaign's notes.
pub struct Document {
    pub title: String,
    pub sections: Vec<Section>,
}

/// A table of `items` under `caption`, when there are any.
pub(super) fn table<T>(
    blocks: &mut Vec<Block>,
    caption: &'static str,
    header: &[&'static str],
    items: &[T],
    row: impl Fn(&T) -> Vec<String>,
) {
    if items.is_empty() {
        return;
    }
    blocks.push(Block::Table {
        caption,
        header: header.to_vec(),
        rows: items.iter().map(row).collect(),
    });
}

/// Who a table's rows are in `game`: Soldiers, or Zero Dark's heroes.
pub(super) fn who(game: Game) -> &'static str {
    match game {
        Game::ZeroDark => "Hero",
        Game::Wwii | Game::Modern => "Soldier",
    }
}
