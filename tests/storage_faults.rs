//! Storage faults, run through the `muster` binary: a read-only database or directory, a
//! full disk, a file from a newer muster, a file that is not a database at all, and a
//! database another process keeps locked. Each must end in exit code 4 (README "Exit codes")
//! with a message that names the problem, must never panic or half-write a command, and must
//! leave the file usable (or untouched) so the next command works once the fault is gone.
//!
//! The scenarios live in modules under `tests/storage_faults/`; this file holds how muster is
//! run on a fixture and how its log is read back.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

#[path = "storage_faults/foreign_files.rs"]
mod foreign_files;
#[path = "storage_faults/full_disk.rs"]
mod full_disk;
#[path = "storage_faults/locked.rs"]
mod locked;
#[path = "storage_faults/read_only.rs"]
mod read_only;

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use common::{Ran, Runner};
use rusqlite::{Connection, OpenFlags};
use serde_json::Value;
use tempfile::TempDir;

// ---------------------------------------------------------------------------------------------
// Running muster
// ---------------------------------------------------------------------------------------------

/// One test's database, in a `data` directory of its own inside a temporary directory.
struct Fixture {
    tmp: TempDir,
    dir: PathBuf,
    db: PathBuf,
    /// A command muster is run through (`setpriv` to drop root), empty to run it directly.
    prefix: Vec<OsString>,
}

impl Fixture {
    fn new() -> Fixture {
        let tmp = tempfile::tempdir().expect("a temporary directory");
        let dir = tmp.path().join("data");
        fs::create_dir(&dir).expect("the data directory");
        let db = dir.join("muster.db");
        Fixture {
            tmp,
            dir,
            db,
            prefix: Vec::new(),
        }
    }

    /// muster with `args` on this fixture's database, through its prefix if it has one.
    fn runner(&self, args: &[&str]) -> Runner {
        Runner::on(&self.db).through(&self.prefix).args(args)
    }

    fn run(&self, args: &[&str]) -> Ran {
        self.runner(args).run()
    }

    /// Runs muster with its file size limited to `blocks` (of `ulimit -f`) and SIGXFSZ
    /// ignored: a write past the limit fails with EFBIG, as on a full disk.
    fn run_limited(&self, blocks: u64, args: &[&str]) -> Ran {
        let script = format!("trap '' XFSZ; ulimit -f {blocks}; exec \"$0\" \"$@\"");
        let mut ran = Runner::on(&self.db)
            .through(["/bin/sh", "-c", script.as_str()])
            .args(args)
            .run();
        ran.what = format!("{} (ulimit -f {blocks})", ran.what);
        ran
    }

    /// Runs a command that must succeed; returns stdout.
    fn ok(&self, args: &[&str]) -> String {
        let run = self.run(args);
        assert_eq!(run.code(), 0, "{}", run.describe());
        run.stdout
    }

    /// Runs a command with `--json` that must succeed and parses its one object.
    fn json(&self, args: &[&str]) -> Value {
        let mut all = vec!["--json"];
        all.extend_from_slice(args);
        let stdout = self.ok(&all);
        serde_json::from_str(&stdout)
            .unwrap_or_else(|e| panic!("muster {all:?} printed no JSON ({e}):\n{stdout}"))
    }

    /// A campaign with one Soldier: three events.
    fn campaign(&self) {
        self.ok(&[
            "campaign",
            "new",
            "Operation Lodestar",
            "--game",
            "modern",
            "--nation",
            "US",
        ]);
        self.ok(&["enlist", "Wong", "--kind", "player", "--rp", "8", "--health", "3"]);
    }

    /// `verify` must pass.
    fn verify_ok(&self) {
        let run = self.run(&["verify"]);
        assert_eq!(run.code(), 0, "verify should pass\n{}", run.describe());
    }

