//! A log changed outside muster: `verify`'s hint says how to restore it, and doing what it
//! says gives back the log as it was exported; a file that is no database is named as likelier
//! a wrong path.

use serde_json::Value;

use crate::support::Muster;

#[test]
fn the_hint_for_an_edited_row_restores_the_log_into_a_new_file_and_that_file_verifies() {
    let m = Muster::lodestar();
    let export = m.path("lodestar.jsonl");
    let export = export.to_str().expect("a UTF-8 path");
    m.ok(&["export", "--output", export]);
    let roster = m.roster();
    let gizmo = m.enlisted("Gizmo");
    let db = rusqlite::Connection::open(&m.db).expect("the database opens");
    db.execute_batch("DROP TRIGGER events_refuse_update")
        .expect("trigger dropped");
    let sql = "UPDATE events SET payload = replace(payload, '\"rp\":4', '\"rp\":9') WHERE version = ?1";
    assert_eq!(db.execute(sql, [gizmo]).expect("payload edited"), 1);
    drop(db);

    let (code, _, stderr) = m.run(&["verify"]);
    assert_eq!(code, 3, "{stderr}");
    let hint = stderr.lines().find(|l| l.starts_with("hint:")).expect("a hint");
    assert!(hint.contains("`muster --db NEW.db import FILE`"), "{hint}");
    assert!(!hint.contains("restores the log"), "{hint}");

    // What the hint says works: the older export, in a new file, is the log as it was.
    let new = m.path("restored.db");
    let new = new.to_str().expect("a UTF-8 path");
    m.ok(&["--db", new, "import", export]);
    let report: Value = m.json(&["--db", new, "verify"]);
    assert_eq!(report["ok"], true, "{report}");
    let restored = m.json(&["--db", new, "roster"]);
    assert_eq!(restored["soldiers"], roster["soldiers"]);
    assert_eq!(restored["head"], roster["head"]);
}

#[test]
fn verify_of_a_file_that_is_no_database_says_to_check_the_path_first() {
    let m = Muster::new();
    let notes = m.path("notes.txt");
    std::fs::write(&notes, "Shopping list\n- coffee\n").expect("a text file");
    let notes = notes.to_str().expect("a UTF-8 path");
    let (code, _, stderr) = m.run(&["--db", notes, "verify"]);
    assert_eq!(code, 4, "{stderr}");
    assert!(stderr.contains("not a database"), "{stderr}");
    assert!(
        stderr.contains("check the path") || stderr.contains("Check the path"),
        "{stderr}"
    );
    assert!(
        stderr.contains("--db") && stderr.contains("MUSTER_DB"),
        "{stderr}"
    );
    // verify is the command that failed: it is not sent to itself.
    assert!(!stderr.contains("run `muster verify`"), "{stderr}");
    assert!(!stderr.contains("the log is damaged"), "{stderr}");
    let text = std::fs::read_to_string(notes).expect("the file reads");
    assert_eq!(text, "Shopping list\n- coffee\n", "nothing in it was changed");
}
