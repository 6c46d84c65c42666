//! `void`, `verify` (and tampering with the file), `export`/`import` and `demo`.

use serde_json::Value;

use crate::support::{LODESTAR, Muster, NOW, first_version, kinds, num, run_with};

/// Lodestar with three more commands, and the version each was written at.
struct Mistakes {
    m: Muster,
    /// Wong suffers a Wound (the mistake).
    wound: u64,
    /// Price is Downed (he has no stickers).
    down: u64,
    /// Reyes gains 2 XP: the head.
    xp: u64,
}

fn with_mistake() -> Mistakes {
    let m = Muster::lodestar();
    let wound = first_version(&m.json(&["wound", "Wong"]));
    let down = m.json(&["down", "Price"]);
    assert_eq!(kinds(&down), ["downed"]);
    let xp = first_version(&m.json(&["xp", "Reyes", "+2", "--why", "Skill card"]));
    Mistakes {
        m,
        wound,
        down: first_version(&down),
        xp,
    }
}

#[test]
fn void_removes_the_effect_and_marks_the_log() {
    let Mistakes { m, wound, down, xp } = with_mistake();
    assert_eq!(num(&m.soldier("Wong"), "wounds"), 1);
    let written = m.json(&["void", &wound.to_string(), "--why", "The Wound was Price's"]);
    assert_eq!(kinds(&written), ["command_voided"]);
    let void = first_version(&written);
    assert_eq!(void, xp + 1);
    assert_eq!(num(&m.soldier("Wong"), "wounds"), 0);
    let entries = m.json_lines(&["log"]);
    let voided: Vec<u64> = entries
        .iter()
        .filter(|e| e["voided"] == true)
        .map(|e| num(e, "version"))
        .collect();
    assert_eq!(voided, [wound]);
    let last = entries.last().expect("the log has entries");
    assert_eq!(
        (num(last, "version"), &last["kind"]),
        (void, &"command_voided".into())
    );
    let shown = m.json(&["show", &wound.to_string()]);
    assert_eq!(shown["voided"], true);
    assert_eq!(num(&shown["voided_by"], "version"), void);
    assert_eq!(shown["voided_by"]["why"], "The Wound was Price's");
    let before = m.json(&["roster", "--as-of", &xp.to_string()]);
    assert_eq!(before["soldiers"][0]["name"], "Wong");
    assert_eq!(
        num(&before["soldiers"][0], "wounds"),
        1,
        "history keeps the Wound"
    );
    m.ok(&["verify"]);

    m.ok(&["void", &down.to_string(), "--why", "He made his roll"]);
    assert_eq!(m.soldier("Price")["status"], "active");
}

#[test]
fn void_refusals() {
    let Mistakes { m, wound, xp, .. } = with_mistake();
    let void = first_version(&m.json(&["void", &wound.to_string(), "--why", "mistake"]));
    m.refused(
        &["void", &wound.to_string(), "--why", "again"],
        &format!("already voided by version {void}"),
    );
    m.refused(&["void", &void.to_string(), "--why", "undo"], "is itself a void");
    m.refused(&["void", "42", "--why", "x"], "version 42 does not exist");
    m.refused(&["void", "1", "--why", "x"], "cannot be voided");
    let reyes = m.enlisted("Reyes").to_string();
    m.refused(
        &["void", &reyes, "--why", "x"],
        &format!("later events depend on version {reyes}"),
    );
    m.refused(
        &["void", &xp.to_string(), "--why", " "],
        "the reason (--why) is empty",
    );
    m.refused(
        &["void", "-1", "--why", "x"],
        "VERSION: '-1' is not accepted: it is not a version",
    );
    m.usage_error(&["void", &xp.to_string()]);
}

/// `campaign new` writes the campaign and its seed commitment as one command: voiding
/// version 2 (the commitment) would void the campaign's creation with it, so it is refused
/// like version 1.
#[test]
fn voiding_the_seed_commitment_written_with_the_creation_is_refused() {
    let m = Muster::lodestar();
    assert_eq!(m.json(&["show", "2"])["kind"], "seed_committed");
    m.refused(&["void", "2", "--why", "x"], "cannot be voided");
    assert_eq!(m.roster()["campaign"], LODESTAR);
}

#[test]
fn verify_passes_a_good_log() {
    let Mistakes { m, xp, .. } = with_mistake();
    let text = m.ok(&["verify"]);
    assert!(
        text.starts_with(&format!("campaign '{LODESTAR}': {xp} events")),
        "{text}"
    );
    let report = m.json(&["verify"]);
    assert_eq!(report["ok"], true);
    assert_eq!(report["findings"], serde_json::json!([]));
    assert_eq!(num(&report, "head_version"), xp);
    assert_eq!(report["head_hash"], m.head().as_str());
}

