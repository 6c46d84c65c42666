//! Import: an export file read once, line by line, never held whole.
//!
//! The one reading copies the input to a private spool while it finds the campaign, counts
//! the lines, gathers the rare events that reach back (voids, revealed seeds, asserted
//! sheets) and checks the trailer. The spool is then read to verify each row and write the
//! ones this database lacks, all in one transaction that is rolled back on any finding or
//! divergence, so a bad file leaves the database as it was.

use std::io::BufRead;
use std::path::Path;

use chrono::{DateTime, Utc};

use super::line::{dated_after, read_row, settle};
use super::lines::each_line;
use super::survey::{Spool, Survey, survey};
use super::writer;
use crate::Error;
use crate::checkpoint;
use crate::progress::Progress;
use crate::store::{Head, RowRef, Store, StoreError};
use crate::verify::{Finding, Verifier};

/// What an import did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub campaign: String,
    /// Events written; 0 when the database already had them all.
    pub added: usize,
    pub head: Head,
    /// The file's last event: the head of the copy it was exported from.
    pub file_head: Head,
    /// Whether the file ended with a trailer (which then agreed with it). A file without
    /// one, written by a muster before trailers, cannot be proven whole.
    pub trailer: bool,
}

/// Calls `f` with each line's number and its row (its hash not yet checked), up to the
/// trailer's line `trailer`, if any.
fn each_row<R: BufRead>(
    reader: R,
    trailer: Option<usize>,
    mut f: impl FnMut(usize, RowRef<'_>) -> Result<(), Error>,
) -> Result<(), Error> {
    each_line(reader, |number, line| {
        if Some(number) == trailer {
            return Ok(());
        }
        f(number, read_row(number, line)?.row())
    })
}

/// Imports the export file that `input` reads (once, to its end) into `store`, telling
/// `progress` how many event lines have been checked now and then, and of how many (the
/// file is read through once to count them before any is checked).
///
/// A new campaign is written whole. A campaign already here takes the file's missing tail
/// when the file continues it; a file that diverged from it is refused.
pub fn import_from<R: BufRead>(
    store: &mut Store,
    input: R,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Imported, Error> {
    import_checked(store, input, None, progress)
}

/// [`import_from`] on a machine whose clock reads `now`: an event it would write dated after
/// `now` is refused, naming its line, and nothing is written. Times never go back, so such an
/// event would refuse every command recorded here until this clock passed it.
pub fn import_at<R: BufRead>(
    store: &mut Store,
    input: R,
    now: DateTime<Utc>,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Imported, Error> {
    import_checked(store, input, Some(now), progress)
}

/// [`import_from`], refusing an event to be written dated after `not_after` when it is given.
fn import_checked<R: BufRead>(
    store: &mut Store,
    input: R,
    not_after: Option<DateTime<Utc>>,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Imported, Error> {
    // Beside the database, whose disk takes the import anyway.
    let beside = store
        .connection()
        .path()
        .map(Path::new)
        .and_then(Path::parent)
        .filter(|dir| !dir.as_os_str().is_empty())
        .map(Path::to_owned);
    let spool = Spool::new(beside.as_deref())?;
    let survey = survey(input, &spool)?;
    let campaign = survey.campaign.clone();
    if let Some(existing) = store.campaign_named(&campaign)?.filter(|e| *e != campaign) {
        return Err(Error::input(format!(
            "the file's campaign '{campaign}' would be a second campaign named '{existing}' (names are compared without case); nothing imported"
        )));
    }
    let trailer = survey.trailer;
    // The head is read under the write lock: another import of the same file that landed
    // first leaves this one nothing to add, not a conflict.
    let (outcome, here) = store.locked(|store| {
        let here = store.head(&campaign)?;
        let tail = write_tail(store, (survey, not_after), &here, &spool, progress)?;
        Ok::<_, Error>((tail, here))
    })?;
    let imported = |added, head, last| Imported {
        campaign: campaign.clone(),
        added,
        head,
        file_head: last,
        trailer: trailer.is_some(),
    };
    match outcome {
        Outcome::Written { added, last } => {
            let head = if added == 0 { here } else { last.clone() };
            Ok(imported(added, head, last))
        }
        Outcome::Older { last } => {
            // An older copy of this campaign: nothing to add if it is a prefix of ours.
            let ours = store.rows_between(&campaign, last.version.saturating_sub(1), Some(last.version))?;
            if ours.first().map(|r| &r.hash) == Some(&last.hash) {
                Ok(imported(0, here, last))
            } else {
                Err(Error::input(diverged(store, &campaign, &here, &spool, trailer)?))
            }
        }
        Outcome::Diverged => Err(Error::input(diverged(store, &campaign, &here, &spool, trailer)?)),
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

/// The reading of the spool, under the write lock: verify every row and write the new ones.
fn write_tail(
    store: &mut Store,
    (survey, not_after): (Survey, Option<DateTime<Utc>>),
    here: &Head,
    spool: &Spool,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Outcome, Error> {
    let Survey {
        campaign,
        lines,
        known,
        trailer,
    } = survey;
    let campaign = campaign.as_str();
    // A face claimed of a seed this file keeps is checked now, revealed or not.
    let known = known.holding(store.seeds_of(campaign)?);
    let mut verifier = Verifier::new(campaign, lines, known).reading_a_file();
    let mut added = 0;
    let mut diverged = false;
    let mut tell = |done| progress(done, lines);
    let mut counted = Progress::new(&mut tell);
    let (mut client, messages) = writer::channel();
    let lent: &mut Store = store;
    let reader = spool.reader()?;
    let (written, edited_here) = std::thread::scope(|scope| {
        let writing = scope.spawn(|| writer::serve(lent, campaign, messages));
        let read = each_row(reader, trailer, |number, row| {
            // The reading checked every line's campaign; the spool is a copy of those lines.
            if row.campaign != campaign {
                return Err(Error::input(format!(
                    "line {number} names another campaign than '{campaign}'; nothing imported"
                )));
            }
            if row.version == here.version && row.hash != here.hash {
                diverged = true;
            }
            let written = row.version > here.version && !diverged;
            if written && let Some(now) = not_after.filter(|now| dated_after(row.recorded_at, *now)) {
                return Err(Error::input(format!(
                    "line {number} (version {}) was recorded at {}, after this machine's clock ({}); nothing imported: an event dated ahead would refuse every command recorded here before its time (times never go back). Set right the clock that is wrong: the one the file was recorded on, or this one; or import again once this clock has passed that time",
                    row.version,
                    row.recorded_at,
                    crate::clock::written(now)
                )));
            }
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
        });
        if read.is_ok() {
            client.flush();
        }
        let edited_here = std::mem::take(&mut client.edited);
        // Hanging up lets the writer finish what it was sent.
        drop(client);
        let written = writing
            .join()
            .map_err(|_| Error::from(StoreError::Damaged("the import's writer stopped".to_owned())))?;
        read?;
        Ok::<_, Error>((written, edited_here))
    })?;
    counted.done();
    let (report, state) = verifier.finish_with_state();
    // The last row read: the verifier followed the chain to it.
    let last = Head {
        version: report.head_version,
        hash: report.head_hash,
    };
    // A paper sheet the log disagrees with is imported with the log, as it was exported.
    let mut findings: Vec<Finding> = report
        .findings
        .into_iter()
        .filter(|f| !f.is_a_sheets_disagreement())
        .collect();
    let edited = written.edited.into_iter().chain(edited_here);
    findings.extend(edited.map(Finding::edited));
    findings.sort_by_key(|f| f.version);
    if let Some(finding) = findings.first() {
        return Err(Error::input(format!(
            "the file does not verify ({} problem{}), nothing imported; first: {}{}",
            findings.len(),
            if findings.len() == 1 { "" } else { "s" },
            where_found(spool, trailer, finding.version)?,
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
        // A cache: an index it cannot bring up to date is read past, and made by `rebuild`.
        let _cache_only = crate::projection::blame::index::refresh(store, campaign, None);
    }
    Ok(Outcome::Written { added, last })
}

/// Where in the file a finding about `version` is: "line N (version V): ", naming every
/// line that carries the version when several do (a duplicated or reordered line).
fn where_found(spool: &Spool, trailer: Option<usize>, version: Option<u64>) -> Result<String, Error> {
    let Some(version) = version else {
        return Ok(String::new());
    };
    // Only on the way to a refusal: one more reading of the spool costs nothing that matters.
    let mut at = Vec::new();
    each_row(spool.reader()?, trailer, |number, row| {
        if row.version == version {
            at.push(number.to_string());
        }
        Ok(())
    })?;
    Ok(match at.as_slice() {
        [] => format!("version {version}: "),
        [one] => format!("line {one} (version {version}): "),
        many => format!("lines {} (each version {version}): ", many.join(", ")),
    })
}

/// Describes where the file and the database part ways.
fn diverged(
    store: &Store,
    campaign: &str,
    here: &Head,
    spool: &Spool,
    trailer: Option<usize>,
) -> Result<String, Error> {
    let mut common = 0;
    let mut theirs = 0;
    let mut parted = false;
    each_row(spool.reader()?, trailer, |_, row| {
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
