//! How wide output may be: `COLUMNS` when set, else the terminal's width when standard output
//! is one; piped or redirected without `COLUMNS`, lines are never cut. A command run for a
//! remote client fits the client's width instead.

use std::cell::Cell;
use std::io::IsTerminal;

thread_local! {
    /// The width a remote client's command fits, while [`fitting`] runs it on this thread.
    static FIT: Cell<Option<Option<usize>>> = const { Cell::new(None) };
}

/// Runs `f` with output on this thread fitted to `columns` (`None`: never cut), whatever this
/// process's own terminal is.
pub fn fitting<T>(columns: Option<usize>, f: impl FnOnce() -> T) -> T {
    let outer = FIT.replace(Some(columns.map(|c| c.max(NARROWEST))));
    let result = f();
    FIT.set(outer);
    result
}

/// The narrowest width muster fits its tables to: below it, cells would wrap a letter a line.
const NARROWEST: usize = 20;

/// The width to fit output to, or `None` for no limit.
pub fn columns() -> Option<usize> {
    if let Some(fit) = FIT.get() {
        return fit;
    }
    if let Some(set) = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
    {
        return (set > 0).then_some(set.max(NARROWEST));
    }
    if !std::io::stdout().is_terminal() {
        return None;
    }
    terminal_size::terminal_size()
        .map(|(terminal_size::Width(w), _)| usize::from(w))
        .filter(|w| *w > 0)
        .map(|w| w.max(NARROWEST))
}

/// `text` cut into lines of at most `width` characters, between words where it can be
/// (a word longer than a line is cut inside it).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        let used = line.chars().count();
        if used > 0 && used + 1 + word.len() <= width {
            line.push(' ');
            line.extend(&word);
            continue;
        }
        if used > 0 {
            lines.push(std::mem::take(&mut line));
        }
        while word.len() > width {
            lines.push(word.drain(..width).collect());
        }
        line.extend(&word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn words_wrap_and_a_long_word_is_cut() {
        assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
        assert_eq!(wrap("abcdefgh xy", 3), ["abc", "def", "gh", "xy"]);
        assert_eq!(wrap("", 5), [""]);
        assert!(
            wrap("one two three four five six", 9)
                .iter()
                .all(|l| l.chars().count() <= 9)
        );
    }
}
