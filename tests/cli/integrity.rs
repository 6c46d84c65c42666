//! `void`, `verify` (and tampering with the file), `export`/`import` and `demo`.

use serde_json::Value;

use crate::support::{LODESTAR, Muster, NOW, num, run_with};

/// Lodestar with v6 Wong Wound, v7 Price Down (no stickers), v8 Reyes XP +2.
fn with_mistake() -> Muster {
    let m = Muster::lodestar();
    m.ok(&["wound", "Wong"]);
    m.ok(&["down", "Price"]);
    m.ok(&["xp", "Reyes", "+2", "--why", "Skill card"]);
    m
}

#[test]
fn void_removes_the_effect_and_marks_the_log() {
    let m = with_mistake();
    assert_eq!(num(&m.soldier("Wong"), "wounds"), 1);
    let written = m.json(&["void", "6", "--why", "The Wound was Price's"]);
    assert_eq!(written["written"][0]["kind"], "command_voided");
    assert_eq!(num(&written["head"], "version"), 9);
    assert_eq!(num(&m.soldier("Wong"), "wounds"), 0);
    let entries = m.json_lines(&["log"]);
    let voided: Vec<u64> = entries
        .iter()
        .filter(|e| e["voided"] == true)
        .map(|e| num(e, "version"))
        .collect();
    assert_eq!(voided, [6]);
    assert_eq!(entries[8]["kind"], "command_voided");
    let shown = m.json(&["show", "6"]);
    assert_eq!(shown["voided"], true);
    assert_eq!(num(&shown["voided_by"], "version"), 9);
    assert_eq!(shown["voided_by"]["why"], "The Wound was Price's");
    assert_eq!(
        num(&m.json(&["roster", "--as-of", "8"])["soldiers"][0], "wounds"),
        1,
        "history keeps the Wound"
    );
    m.ok(&["verify"]);

    m.ok(&["void", "7", "--why", "He made his roll"]);
    assert_eq!(m.soldier("Price")["status"], "active");
}

#[test]
fn void_refusals() {
    let m = with_mistake();
    m.ok(&["void", "6", "--why", "mistake"]);
    m.refused(&["void", "6", "--why", "again"], "already voided by version 9");
    m.refused(&["void", "9", "--why", "undo"], "is itself a void");
    m.refused(&["void", "42", "--why", "x"], "version 42 does not exist");
    m.refused(&["void", "1", "--why", "x"], "cannot be voided");
    m.refused(&["void", "4", "--why", "x"], "later events depend on version 4");
    m.refused(&["void", "8", "--why", " "], "the reason (--why) is empty");
    m.refused(&["void", "-1", "--why", "x"], "VERSION must be 1 or more");
    m.usage_error(&["void", "8"]);
}

#[test]
fn verify_passes_a_good_log() {
    let m = with_mistake();
    let text = m.ok(&["verify"]);
    assert!(
        text.starts_with(&format!("campaign '{LODESTAR}': 8 events")),
        "{text}"
    );
    let report = m.json(&["verify"]);
    assert_eq!(report["ok"], true);
    assert_eq!(report["findings"], serde_json::json!([]));
    assert_eq!(num(&report, "head_version"), 8);
    assert_eq!(report["head_hash"], m.head().as_str());
}

#[test]
fn the_events_table_refuses_update_and_delete() {
    let m = with_mistake();
    let db = rusqlite::Connection::open(&m.db).expect("the database opens");
    let update = db.execute("UPDATE events SET payload = '{}' WHERE version = 3", []);
    assert!(
        update
            .expect_err("UPDATE refused")
            .to_string()
            .contains("append-only")
    );
    let delete = db.execute("DELETE FROM events WHERE version = 8", []);
    assert!(
        delete
            .expect_err("DELETE refused")
            .to_string()
            .contains("append-only")
    );
    drop(db);
    assert_eq!(m.json(&["verify"])["ok"], true);
    assert_eq!(num(&m.roster()["head"], "version"), 8);
}

#[test]
fn verify_finds_an_edited_payload() {
    let m = with_mistake();
    let head = m.head();
    let db = rusqlite::Connection::open(&m.db).expect("the database opens");
    db.execute_batch("DROP TRIGGER events_refuse_update")
        .expect("trigger dropped");
    let edited = db
        .execute(
            "UPDATE events SET payload = replace(payload, '\"rp\":4', '\"rp\":9') WHERE version = 3",
            [],
        )
        .expect("payload edited");
    assert_eq!(edited, 1);
    drop(db);

    let (code, _, stderr) = m.run(&["verify"]);
    assert_eq!(code, 3, "verify exits 3 on an altered log: {stderr}");
    let (code, stdout, _) = m.run(&["--json", "verify"]);
    assert_eq!(code, 3);
    let report: Value = serde_json::from_str(&stdout).expect("verify --json prints its report");
    assert_eq!(report["ok"], false);
    let findings = report["findings"].as_array().expect("findings");
    assert!(
        findings.iter().any(|f| f["version"] == 3),
        "no finding for v3: {report}"
    );
    assert_eq!(
        report["head_hash"],
        head.as_str(),
        "the stored head itself was not touched"
    );
}

