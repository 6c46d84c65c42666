//! Progress bars and long outputs: a bar on a terminal, none when piped; a pipe closed early.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use super::support::Runner;

/// A synthetic campaign long enough for a few steps of progress (one per 10,000 rows).
fn long_campaign(dir: &Path) -> PathBuf {
    let db = dir.join("long.db");
    let made = Runner::on(&db)
        .args(["dev", "synth", "--events", "25000", "--name", "Long"])
        .run();
    assert_eq!(made.code(), 0, "{}", made.describe());
    db
}

/// `muster ARGS` on `db` with `MUSTER_CAMPAIGN=Long` (the environment, so `import`, which
/// takes its campaign from the file, does not refuse it), drawing progress from the first row.
fn on_long(db: &Path, args: &[&str]) -> Runner {
    Runner::on(db)
        .env("MUSTER_PROGRESS_AFTER_MS", "0")
        .env("MUSTER_CAMPAIGN", "Long")
        .args(args)
}

#[test]
fn no_bar_is_drawn_when_standard_error_is_piped() {
    let dir = tempfile::tempdir().unwrap();
    let db = long_campaign(dir.path());
    let export = dir.path().join("long.jsonl");
    let exported = on_long(&db, &["export"]).run();
    assert_eq!(exported.code(), 0, "{}", exported.describe());
    std::fs::write(&export, exported.stdout).unwrap();
    let copy = dir.path().join("copy.db");
    for (db, args) in [
        (&db, vec!["verify"]),
        (&db, vec!["rebuild"]),
        (&copy, vec!["import", export.to_str().unwrap()]),
    ] {
        let ran = on_long(db, &args).run();
        assert_eq!(ran.code(), 0, "{}", ran.describe());
        // An import this long leaves blame's index for `rebuild`, and says so in one line.
        let said: Vec<&str> = ran
            .stderr
            .lines()
            .filter(|line| !line.starts_with("note: blame's index of 'Long'"))
            .collect();
        assert!(
            said.is_empty() && !ran.stderr.contains('\r'),
            "{args:?} wrote to a piped standard error: {:?}",
            ran.stderr
        );
    }
}

#[test]
fn a_bar_is_drawn_on_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let db = long_campaign(dir.path());
    let ran = on_long(&db, &["verify"]).on_a_terminal().run();
    assert_eq!(ran.code(), 0, "{}", ran.describe());
    assert!(
        ran.stdout.contains("verifying ["),
        "no bar on the terminal: {}",
        ran.stdout
    );
    assert!(ran.stdout.contains("ok: the chain is whole"), "{}", ran.stdout);
}

/// `muster export | head -1` on a long campaign: the closed pipe ends the export quietly.
#[test]
fn export_into_a_pipe_closed_early_exits_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let db = long_campaign(dir.path());
    let mut child = on_long(&db, &["export"]).spawn();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let line: serde_json::Value = serde_json::from_str(&first).unwrap();
    assert_eq!(line["version"], 1);
    // The reader is gone: the 25,000-line export meets a closed pipe.
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// The numbers a drawn bar shows last: "done/of events, rate events/s", commas dropped.
fn last_counts(screen: &str, what: &str) -> (u64, u64, String) {
    let line = screen
        .split(['\r', '\n'])
        .rfind(|l| l.contains(what) && l.contains("events/s"))
        .unwrap_or_else(|| panic!("no '{what}' bar in {screen:?}"));
    let after = line.split("] ").nth(1).unwrap();
    let (counts, rest) = after.split_once(" events, ").unwrap();
    let (done, of) = counts.split_once('/').unwrap();
    let number = |n: &str| n.replace(',', "").trim().parse::<u64>().unwrap();
    let rate = rest.split_once(" events/s").unwrap().0.to_owned();
    (number(done), number(of), rate)
}

#[test]
fn the_import_bar_counts_the_files_events_and_a_whole_rate_and_synth_shows_its_writing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("long.db");
    let made = Runner::on(&db)
        .env("MUSTER_PROGRESS_AFTER_MS", "0")
        .args(["dev", "synth", "--events", "25000", "--name", "Long"])
        .on_a_terminal()
        .run();
    assert_eq!(made.code(), 0, "{}", made.describe());
    let (_, of, _) = last_counts(&made.stdout, "writing");
    assert_eq!(of, 25_000, "{}", made.stdout);
    let exported = on_long(&db, &["export"]).run();
    let export = dir.path().join("long.jsonl");
    std::fs::write(&export, &exported.stdout).unwrap();
    let events = exported.stdout.lines().count() as u64 - 1;
    let copy = dir.path().join("copy.db");
    let imported = on_long(&copy, &["import", export.to_str().unwrap()])
        .on_a_terminal()
        .run();
    assert_eq!(imported.code(), 0, "{}", imported.describe());
    let (done, of, rate) = last_counts(&imported.stdout, "importing");
    assert_eq!(
        of, events,
        "the bar's length is the file's events: {}",
        imported.stdout
    );
    assert!(done <= of, "{done} of {of}");
    assert!(
        rate.replace(',', "").parse::<u64>().is_ok(),
        "a whole rate, not '{rate}'"
    );
}
