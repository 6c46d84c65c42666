//! `muster verify`: checks a campaign's rows for everything the log guarantees.
//!
//! The hash chain and its gaps, payloads that no longer decode, the campaign's first event,
//! voids that point at real commands, commands whose events are not contiguous, and
//! anything the fold had to clamp (a counter driven below zero, an unknown Soldier), and
//! every roll whose recorded outcome its own face, modifiers and target do not give,
//! generated faces against revealed seeds, the paper sheets asserted, and every command
//! decided again (a void on the log it was decided on).

mod checkpoints;
mod commanded;
mod remedy;
mod report;
mod stream;
mod voids;

use crate::Error;
use crate::progress::Progress;
use crate::store::{BATCH, Columns, Known, RowRef, Spread, Store, StoreError, StoredRow};
pub use remedy::remedy;
pub use report::{Finding, Report};
pub use stream::{Checked, CheckedUpTo, Checker, Earlier, Verifier};
pub use voids::Ground;

/// Verifies one campaign's rows held in memory (in version order).
pub fn verify(campaign: &str, rows: &[StoredRow]) -> Report {
    verify_holding(campaign, rows, Vec::new())
}

/// Like [`verify`], knowing the seeds a file keeps (commitment, seed, as
/// [`Store::seeds_of`] reads them): a face one of them made is checked at once, revealed or
/// not, as [`verify_store`] checks it.
pub fn verify_holding(campaign: &str, rows: &[StoredRow], held: Vec<(String, String)>) -> Report {
    let known = Known::of_rows(rows).holding(held);
    let mut verifier = Verifier::new(campaign, rows.len() as u64, known);
    let mut earlier = Held(rows);
    for row in rows {
        // Lookups in memory cannot fail.
        let _infallible = verifier.push(row.borrowed(), &mut earlier);
    }
    verifier.finish()
}

/// Verifies `campaign` in `store`, reading its rows in order while other cores check each
/// row on its own (its hash, time and payload), and holds each of its stored checkpoints
/// against the log's fold at its version; `progress` is told how many rows have been read,
/// now and then.
pub fn verify_store(store: &Store, campaign: &str, progress: &mut dyn FnMut(u64)) -> Result<Report, Error> {
    verify_store_in(store, campaign, BATCH, progress)
}

/// Like [`verify_store`], handing the rows to the other cores `batch` at a time (runs of
/// `batch` versions when a long log is read on every core): the report is the same for any
/// batch, as it is for [`verify`] of the same rows.
pub fn verify_store_in(
    store: &Store,
    campaign: &str,
    batch: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<Report, Error> {
    let rare = store.rows_reaching_back(campaign, None)?;
    // The seeds this file keeps check the faces they made, as they did when those came in.
    let known = Known::of_rows(&rare).holding(store.seeds_of(campaign)?);
    let mut checkpoints = checkpoints::Pending::of(store, campaign, known.clone())?;
    let head = store.head(campaign)?;
    let mut verifier = Verifier::new(campaign, head.version, known);
    let checker = verifier.checker().leaving_first_rows();
    let mut earlier = Stored { store, campaign };
    let mut counted = Progress::new(progress);
    let mut push = |row: RowRef<'_>, checked: &mut Checked| {
        verifier.push_checked(row, checked, &mut earlier)?;
        checkpoints.at(row.version, verifier.state());
        counted.row();
        Ok(())
    };
    // A long log is read on every core, this thread consuming; a short one, or one this
    // connection holds in a transaction, is read here and prepared on the others.
    match store.for_each_spread(
        campaign,
        Spread::new(0, batch as u64),
        |row| checker.check(row),
        &mut push,
    ) {
        Some(read) => read?,
        None => store.for_each_prepared(
            campaign,
            (0, None),
            (batch, Columns::Whole),
            |row| checker.check(row.borrowed()),
            |row, checked| push(row.borrowed(), checked),
        )?,
    }
    counted.done();
    let mut report = verifier.finish();
    report.findings.extend(checkpoints.finish());
    report.ok = report.findings.is_empty();
    Ok(report)
}

/// The log in a database, as the rows before the one being read.
struct Stored<'a> {
    store: &'a Store,
    campaign: &'a str,
}

impl Earlier for Stored<'_> {
    fn at(&mut self, version: u64) -> Result<Option<(String, String)>, StoreError> {
        self.store.command_at(self.campaign, version)
    }

    fn command_before(&mut self, command_id: &str, version: u64) -> Result<bool, StoreError> {
        self.store.command_before(self.campaign, command_id, version)
    }
}

/// Rows held in memory, as the log before the row being read.
struct Held<'a>(&'a [StoredRow]);

impl Earlier for Held<'_> {
    fn at(&mut self, version: u64) -> Result<Option<(String, String)>, StoreError> {
        // Versions are sorted: a binary search, not a scan per void.
        Ok(self
            .0
            .binary_search_by_key(&version, |r| r.version)
            .ok()
            .and_then(|i| self.0.get(i))
            .map(|r| (r.command_id.clone(), r.kind.clone())))
    }

    fn command_before(&mut self, command_id: &str, version: u64) -> Result<bool, StoreError> {
        Ok(self
            .0
            .iter()
            .take_while(|r| r.version < version)
            .any(|r| r.command_id == command_id))
    }
}

