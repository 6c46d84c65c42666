//! `muster note`: notes on the campaign, a Soldier or a Mission, shown in the log, `show`
//! and the export, and taken back by the player who wrote them.

use serde_json::Value;

use crate::support::{Muster, first_version, kinds};

fn written_note(m: &Muster, args: &[&str]) -> u64 {
    let mut all = vec!["note"];
    all.extend_from_slice(args);
    let written = m.json(&all);
    assert_eq!(kinds(&written), ["note_written"]);
    first_version(&written)
}

#[test]
fn a_note_is_on_the_mission_in_progress_and_shows_in_log_show_and_export() {
    let m = Muster::lodestar();
    let before = written_note(&m, &["The squad forms up at Bragg"]);
    m.ok(&[
        "mission",
        "start",
        "Cold Start",
        "--with",
        "Wong",
        "--with",
        "Reyes",
    ]);
    let during = written_note(&m, &["carried Price's pack", "--soldier", "reyes"]);

    let payload = |v: u64| m.show(v)["payload"].clone();
    assert_eq!(
        payload(before),
        serde_json::json!({"text": "The squad forms up at Bragg"})
    );
    assert_eq!(
        payload(during),
        serde_json::json!({"mission": 1, "soldier": "Reyes", "text": "carried Price's pack"})
    );
    let log = m.json_lines(&["log"]);
    let summary = |v: u64| {
        log.iter()
            .find(|row| row["version"] == v)
            .map(|row| row["summary"].clone())
            .unwrap_or(Value::Null)
    };
    assert_eq!(summary(during), "note on Reyes, Mission 1: carried Price's pack");
    let export = m.ok(&["export"]);
    let exported: Vec<Value> = export
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .filter(|row: &Value| row["kind"] == "note_written")
        .collect();
    assert_eq!(exported.len(), 2, "{export}");
}

#[test]
fn a_note_refused_names_what_is_accepted_and_writes_nothing() {
    let m = Muster::lodestar();
    m.refused(&["note", "x", "--mission", "1"], "no Mission is recorded yet");
    m.refused(&["note", "x", "--soldier", "Kowalski"], "Kowalski");
    m.refused(&["note", &"x".repeat(201)], "at most 200");
    m.refused(&["note", "two\nlines"], "control character");
    m.usage_error(&["note"]);
    m.usage_error(&["note", "x", "--mission", "one"]);
}

#[test]
fn the_player_who_wrote_a_note_takes_it_back_and_it_stays_in_the_log_as_voided() {
    let m = Muster::lodestar();
    let v = written_note(&m, &["--as", "Ana", "Wong fell asleep on watch"]);
    m.refused(
        &["--as", "Ben", "undo", &v.to_string(), "--why", "not true"],
        "not by Ben",
    );
    m.ok(&["--as", "Ana", "undo", &v.to_string(), "--why", "he was awake"]);
    let log = m.json_lines(&["log"]);
    let row = log.iter().find(|row| row["version"] == v);
    assert_eq!(row.map(|r| r["voided"].clone()), Some(Value::Bool(true)));
}

#[test]
fn an_export_holding_a_kind_this_muster_does_not_know_is_refused_as_made_by_a_newer_muster() {
    let m = Muster::lodestar();
    let v = written_note(&m, &["from a later muster"]);
    {
        let store = muster::store::Store::open(&m.db).unwrap();
        let conn = store.connection();
        conn.execute_batch("DROP TRIGGER events_refuse_update").unwrap();
        let renamed = conn
            .execute(
                "UPDATE events SET kind = 'story_told' WHERE version = ?1",
                rusqlite::params![v],
            )
            .unwrap();
        assert_eq!(renamed, 1);
    }
    crate::common::chain::rechain(&m.db, crate::support::LODESTAR);
    let export = m.path("later.jsonl");
    m.ok(&["export", "--output", export.to_str().unwrap()]);
    let fresh = Muster::new();
    let (code, _, stderr) = fresh.run(&["import", export.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(stderr.contains("made by a newer muster"), "{stderr}");
    let (_, listed, _) = fresh.run(&["--json", "campaign", "list"]);
    assert!(!listed.contains("Lodestar"), "nothing imported: {listed}");
}
