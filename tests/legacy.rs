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
    let report = verify(&imported.campaign, &stored);
    assert!(
        report.ok,
        "the old log verifies, its bytes untouched: {:?}",
        report.findings
    );
    assert!(report.commands > 40, "{report:?}");
    assert_eq!(
        report.decided_again,
        report.commands - report.voided,
        "every command of the old log is decided again, its void too: {report:?}"
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

/// The fixture's first event, the schema 1 `campaign_created`, with `payload` in its place
/// and hashed as muster hashes, followed by its trailer: a file of one event.
fn created_with(payload: &str) -> String {
    let text = include_str!("../fixtures/legacy/lodestar-schema1.jsonl");
    let mut row: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(
        (row["kind"].as_str(), row["schema"].as_u64()),
        (Some("campaign_created"), Some(1))
    );
    let hash = muster::store::chain::hash(
        muster::store::chain::GENESIS,
        &muster::store::chain::Link {
            campaign: row["campaign"].as_str().unwrap(),
            version: 1,
            event_id: row["event_id"].as_str().unwrap(),
            command_id: row["command_id"].as_str().unwrap(),
            recorded_at: row["recorded_at"].as_str().unwrap(),
            kind: "campaign_created",
            schema: 1,
            payload,
            command: None,
        },
    )
    .unwrap();
    row["payload"] = serde_json::from_str(payload).unwrap();
    row["hash"] = Value::from(hash.clone());
    let trailer = serde_json::json!({"trailer": {"campaign": row["campaign"], "events": 1, "head": {"version": 1, "hash": hash}}});
    format!("{row}\n{trailer}\n")
}

#[test]
fn a_schema_1_payload_holding_a_field_its_schema_never_had_is_refused_and_nothing_imported() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("legacy.db")).unwrap();
    // As the schema 1 muster wrote it, the file imports: the test's hashing is muster's.
    let written = r#"{"expansions":["k9","medals"],"game":"modern","nation":"US"}"#;
    let other = tempfile::tempdir().unwrap();
    let mut elsewhere = Store::open(&other.path().join("ok.db")).unwrap();
    transfer::import(&mut elsewhere, &created_with(written)).unwrap();

    for (payload, named) in [
        // `rules` came with schema 2; the upcaster would have replaced it unseen.
        (
            r#"{"expansions":["k9","medals"],"game":"modern","nation":"US","rules":2}"#,
            "rules",
        ),
        (
            r#"{"expansions":["k9"],"game":"modern","nation":"US","unrecognized_expansions":["x"]}"#,
            "unrecognized_expansions",
        ),
        // A key no schema ever had.
        (
            r#"{"expansions":["k9","medals"],"game":"modern","nation":"US","zzz":1}"#,
            "not written as muster wrote that schema",
        ),
    ] {
        let refused = transfer::import(&mut store, &created_with(payload))
            .unwrap_err()
            .to_string();
        assert!(refused.contains(named), "{payload}: {refused}");
        assert!(
            store.campaigns().unwrap().is_empty(),
            "{payload}: nothing imported"
        );
    }
}
