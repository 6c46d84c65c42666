//! The query side against the command line: over one database, each read the library's
//! `Query` gives is what `muster --json` prints, parsed on both sides.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::Command;

use muster::app;
use muster::projection::as_of::AsOf;
use muster::query::{self, LogQuery, NotedHead, Query};
use muster::store::Store;
use muster::transfer;
use serde::Serialize;
use serde_json::Value;

const LODESTAR: &str = "Operation Lodestar";

/// The demo campaign in a fresh database.
fn demo(dir: &Path) -> Store {
    let mut store = app::open(&dir.join("muster.db")).unwrap();
    transfer::import(&mut store, include_str!("../fixtures/campaigns/demo.jsonl")).unwrap();
    store
}

/// What `muster --json --campaign LODESTAR ARGS` prints, parsed: one value, or a list of
/// the values of its lines when it prints JSON Lines.
fn cli(dir: &Path, args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_muster"))
        .env_clear()
        .env("MUSTER_DB", dir.join("muster.db"))
        .env("MUSTER_NOW", "2026-12-01T10:00:00Z")
        .args(["--json", "--campaign", LODESTAR])
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "muster {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    match serde_json::from_str(&stdout) {
        Ok(value) => value,
        Err(_) => stdout
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .collect(),
    }
}

fn json(value: &impl Serialize) -> Value {
    serde_json::to_value(value).unwrap()
}

#[test]
fn each_read_of_the_query_side_is_what_the_command_line_prints() {
    let dir = tempfile::tempdir().unwrap();
    let store = demo(dir.path());
    let dir = dir.path();
    let query = Query::new(&store, LODESTAR);

    let roster = query.roster(None).unwrap();
    assert_eq!(roster.head.version, 72);
    assert_eq!(cli(dir, &["roster"]), json(&roster));
    let earlier = query.roster(Some(AsOf::MissionEnd(2))).unwrap();
    assert_eq!(cli(dir, &["roster", "--as-of", "mission:2"]), json(&earlier));

    let log = query.log(&LogQuery::default()).unwrap();
    assert_eq!(log.len(), 72);
    assert_eq!(cli(dir, &["log"]), json(&log));
    let wong = LogQuery {
        soldier: Some("wong".into()),
        mission: Some(2),
        ..LogQuery::default()
    };
    let entries = query.log(&wong).unwrap();
    assert!(!entries.is_empty());
    assert_eq!(
        cli(dir, &["log", "--soldier", "wong", "--mission", "2"]),
        json(&entries)
    );

    assert_eq!(cli(dir, &["show", "12"]), json(&query.show(12, None).unwrap()));
    let before = query.show(53, Some(AsOf::Version(53))).unwrap();
    assert_eq!(cli(dir, &["show", "53", "--as-of", "53"]), json(&before));

    for soldier in ["Wong", "gizmo", "Reyes", "Price", "Kowalski"] {
        let blamed = query.blame(soldier, None).unwrap();
        assert_eq!(cli(dir, &["blame", soldier]), json(&blamed), "{soldier}");
    }
    let diff = query.diff(AsOf::MissionEnd(1), AsOf::MissionEnd(3)).unwrap();
    assert!(!diff.differences.is_empty());
    assert_eq!(
        cli(dir, &["diff", "mission:1", "mission:3"]),
        json(&diff.differences)
    );
    assert_eq!(
        cli(dir, &["mission", "show", "2"]),
        json(&query.mission(Some(2)).unwrap())
    );

    assert_eq!(cli(dir, &["campaign", "rules"]), json(&query.rules().unwrap()));
    let listed = query::campaign_lines(&store, Some(LODESTAR), |_| true).unwrap();
    assert_eq!(cli(dir, &["campaign", "list"]), json(&listed));

    let verified = query.verify(None, &mut |_| {}).unwrap();
    assert_eq!(cli(dir, &["verify"]), json(&verified));
    let noted = NotedHead {
        version: 72,
        hash: roster.head.hash[..20].to_owned(),
    };
    let verified = query.verify(Some(noted.clone()), &mut |_| {}).unwrap();
    let given = format!("{}:{}", noted.version, noted.hash);
    assert_eq!(cli(dir, &["verify", "--head", &given]), json(&verified));
}
