//! Text as CommonMark shows it literally, escaped only where a character would be read as markup.
//!
//! A name or a reason may hold any printable character, so a Markdown page escapes what it
//! prints, but a backslash before every punctuation mark reads badly unrendered
//! (`wounded\(1\)`). Here a character is escaped only where CommonMark (with GitHub's tables
//! and strikethrough) would take it as markup in that position: `<` as `&lt;` always (no HTML,
//! no autolinks), `&` where it would begin an entity, `` ` ``, `[` and `]` always (no code, no
//! links or images), `*`, `_` and `~` unless they cannot open or close emphasis there, `\`
//! where it would escape what follows; a table cell's `|`; and in running text, what would
//! begin a block at the start of a line (a heading, a quote, a list, a rule).

use tabled::builder::Builder;
use tabled::settings::Style;

/// `text` as one cell of a Markdown table: shown literally, its `|` escaped so it cannot end
/// the cell, a line break read as a space (a table's row is one line).
pub fn cell(text: &str) -> String {
    let chars: Vec<char> = text
        .chars()
        .map(|c| if matches!(c, '\n' | '\r') { ' ' } else { c })
        .collect();
    let mut out = String::with_capacity(text.len());
    for at in 0..chars.len() {
        push(&mut out, &chars, at, Where::Cell);
    }
    out
}

