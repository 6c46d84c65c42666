//! The one reading of an import's input. Each line is copied to a private spool file as it
//! is read, while the campaign, the number of events, the rare events and the trailer are
//! gathered; every later pass reads the spool, which nothing but this import writes.

use std::borrow::Cow;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Seek, SeekFrom, Write};
use std::path::Path;

use memchr::memmem;
use serde::Deserialize;

use super::line::{parse_line, read_row};
use super::lines::{each_raw_line, text};
use super::name::check_imported_name;
use super::trailer::{Ending, LastEvent};
use crate::Error;
use crate::store::{Known, RARE_KINDS};
use crate::store::{RowRef, StoreError};

/// A private copy of the import's input, read again as often as the import needs.
pub(super) struct Spool {
    file: File,
}

impl Spool {
    /// An empty spool in `dir` when it can be made there (beside the database, on a disk
    /// that takes the import anyway), else in the system's temporary directory. The file
    /// has no name, so it goes when the import ends, however it ends.
    pub(super) fn new(dir: Option<&Path>) -> Result<Spool, Error> {
        let file = dir
            .and_then(|dir| tempfile::tempfile_in(dir).ok())
            .map_or_else(tempfile::tempfile, Ok)
            .map_err(|e| unwritable(&e))?;
        Ok(Spool { file })
    }

    /// The spool, read from its start.
    pub(super) fn reader(&self) -> Result<BufReader<&File>, Error> {
        let mut file = &self.file;
        file.seek(SeekFrom::Start(0)).map_err(|e| unwritable(&e))?;
        Ok(BufReader::with_capacity(1 << 16, file))
    }
}

fn unwritable(e: &std::io::Error) -> Error {
    StoreError::Unwritable(format!(
        "cannot keep a temporary copy of the file being imported ({e})"
    ))
    .into()
}

/// What the reading learns.
pub(super) struct Survey {
    pub(super) campaign: String,
    /// The number of event lines.
    pub(super) lines: u64,
    pub(super) known: Known,
    /// The line of the trailer, if the file ends with one (it then agrees with the file).
    pub(super) trailer: Option<usize>,
}

/// The two fields of an export line the reading needs of every line.
#[derive(Deserialize)]
struct Glance<'a> {
    #[serde(borrow)]
    campaign: Cow<'a, str>,
    #[serde(borrow)]
    kind: Cow<'a, str>,
}

/// Reads `input` once, to its end, into `spool`, and checks what can be checked of the
/// whole file before its rows are: one campaign, named as the command line would accept,
/// a trailer that is the last line and agrees with the events before it, and a last event
/// that can end a command. Only the campaign and kind of each line are read, and whole
/// lines only for the rare kinds and the last event.
pub(super) fn survey<R: BufRead>(input: R, spool: &Spool) -> Result<Survey, Error> {
    let mut copy = BufWriter::with_capacity(1 << 16, &spool.file);
    // The campaign and the line that first named it.
    let mut first: Option<(usize, String)> = None;
    let mut lines = 0;
    let mut rare = Vec::new();
    let mut ending = Ending::default();
    let mut last = (0, String::new());
    let keys = Keys::new();
    each_raw_line(input, |number, raw| {
        copy.write_all(raw).map_err(|e| unwritable(&e))?;
        let line = text(number, raw)?;
        if line.trim().is_empty() || ending.read(number, line)? {
            return Ok(());
        }
        let glance = match glance(line, &keys).map_or_else(|| serde_json::from_str::<Glance<'_>>(line), Ok) {
            Ok(glance) if line.trim_start().starts_with('{') => glance,
            // Not a line `muster export` writes: the whole reading names what is wrong.
            _ => {
                parse_line(number, line)?;
                return Err(Error::input(format!(
                    "line {number} is not an exported event; each line must be one JSON object as `muster export` writes it"
                )));
            }
        };
        match &first {
            None => {
                check_imported_name(number, &glance.campaign)?;
                first = Some((number, glance.campaign.to_string()));
            }
            Some((at, campaign)) if *campaign != glance.campaign => {
                return Err(Error::input(format!(
                    "the file mixes campaigns: line {number} names '{}', but line {at} names '{}'; export and import one campaign per file; nothing imported",
                    glance.campaign.escape_debug(),
                    campaign.escape_debug()
                )));
            }
            Some(_) => {}
        }
        lines += 1;
        if RARE_KINDS.contains(&glance.kind.as_ref()) {
            rare.push(parse_line(number, line)?);
        }
        last.0 = number;
        last.1.clear();
        last.1.push_str(line);
        Ok(())
    })?;
    copy.flush().map_err(|e| unwritable(&e))?;
    let Some((_, campaign)) = first else {
        return Err(Error::input(
            "the file holds no events; give a file written by `muster export`",
        ));
    };
    let (number, line) = last;
    let parsed = read_row(number, &line)?;
    let row = parsed.row();
    ending.check(
        &campaign,
        lines,
        &LastEvent {
            number,
            version: row.version,
            hash: row.hash,
        },
    )?;
    not_cut_inside_a_command(number, row)?;
    Ok(Survey {
        campaign,
        lines,
        known: Known::of_rows(&rare),
        trailer: ending.line(),
    })
}

/// The kinds of event muster writes only before another event of the same command, and
/// what each is: a file that ends with one was cut inside that command.
///
/// Only a K9's Discipline payment qualifies today: `k9 roll` and `k9 retry` write it just
/// before the roll it pays for.
const NEVER_LAST: [(&str, &str); 1] = [(
    "discipline_spent",
    "a K9's Discipline paid for a roll, which muster writes only together with that roll",
)];

/// Refuses a file whose last event is one muster never writes last in a command.
fn not_cut_inside_a_command(number: usize, row: RowRef<'_>) -> Result<(), Error> {
    match NEVER_LAST.iter().find(|(kind, _)| *kind == row.kind) {
        Some((_, what)) => Err(Error::input(format!(
            "line {number} (version {}) is the file's last event, and it is {what}: the file was cut inside a command; nothing imported. Export the campaign again",
            row.version
        ))),
        None => Ok(()),
    }
}

/// The campaign and kind of a line in the exact form `muster export` writes, read without
/// parsing the line; `None` for any other form, which is then parsed.
///
/// In that form the campaign comes first, and the kind before the payload. A raw `"kind":"`
/// found before `"payload":` is the line's own key: inside a JSON string every quote is
/// escaped, so the sequence cannot occur there.
fn glance<'a>(line: &'a str, keys: &Keys) -> Option<Glance<'a>> {
    let campaign = plain(line.strip_prefix("{\"campaign\":\"")?)?;
    let payload_at = keys.payload.find(line.as_bytes())?;
    let kind_at = keys.kind.find(line.get(..payload_at)?.as_bytes())?;
    let kind = plain(line.get(kind_at + KIND.len()..)?)?;
    Some(Glance {
        campaign: campaign.into(),
        kind: kind.into(),
    })
}

const KIND: &str = "\"kind\":\"";

/// The two keys [`glance`] looks for, each searcher built once for the whole file.
struct Keys {
    kind: memmem::Finder<'static>,
    payload: memmem::Finder<'static>,
}

impl Keys {
    fn new() -> Keys {
        Keys {
            kind: memmem::Finder::new(KIND),
            payload: memmem::Finder::new("\"payload\":"),
        }
    }
}

/// The text up to the next quote, when it holds no escape.
fn plain(text: &str) -> Option<&str> {
    let value = text.get(..text.find('"')?)?;
    (!value.contains('\\')).then_some(value)
}