#[test]
fn export_then_import_gives_the_same_roster() {
    let m = with_mistake();
    m.ok(&["void", "6", "--why", "mistake"]);
    m.ok(&[
        "mission",
        "start",
        "Hill",
        "--with",
        "Wong",
        "--with",
        "Gizmo",
        "--k9-objective",
        "Find the cache",
    ]);
    m.ok(&["medal", "award", "Wong", "Silver Star", "--rp", "3", "--why", "x"]);
    let exported = m.ok(&["export"]);
    assert_eq!(exported.lines().count(), 11);
    for line in exported.lines() {
        let event: Value = serde_json::from_str(line).expect("each exported line is JSON");
        assert_eq!(event["campaign"], LODESTAR);
    }
    let file = m.path("lodestar.jsonl");
    std::fs::write(&file, &exported).expect("export written");
    let file = file.to_str().expect("path");

    let fresh = m.path("fresh.db");
    let (code, stdout, stderr) = run_with(&fresh, NOW, &["import", file]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("11 events imported"), "{stdout}");
    let roster_in = |db| {
        let (code, stdout, stderr) = run_with(db, NOW, &["--json", "roster"]);
        assert_eq!(code, 0, "{stderr}");
        serde_json::from_str::<Value>(&stdout).expect("roster JSON")
    };
    let (original, copy) = (m.roster(), roster_in(&fresh));
    assert_eq!(copy["soldiers"], original["soldiers"]);
    assert_eq!(copy["squad"], original["squad"]);
    assert_eq!(copy["head"], original["head"]);
    assert_eq!(copy, original);

    let (code, stdout, stderr) = run_with(&fresh, NOW, &["import", file]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("0 events imported"), "{stdout}");
    assert_eq!(roster_in(&fresh), original, "importing twice adds nothing");
    let (_, log, _) = run_with(&fresh, NOW, &["--json", "log"]);
    assert_eq!(log.lines().count(), 11);
}

#[test]
fn import_refuses_a_bad_file() {
    let m = with_mistake();
    let junk = m.path("junk.jsonl");
    std::fs::write(&junk, "not json\n").expect("written");
    m.refused(
        &["import", junk.to_str().expect("path")],
        "line 1 is not an exported event",
    );

    let mut lines: Vec<String> = m.ok(&["export"]).lines().map(str::to_owned).collect();
    lines[2] = lines[2].replace("\"rp\":4", "\"rp\":9");
    let edited = m.path("edited.jsonl");
    std::fs::write(&edited, lines.join("\n")).expect("written");
    let fresh = m.path("fresh.db");
    let (code, _, stderr) = run_with(&fresh, NOW, &["import", edited.to_str().expect("path")]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("does not verify"), "{stderr}");
    let (_, listed, _) = run_with(&fresh, NOW, &["--json", "campaign", "list"]);
    assert_eq!(listed.trim(), "[]", "nothing was imported");
}

#[test]
fn import_of_an_older_export_adds_nothing_and_a_diverged_copy_is_refused() {
    let m = with_mistake();
    let older = m.path("older.jsonl");
    std::fs::write(&older, m.ok(&["export"])).expect("written");
    let older = older.to_str().expect("path");
    m.ok(&["rp", "grant", "3", "--why", "x"]);
    let head = m.head();
    let stdout = m.ok(&["import", older]);
    assert!(stdout.contains("0 events imported"), "{stdout}");
    assert_eq!(m.head(), head);
    assert_eq!(num(&m.roster()["head"], "version"), 9);

    let fresh = m.path("fresh.db");
    assert_eq!(run_with(&fresh, NOW, &["import", older]).0, 0);
    assert_eq!(
        run_with(&fresh, NOW, &["rp", "grant", "5", "--why", "other copy"]).0,
        0
    );
    let other = m.path("other.jsonl");
    std::fs::write(&other, run_with(&fresh, NOW, &["export"]).1).expect("written");
    m.refused(
        &["import", other.to_str().expect("path")],
        "diverge after version 8",
    );
}

#[test]
fn demo_prints_a_roster_and_leaves_the_database_alone() {
    let m = Muster::new();
    let text = m.ok(&["demo"]);
    assert!(
        text.contains("Operation Lodestar") && text.contains("Wong") && text.contains("Squad RP"),
        "{text}"
    );
    assert!(!m.db.exists(), "demo created {}", m.db.display());
    let demo = m.json(&["demo"]);
    assert_eq!(demo["roster"]["campaign"], "Operation Lodestar");
    assert!(num(&demo["roster"]["head"], "version") > 1);
    assert_eq!(
        demo["show"]["voided"], true,
        "the demo's disputed entry is voided"
    );
    assert!(!m.db.exists(), "demo --json created {}", m.db.display());
}
