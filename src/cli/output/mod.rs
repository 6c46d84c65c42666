//! Output formats and writing to standard output.

use std::ffi::OsStr;
use std::io::{self, Write};

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::error::ErrorKind;
pub use muster::app::Format;
use muster::domain::names::is_hidden;
use serde::Serialize;

use super::error::CommandError;
pub use table::{fitted, table};

pub mod markdown;
mod table;

/// `--format`'s parser: the library's formats by their words, each with what it is.
pub fn formats() -> Formats {
    let values = Format::ALL.map(|format| PossibleValue::new(format.word()).help(format.about()));
    Formats(PossibleValuesParser::new(values))
}

/// The parser [`formats`] gives.
#[derive(Clone)]
pub struct Formats(PossibleValuesParser);

impl TypedValueParser for Formats {
    type Value = Format;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Format, clap::Error> {
        // Read lossily, so a word that is not UTF-8 is refused as a word no format has, naming
        // the words taken, as clap refuses a value of its own enums.
        let word = self
            .0
            .parse_ref(cmd, arg, OsStr::new(value.to_string_lossy().as_ref()))?;
        Format::from_word(&word).ok_or_else(|| clap::Error::new(ErrorKind::InvalidValue).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        self.0.possible_values()
    }
}

/// Writes `text` to standard output, every control character but the newline written as an
/// escape (see [`printable`]). A closed pipe (`muster log | head`) is not an error.
pub fn print(text: &str) -> Result<(), CommandError> {
    let text = printable(text);
    let mut out = Stdout;
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(CommandError::storage(format!(
            "cannot write to standard output: {e}"
        ))),
        _ => Ok(()),
    }
}

thread_local! {
    /// What this thread's commands print, while [`captured`] runs one: `muster serve` runs
    /// the command line in-process on a blocking thread, one command at a time per thread,
    /// and answers with what it printed, so an API answer is byte for byte what `--json`
    /// prints. A thread-local, not a parameter, so no command needs to know it is served.
    static CAPTURE: std::cell::RefCell<Option<Vec<u8>>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with everything this thread prints through [`Stdout`] kept rather than written,
/// and gives its result and what it printed.
pub fn captured<T>(f: impl FnOnce() -> T) -> (T, Vec<u8>) {
    let outer = CAPTURE.with(|c| c.borrow_mut().replace(Vec::new()));
    let result = f();
    let printed = CAPTURE.with(|c| std::mem::replace(&mut *c.borrow_mut(), outer));
    (result, printed.unwrap_or_default())
}

/// Whether this thread's output is being captured (no pager, no terminal then).
pub fn capturing() -> bool {
    CAPTURE.with(|c| c.borrow().is_some())
}

/// Standard output, or the capture of [`captured`] while it runs on this thread.
pub struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let kept = CAPTURE.with(|c| match c.borrow_mut().as_mut() {
            Some(kept) => {
                kept.extend_from_slice(buf);
                true
            }
            None => false,
        });
        if kept {
            Ok(buf.len())
        } else {
            io::stdout().lock().write(buf)
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        if capturing() {
            Ok(())
        } else {
            io::stdout().lock().flush()
        }
    }
}