/// `text` as running text: a paragraph of its own (a blank line before and after it) or the
/// words of a heading after its `#`s. Shown literally, whatever it begins or ends with: a
/// leading `-`, `+`, `#`, `>` or `1.` makes no list, heading or quote, a trailing `#` is not
/// taken as a heading's closing sequence, and text of several lines makes no table.
pub fn text(text: &str) -> String {
    let several = text.contains('\n');
    text.split('\n')
        .map(|line| running_line(line, several))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Renders rows under a header as a Markdown table, every cell shown literally (see [`cell`]).
pub fn table(header: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut builder = Builder::default();
    builder.push_record(header.iter().map(|h| cell(h)));
    for row in rows {
        builder.push_record(row.iter().map(|c| cell(c)));
    }
    let mut table = builder.build();
    table.with(Style::markdown());
    table.to_string()
}

/// Where a character stands: in a table's cell, or in running text (on a line of several).
#[derive(Clone, Copy, PartialEq)]
enum Where {
    Cell,
    Running { several: bool },
}

/// One line of running text, its leading spaces kept as character references (four would
/// make code) and its first character, and a closing run of `#`s, escaped where they would
/// begin or close a block.
fn running_line(line: &str, several: bool) -> String {
    let chars: Vec<char> = line.chars().collect();
    let indent = chars.iter().take_while(|c| matches!(c, ' ' | '\t')).count();
    let mut out = String::with_capacity(line.len());
    for c in chars.iter().take(indent) {
        out.push_str(if *c == '\t' { "&#9;" } else { "&#32;" });
    }
    let body = chars.get(indent..).unwrap_or_default();
    let closing = closing_hashes(body);
    for (at, &c) in body.iter().enumerate() {
        if (at == 0 && begins_block(body)) || Some(at) == closing || ends_list_number(body, at) {
            out.push('\\');
            out.push(c);
        } else {
            push(&mut out, body, at, Where::Running { several });
        }
    }
    out
}

/// Whether a line that begins `line` (its indent taken off) begins a block: a heading, a
/// quote, a bullet, a thematic break or a setext underline, or a fence.
fn begins_block(line: &[char]) -> bool {
    let Some(&first) = line.first() else {
        return false;
    };
    let then_space = line.get(1).is_none_or(|c| c.is_whitespace());
    let marks = line.iter().filter(|c| !c.is_whitespace());
    match first {
        '>' => true,
        '#' => {
            let run = line.iter().take_while(|c| **c == '#').count();
            line.get(run).is_none_or(|c| c.is_whitespace())
        }
        '-' | '+' | '*' if then_space => true,
        '-' | '*' | '_' | '=' => marks.clone().all(|c| *c == first),
        '~' | '`' => line.iter().take_while(|c| **c == first).count() >= 3,
        _ => false,
    }
}

/// Whether `at` in `line` is the `.` or `)` of an ordered list's number (up to nine digits at
/// the line's start, then the mark, then a space or the line's end).
fn ends_list_number(line: &[char], at: usize) -> bool {
    let digits = line.iter().take_while(|c| c.is_ascii_digit()).count();
    (1..=9).contains(&digits)
        && at == digits
        && matches!(line.get(at), Some('.' | ')'))
        && line.get(at + 1).is_none_or(|c| c.is_whitespace())
}

/// The first `#` of a run of them that ends the line after a space: an ATX heading's
/// optional closing sequence, which the heading would drop.
fn closing_hashes(line: &[char]) -> Option<usize> {
    let run = line.iter().rev().take_while(|c| **c == '#').count();
    let start = line.len().checked_sub(run)?;
    let after_space = start
        .checked_sub(1)
        .and_then(|i| line.get(i))
        .is_some_and(|c| c.is_whitespace());
    (run > 0 && after_space).then_some(start)
}

/// Writes `chars[at]` to `out`, escaped if CommonMark would read it as inline markup there.
fn push(out: &mut String, chars: &[char], at: usize, place: Where) {
    let Some(&c) = chars.get(at) else {
        return;
    };
    let before = at.checked_sub(1).and_then(|i| chars.get(i)).copied();
    let after = chars.get(at + 1).copied();
    // Between two spaces `*` and `~` delimit nothing; `_` inside a word neither.
    let spaced = before.is_some_and(char::is_whitespace) && after.is_some_and(char::is_whitespace);
    let in_word = before.is_some_and(char::is_alphanumeric) && after.is_some_and(char::is_alphanumeric);
    let escape = match c {
        '<' => {
            out.push_str("&lt;");
            return;
        }
        '&' if begins_reference(chars.get(at + 1..).unwrap_or_default()) => {
            out.push_str("&amp;");
            return;
        }
        // At the end, what follows is the caller's, so a backslash is escaped there too.
        '\\' => after.is_none_or(|a| a.is_ascii_punctuation()),
        '`' | '[' | ']' => true,
        '*' | '~' => !spaced,
        '_' => !spaced && !in_word,
        '|' => place != Where::Running { several: false },
        _ => false,
    };
    if escape {
        out.push('\\');
    }
    out.push(c);
}

/// Whether `rest` (what follows an `&`) would make it an entity or character reference: a
/// name or number and then `;`, or the end of the text (what follows is the caller's).
fn begins_reference(rest: &[char]) -> bool {
    let rest = rest.strip_prefix(&['#']).unwrap_or(rest);
    let name = rest.iter().take_while(|c| c.is_ascii_alphanumeric()).count();
    name > 0 && matches!(rest.get(name), Some(';') | None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_words_keep_their_punctuation_unescaped() {
        for plain in [
            "Operation Lodestar (Warfighter Modern, US)",
            "wounded(1)",
            "Squad RP 12 | Medal RP 2",
            "Q&A, 3 * 4, snake_case, it's done!",
        ] {
            assert_eq!(text(plain), plain);
        }
        assert_eq!(cell("wounded(1)"), "wounded(1)");
        assert_eq!(cell("a|b"), "a\\|b");
    }

    #[test]
    fn markup_is_escaped_where_it_would_be_read() {
        assert_eq!(text("- Ghost"), "\\- Ghost");
        assert_eq!(text("-Ghost"), "-Ghost", "no list without a space");
        assert_eq!(text("# One"), "\\# One");
        assert_eq!(text("Alpha #"), "Alpha \\#");
        assert_eq!(text("1. Bravo"), "1\\. Bravo");
        assert_eq!(text("> quote"), "\\> quote");
        assert_eq!(text("---"), "\\---");
        assert_eq!(text("*Bold*"), "\\*Bold\\*");
        assert_eq!(text("<b>&amp;"), "&lt;b>&amp;amp;");
        assert_eq!(text("[x](y)"), "\\[x\\](y)");
        assert_eq!(text("a\\*b\\c"), "a\\\\\\*b\\c");
        assert_eq!(text("  code"), "&#32;&#32;code");
    }
}
