//! A global option a command does not honour is refused as a usage error, naming what the
//! command accepts, and nothing is written.

use std::fs;

use super::support::{Muster, Runner};

#[test]
fn a_format_a_command_does_not_print_is_refused_naming_the_ones_it_does() {
    let m = Muster::lodestar();
    let before = fs::read(&m.db).unwrap();
    let log = m.usage_error(&["log", "--format", "html"]);
    assert!(log.contains("does not print html"), "{log}");
    assert!(log.contains("table, json, csv or md"), "{log}");
    let wound = m.usage_error(&["wound", "Wong", "--format", "csv"]);
    assert!(wound.contains("table or json"), "{wound}");
    let demo = m.usage_error(&["demo", "--format", "html"]);
    assert!(demo.contains("`muster demo`"), "{demo}");
    let man = m.usage_error(&["man", "--json"]);
    assert!(
        man.contains("does not print json") && man.contains("only table"),
        "{man}"
    );
    assert_eq!(
        fs::read(&m.db).unwrap(),
        before,
        "a refused format changed the file"
    );
    // What each honours still works.
    m.ok(&["log", "--format", "md"]);
    m.ok(&["roster", "--format", "html"]);
    m.json(&["xp", "Wong", "1", "--why", "a test"]);
}

#[test]
fn db_and_campaign_flags_a_command_does_not_read_are_refused_but_not_the_environment() {
    let m = Muster::lodestar();
    let other = m.path("other.db");
    let demo = m.usage_error(&["demo", "--db", other.to_str().unwrap()]);
    assert!(demo.contains("--db does nothing"), "{demo}");
    assert!(!other.exists());
    let import = m.usage_error(&["import", "x.jsonl", "--campaign", "X"]);
    assert!(import.contains("--campaign does nothing"), "{import}");
    let created = m.usage_error(&["campaign", "new", "Y", "--game", "wwii", "--campaign", "X"]);
    assert!(created.contains("`muster campaign new`"), "{created}");
    // MUSTER_DB and MUSTER_CAMPAIGN are the player's defaults: the demo runs with them set.
    let ran = Runner::on(&m.db)
        .env("MUSTER_CAMPAIGN", "Operation Lodestar")
        .args(["demo", "--json"])
        .run();
    assert_eq!(ran.code(), 0, "{}", ran.describe());
}
