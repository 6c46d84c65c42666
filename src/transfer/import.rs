//! Import: an export file read twice, line by line, never held whole.
//!
//! The first reading finds the campaign, counts the lines and gathers the rare events that
//! reach back (voids, revealed seeds, asserted sheets). The second verifies each row and
//! writes the ones this database lacks, all in one transaction that is rolled back on any
//! finding or divergence, so a bad file leaves the database as it was.

use std::io::BufRead;

use super::{Imported, parse_line};
use crate::Error;
use crate::store::{Head, Store, StoreError, StoredRow};
use crate::verify::{Earlier, Known, PROGRESS_EVERY, RARE_KINDS, Verifier};

/// What the first reading learns.
struct Survey {
    campaign: String,
    lines: u64,
    known: Known,
}

/// Calls `f` with each non-blank line's number (from 1) and row, in file order.
fn each_row<R: BufRead>(
    reader: R,
    mut f: impl FnMut(usize, StoredRow) -> Result<(), Error>,
) -> Result<(), Error> {
    for (index, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| {
            Error::input(if e.kind() == std::io::ErrorKind::InvalidData {
                format!(
                    "line {} of the file is not UTF-8 text; save it as UTF-8",
                    index + 1
                )
            } else {
                format!("cannot read line {} of the file: {e}", index + 1)
            })
        })?;
        if line.trim().is_empty() {
            continue;
        }
        f(index + 1, parse_line(index + 1, &line)?)?;
    }
    Ok(())
}

fn survey<R: BufRead>(reader: R) -> Result<Survey, Error> {
    let mut survey: Option<Survey> = None;
    let mut rare = Vec::new();
    each_row(reader, |_, row| {
        let seen = survey.get_or_insert_with(|| Survey {
            campaign: row.campaign.clone(),
            lines: 0,
            known: Known::default(),
        });
        if row.campaign != seen.campaign {
            return Err(Error::input(format!(
                "the file mixes campaigns ('{}' and '{}'); export and import one campaign per file",
                seen.campaign, row.campaign
            )));
        }
        seen.lines += 1;
        if RARE_KINDS.contains(&row.kind.as_str()) {
            rare.push(row);
        }
        Ok(())
    })?;
    let mut survey = survey
        .ok_or_else(|| Error::input("the file holds no events; give a file written by `muster export`"))?;
    survey.known = Known::of_rows(&rare);
    Ok(survey)
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
    let mut verifier = Verifier::new(campaign, lines, known);
    let mut added = 0;
    let mut last = Head::empty();
    let mut diverged = false;
    let mut unwritable: Option<String> = None;
    let mut read = 0_u64;
    each_row(reader, |number, row| {
        verifier.push(&row, &mut Written { store, campaign })?;
        if row.version == here.version && row.hash != here.hash {
            diverged = true;
        }
        if row.version > here.version && !diverged && unwritable.is_none() {
            match store.insert_row(&row) {
                Ok(()) => added += 1,
                Err(e) => {
                    unwritable = Some(format!(
                        "line {number} (version {}) cannot be written: {e}",
                        row.version
                    ))
                }
            }
        }
        last = Head {
            version: row.version,
            hash: row.hash,
        };
        read += 1;
        if read % PROGRESS_EVERY == 0 {
            progress(read);
        }
        Ok(())
    })?;
    progress(read);
    let report = verifier.finish();
    if let Some(finding) = report.findings.first() {
        return Err(Error::input(format!(
            "the file does not verify ({} problem{}), nothing imported; first: {}{}",
            report.findings.len(),
            if report.findings.len() == 1 { "" } else { "s" },
            finding
                .version
                .map(|v| format!("version {v}: "))
                .unwrap_or_default(),
            finding.problem
        )));
    }
    if let Some(problem) = unwritable {
        return Err(Error::input(format!("{problem}; nothing imported")));
    }
    if diverged {
        return Ok(Outcome::Diverged);
    }
    if last.version < here.version {
        return Ok(Outcome::Older { last });
    }
    Ok(Outcome::Written { added, last })
}

/// The database being written, as the rows before the one being read: it holds the rows
/// up to our head and those of the file written so far in this transaction.
struct Written<'a> {
    store: &'a Store,
    campaign: &'a str,
}

impl Earlier for Written<'_> {
    fn at(&mut self, version: u64) -> Result<Option<(String, String)>, StoreError> {
        self.store.command_at(self.campaign, version)
    }

    fn command_before(&mut self, command_id: &str, version: u64) -> Result<bool, StoreError> {
        self.store.command_before(self.campaign, command_id, version)
    }
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
