#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Storage faults, run through the `muster` binary: a read-only database, a full disk, a
//! file from a newer muster, a file that is not a database at all, and a database another
//! process keeps locked. Each must end in exit code 4 (README "Exit codes") with a message
//! that names the problem, must never panic or half-write a command, and must leave the file
//! usable (or untouched) so the next command works once the fault is gone.
//!
//! The full disk is the process's file-size limit (`ulimit -f`) with SIGXFSZ ignored, so a
//! write past the limit fails with EFBIG the way a full disk fails with ENOSPC.

mod common;

use std::ffi::OsString;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{Ran, Runner};
use rusqlite::{Connection, OpenFlags};
use serde_json::Value;
use tempfile::TempDir;

/// The uid and gid of `nobody`, used to run muster unprivileged when the tests run as root.
const NOBODY: u32 = 65534;

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

/// A storage failure: exit 4, an `error:` line naming the problem with one of `phrases`
/// (any case), no panic, and no report on stdout.
fn assert_storage_failure(run: &Ran, phrases: &[&str]) {
    assert_eq!(
        run.code(),
        4,
        "expected a storage failure (exit 4)\n{}",
        run.describe()
    );
    assert!(
        run.stderr.starts_with("error: "),
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

// ---------------------------------------------------------------------------------------------
// 1. A read-only database
// ---------------------------------------------------------------------------------------------

/// How the database is made read-only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seal {
    /// chmod 0444 the file (and 0555 its directory), with muster run by a user the
    /// permission bits bind (the test's own user, or `nobody` when the test runs as root).
    Permissions,
    /// `chattr +i`: immutable even to root.
    Immutable,
}

/// Makes the data directory read-only for as long as it lives, and undoes it when dropped,
/// even when the test fails, so the temporary directory can be removed.
struct Sealed<'a> {
    fixture: &'a Fixture,
    how: Seal,
}

impl<'a> Sealed<'a> {
    /// Seals the database file, and its directory too when `directory` is set (so no -wal or
    /// -shm file can be created beside it).
    fn new(fixture: &'a Fixture, how: Seal, directory: bool) -> Sealed<'a> {
        let sealed = Sealed { fixture, how };
        match how {
            Seal::Permissions => {
                set_mode(&fixture.db, 0o444);
                if directory {
                    set_mode(&fixture.dir, 0o555);
                }
            }
            Seal::Immutable => {
                chattr("+i", &fixture.db).expect("chattr +i worked when probed");
                if directory {
                    chattr("+i", &fixture.dir).expect("chattr +i worked when probed");
                }
            }
        }
        sealed
    }
}

impl Drop for Sealed<'_> {
    fn drop(&mut self) {
        if self.how == Seal::Immutable {
            let _ = chattr("-i", &self.fixture.dir);
            let _ = chattr("-i", &self.fixture.db);
        }
        // The -wal and -shm a reader created take the database's mode: restore them too.
        set_mode(&self.fixture.dir, 0o755);
        if let Ok(entries) = fs::read_dir(&self.fixture.dir) {
            for entry in entries.flatten() {
                set_mode(&entry.path(), 0o644);
            }
        }
    }
}

fn set_mode(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode))
        .unwrap_or_else(|e| panic!("chmod {mode:o} {}: {e}", path.display()));
}