    /// The names in the data directory besides the database itself (its -wal, -shm, -journal).
    fn sidecars(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(&self.dir)
            .expect("the data directory lists")
            .map(|e| {
                e.expect("a directory entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .filter(|n| n != "muster.db")
            .collect();
        names.sort();
        names
    }

    /// The size in bytes of the database and its write-ahead log.
    fn stored_bytes(&self) -> u64 {
        let size = |p: &Path| fs::metadata(p).map_or(0, |m| m.len());
        size(&self.db) + size(&self.dir.join("muster.db-wal"))
    }
}

/// A storage failure: exit 4, an `error:` line (after any `note:`, such as that of a wait)
/// naming the problem with one of `phrases` (any case), no panic, and no report on stdout.
fn assert_storage_failure(run: &Ran, phrases: &[&str]) {
    assert_eq!(
        run.code(),
        4,
        "expected a storage failure (exit 4)\n{}",
        run.describe()
    );
    let said = run.stderr.lines().find(|l| !l.starts_with("note: "));
    assert!(
        said.is_some_and(|l| l.starts_with("error: ")),
        "the failure should be one `error:` message\n{}",
        run.describe()
    );
    let lower = run.stderr.to_lowercase();
    assert!(
        phrases.iter().any(|p| lower.contains(&p.to_lowercase())),
        "the message should name the problem with one of {phrases:?}\n{}",
        run.describe()
    );
    assert!(
        !lower.contains("panicked") && !lower.contains("backtrace"),
        "muster panicked\n{}",
        run.describe()
    );
    assert!(
        run.stdout.trim().is_empty(),
        "a failed command printed a report\n{}",
        run.describe()
    );
}

/// The message must not blame a lock or tell the player to simply retry: that would be
/// wrong advice for a fault that stays until someone fixes it.
fn assert_not_blamed_on_a_lock(run: &Ran) {
    let lower = run.stderr.to_lowercase();
    assert!(
        !lower.contains("locked") && !lower.contains("try again") && !lower.contains("run the command again"),
        "the message blames a lock or suggests a retry, but the fault is not a lock\n{}",
        run.describe()
    );
}

// ---------------------------------------------------------------------------------------------
// Reading the log directly
// ---------------------------------------------------------------------------------------------

/// One event row, as far as the tests care.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Row {
    campaign: String,
    version: i64,
    command_id: String,
}

/// Every event row in storage order. The connection is the file's last, so closing it
/// checkpoints the write-ahead log and removes the -wal and -shm, as muster's own close does.
fn rows(db: &Path) -> Vec<Row> {
    let conn = Connection::open(db).unwrap_or_else(|e| panic!("cannot open {}: {e}", db.display()));
    read_rows(&conn)
}

/// Every event row in storage order, read through a read-only connection, which never
/// checkpoints: the write-ahead log stays as a limited muster left it.
fn rows_unsettled(db: &Path) -> Vec<Row> {
    let conn = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .unwrap_or_else(|e| panic!("cannot open {} read-only: {e}", db.display()));
    read_rows(&conn)
}

fn read_rows(conn: &Connection) -> Vec<Row> {
    let mut stmt = conn
        .prepare("SELECT campaign, version, command_id FROM events ORDER BY seq")
        .expect("the events table reads");
    stmt.query_map([], |row| {
        Ok(Row {
            campaign: row.get(0)?,
            version: row.get(1)?,
            command_id: row.get(2)?,
        })
    })
    .expect("the events query runs")
    .collect::<Result<_, _>>()
    .expect("every row reads")
}

/// Every campaign's versions run 1, 2, 3… in storage order, and each command's events
/// are one unbroken run of versions.
fn assert_gapless(rows: &[Row]) {
    let mut campaigns: Vec<&str> = rows.iter().map(|r| r.campaign.as_str()).collect();
    campaigns.sort_unstable();
    campaigns.dedup();
    for campaign in campaigns {
        let mine: Vec<&Row> = rows.iter().filter(|r| r.campaign == campaign).collect();
        let versions: Vec<i64> = mine.iter().map(|r| r.version).collect();
        let expected: Vec<i64> = (1..=i64::try_from(mine.len()).unwrap()).collect();
        assert_eq!(versions, expected, "campaign '{campaign}' has gaps: {rows:#?}");
        let mut seen: Vec<&str> = Vec::new();
        for pair in mine.windows(2) {
            if pair[0].command_id != pair[1].command_id {
                seen.push(&pair[0].command_id);
                assert!(
                    !seen.contains(&pair[1].command_id.as_str()),
                    "a command's events in '{campaign}' are split: {rows:#?}"
                );
            }
        }
    }
}

/// `after` is `before` plus exactly the events one successful `--json` command reported:
/// all of one command, at consecutive versions.
fn assert_one_command_added(before: &[Row], after: &[Row], written: &Value) {
    assert_eq!(&after[..before.len()], before, "earlier events changed");
    let added = &after[before.len()..];
    let reported = written["written"].as_array().expect("written is an array");
    assert_eq!(
        added.len(),
        reported.len(),
        "the command reported {written} but the log gained {added:#?}"
    );
    assert!(
        !added.is_empty(),
        "the command reported success but wrote nothing"
    );
    assert!(
        added.iter().all(|r| r.command_id == added[0].command_id),
        "one command's events carry different command ids: {added:#?}"
    );
    let versions: Vec<i64> = reported
        .iter()
        .map(|e| e["version"].as_i64().expect("version"))
        .collect();
    assert_eq!(
        added.iter().map(|r| r.version).collect::<Vec<_>>(),
        versions,
        "the versions stored are not the versions reported"
    );
}

/// Every kind of command: reading, writing, checking, exporting and importing.
fn every_kind_of_command(fixture: &Fixture) -> Vec<Vec<String>> {
    let export = fixture.tmp.path().join("export.jsonl");
    fs::write(&export, "{}\n").expect("a file to import");
    let export = export.to_string_lossy().into_owned();
    [
        &["roster"][..],
        &["log"],
        &["verify"],
        &["campaign", "list"],
        &["campaign", "use", "Operation Lodestar"],
        &["campaign", "new", "Second Front", "--game", "wwii"],
        &["enlist", "Reyes", "--kind", "player", "--rp", "6"],
        &["xp", "Wong", "1", "--why", "a storage test"],
        &["show", "1"],
        &["export"],
        &["import", export.as_str()],
    ]
    .iter()
    .map(|args| args.iter().map(|a| (*a).to_owned()).collect())
    .collect()
}
