//! pull and push between a copy on this machine and a server: fast-forwards only, checked by
//! the checked fold, a diverged copy refused with nothing written on either side, and every
//! head the other side showed held by `verify`.

use std::path::Path;

use serde_json::Value;

use super::common::Runner;
use super::harness::{Campaign, Server};

/// A fixed time after anything the server (on the system clock) records.
const LATER: &str = "2031-01-01T00:00:00Z";

/// `muster ARGS` on `db` at [`LATER`]: (exit code, stdout, stderr).
fn on(db: &Path, args: &[&str]) -> (i32, String, String) {
    Runner::on(db).at(LATER).args(args).run().into_parts()
}

fn head(db: &Path) -> Value {
    let (code, out, err) = on(db, &["--campaign", "Op", "--json", "roster"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str::<Value>(&out).unwrap()["head"].clone()
}

#[test]
fn a_pull_into_an_empty_database_verifies_at_the_servers_head_and_a_second_adds_nothing() {
    let campaign = Campaign::new();
    campaign.ok(&["wound", "Wong", "1"]);
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");

    let (code, out, err) = on(&copy, &["--json", "pull", &server.url, "--token", &token]);
    assert_eq!(code, 0, "{err}");
    let pulled: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(pulled["added"], 4);
    assert_eq!(pulled["head"], pulled["server_head"]);
    assert_eq!(head(&copy), head(&campaign.db));
    let (code, out, err) = on(&copy, &["--json", "verify"]);
    assert_eq!(code, 0, "{err}");
    let verified: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (verified["ok"].as_bool(), verified["witnessed_heads"].as_u64()),
        (Some(true), Some(1))
    );

    let (code, out, _) = on(&copy, &["--json", "pull", &server.url, "--token", &token]);
    assert_eq!(code, 0);
    assert_eq!(serde_json::from_str::<Value>(&out).unwrap()["added"], 0);

    // The server moves on; the copy fast-forwards by the new events alone.
    campaign.ok(&["heal", "Wong", "1"]);
    campaign.ok(&["xp", "Wong", "+2", "--why", "a good turn"]);
    let (code, out, _) = on(&copy, &["--json", "pull", &server.url, "--token", &token]);
    assert_eq!(code, 0);
    assert_eq!(serde_json::from_str::<Value>(&out).unwrap()["added"], 2);
    assert_eq!(head(&copy), head(&campaign.db));
}

#[test]
fn a_diverged_copy_is_refused_naming_where_it_parts_and_nothing_is_written() {
    let campaign = Campaign::new();
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");
    assert_eq!(on(&copy, &["pull", &server.url, "--token", &token]).0, 0);
    let parted = head(&copy)["version"].as_u64().unwrap();
    campaign.ok(&["wound", "Wong", "1"]);
    let offline = on(&copy, &["xp", "Wong", "+1", "--why", "offline"]);
    assert_eq!(offline.0, 0, "{}", offline.2);
    let before = head(&copy);

    let (code, out, err) = on(&copy, &["pull", &server.url, "--token", &token]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains(&format!("part after v{parted}")), "{err}");
    assert_eq!(head(&copy), before, "nothing pulled");
}

#[test]
fn verify_names_a_head_another_copy_showed_that_the_log_no_longer_holds() {
    let campaign = Campaign::new();
    let dir = tempfile::tempdir().unwrap();
    let export = dir.path().join("op.jsonl");
    campaign.ok(&["export", "--output", &export.to_string_lossy()]);
    let copy = dir.path().join("copy.db");
    assert_eq!(on(&copy, &["import", &export.to_string_lossy()]).0, 0);
    let (code, out, _) = on(&copy, &["verify"]);
    assert_eq!(code, 0);
    assert!(out.contains("head other copies showed this one"), "{out}");

    // The copy's record of what the file showed no longer matches its log: one of them was
    // rewritten since.
    let conn = rusqlite::Connection::open(&copy).unwrap();
    let changed = conn
        .execute(
            "UPDATE witnessed_heads SET hash = (CASE WHEN substr(hash, 1, 1) = '0' THEN '1' ELSE '0' END) || substr(hash, 2)",
            [],
        )
        .unwrap();
    assert_eq!(changed, 1);
    drop(conn);
    let (code, out, _) = on(&copy, &["verify"]);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("[witnessed]") && out.contains("rewrote history"),
        "{out}"
    );
}