/// `text` safe for a terminal, whatever its origin (a name in an imported file included):
/// control characters other than the newline (an escape sequence could clear the screen or
/// rename the window), and the invisible and bidirectional formatting characters (which
/// could make one name print as another), are written as `\u{…}` escapes.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let unsafe_char = |c: char| (c.is_control() && c != '\n') || is_hidden(c);
    if !text.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    text.chars()
        .map(|c| {
            if unsafe_char(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}

/// Prints `value` as one line of JSON.
pub fn print_json(value: &impl Serialize) -> Result<(), CommandError> {
    // Written as it is serialized, never held whole: a long blame or log is large.
    match write_json(io::BufWriter::new(Stdout), value) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(CommandError::storage(format!(
            "cannot write JSON to standard output: {e}"
        ))),
        _ => Ok(()),
    }
}

/// Writes `value` to `out` as one line of JSON, escaped as [`Escaping`] says.
fn write_json(mut out: impl Write, value: &impl Serialize) -> io::Result<()> {
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, Escaping);
    value.serialize(&mut serializer).map_err(io::Error::from)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// `value` as one line of JSON (without its line break), escaped as [`Escaping`] says: for
/// a writer of many lines, which [`printable`] must not escape again (its `\u{…}` is no JSON
/// escape).
pub fn json_line(value: &impl Serialize) -> io::Result<String> {
    let mut line = Vec::new();
    value
        .serialize(&mut serde_json::Serializer::with_formatter(&mut line, Escaping))
        .map_err(io::Error::from)?;
    String::from_utf8(line).map_err(io::Error::other)
}

/// Compact JSON as muster shows it ([`muster::domain::shown`]), written as it is serialized.
struct Escaping;

impl serde_json::ser::Formatter for Escaping {
    fn write_string_fragment<W: ?Sized + Write>(&mut self, writer: &mut W, fragment: &str) -> io::Result<()> {
        muster::domain::shown::write_json_shown(writer, fragment)
    }
}

/// Renders rows under a header as CSV (RFC 4180 quoting, by the csv crate).
pub fn csv(header: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> Result<String, CommandError> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let fail = |e: csv::Error| CommandError::storage(format!("cannot write CSV: {e}"));
    writer.write_record(header).map_err(fail)?;
    for row in rows {
        writer
            .write_record(row.iter().map(|cell| spreadsheet_safe(cell).into_owned()))
            .map_err(fail)?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| CommandError::storage(format!("cannot write CSV: {e}")))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// A CSV cell a spreadsheet will not evaluate: one starting with `=`, `+`, `-`, `@`, a tab or
/// a carriage return (a formula, such as `=HYPERLINK(…)`) gets a leading `'`, as spreadsheet
/// exporters do; a plain number such as `-2` is left as it is.
pub fn spreadsheet_safe(cell: &str) -> std::borrow::Cow<'_, str> {
    let formula = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if formula && cell.parse::<f64>().is_err() {
        format!("'{cell}").into()
    } else {
        cell.into()
    }
}

pub use muster::projection::summary::NOTED_DIGITS;

/// The first [`NOTED_DIGITS`] hex digits of a hash: enough to note on paper and compare.
pub fn short_hash(hash: &str) -> &str {
    muster::projection::summary::noted(hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_csv_cell_opening_with_any_formula_start_gets_a_quote_and_a_number_does_not() {
        let table = [
            ("=1+1", "'=1+1"),
            ("+A1", "'+A1"),
            ("-A1", "'-A1"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tA1", "'\tA1"),
            ("\rA1", "'\rA1"),
            ("-2", "-2"),
            ("+2.5", "+2.5"),
            ("A=1", "A=1"),
        ];
        let text = csv(&["cell"], table.iter().map(|(cell, _)| vec![(*cell).to_owned()])).unwrap();
        let mut reader = ::csv::Reader::from_reader(text.as_bytes());
        let cells: Vec<String> = reader
            .records()
            .map(|r| r.unwrap().get(0).unwrap().to_owned())
            .collect();
        let expected: Vec<&str> = table.iter().map(|(_, safe)| *safe).collect();
        assert_eq!(cells, expected);
    }

    #[test]
    fn json_output_escapes_invisible_characters_and_reads_back_the_same() {
        let text = "a\u{200b}b\u{202e}c\u{1d173}d\u{7}e";
        let mut out = Vec::new();
        write_json(&mut out, &serde_json::json!({ "why": text })).unwrap();
        let written = String::from_utf8(out).unwrap();
        assert!(
            !written
                .chars()
                .any(|c| is_hidden(c) || (c.is_control() && c != '\n')),
            "{written:?}"
        );
        assert!(
            written.contains("\\u200b") && written.ends_with('\n'),
            "{written}"
        );
        let read: serde_json::Value = serde_json::from_str(&written).unwrap();
        assert_eq!(read["why"], text);
    }

    #[test]
    fn a_json_line_escapes_del_and_the_c1_controls_too_and_reads_back_the_same() {
        let text = "Baker\u{202e}\u{7f}\u{9b}31m\u{1b}]0;x\u{7}";
        let line = json_line(&serde_json::json!({ "recorded_by": text })).unwrap();
        assert!(!line.chars().any(|c| is_hidden(c) || c.is_control()), "{line:?}");
        assert!(line.contains("\\u007f") && line.contains("\\u009b"), "{line}");
        let read: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(read["recorded_by"], text);
        // The terminal's own escaping leaves a line with nothing to escape as it is.
        assert_eq!(printable(&line), line);
    }
}
