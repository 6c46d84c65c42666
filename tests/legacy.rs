//! Logs written by earlier versions of muster replay, through upcasters, to the roster
//! those versions printed (see fixtures/legacy/README.md).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster::projection::roster;
use muster::store::Store;
use muster::transfer;
use muster::verify::verify;
use serde_json::Value;

/// Checks that every field of `old` has the same value in `new` (fields added since are
/// not compared); arrays of Soldiers are matched by name.
fn holds(old: &Value, new: &Value, path: &str) {
    match (old, new) {
        (Value::Object(o), Value::Object(n)) => {
            for (key, value) in o {
                let there = n
                    .get(key)
                    .unwrap_or_else(|| panic!("{path}.{key} is gone from the roster"));
                holds(value, there, &format!("{path}.{key}"));
            }
        }
        (Value::Array(o), Value::Array(n)) if o.iter().all(|x| x.get("name").is_some()) && !o.is_empty() => {
            assert_eq!(o.len(), n.len(), "{path}: as many entries");
            for x in o {
                let y = n
                    .iter()
                    .find(|y| y["name"] == x["name"])
                    .unwrap_or_else(|| panic!("{path}: {} is gone", x["name"]));
                holds(x, y, &format!("{path}[{}]", x["name"]));
            }
        }
        _ => assert_eq!(old, new, "{path} changed"),
    }
}

#[test]
fn a_schema_1_log_replays_to_the_roster_its_muster_printed() {
    let text = include_str!("../fixtures/legacy/lodestar-schema1.jsonl");
    let printed: Value =
        serde_json::from_str(include_str!("../fixtures/legacy/lodestar-schema1.roster.json")).unwrap();
    let rows = transfer::parse(text).unwrap();
    assert!(
        rows.iter().any(|r| r.kind == "mission_started" && r.schema == 1),
        "the fixture keeps the older schema"
    );

    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("legacy.db")).unwrap();
    let imported = transfer::import(&mut store, text).unwrap();
    let stored = store.rows(&imported.campaign, None).unwrap();
    assert!(
        verify(&imported.campaign, &stored).ok,
        "the old log verifies, its bytes untouched"
    );
    let log = store.events(&imported.campaign, None).unwrap();
    let now = roster::at(&imported.campaign, &log, imported.head.version, &imported.head).unwrap();
    let now = serde_json::to_value(&now).unwrap();
    holds(&printed, &now, "roster");
}

#[test]
fn a_schema_1_mission_keeps_the_objectives_count_it_placed() {
    // Schema 1 recorded how many Objectives a Mission placed, untracked; the upcaster used to
    // drop the count. It must change the shape only, never the meaning.
    let text = include_str!("../fixtures/legacy/lodestar-schema1.jsonl");
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("legacy.db")).unwrap();
    let imported = transfer::import(&mut store, text).unwrap();
    let log = store.events(&imported.campaign, None).unwrap();
    let rows = transfer::parse(text).unwrap();
    let placed: Vec<(u64, u64)> = rows
        .iter()
        .filter(|r| r.kind == "mission_started")
        .map(|r| {
            let payload: Value = serde_json::from_str(&r.payload).unwrap();
            (r.version, payload["objectives"].as_u64().unwrap())
        })
        .collect();
    assert!(
        placed.iter().any(|(_, n)| *n > 1),
        "the fixture placed several: {placed:?}"
    );
    for (version, count) in placed {
        let then = roster::at(&imported.campaign, &log, version, &imported.head).unwrap();
        let then = serde_json::to_value(&then).unwrap();
        assert_eq!(then["mission"]["untracked_objectives"], count, "v{version}");
        assert_eq!(
            then["mission"]["objectives"],
            serde_json::json!([]),
            "still not tracked"
        );
    }
}
