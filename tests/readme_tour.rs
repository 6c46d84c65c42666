//! The README's tour, typed as a new user would: every `muster` line of its tour block is
//! run against a fresh database, and the roster must match the events typed.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

use serde_json::Value;

/// The `muster` command lines of the README's tour block, split as a shell would.
fn tour_commands() -> Vec<Vec<String>> {
    let readme = include_str!("../README.md");
    let start = readme.find("<!-- tour").expect("the README marks its tour block");
    let block = &readme[start..];
    let block = &block[block.find("```sh").expect("the tour is a sh block") + 5..];
    let block = &block[..block.find("```").expect("the tour block ends")];
    block
        .lines()
        .filter_map(|line| line.strip_prefix("muster "))
        .map(|line| shell_words::split(line).expect("each tour line splits like a shell's"))
        .collect()
}

fn muster(db: &std::path::Path, args: &[String]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_muster"))
        .env_clear()
        .env("MUSTER_DB", db)
        .env("MUSTER_NOW", "2026-11-29T21:00:00Z")
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn soldier<'a>(roster: &'a Value, name: &str) -> &'a Value {
    roster["soldiers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("{name} is on the roster"))
}

#[test]
fn the_readme_tour_runs_and_its_roster_matches_the_events_typed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tour.db");
    let commands = tour_commands();
    assert!(commands.len() > 30, "the tour has its three Missions");
    for args in &commands {
        let (code, _, stderr) = muster(&db, args);
        assert_eq!(code, 0, "`muster {}` failed: {stderr}", args.join(" "));
    }

    let (_, stdout, _) = muster(&db, &["--json".into(), "roster".into()]);
    let roster: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(roster["head"]["version"], 33);
    let wong = soldier(&roster, "Wong");
    assert_eq!((wong["wounds"].as_u64(), wong["xp"].as_u64()), (Some(0), Some(1)));
    assert_eq!(wong["hardy"], serde_json::json!({}));
    assert_eq!(wong["handler_of"], "Gizmo");
    let reyes = soldier(&roster, "Reyes");
    assert_eq!(
        (reyes["wounds"].as_u64(), reyes["xp"].as_u64()),
        (Some(2), Some(5))
    );
    assert_eq!(reyes["status"], "active");
    assert_eq!(reyes["medals"], serde_json::json!([]));
    assert_eq!(
        soldier(&roster, "Kowalski")["wounds"],
        0,
        "the voided Wounds are gone"
    );
    assert_eq!(soldier(&roster, "Gizmo")["discipline"]["current"], 2);
    assert_eq!(roster["squad"]["rp"], 21);
    assert_eq!(roster["squad"]["rp_bank"], 6);

    let (code, stdout, _) = muster(&db, &["--json".into(), "verify".into()]);
    assert_eq!(code, 0);
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["ok"], true);
}

#[test]
fn the_readme_shows_the_roster_the_tour_prints() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tour.db");
    for args in tour_commands() {
        muster(&db, &args);
    }
    let (_, printed, _) = muster(&db, &["roster".into()]);
    let readme = include_str!("../README.md");
    // The head hash differs from run to run (event ids are random); every other line of
    // the roster must appear in the README as printed, trailing spaces aside.
    for line in printed.lines().filter(|l| !l.starts_with("head ")) {
        assert!(
            readme.lines().any(|r| r.trim_end() == line.trim_end()),
            "the README's roster lacks the line {line:?}"
        );
    }
}
