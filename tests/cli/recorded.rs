//! The command on the log: who recorded each command (`--as NAME`), the command its first
//! row carries, and `verify` deciding it again from it.

use std::path::Path;

use muster::store::Store;
use serde_json::Value;

use super::support::*;

/// A campaign with Wong enlisted by Sam and Reyes by the command line's default name.
fn recorded() -> (Muster, u64, u64) {
    let m = Muster::new();
    m.ok(&["campaign", "new", "Lodestar", "--game", "modern"]);
    let wong = first_version(&m.json(&[
        "enlist",
        "Wong",
        "--kind",
        "player",
        "--rp",
        "3",
        "--ability",
        "handler=7",
        "--as",
        "Sam",
    ]));
    let reyes = first_version(&m.json(&["enlist", "Reyes", "--kind", "player", "--rp", "6"]));
    (m, wong, reyes)
}

fn entry(log: &[Value], version: u64) -> &Value {
    log.iter()
        .find(|e| e["version"].as_u64() == Some(version))
        .unwrap_or_else(|| panic!("no v{version} in the log"))
}

#[test]
fn log_and_show_name_who_recorded_each_command() {
    let (m, wong, reyes) = recorded();
    let log = m.json_lines(&["log"]);
    assert_eq!(entry(&log, wong)["recorded_by"], "Sam");
    assert_eq!(entry(&log, reyes)["recorded_by"], "command line");
    // Every event of a command names its recorder: the campaign's creation wrote two.
    assert_eq!(entry(&log, 1)["recorded_by"], "command line");
    assert_eq!(entry(&log, 2)["recorded_by"], "command line");
    // Read newest first, the command's first row is read last: the name is the same.
    let reversed = m.json_lines(&["log", "--reverse", "-n", "3"]);
    assert_eq!(entry(&reversed, wong)["recorded_by"], "Sam");
    let shown = m.show(wong);
    assert_eq!(shown["recorded_by"], "Sam");
    let command = &shown["recorded_command"];
    assert_eq!(command["command_schema"], 1);
    assert_eq!(command["recorded_by"], "Sam");
    assert_eq!(command["command"]["enlist"]["name"], "Wong");
    assert_eq!(command["command"]["enlist"]["rp"], 3);
    assert!(m.ok(&["show", &wong.to_string()]).contains("recorded by  Sam"));
    assert!(m.ok(&["log"]).contains("Wong enlisted (player, 3 RP) (by Sam)"));
}

#[test]
fn verify_decides_every_command_again_from_the_command_it_carries() {
    let (m, _, _) = recorded();
    m.ok(&["mission", "start", "Patrol"]);
    m.ok(&["check", "Wong", "handler", "--die", "4"]);
    m.ok(&["check", "Wong", "handler"]);
    let report = m.json(&["verify"]);
    assert_eq!(report["ok"], true, "{report}");
    let commands = report["commands"].as_u64().unwrap();
    assert_eq!(commands, 6, "{report}");
    assert_eq!(report["decided_again"], commands, "{report}");
    assert_eq!(report["decided_from_command"], commands, "{report}");
}

/// Rewrites the stored command of `version` with `edit`, straight in the file (its triggers
/// dropped), and, when `rechain`, every hash from it on, so that only the command is wrong.
fn edit_command(db: &Path, version: u64, rechain: bool, edit: impl Fn(&mut Value)) {
    let store = Store::open(db).expect("the database opens");
    let conn = store.connection();
    conn.execute_batch("DROP TRIGGER events_refuse_update")
        .expect("dropped");
    let rows = store.rows_between("Lodestar", 0, None).expect("rows");
    let row = rows.iter().find(|r| r.version == version).expect("the row");
    let mut command: Value = serde_json::from_str(row.command.as_deref().expect("a command")).unwrap();
    edit(&mut command);
    conn.execute(
        "UPDATE events SET command = ?1 WHERE campaign = 'Lodestar' AND version = ?2",
        rusqlite::params![command.to_string(), version],
    )
    .expect("updated");
    if rechain {
        crate::common::chain::rechain(db, "Lodestar");
    }
}

