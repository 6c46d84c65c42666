//! The chronicle for the terminal, and as Markdown and BBCode for forums, laid out from the
//! one document in words.

use crate::cli::output;
use muster::projection::chronicle::words::{Block, Document};

/// The chronicle as plain text: headings underlined, tables fitted to the terminal.
pub fn plain(doc: &Document) -> String {
    let mut out = underlined(&doc.title, '=');
    for section in &doc.sections {
        out.push('\n');
        out.push_str(&underlined(&section.heading, '-'));
        let mut after_table = false;
        for block in &section.blocks {
            match block {
                // A line after a table or list stands apart from it.
                Block::Line(line) if after_table => out.push_str(&format!("\n{line}\n")),
                Block::Line(line) => out.push_str(&format!("{line}\n")),
                Block::Table {
                    caption,
                    header,
                    rows,
                } => {
                    out.push_str(&format!("\n{caption}:\n"));
                    out.push_str(&output::table(header, rows.iter().cloned()));
                    out.push('\n');
                }
                Block::Items { caption, items } => {
                    out.push_str(&format!("\n{caption}:\n"));
                    for item in items {
                        out.push_str(&format!("  - {item}\n"));
                    }
                }
            }
            after_table = !matches!(block, Block::Line(_));
        }
    }
    out
}

fn underlined(text: &str, with: char) -> String {
    let rule: String = std::iter::repeat_n(with, text.chars().count()).collect();
    format!("{text}\n{rule}\n")
}

/// The chronicle as Markdown that reads well unrendered: every text shown literally.
pub fn markdown(doc: &Document) -> String {
    let text = output::markdown::text;
    let mut out = format!("# {}\n", text(&doc.title));
    for section in &doc.sections {
        out.push_str(&format!("\n## {}\n", text(&section.heading)));
        for block in &section.blocks {
            match block {
                Block::Line(line) => out.push_str(&format!("\n{}\n", text(line))),
                Block::Table {
                    caption,
                    header,
                    rows,
                } => {
                    out.push_str(&format!("\n**{caption}**\n\n"));
                    out.push_str(&output::markdown::table(header, rows.iter().cloned()));
                    out.push('\n');
                }
                Block::Items { caption, items } => {
                    out.push_str(&format!("\n**{caption}**\n\n"));
                    for item in items {
                        out.push_str(&format!("- {}\n", text(item)));
                    }
                }
            }
        }
    }
    out
}

/// The chronicle as BBCode for BoardGameGeek's forums: headings in bold, tables in a
/// fixed-width block (the forums draw no tables), lists as lists.
pub fn bbcode(doc: &Document) -> String {
    let mut out = format!("[size=14][b]{}[/b][/size]\n", bbcode_text(&doc.title));
    for section in &doc.sections {
        out.push_str(&format!(
            "\n[size=12][b]{}[/b][/size]\n",
            bbcode_text(&section.heading)
        ));
        for block in &section.blocks {
            match block {
                Block::Line(line) => out.push_str(&format!("{}\n", bbcode_text(line))),
                Block::Table {
                    caption,
                    header,
                    rows,
                } => {
                    out.push_str(&format!("[b]{caption}[/b]\n[c]"));
                    out.push_str(&bbcode_text(&aligned(header, rows)));
                    out.push_str("[/c]\n");
                }
                Block::Items { caption, items } => {
                    out.push_str(&format!("[b]{caption}[/b]\n[list]\n"));
                    for item in items {
                        out.push_str(&format!("[*]{}\n", bbcode_text(item)));
                    }
                    out.push_str("[/list]\n");
                }
            }
        }
    }
    out
}

/// `text` with no tag of its own: BBCode has no escape, so a square bracket in a name
/// becomes its full-width twin, which reads the same and opens no tag.
fn bbcode_text(text: &str) -> String {
    text.replace('[', "\u{ff3b}").replace(']', "\u{ff3d}")
}

/// A table as columns of text padded to their widest cell, for a fixed-width block.
fn aligned(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<&str>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(cell, width)| format!("{cell:<width$}"))
            .collect();
        format!("{}\n", padded.join("  ").trim_end())
    };
    let mut out = line(header.to_vec());
    for row in rows {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    out
}