fn chattr(flag: &str, path: &Path) -> Result<(), String> {
    let out = Command::new("chattr")
        .arg(flag)
        .arg(path)
        .output()
        .map_err(|e| format!("chattr cannot run: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "chattr {flag} {} failed: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

/// Whether this process can open `path` for writing once it is chmod 0444: false for an
/// ordinary user, true for root (or anyone with CAP_DAC_OVERRIDE).
fn permissions_ignored(path: &Path) -> bool {
    fs::write(path, b"probe").expect("a probe file");
    set_mode(path, 0o444);
    let writable = fs::OpenOptions::new().append(true).open(path).is_ok();
    set_mode(path, 0o644);
    let _ = fs::remove_file(path);
    writable
}

fn find_program(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .chain(["/usr/bin", "/bin", "/usr/sbin", "/sbin"].map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// A fixture whose muster runs are bound by permission bits: run directly when they bind
/// this process, else (root) through `setpriv` as `nobody`, owning the data directory.
fn permission_bound_fixture() -> Result<Fixture, String> {
    let mut fixture = Fixture::new();
    if !permissions_ignored(&fixture.tmp.path().join("probe")) {
        return Ok(fixture);
    }
    let setpriv = find_program("setpriv").ok_or(
        "the tests run as root, which ignores permission bits, and setpriv is not installed to drop root",
    )?;
    let nobody = NOBODY.to_string();
    fixture.prefix = vec![
        setpriv.into_os_string(),
        "--reuid".into(),
        nobody.clone().into(),
        "--regid".into(),
        nobody.into(),
        "--clear-groups".into(),
    ];
    std::os::unix::fs::chown(&fixture.dir, Some(NOBODY), Some(NOBODY))
        .map_err(|e| format!("cannot give the data directory to nobody: {e}"))?;
    set_mode(fixture.tmp.path(), 0o755);
    let probe = fixture.run(&["--version"]);
    if probe.status.code() != Some(0) {
        return Err(format!(
            "the tests run as root, which ignores permission bits, and muster cannot run as nobody through setpriv:\n{}",
            probe.describe()
        ));
    }
    Ok(fixture)
}

/// A fixture and proof that `chattr +i` makes a file and a directory immutable here.
fn immutable_fixture() -> Result<Fixture, String> {
    let fixture = Fixture::new();
    let probe_dir = fixture.tmp.path().join("probe");
    fs::create_dir(&probe_dir).map_err(|e| e.to_string())?;
    let probe = probe_dir.join("file");
    fs::write(&probe, b"probe").map_err(|e| e.to_string())?;
    chattr("+i", &probe)?;
    let sealed_file = fs::OpenOptions::new().append(true).open(&probe).is_err();
    let _ = chattr("-i", &probe);
    chattr("+i", &probe_dir)?;
    let sealed_dir = fs::write(probe_dir.join("other"), b"x").is_err();
    let _ = chattr("-i", &probe_dir);
    if sealed_file && sealed_dir {
        Ok(fixture)
    } else {
        Err("chattr +i succeeded but did not stop this process writing".to_owned())
    }
}

/// The read-only scenario: with the file and its directory read-only, then with only the
/// file read-only (a reader can still create the -wal and -shm), writes fail with exit 4
/// and a message that does not blame a lock, reads work or fail cleanly, the file is not
/// touched, and once permissions are restored the next command works and `verify` passes.
fn read_only_scenario(fixture: &Fixture, how: Seal) {
    fixture.campaign();
    let start = rows(&fixture.db);
    assert!(
        fixture.sidecars().is_empty(),
        "a clean close leaves no -wal or -shm"
    );
    let bytes = fs::read(&fixture.db).expect("the database reads");

    // The file and its directory read-only: no -wal or -shm can be created.
    {
        let _sealed = Sealed::new(fixture, how, true);
        for args in [
            &["enlist", "Reyes", "--kind", "player", "--rp", "6"][..],
            &["xp", "Wong", "1", "--why", "a storage test"],
            &["campaign", "new", "Second Front", "--game", "wwii"],
            &["campaign", "use", "Operation Lodestar"],
        ] {
            let run = fixture.run(args);
            assert_storage_failure(&run, &["database", "read-only", "readonly", "permission"]);
            assert_not_blamed_on_a_lock(&run);
            eprintln!(
                "{how:?}, file and directory read-only: {} -> {}",
                run.what,
                run.stderr.trim()
            );
        }
        let roster = fixture.run(&["roster"]);
        eprintln!(
            "{how:?}, file and directory read-only: roster -> exit {:?} {}",
            roster.status.code(),
            roster.stderr.trim()
        );
        match roster.code() {
            0 => assert!(roster.stdout.contains("Wong"), "{}", roster.describe()),
            _ => {
                assert_storage_failure(&roster, &["database", "read-only", "readonly", "permission"]);
                assert_not_blamed_on_a_lock(&roster);
            }
        }
        assert_eq!(
            fs::read(&fixture.db).unwrap(),
            bytes,
            "a read-only database file changed"
        );
        assert!(
            fixture.sidecars().is_empty(),
            "files appeared in a read-only directory"
        );
    }
    let written = fixture.json(&["enlist", "Reyes", "--kind", "player", "--rp", "6"]);
    fixture.verify_ok();
    let middle = rows(&fixture.db);
    assert_one_command_added(&start, &middle, &written);
    assert_gapless(&middle);

    // Only the file read-only: a reader may create the -wal and -shm beside it.
    let bytes = fs::read(&fixture.db).expect("the database reads");
    {
        let _sealed = Sealed::new(fixture, how, false);
        let roster = fixture.run(&["roster"]);
        match roster.code() {
            0 => assert!(roster.stdout.contains("Reyes"), "{}", roster.describe()),
            _ => assert_storage_failure(&roster, &["database", "read-only", "readonly", "permission"]),
        }
        let run = fixture.run(&["enlist", "Price", "--kind", "nps", "--rp", "4"]);
        assert_storage_failure(&run, &["read-only", "readonly", "permission"]);
        assert_not_blamed_on_a_lock(&run);
        eprintln!(
            "{how:?}, file read-only: roster -> exit {:?}; {} -> {}",
            roster.status.code(),
            run.what,
            run.stderr.trim()
        );
        assert_eq!(
            fs::read(&fixture.db).unwrap(),
            bytes,
            "a read-only database file changed"
        );
    }
    let written = fixture.json(&["enlist", "Price", "--kind", "nps", "--rp", "4"]);
    let end = rows(&fixture.db);
    assert_one_command_added(&middle, &end, &written);
    assert_gapless(&end);
    fixture.verify_ok();
}

#[test]
fn read_only_database_by_permissions_refuses_writes_cleanly() {
    match permission_bound_fixture() {
        Ok(fixture) => read_only_scenario(&fixture, Seal::Permissions),
        Err(reason) => {
            eprintln!("SKIPPED the permission-bit read-only scenario: {reason}");
            let fixture = Fixture::new();
            fixture.campaign();
            fixture.verify_ok();
        }
    }
}

#[test]
fn read_only_database_by_immutable_flag_refuses_writes_cleanly() {
    match immutable_fixture() {
        Ok(fixture) => read_only_scenario(&fixture, Seal::Immutable),
        Err(reason) => {
            eprintln!("SKIPPED the chattr +i read-only scenario: {reason}");
            let fixture = Fixture::new();
            fixture.campaign();
            fixture.verify_ok();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 2. A full disk
// ---------------------------------------------------------------------------------------------

/// The bytes in one block of `ulimit -f` for /bin/sh (512 for dash and POSIX, 1024 for bash),
/// found by writing past a one-block limit.
fn ulimit_block() -> u64 {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("probe");
    let status = Command::new("/bin/sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 1; printf '%4096s' '' > \"$0\"")
        .arg(&file)
        .env_clear()
        .stderr(Stdio::null())
        .status()
        .expect("/bin/sh runs");
    let size = fs::metadata(&file).map_or(0, |m| m.len());
    assert!(
        size == 512 || size == 1024,
        "ulimit -f 1 let /bin/sh write {size} bytes (status {status}); expected 512 or 1024"
    );
    size
}

/// The `ulimit -f` that lets the database and its log grow by about `slack` bytes.
fn limit_above(fixture: &Fixture, slack: u64) -> u64 {
    let block = ulimit_block();
    (fixture.stored_bytes() + slack).div_ceil(block)
}

/// A Soldier card with thousands of keywords: one event of about 600 KB, more than a new
/// database and its write-ahead log hold together (pages of 16 KiB).
fn big_card(fixture: &Fixture, name: &str) -> PathBuf {
    let keywords: Vec<String> = (0..20_000)
        .map(|i| format!("kw{i:05}-padding-padding-pad"))
        .collect();
    let card = serde_json::json!({
        "name": name, "kind": "player", "rp": 5, "health": 3,
        "abilities": {}, "keywords": keywords, "hardy": {}
    });
    let path = fixture.tmp.path().join(format!("{name}.json"));
    fs::write(&path, card.to_string()).expect("the card is written");
    path
}

const FULL_DISK: &[&str] = &["disk", "full", "too large", "space", "i/o"];

#[test]
fn full_disk_refuses_a_big_command_whole_and_the_next_command_works() {
    let fixture = Fixture::new();
    fixture.campaign();
    let before = rows(&fixture.db);
    let card = big_card(&fixture, "Bigs");
    let card = card.to_str().expect("a UTF-8 path");
    let limit = limit_above(&fixture, 4096);

    let run = fixture.run_limited(limit, &["enlist", "--card", card]);
    assert_storage_failure(&run, FULL_DISK);
    assert_not_blamed_on_a_lock(&run);
    assert_eq!(rows(&fixture.db), before, "a failed command left events behind");
    let verify = fixture.run_limited(limit, &["verify"]);
    assert_eq!(verify.code(), 0, "verify under the limit\n{}", verify.describe());

    // Space again: the same command goes through, once.
    let written = fixture.json(&["enlist", "--card", card]);
    let after = rows(&fixture.db);
    assert_one_command_added(&before, &after, &written);
    assert_gapless(&after);
    fixture.verify_ok();
}

#[test]
fn full_disk_filling_over_several_commands_leaves_each_all_or_nothing() {
    let fixture = Fixture::new();
    fixture.campaign();
    let limit = limit_above(&fixture, 4096);
    let mut succeeded = 0;
    let mut failed = None;
    for i in 1..=80 {
        let name = format!("Soldier{i}");
        let keyword = format!("k{:028}", i * 7_919);
        let args = [
            "--json",
            "enlist",
            name.as_str(),
            "--kind",
            "nps",
            "--rp",
            "4",
            "--keyword",
            keyword.as_str(),
        ];
        let before = rows_unsettled(&fixture.db);
        let run = fixture.run_limited(limit, &args);
        let after = rows_unsettled(&fixture.db);
        match run.code() {
            0 => {
                let written: Value = serde_json::from_str(&run.stdout)
                    .unwrap_or_else(|e| panic!("no JSON ({e})\n{}", run.describe()));
                assert_one_command_added(&before, &after, &written);
                succeeded += 1;
            }
            _ => {
                assert_storage_failure(&run, FULL_DISK);
                assert_not_blamed_on_a_lock(&run);
                assert_eq!(
                    after,
                    before,
                    "a failed command left events behind\n{}",
                    run.describe()
                );
                failed = Some(args.map(str::to_owned));
            }
        }
        assert_gapless(&after);
        let verify = fixture.run_limited(limit, &["verify"]);
        assert_eq!(verify.code(), 0, "verify under the limit\n{}", verify.describe());
        if failed.is_some() {
            break;
        }
    }
    let Some(args) = failed else {
        panic!("80 commands fitted under a limit of {limit} blocks; the disk never filled");
    };
    assert!(
        succeeded > 0,
        "the first command already failed; nothing filled up gradually"
    );

    // Space again: the command that failed goes through.
    let args: Vec<&str> = args[1..].iter().map(String::as_str).collect();
    let before = rows(&fixture.db);
    let written = fixture.json(&args);
    let after = rows(&fixture.db);
    assert_one_command_added(&before, &after, &written);
    assert_gapless(&after);
    assert_eq!(after.len(), 3 + succeeded + 1);
    fixture.verify_ok();
}

/// `campaign new` writes its seed, its events and then the selection in separate
/// transactions; when the disk fills at the last, muster exits 4 though the campaign was
/// created, and running it again is refused as "already exists". Scans a range of limits
/// so that one of them makes the selection the write that does not fit.
#[test]
fn regression_campaign_new_on_a_full_disk_is_all_or_nothing() {
    let block = ulimit_block();
    let mut problems = Vec::new();
    'limits: for blocks in (64..=104).step_by(2) {
        let blocks = blocks * 512 / block;
        let fixture = Fixture::new();
        fixture.ok(&["campaign", "new", "Base", "--game", "modern"]);
        for i in 1..=16 {
            let name = format!("Op{i}");
            let run = fixture.run_limited(blocks, &["campaign", "new", &name, "--game", "modern"]);
            if run.code() == 0 {
                continue;
            }
            assert_storage_failure(&run, FULL_DISK);
            let created: Vec<Row> = rows(&fixture.db)
                .into_iter()
                .filter(|r| r.campaign == name)
                .collect();
            if !created.is_empty() {
                let again = fixture.run(&["campaign", "new", &name, "--game", "modern"]);
                problems.push(format!(
                    "with ulimit -f {blocks}, `campaign new {name}` exited 4 ({}) yet the log holds its {} events; \
                     `campaign list` now shows:\n{}\nand running it again gives exit {:?}: {}",
                    run.stderr.trim(),
                    created.len(),
                    fixture.ok(&["campaign", "list"]),
                    again.status.code(),
                    again.stderr.trim()
                ));
                break 'limits;
            }
            continue 'limits;
        }
    }
    assert!(
        problems.is_empty(),
        "a failed `campaign new` was not all-or-nothing:\n{}",
        problems.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// 3. A database written by a newer muster
// ---------------------------------------------------------------------------------------------

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

fn set_user_version(db: &Path, version: i64, journal_mode: &str) {
    let conn = Connection::open(db).expect("the database opens");
    let mode: String = conn
        .query_row(&format!("PRAGMA journal_mode = {journal_mode}"), [], |r| r.get(0))
        .expect("the journal mode is set");
    assert!(mode.eq_ignore_ascii_case(journal_mode), "journal mode {mode}");
    conn.pragma_update(None, "user_version", version)
        .expect("user_version is set");
}

fn assert_newer_refused_unchanged(fixture: &Fixture) {
    let bytes = fs::read(&fixture.db).expect("the database reads");
    for args in every_kind_of_command(fixture) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = fixture.run(&args);
        assert_storage_failure(&run, &["newer muster"]);
        assert!(
            run.stderr.contains("upgrade"),
            "the message should say to upgrade\n{}",
            run.describe()
        );
        assert_not_blamed_on_a_lock(&run);
        let now = fs::read(&fixture.db).unwrap();
        assert!(
            now == bytes,
            "muster {args:?} changed a database from a newer muster: {}",
            what_changed(&bytes, &now)
        );
        assert!(
            fixture.sidecars().is_empty(),
            "muster {args:?} left {:?} beside a database from a newer muster",
            fixture.sidecars()
        );
    }
}

/// Where two versions of a database file differ, and their journal modes (header bytes 18
/// and 19: 1 for a rollback journal, 2 for write-ahead logging).
fn what_changed(before: &[u8], after: &[u8]) -> String {
    let differ: Vec<usize> = (0..before.len().max(after.len()))
        .filter(|&i| before.get(i) != after.get(i))
        .collect();
    let mode = |bytes: &[u8]| match bytes.get(18..20) {
        Some([1, 1]) => "rollback journal",
        Some([2, 2]) => "write-ahead log",
        _ => "unknown",
    };
    format!(
        "{} bytes differ (first at offset {:?}; {} bytes before, {} after); journal mode {} before, {} after",
        differ.len(),
        differ.first(),
        before.len(),
        after.len(),
        mode(before),
        mode(after)
    )
}

#[test]
fn database_from_a_newer_muster_is_refused_and_left_byte_for_byte_unchanged() {
    let fixture = Fixture::new();
    fixture.campaign();
    set_user_version(&fixture.db, 99, "wal");
    assert_newer_refused_unchanged(&fixture);
}

/// A file from a newer muster that no longer uses write-ahead logging (or any copy of the
/// file in rollback-journal mode): muster switches it to WAL, rewriting its header, before
/// it reads the schema version and refuses.
#[test]
fn regression_database_from_a_newer_muster_in_rollback_journal_mode_is_left_unchanged() {
    let fixture = Fixture::new();
    fixture.campaign();
    set_user_version(&fixture.db, 99, "delete");
    assert_newer_refused_unchanged(&fixture);
}

// ---------------------------------------------------------------------------------------------
// 4. A file that is not a database
// ---------------------------------------------------------------------------------------------

/// Bytes from a fixed xorshift generator: random-looking, the same on every run.
fn noise(len: usize) -> Vec<u8> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state.to_le_bytes()[0]
        })
        .collect()
}

#[test]
fn a_file_that_is_not_a_database_is_refused_and_left_unchanged() {
    let real = Fixture::new();
    real.campaign();
    let database = fs::read(&real.db).expect("a real database");

    let mut with_header = b"SQLite format 3\0".to_vec();
    with_header.extend(noise(5000));
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("random bytes", noise(8192)),
        (
            "a text file",
            b"Shopping list\n- coffee\n- more coffee\n".to_vec(),
        ),
        ("a SQLite header followed by noise", with_header),
        (
            "a muster database cut short",
            database[..database.len() / 2].to_vec(),
        ),
    ];
    for (what, bytes) in cases {
        let fixture = Fixture::new();
        fs::write(&fixture.db, &bytes).expect("the file is written");
        for args in every_kind_of_command(&fixture) {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let run = fixture.run(&args);
            assert_eq!(run.code(), 4, "{what}\n{}", run.describe());
            assert_storage_failure(&run, &["not a database", "malformed", "damaged"]);
            assert_not_blamed_on_a_lock(&run);
            assert!(
                fs::read(&fixture.db).unwrap() == bytes,
                "muster {args:?} changed {what}"
            );
            assert!(
                fixture.sidecars().is_empty(),
                "muster {args:?} left {:?} beside {what}",
                fixture.sidecars()
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 5. A locked database
// ---------------------------------------------------------------------------------------------

/// Holds the write lock from another connection for longer than muster waits (its busy
/// timeout, src/store/mod.rs): the write fails with exit 4 naming the lock, and nothing is
/// written; reads still work (WAL); once the lock is released the write goes through.
#[test]
fn locked_database_refuses_a_write_after_waiting_and_writes_nothing() {
    let fixture = Fixture::new();
    fixture.campaign();
    let before = rows(&fixture.db);

    let holder = Connection::open(&fixture.db).expect("the database opens");
    holder
        .execute_batch("BEGIN EXCLUSIVE")
        .expect("the write lock is taken");

    let roster = fixture.run(&["roster"]);
    assert_eq!(
        roster.code(),
        0,
        "a reader waits on no writer in WAL mode\n{}",
        roster.describe()
    );

    let started = Instant::now();
    let run = fixture.run(&["enlist", "Reyes", "--kind", "player", "--rp", "6"]);
    let waited = started.elapsed();
    assert_storage_failure(&run, &["locked"]);
    assert!(
        run.stderr.contains("nothing was written"),
        "the message should say nothing was written\n{}",
        run.describe()
    );
    assert!(
        waited >= Duration::from_secs(1),
        "muster gave up after {waited:?} without waiting for the lock\n{}",
        run.describe()
    );
    assert!(
        waited < Duration::from_secs(30),
        "muster waited {waited:?}: it should wait its busy timeout once, not retry for long"
    );
    eprintln!("muster waited {waited:?} for the lock before giving up");
    let during: i64 = holder
        .query_row("SELECT COUNT(*) FROM events", [], |r| r.get(0))
        .expect("the holder reads");
    assert_eq!(
        during,
        i64::try_from(before.len()).unwrap(),
        "events appeared under the lock"
    );
    holder.execute_batch("ROLLBACK").expect("the lock is released");
    drop(holder);

    assert_eq!(rows(&fixture.db), before, "the refused write left events behind");
    let written = fixture.json(&["enlist", "Reyes", "--kind", "player", "--rp", "6"]);
    let after = rows(&fixture.db);
    assert_one_command_added(&before, &after, &written);
    assert_gapless(&after);
    fixture.verify_ok();
}

/// A lock released while muster waits: the write goes through once, without an error.
#[test]
fn a_lock_released_while_muster_waits_lets_the_write_through() {
    let fixture = Fixture::new();
    fixture.campaign();
    let before = rows(&fixture.db);

    let holder = Connection::open(&fixture.db).expect("the database opens");
    holder
        .execute_batch("BEGIN EXCLUSIVE")
        .expect("the write lock is taken");
    let child = fixture
        .runner(&["--json", "enlist", "Reyes", "--kind", "player", "--rp", "6"])
        .spawn();
    std::thread::sleep(Duration::from_millis(1500));
    holder.execute_batch("ROLLBACK").expect("the lock is released");
    drop(holder);
    let out = child.wait_with_output().expect("muster finishes");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(0),
        "the write should go through once the lock is free:\n{stderr}"
    );
    let written: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    let after = rows(&fixture.db);
    assert_one_command_added(&before, &after, &written);
    assert_gapless(&after);
    fixture.verify_ok();
}