#[test]
fn the_events_table_refuses_update_and_delete() {
    let Mistakes { m, xp, .. } = with_mistake();
    let db = rusqlite::Connection::open(&m.db).expect("the database opens");
    let update = db.execute(
        "UPDATE events SET payload = '{}' WHERE version = ?1",
        [m.enlisted("Gizmo")],
    );
    assert!(
        update
            .expect_err("UPDATE refused")
            .to_string()
            .contains("append-only")
    );
    let delete = db.execute("DELETE FROM events WHERE version = ?1", [xp]);
    assert!(
        delete
            .expect_err("DELETE refused")
            .to_string()
            .contains("append-only")
    );
    drop(db);
    assert_eq!(m.json(&["verify"])["ok"], true);
    assert_eq!(m.head_version(), xp);
}

#[test]
fn verify_finds_an_edited_payload() {
    let Mistakes { m, .. } = with_mistake();
    let head = m.head();
    let gizmo = m.enlisted("Gizmo");
    let db = rusqlite::Connection::open(&m.db).expect("the database opens");
    db.execute_batch("DROP TRIGGER events_refuse_update")
        .expect("trigger dropped");
    let edited = db
        .execute(
            "UPDATE events SET payload = replace(payload, '\"rp\":4', '\"rp\":9') WHERE version = ?1",
            [gizmo],
        )
        .expect("payload edited");
    assert_eq!(edited, 1);
    drop(db);

    let (code, _, stderr) = m.run(&["verify"]);
    assert_eq!(code, 3, "verify exits 3 on an altered log: {stderr}");
    // Its hint leads on from the findings just listed, rather than to verify again.
    let hint = stderr.lines().find(|l| l.starts_with("hint:")).expect("a hint");
    assert!(!hint.contains("muster verify"), "{hint}");
    assert!(hint.contains("muster show VERSION"), "{hint}");
    assert!(
        hint.contains("`hash`") && hint.contains("the file was changed outside muster"),
        "{hint}"
    );
    let (code, stdout, _) = m.run(&["--json", "verify"]);
    assert_eq!(code, 3);
    let report: Value = serde_json::from_str(&stdout).expect("verify --json prints its report");
    assert_eq!(report["ok"], false);
    let findings = report["findings"].as_array().expect("findings");
    assert!(
        findings.iter().any(|f| f["version"] == gizmo),
        "no finding for v{gizmo}: {report}"
    );
    assert_eq!(
        report["head_hash"],
        head.as_str(),
        "the stored head itself was not touched"
    );
}

