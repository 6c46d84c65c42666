//! Progress bars and long outputs: a bar on a terminal, none when piped; a pipe closed early.

use std::path::Path;
use std::process::Command;

use super::support::NOW;

const MUSTER: &str = env!("CARGO_BIN_EXE_muster");

/// A synthetic campaign long enough for a few steps of progress (one per 10,000 rows).
fn long_campaign(dir: &Path) -> std::path::PathBuf {
    let db = dir.join("long.db");
    let out = Command::new(MUSTER)
        .env_clear()
        .env("MUSTER_NOW", NOW)
        .args([
            "--db",
            db.to_str().unwrap(),
            "dev",
            "synth",
            "--events",
            "25000",
            "--name",
            "Long",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    db
}

fn piped(db: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(MUSTER)
        .env_clear()
        .env("MUSTER_NOW", NOW)
        .env("MUSTER_PROGRESS_AFTER_MS", "0")
        .args(["--db", db.to_str().unwrap(), "--campaign", "Long"])
        .args(args)
        .output()
        .unwrap();
    (out.status.success(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn no_bar_is_drawn_when_standard_error_is_piped() {
    let dir = tempfile::tempdir().unwrap();
    let db = long_campaign(dir.path());
    let export = dir.path().join("long.jsonl");
    let out = Command::new(MUSTER)
        .env_clear()
        .args(["--db", db.to_str().unwrap(), "--campaign", "Long", "export"])
        .output()
        .unwrap();
    std::fs::write(&export, out.stdout).unwrap();
    let copy = dir.path().join("copy.db");
    for (db, args) in [
        (&db, vec!["verify"]),
        (&db, vec!["rebuild"]),
        (&copy, vec!["import", export.to_str().unwrap()]),
    ] {
        let (ok, stderr) = piped(db, &args);
        assert!(ok, "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?} wrote to a piped standard error");
    }
}

#[test]
fn a_bar_is_drawn_on_a_terminal() {
    if !Path::new("/usr/bin/script").exists() {
        eprintln!("skipped: `script` (util-linux) is not installed to give muster a terminal");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = long_campaign(dir.path());
    let line = format!("{MUSTER} --db {} --campaign Long verify", db.display());
    let out = Command::new("/usr/bin/script")
        .env_clear()
        .env("MUSTER_NOW", NOW)
        .env("MUSTER_PROGRESS_AFTER_MS", "0")
        .env("TERM", "xterm")
        .args(["-qec", &line, "/dev/null"])
        .output()
        .unwrap();
    let seen = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{seen}");
    assert!(seen.contains("verifying ["), "no bar on the terminal: {seen}");
    assert!(seen.contains("ok: the chain is whole"), "{seen}");
}

/// `muster export | head -1` on a long campaign: the closed pipe ends the export quietly.
#[test]
fn export_into_a_pipe_closed_early_exits_cleanly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let db = long_campaign(dir.path());
    let mut child = Command::new(MUSTER)
        .env_clear()
        .args(["--db", db.to_str().unwrap(), "--campaign", "Long", "export"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
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
