//! Tables for people: fitted to the terminal's width, the columns no row fills dropped
//! first, rows given as records when even their words do not fit, no line ending in spaces.

use tabled::builder::Builder;
use tabled::settings::peaker::PriorityMax;
use tabled::settings::{Style, Width};

use super::super::width;

/// Renders rows under a header as a plain table, its widest columns wrapped to fit the
/// width of [`width::columns`], and no line ending in spaces.
pub fn table(header: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut header: Vec<String> = header.iter().map(|h| (*h).to_owned()).collect();
    let mut rows: Vec<Vec<String>> = rows.into_iter().collect();
    let limit = width::columns();
    // Too wide for the terminal: a column no row fills goes first, before any cell wraps.
    if limit.is_some_and(|limit| {
        rendered(&header, &rows)
            .lines()
            .any(|l| l.chars().count() > limit)
    }) {
        let filled: Vec<bool> = (0..header.len())
            .map(|c| {
                rows.iter()
                    .any(|row| row.get(c).is_some_and(|cell| !cell.is_empty()))
            })
            .collect();
        header = filled_only(header, &filled);
        rows = rows.into_iter().map(|row| filled_only(row, &filled)).collect();
    }
    // Narrower than the columns' longest words: each row as a title and its cells beneath,
    // rather than a grid of cells cut a few letters a line.
    if let Some(limit) = limit.filter(|limit| narrowest(&header, &rows) > *limit) {
        return records(&header, &rows, limit);
    }
    let mut table = built(&header, &rows);
    if let Some(columns) = limit {
        table.with(
            Width::wrap(columns)
                .priority(PriorityMax::right())
                .keep_words(true),
        );
    }
    without_trailing_spaces(&table.to_string())
}

/// The cells of `cells` whose column is `filled`.
fn filled_only(cells: Vec<String>, filled: &[bool]) -> Vec<String> {
    cells
        .into_iter()
        .enumerate()
        .filter(|(c, _)| filled.get(*c).copied().unwrap_or(true))
        .map(|(_, cell)| cell)
        .collect()
}

/// The width of the table's lines when each column is as narrow as its longest word.
fn narrowest(header: &[String], rows: &[Vec<String>]) -> usize {
    let longest_word = |cell: &str| {
        cell.split_whitespace()
            .map(|w| w.chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths = (0..header.len()).map(|c| {
        let cells = rows.iter().filter_map(|row| row.get(c)).chain(header.get(c));
        cells.map(|cell| longest_word(cell)).max().unwrap_or(0)
    });
    // Each cell is padded by a space either side, and columns are parted by a bar.
    widths.map(|w| w + 3).sum::<usize>().saturating_sub(1)
}

/// Each row as its first cell on a line, then its other filled cells, each after its
/// header, wrapped to `limit` under a two-space indent.
fn records(header: &[String], rows: &[Vec<String>], limit: usize) -> String {
    let mut lines = Vec::new();
    for row in rows {
        let mut cells = header.iter().zip(row);
        if let Some((_, title)) = cells.next() {
            lines.extend(width::wrap(title, limit));
        }
        // Each "Header value" stays whole on a line where it fits.
        let width = limit.saturating_sub(2);
        let mut line = String::new();
        for (name, cell) in cells.filter(|(_, cell)| !cell.is_empty()) {
            let pair = format!("{name} {cell}");
            if !line.is_empty() && line.chars().count() + 3 + pair.chars().count() <= width {
                line.push_str(" · ");
                line.push_str(&pair);
                continue;
            }
            if !line.is_empty() {
                lines.push(format!("  {}", std::mem::take(&mut line)));
            }
            let mut wrapped = width::wrap(&pair, width);
            line = wrapped.pop().unwrap_or_default();
            lines.extend(wrapped.into_iter().map(|l| format!("  {l}")));
        }
        if !line.is_empty() {
            lines.push(format!("  {line}"));
        }
    }
    without_trailing_spaces(&lines.join("\n"))
}

/// The plain table of `header` and `rows`, not fitted to any width.
fn built(header: &[String], rows: &[Vec<String>]) -> tabled::Table {
    let mut builder = Builder::default();
    builder.push_record(header.iter().cloned());
    for row in rows {
        builder.push_record(row.iter().cloned());
    }
    let mut table = builder.build();
    table.with(Style::psql());
    table
}

/// The plain table as text.
fn rendered(header: &[String], rows: &[Vec<String>]) -> String {
    built(header, rows).to_string()
}

/// `text` for the terminal: each line wider than the width wrapped between words, the rest
/// of it indented under it (tables within the width are left as they are).
pub fn fitted(text: &str) -> String {
    let Some(limit) = width::columns() else {
        return text.to_owned();
    };
    let mut lines = Vec::new();
    for line in text.lines() {
        if line.chars().count() <= limit {
            lines.push(line.to_owned());
            continue;
        }
        let mut wrapped = width::wrap(line, limit).into_iter();
        lines.extend(wrapped.next());
        let rest: Vec<String> = wrapped.collect();
        lines.extend(
            width::wrap(&rest.join(" "), limit.saturating_sub(2))
                .into_iter()
                .map(|l| format!("  {l}")),
        );
    }
    let end = if text.ends_with('\n') { "\n" } else { "" };
    format!("{}{end}", lines.join("\n"))
}

/// `text` with the spaces at the end of each line taken off.
fn without_trailing_spaces(text: &str) -> String {
    text.lines().map(str::trim_end).collect::<Vec<_>>().join("\n")
}
