//! A log changed outside muster: `verify`'s hint says how to restore it, and doing what it
//! says gives back the log as it was exported.

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