#[test]
fn a_log_that_no_longer_folds_is_refused_naming_verify_once() {
    let m = Muster::lodestar();
    let gizmo = m.enlisted("Gizmo");
    let db = rusqlite::Connection::open(&m.db).expect("the database opens");
    db.execute_batch("DROP TRIGGER events_refuse_update")
        .expect("trigger dropped");
    db.execute("UPDATE events SET payload = '{}' WHERE version = ?1", [gizmo])
        .expect("payload emptied");
    drop(db);
    let (code, stdout, stderr) = m.run(&["roster"]);
    assert_eq!(code, 4, "a damaged log is a storage failure: {stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("damaged"), "{stderr}");
    assert_eq!(
        stderr.matches("muster verify").count(),
        1,
        "the way on is said once: {stderr}"
    );
}

#[test]
fn export_then_import_gives_the_same_roster() {
    let Mistakes { m, wound, .. } = with_mistake();
    m.ok(&["void", &wound.to_string(), "--why", "mistake"]);
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
    let last = m.json(&["medal", "award", "Wong", "Silver Star", "--rp", "3", "--why", "x"]);
    let events = usize::try_from(first_version(&last)).expect("a small version");
    let exported = m.ok(&["export"]);
    // One line per event, then the trailer.
    assert_eq!(exported.lines().count(), events + 1);
    let (trailer, lines) = exported
        .lines()
        .collect::<Vec<_>>()
        .split_last()
        .map(|(t, l)| (*t, l.to_vec()))
        .expect("lines");
    for line in lines {
        let event: Value = serde_json::from_str(line).expect("each exported line is JSON");
        assert_eq!(event["campaign"], LODESTAR);
    }
    let trailer: Value = serde_json::from_str(trailer).expect("the trailer is JSON");
    assert_eq!(trailer["trailer"]["campaign"], LODESTAR);
    assert_eq!(trailer["trailer"]["events"], events);
    assert_eq!(trailer["trailer"]["head"], m.roster()["head"]);
    let file = m.path("lodestar.jsonl");
    std::fs::write(&file, &exported).expect("export written");
    let file = file.to_str().expect("path");

    let fresh = m.path("fresh.db");
    let (code, stdout, stderr) = run_with(&fresh, NOW, &["import", file]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains(&format!("{events} events imported")), "{stdout}");
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
    assert_eq!(log.lines().count(), events);
}

#[test]
fn import_refuses_a_bad_file() {
    let Mistakes { m, .. } = with_mistake();
    let junk = m.path("junk.jsonl");
    std::fs::write(&junk, "not json\n").expect("written");
    m.refused(
        &["import", junk.to_str().expect("path")],
        "line 1 is not an exported event",
    );

    let mut lines: Vec<String> = m.ok(&["export"]).lines().map(str::to_owned).collect();
    let gizmo = usize::try_from(m.enlisted("Gizmo") - 1).expect("a small version");
    let edited_line = lines[gizmo].replace("\"rp\":4", "\"rp\":9");
    assert_ne!(edited_line, lines[gizmo], "Gizmo's 4 RP was edited");
    lines[gizmo] = edited_line;
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
fn verify_of_the_demo_campaign_decides_every_command_again() {
    let m = Muster::new();
    let demo = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/campaigns/demo.jsonl");
    m.ok(&["import", demo]);
    let report = m.json(&["verify"]);
    assert_eq!(report["ok"], true, "{report}");
    let (commands, voids, voided) = (
        num(&report, "commands"),
        num(&report, "voids"),
        num(&report, "voided"),
    );
    assert_eq!((commands, voids, voided), (56, 1, 1), "{report}");
    assert_eq!(num(&report, "decided_again"), commands - voided, "{report}");
    let text = m.ok(&["verify"]);
    assert!(
        text.contains("every command decided again under the rules in force at its place: 55 of 55 (the 1 void on the log it was decided on); the 1 command voided left out"),
        "{text}"
    );
}

#[test]
fn import_of_an_older_export_adds_nothing_and_a_diverged_copy_is_refused() {
    let Mistakes { m, xp, .. } = with_mistake();
    let older = m.path("older.jsonl");
    std::fs::write(&older, m.ok(&["export"])).expect("written");
    let older = older.to_str().expect("path");
    let granted = m.json(&["rp", "grant", "3", "--why", "x"]);
    assert_eq!(first_version(&granted), xp + 1);
    let stdout = m.ok(&["import", older]);
    assert!(stdout.contains("0 events imported"), "{stdout}");
    assert_eq!(m.roster()["head"], granted["head"]);

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
        &format!("diverge after version {xp}"),
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
    let shown = &demo["show"];
    assert!(
        shown["roll"].is_object(),
        "the demo audits its disputed roll: {shown}"
    );
    assert!(
        !shown["roll"]["faces"].as_array().expect("faces").is_empty(),
        "{shown}"
    );
    assert_eq!(
        shown["recomputed"]["agrees"], true,
        "the recorded outcome is the recomputed one"
    );
    assert_eq!(shown["roll"]["success"], shown["recomputed"]["success"]);
    assert!(!m.db.exists(), "demo --json created {}", m.db.display());
}

#[test]
fn verify_all_checks_every_campaign_a_line_each_and_exits_with_the_worst() {
    let Mistakes { m, .. } = with_mistake();
    m.ok(&["campaign", "new", "Side", "--game", "wwii"]);
    m.ok(&[
        "--campaign",
        "Side",
        "enlist",
        "Baker",
        "--kind",
        "player",
        "--rp",
        "4",
    ]);
    let (code, stdout, stderr) = m.run(&["verify", "--all"]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines.iter().any(|l| l.starts_with("Side: ok, ")), "{stdout}");
    let (code, stdout, _) = m.run(&["--json", "verify", "--all"]);
    assert_eq!(code, 0);
    let reports: Value = serde_json::from_str(&stdout).expect("an array of reports");
    let reports = reports.as_array().expect("an array");
    assert_eq!(reports.len(), 2);
    assert!(
        reports
            .iter()
            .all(|r| r["ok"] == true && r["events"].as_u64() > Some(0))
    );

    // One campaign altered: its line says so, the other stays ok, and the exit is 3.
    let gizmo = m.enlisted("Gizmo");
    let db = rusqlite::Connection::open(&m.db).expect("the database opens");
    db.execute_batch("DROP TRIGGER events_refuse_update")
        .expect("trigger dropped");
    db.execute(
        "UPDATE events SET payload = replace(payload, '\"rp\":4', '\"rp\":9') WHERE version = ?1 AND campaign <> 'Side'",
        [gizmo],
    )
    .expect("payload edited");
    drop(db);
    let (code, stdout, stderr) = m.run(&["verify", "--all"]);
    assert_eq!(code, 3, "{stderr}");
    assert!(stdout.lines().any(|l| l.starts_with("Side: ok, ")), "{stdout}");
    assert!(stdout.lines().any(|l| l.contains("problem")), "{stdout}");
    assert!(stderr.contains("1 of 2 campaigns"), "{stderr}");
    // --all with a noted head (one campaign's) is a usage error.
    m.usage_error(&["verify", "--all", "--head", "v1:0123456789abcdef0123"]);
}
