//! Import: an export file read twice, line by line, never held whole.
//!
//! The first reading finds the campaign, counts the lines and gathers the rare events that
//! reach back (voids, revealed seeds, asserted sheets). The second verifies each row and
//! writes the ones this database lacks, all in one transaction that is rolled back on any
//! finding or divergence, so a bad file leaves the database as it was.

use std::io::BufRead;

use memchr::memmem;

use super::writer;
use serde::Deserialize;

use super::{Imported, parse_line, read_row, settle};
use crate::Error;
use crate::checkpoint;
use crate::store::{Head, RowRef, Store, StoreError};
use crate::verify::{Finding, Known, Progress, RARE_KINDS, Verifier};

/// The two fields of an export line the first reading of an import needs.
#[derive(Deserialize)]
struct Glance<'a> {
    #[serde(borrow)]
    campaign: std::borrow::Cow<'a, str>,
    #[serde(borrow)]
    kind: std::borrow::Cow<'a, str>,
}

/// What the first reading learns.
struct Survey {
    campaign: String,
    lines: u64,
    known: Known,
}

/// Calls `f` with each non-blank line and its number (from 1), in file order.
fn each_line<R: BufRead>(
    mut reader: R,
    mut f: impl FnMut(usize, &str) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut line = Vec::new();
    let mut number = 0;
    loop {
        number += 1;
        line.clear();
        let read = read_line(&mut reader, &mut line)
            .map_err(|e| Error::input(format!("cannot read line {number} of the file: {e}")))?;
        if read == 0 {
            return Ok(());
        }
        let text = std::str::from_utf8(&line).map_err(|_| {
            Error::input(format!(
                "line {number} of the file is not UTF-8 text; save it as UTF-8"
            ))
        })?;
        if !text.trim().is_empty() {
            f(number, text)?;
        }
    }
}

/// Appends the next line of `reader` to `line`, its newline included, and says how many
/// bytes it read (0 at the end): `BufRead::read_until` with a vectorised newline search.
fn read_line<R: BufRead>(reader: &mut R, line: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut read = 0;
    loop {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let (taken, done) = match memchr::memchr(b'\n', available) {
            Some(end) => (end + 1, true),
            None => (available.len(), available.is_empty()),
        };
        line.extend_from_slice(available.get(..taken).unwrap_or_default());
        reader.consume(taken);
        read += taken;
        if done {
            return Ok(read);
        }
    }
}