/// Checks the log against a head a player noted (its version and at least the first 20 hex
/// digits of its hash, as the command line requires): a truncated, rewritten or replaced log no longer holds it. `held` is
/// the log's hash at that version, if it reaches it; `end` is the log's last version.
pub fn noted_head_held(held: Option<&str>, end: u64, version: u64, hash_prefix: &str) -> Option<Finding> {
    let prefix = hash_prefix.to_lowercase();
    let problem = match held {
        None => format!("the noted head v{version} is gone: the log ends at v{end}"),
        Some(hash) if !hash.starts_with(&prefix) => format!(
            "v{version}'s hash is {}, not the {prefix} noted: the log was rewritten since",
            hash.get(..prefix.len().max(20)).unwrap_or(hash)
        ),
        Some(_) => return None,
    };
    Some(Finding {
        version: Some(version),
        check: "head",
        problem,
    })
}

/// Like [`noted_head_held`], for rows held in memory.
pub fn noted_head(rows: &[StoredRow], version: u64, hash_prefix: &str) -> Option<Finding> {
    let held = rows
        .iter()
        .find(|r| r.version == version)
        .map(|r| r.hash.as_str());
    noted_head_held(held, rows.last().map_or(0, |r| r.version), version, hash_prefix)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_told_every_ten_thousand_rows_and_once_at_the_end() {
        let mut told = Vec::new();
        let mut report = |n| told.push(n);
        let mut counted = Progress::new(&mut report);
        for _ in 0..25_001 {
            counted.row();
        }
        counted.done();
        assert_eq!(told, vec![10_000, 20_000, 25_001]);
    }

    #[test]
    fn a_noted_head_still_held_passes_and_a_lost_or_rewritten_one_is_found() {
        let held = "cd".repeat(32);
        assert_eq!(noted_head_held(Some(&held), 2, 2, &held[..20]), None);
        let rewritten = noted_head_held(Some(&held), 2, 2, &"0".repeat(20)).unwrap();
        assert!(rewritten.problem.contains("rewritten"), "{rewritten:?}");
        let truncated = noted_head_held(None, 2, 3, &held[..20]).unwrap();
        assert!(truncated.problem.contains("the log ends at v2"), "{truncated:?}");
    }

    /// Rows of one campaign, chained and hashed, one per command id given, each a Wound.
    fn chained(commands: &[&str]) -> Vec<StoredRow> {
        let times = vec!["2026-11-29T21:00:00Z"; commands.len()];
        chained_at(commands, &times)
    }

    /// Like [`chained`], each row recorded at its time in `times`.
    fn chained_at(commands: &[&str], times: &[&str]) -> Vec<StoredRow> {
        let mut prev = crate::store::chain::GENESIS.to_owned();
        commands
            .iter()
            .zip(times)
            .enumerate()
            .map(|(i, (command, time))| {
                let mut row = StoredRow {
                    seq: 0,
                    campaign: "c".into(),
                    version: i as u64 + 1,
                    event_id: format!("e{i}"),
                    command_id: (*command).to_owned(),
                    recorded_at: (*time).to_owned(),
                    kind: "wounded".into(),
                    schema: 1,
                    payload: r#"{"amount":1,"soldier":"Wong"}"#.into(),
                    prev_hash: prev.clone(),
                    hash: String::new(),
                    command: None,
                };
                row.hash = crate::store::chain::hash(&row.prev_hash, &row.link()).unwrap();
                prev = row.hash.clone();
                row
            })
            .collect()
    }

    fn command_findings(commands: &[&str]) -> Vec<u64> {
        verify("c", &chained(commands))
            .findings
            .into_iter()
            .filter(|f| f.check == "command")
            .filter_map(|f| f.version)
            .collect()
    }

    fn time_findings(times: &[&str]) -> Vec<u64> {
        let commands: Vec<String> = (0..times.len()).map(|i| format!("{i:04}")).collect();
        let commands: Vec<&str> = commands.iter().map(String::as_str).collect();
        verify("c", &chained_at(&commands, times))
            .findings
            .into_iter()
            .filter(|f| f.check == "time")
            .filter_map(|f| f.version)
            .collect()
    }

    #[test]
    fn an_event_stamped_before_the_event_before_it_is_found_and_equal_instants_are_not() {
        let day = "2026-11-29T21:00:00Z";
        // 1969 is both earlier than the event before it and before the years muster records.
        assert_eq!(time_findings(&[day, "1969-07-20T20:17:00Z", day]), vec![2, 2]);
        // The same instant written with an offset is not earlier; equal times are fine.
        assert!(time_findings(&[day, "2026-11-29T22:00:00+01:00", day, day]).is_empty());
        assert_eq!(time_findings(&[day, "2026-11-29T21:30:00+01:00"]), vec![2]);
    }

    #[test]
    fn a_command_resuming_after_a_later_one_is_found_whether_ids_rise_or_not() {
        // Time-ordered ids: the resumed one is below the greatest so far.
        assert_eq!(command_findings(&["0001", "0001", "0002", "0001"]), vec![4]);
        // Ids in no order, as older logs have them.
        assert_eq!(command_findings(&["0009", "0003", "0009", "0005"]), vec![3]);
    }

    #[test]
    fn a_command_resuming_after_more_rows_than_the_verifier_keeps_at_hand_is_found() {
        let ids: Vec<String> = (0..5_000).map(|i| format!("{i:06}")).collect();
        let mut commands: Vec<&str> = ids.iter().map(String::as_str).collect();
        commands.push("000000");
        assert_eq!(command_findings(&commands), vec![5_001]);
    }

    #[test]
    fn contiguous_commands_are_not_found_whatever_the_order_of_their_ids() {
        assert!(command_findings(&["0001", "0001", "0002", "0003"]).is_empty());
        assert!(command_findings(&["0009", "0003", "0003", "0005", "0001"]).is_empty());
    }
}
