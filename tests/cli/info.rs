//! `muster info`: where the data is, read without creating or changing anything.

use std::fs;

use super::support::{LODESTAR, Muster, Runner};

#[test]
fn info_names_the_file_its_size_schema_campaigns_and_selection() {
    let m = Muster::lodestar();
    let info = m.json(&["info"]);
    assert_eq!(info["database"], m.db.display().to_string());
    assert_eq!(info["exists"], true);
    let bytes = fs::metadata(&m.db).unwrap().len();
    assert_eq!(info["bytes"].as_u64(), Some(bytes));
    assert!(info["schema_version"].as_u64().unwrap() >= 11, "{info}");
    let campaigns = info["campaigns"].as_array().unwrap();
    assert_eq!(campaigns.len(), 1, "{info}");
    assert_eq!(campaigns[0]["name"], LODESTAR);
    assert_eq!(campaigns[0]["events"].as_u64(), Some(m.head_version()));
    assert_eq!(campaigns[0]["head"]["hash"], m.head());
    // `campaign new` selected it.
    assert_eq!(info["selected"]["campaign"], LODESTAR);
    assert_eq!(info["selected"]["source"], "setting");
}

#[test]
fn info_says_what_chose_the_campaign() {
    let m = Muster::lodestar();
    m.ok(&["campaign", "new", "Red Dawn", "--game", "wwii"]);
    let flag = m.json(&["info", "--campaign", "operation lodestar"]);
    assert_eq!(flag["selected"]["campaign"], LODESTAR, "named without case");
    assert_eq!(flag["selected"]["source"], "flag");
    let environment = Runner::on(&m.db)
        .env("MUSTER_CAMPAIGN", LODESTAR)
        .args(["--json", "info"])
        .run();
    assert_eq!(environment.code(), 0, "{}", environment.describe());
    let environment: serde_json::Value = serde_json::from_str(&environment.stdout).unwrap();
    assert_eq!(environment["selected"]["source"], "environment");
    assert_eq!(
        m.json(&["info"])["selected"]["campaign"],
        "Red Dawn",
        "created last"
    );
    let nowhere = m.json(&["info", "--campaign", "Nowhere"]);
    assert!(nowhere["selected"].is_null(), "{nowhere}");
    assert_eq!(nowhere["campaigns"].as_array().unwrap().len(), 2);
    let text = m.ok(&["info", "--campaign", "Nowhere"]);
    assert!(text.contains("--campaign names 'Nowhere'"), "{text}");
}

#[test]
fn info_on_the_only_campaign_calls_it_so() {
    let m = Muster::lodestar();
    let copy = Muster::new();
    let export = m.ok(&["export"]);
    fs::write(copy.path("l.jsonl"), export).unwrap();
    copy.ok(&["import", copy.path("l.jsonl").to_str().unwrap()]);
    assert_eq!(copy.json(&["info"])["selected"]["source"], "only");
}

#[test]
fn info_on_a_missing_file_says_so_and_creates_nothing() {
    let m = Muster::new();
    let info = m.json(&["info"]);
    assert_eq!(info["exists"], false);
    assert!(info["bytes"].is_null() && info["selected"].is_null(), "{info}");
    let text = m.ok(&["info"]);
    assert!(text.contains(&m.db.display().to_string()), "{text}");
    assert!(text.contains("no file there yet"), "{text}");
    assert!(!m.db.exists(), "info created {}", m.db.display());
    assert!(!m.db.parent().unwrap().join("muster.db-wal").exists());
}

#[test]
fn info_reads_a_read_only_file_and_leaves_it_as_it_was() {
    let m = Muster::lodestar();
    let before = fs::read(&m.db).unwrap();
    let mut permissions = fs::metadata(&m.db).unwrap().permissions();
    permissions.set_readonly(true);
    fs::set_permissions(&m.db, permissions).unwrap();
    let info = m.json(&["info"]);
    assert_eq!(info["campaigns"][0]["name"], LODESTAR);
    assert_eq!(fs::read(&m.db).unwrap(), before, "info changed the file");
}