/// The first reading: the campaign, the number of lines and the rare events. Only the
/// campaign and kind of each line are read, and whole lines only for the rare kinds.
fn survey<R: BufRead>(reader: R) -> Result<Survey, Error> {
    let mut survey: Option<Survey> = None;
    let mut rare = Vec::new();
    let keys = Keys::new();
    each_line(reader, |number, line| {
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
        let seen = survey.get_or_insert_with(|| Survey {
            campaign: glance.campaign.to_string(),
            lines: 0,
            known: Known::default(),
        });
        if glance.campaign != seen.campaign {
            return Err(Error::input(format!(
                "the file mixes campaigns ('{}' and '{}'); export and import one campaign per file",
                seen.campaign, glance.campaign
            )));
        }
        seen.lines += 1;
        if RARE_KINDS.contains(&glance.kind.as_ref()) {
            rare.push(parse_line(number, line)?);
        }
        Ok(())
    })?;
    let mut survey = survey
        .ok_or_else(|| Error::input("the file holds no events; give a file written by `muster export`"))?;
    survey.known = Known::of_rows(&rare);
    Ok(survey)
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

/// Calls `f` with each line's number and its row (its hash not yet checked).
fn each_row<R: BufRead>(
    reader: R,
    mut f: impl FnMut(usize, RowRef<'_>) -> Result<(), Error>,
) -> Result<(), Error> {
    each_line(reader, |number, line| f(number, read_row(number, line)?.row()))
}

/// Imports the export file that `open` reads (it is read twice) into `store`, telling
/// `progress` how many lines have been checked now and then.
///
/// A new campaign is written whole. A campaign already here takes the file's missing tail
/// when the file continues it; a file that diverged from it is refused.
pub fn import_from<R: BufRead>(
    store: &mut Store,
    mut open: impl FnMut() -> Result<R, Error>,
    progress: &mut dyn FnMut(u64),
) -> Result<Imported, Error> {
    let Survey {
        campaign,
        lines,
        known,
    } = survey(open()?)?;
    let here = store.head(&campaign)?;
    let outcome =
        store.locked(|store| write_tail(store, &campaign, &here, lines, known, open()?, progress))?;
    match outcome {
        Outcome::Written { added, last } => Ok(Imported {
            campaign: campaign.clone(),
            added,
            head: if added == 0 { here } else { last },
        }),
        Outcome::Older { last } => {
            // An older copy of this campaign: nothing to add if it is a prefix of ours.
            let ours = store.rows_between(&campaign, last.version.saturating_sub(1), Some(last.version))?;
            if ours.first().map(|r| &r.hash) == Some(&last.hash) {
                Ok(Imported {
                    campaign,
                    added: 0,
                    head: here,
                })
            } else {
                Err(Error::input(diverged(store, &campaign, &here, open()?)?))
            }
        }
        Outcome::Diverged => Err(Error::input(diverged(store, &campaign, &here, open()?)?)),
    }
}

/// How the second reading ended, when nothing in the file was wrong.
enum Outcome {
    /// The rows after our head were written (none if the file ends at it).
    Written { added: usize, last: Head },
    /// The file ends before our head, at `last`.
    Older { last: Head },
    /// The file's row at our head's version is not ours.
    Diverged,
}

/// The second reading, under the write lock: verify every row and write the new ones.
fn write_tail<R: BufRead>(
    store: &mut Store,
    campaign: &str,
    here: &Head,
    lines: u64,
    known: Known,
    reader: R,
    progress: &mut dyn FnMut(u64),
) -> Result<Outcome, Error> {
    if store.head(campaign)? != *here {
        return Err(StoreError::Conflict {
            campaign: campaign.to_owned(),
            expected: here.version,
            found: store.head(campaign)?.version,
        }
        .into());
    }
    let mut verifier = Verifier::new(campaign, lines, known).reading_a_file();
    let mut added = 0;
    let mut diverged = false;
    let mut counted = Progress::new(progress);
    let (mut client, messages) = writer::channel();
    let lent: &mut Store = store;
    let (written, edited_here) = std::thread::scope(|scope| {
        let writing = scope.spawn(|| writer::serve(lent, campaign, messages));
        each_row(reader, |number, row| {
            if row.version == here.version && row.hash != here.hash {
                diverged = true;
            }
            let written = row.version > here.version && !diverged;
            // The hashes of the rows written are checked by the batch, on whichever core is
            // free; the others are checked here.
            let hashes = written || settle(row).0;
            verifier.push_hashed(row, hashes, &mut client)?;
            if written {
                client.write(number, row);
                added += 1;
            }
            counted.row();
            Ok(())
        })?;
        client.flush();
        let edited_here = std::mem::take(&mut client.edited);
        // Hanging up lets the writer finish what it was sent.
        drop(client);
        let written = writing
            .join()
            .map_err(|_| Error::from(StoreError::Damaged("the import's writer stopped".to_owned())))?;
        Ok::<_, Error>((written, edited_here))
    })?;
    counted.done();
    let (report, state) = verifier.finish_with_state();
    // The last row read: the verifier followed the chain to it.
    let last = Head {
        version: report.head_version,
        hash: report.head_hash,
    };
    let mut findings = report.findings;
    let edited = written.edited.into_iter().chain(edited_here);
    findings.extend(edited.map(Finding::edited));
    findings.sort_by_key(|f| f.version);
    if let Some(finding) = findings.first() {
        return Err(Error::input(format!(
            "the file does not verify ({} problem{}), nothing imported; first: {}{}",
            findings.len(),
            if findings.len() == 1 { "" } else { "s" },
            finding
                .version
                .map(|v| format!("version {v}: "))
                .unwrap_or_default(),
            finding.problem
        )));
    }
    if let Some(problem) = written.failed {
        return Err(Error::input(format!("{problem}; nothing imported")));
    }
    if diverged {
        return Ok(Outcome::Diverged);
    }
    if last.version < here.version {
        return Ok(Outcome::Older { last });
    }
    if added > 0 {
        // The verifier folded the whole campaign: that is its newest checkpoint, for free.
        checkpoint::save(store, campaign, &state)?;
    }
    Ok(Outcome::Written { added, last })
}

/// Describes where the file and the database part ways.
fn diverged<R: BufRead>(store: &Store, campaign: &str, here: &Head, reader: R) -> Result<String, Error> {
    let mut common = 0;
    let mut theirs = 0;
    let mut parted = false;
    each_row(reader, |_, row| {
        theirs += 1;
        if !parted {
            let ours = store.rows_between(campaign, row.version.saturating_sub(1), Some(row.version))?;
            if ours.first().is_some_and(|r| r.hash == row.hash) {
                common = row.version;
            } else {
                parted = true;
            }
        }
        Ok(())
    })?;
    Ok(format!(
        "campaign '{campaign}' here and in the file diverge after version {common}: this database has {} events, the file {theirs}; nothing imported. Keep one copy, or import the file into another database with --db",
        here.version
    ))
}