fn findings(m: &Muster) -> Vec<(u64, String)> {
    let (code, stdout, stderr) = m.run(&["--json", "verify"]);
    assert_eq!(code, 3, "verify finds the edit: {stdout}{stderr}");
    let report: Value = serde_json::from_str(&stdout).expect("a report");
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["version"].as_u64().unwrap_or(0),
                f["check"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn a_stored_command_edited_and_rechained_is_found_deciding_it_again() {
    let (m, wong, _) = recorded();
    edit_command(&m.db, wong, true, |c| c["command"]["enlist"]["rp"] = 4.into());
    assert_eq!(findings(&m), vec![(wong, "decide".to_owned())]);
}

#[test]
fn a_stored_command_edited_without_its_hash_is_found_by_the_chain() {
    let (m, _, reyes) = recorded();
    edit_command(&m.db, reyes, false, |c| c["recorded_by"] = "Sam".into());
    assert_eq!(findings(&m), vec![(reyes, "hash".to_owned())]);
}

#[test]
fn an_export_carries_the_commands_and_an_import_keeps_them() {
    let (m, wong, _) = recorded();
    let export = m.ok(&["export"]);
    let lines: Vec<Value> = export
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let first = lines
        .iter()
        .find(|l| l["version"].as_u64() == Some(wong))
        .expect("Wong's line");
    assert_eq!(first["command"]["recorded_by"], "Sam");
    // A command's other rows carry none: the campaign's creation wrote two events.
    let second = lines.iter().find(|l| l["version"] == 2).expect("v2");
    assert!(second.get("command").is_none(), "{second}");
    let path = m.path("lodestar.jsonl");
    std::fs::write(&path, &export).expect("written");
    let copy = Muster::new();
    copy.ok(&["import", path.to_str().unwrap()]);
    assert_eq!(
        copy.ok(&["export"]),
        export,
        "the import keeps every row as it was"
    );
    assert_eq!(entry(&copy.json_lines(&["log"]), wong)["recorded_by"], "Sam");
    let report = copy.json(&["verify"]);
    assert_eq!(report["decided_from_command"], report["commands"], "{report}");
}

#[test]
fn an_import_of_an_edited_and_rechained_command_is_refused() {
    let (m, wong, _) = recorded();
    edit_command(&m.db, wong, true, |c| c["command"]["enlist"]["rp"] = 4.into());
    let path = m.path("edited.jsonl");
    // The export reads the file as it is (verify is not asked first).
    std::fs::write(&path, m.ok(&["export"])).expect("written");
    let copy = Muster::new();
    let (code, stdout, stderr) = copy.run(&["import", path.to_str().unwrap()]);
    assert_ne!(code, 0, "{stdout}{stderr}");
    assert!(
        stderr.contains(&format!("v{wong}")) || stderr.contains(&format!("version {wong}")),
        "{stderr}"
    );
    assert!(copy.run(&["log"]).0 != 0 || copy.json_lines(&["log"]).is_empty());
}

#[test]
fn an_empty_or_unprintable_name_to_record_by_is_refused_and_nothing_is_written() {
    let (m, _, _) = recorded();
    let head = m.head();
    for name in ["", "  ", "Sam\u{7}", "\u{2066}Sam"] {
        m.refused(&["xp", "Wong", "+1", "--why", "x", "--as", name], "--as");
    }
    assert_eq!(m.head(), head, "nothing was written");
    m.ok(&["xp", "Wong", "+1", "--why", "x", "--as", " Sam "]);
    let log = m.json_lines(&["log", "--reverse", "-n", "1"]);
    assert_eq!(log[0]["recorded_by"], "Sam", "spaces around the name are dropped");
}

#[test]
fn an_amendment_is_decided_again_from_its_command_and_a_void_is_recorded_by_its_name() {
    let (m, _, _) = recorded();
    m.ok(&["mission", "start", "Patrol"]);
    let rolled = first_version(&m.json(&["check", "Wong", "handler", "--die", "5"]));
    let amended = first_version(&m.json(&[
        "amend",
        &rolled.to_string(),
        "--why",
        "the card's modifier",
        "--as",
        "Sam",
        "--",
        "check",
        "Wong",
        "handler",
        "--mod",
        "+2:card",
    ]));
    let wounded = first_version(&m.json(&["wound", "Reyes", "1"]));
    let voided = first_version(&m.json(&["void", &wounded.to_string(), "--why", "not Reyes", "--as", "Ann"]));
    let log = m.json_lines(&["log"]);
    assert_eq!(entry(&log, amended)["recorded_by"], "Sam");
    assert_eq!(entry(&log, voided)["recorded_by"], "Ann");
    let shown = m.show(amended);
    assert_eq!(shown["recorded_command"]["command"]["amend"]["version"], rolled);
    let report = m.json(&["verify"]);
    assert_eq!(report["ok"], true, "{report}");
    // Every command, the void on its ground, but the two voided ones, the corrected check and
    // the Wound, which stand for nothing.
    assert_eq!(
        report["decided_from_command"].as_u64().unwrap(),
        report["commands"].as_u64().unwrap() - 2,
        "{report}"
    );

    // The amendment's stored correction edited, its chain made again: found.
    edit_command(&m.db, amended, true, |c| {
        c["command"]["amend"]["command"]["check"]["modifiers"][0]["value"] = 3.into();
    });
    assert_eq!(findings(&m), vec![(amended, "decide".to_owned())]);
}

#[test]
fn a_void_is_decided_again_from_its_command_and_one_edited_and_rechained_is_found() {
    // Given Reyes wounded, then healed, and the Wound voided with the Heal resting on it
    let (m, _, _) = recorded();
    let wounded = first_version(&m.json(&["wound", "Reyes", "1"]));
    m.ok(&["heal", "Reyes", "1"]);
    let voided = first_version(&m.json(&["void", &wounded.to_string(), "--why", "not Reyes", "--cascade"]));
    // When verified, then the void is decided again from its command, and agrees
    let report = m.json(&["verify"]);
    assert_eq!(report["ok"], true, "{report}");
    let count = |field: &str| report[field].as_u64().unwrap();
    assert_eq!((count("voids"), count("voided")), (1, 2), "{report}");
    assert_eq!(count("decided_again"), count("commands") - 2, "{report}");
    assert_eq!(count("decided_from_command"), count("decided_again"), "{report}");
    assert!(
        m.ok(&["verify"])
            .contains("the 1 void on the log it was decided on"),
        "{report}"
    );

    // Its stored command without --cascade, its chain made again: decided again, the rules
    // refuse it (the Heal rests on the Wound), and an import of it is refused too.
    edit_command(&m.db, voided, true, |c| {
        c["command"]["void"]["cascade"] = false.into()
    });
    assert_eq!(findings(&m), vec![(voided, "decide".to_owned())]);
    let path = m.path("edited.jsonl");
    std::fs::write(&path, m.ok(&["export"])).expect("written");
    let copy = Muster::new();
    let (code, stdout, stderr) = copy.run(&["import", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stderr.contains(&format!("version {voided}")), "{stderr}");
}
