//! Files that are not muster's: another application's SQLite file is refused untouched, a
//! read never creates a database (or its folder), and a schema version no muster writes is
//! named as such.

use super::Db;
use rusqlite::Connection;

/// A database file written by another application, with `setup` run in it.
fn foreign(setup: &str) -> Db {
    let db = Db::new();
    let conn = Connection::open(&db.path).unwrap();
    conn.execute_batch(setup).unwrap();
    drop(conn);
    db
}

#[test]
fn another_applications_sqlite_file_is_refused_and_left_untouched() {
    for setup in [
        "CREATE TABLE notes(text); INSERT INTO notes VALUES ('keep me');",
        "CREATE TABLE events(id INTEGER PRIMARY KEY, what TEXT);",
        "PRAGMA application_id = 42; CREATE TABLE t(a);",
    ] {
        let db = foreign(setup);
        let before = std::fs::read(&db.path).unwrap();
        for args in [&["roster"][..], &["campaign", "new", "Mine", "--game", "wwii"]] {
            let run = db.run(args);
            assert_eq!(run.code(), 4, "{setup}: {args:?}\n{}", run.stderr);
            assert!(run.stderr.contains("is not a muster database"), "{}", run.stderr);
            assert_eq!(
                run.stderr.trim_end().lines().count(),
                1,
                "one line: {}",
                run.stderr
            );
        }
        assert_eq!(
            std::fs::read(&db.path).unwrap(),
            before,
            "{setup}: the file changed"
        );
        let wal = db.path.with_extension("db-wal");
        assert!(
            !wal.exists(),
            "{setup}: the file was switched to write-ahead logging"
        );
    }
}

#[test]
fn a_schema_version_no_muster_writes_is_named() {
    let db = foreign("PRAGMA user_version = -1;");
    let run = db.run(&["roster"]);
    assert_eq!(run.code(), 4, "{}", run.stderr);
    assert!(
        run.stderr.contains("-1, which no muster writes"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("newer muster"), "{}", run.stderr);
}

#[test]
fn a_read_in_a_missing_folder_creates_nothing_and_names_the_file() {
    let db = Db::new();
    let missing = db
        .path
        .parent()
        .unwrap()
        .join("not")
        .join("there")
        .join("muster.db");
    let shown = missing.display().to_string();
    let run = super::common::Runner::on(&missing).args(["roster"]).run();
    assert_eq!(run.code(), 1, "{}", run.stderr);
    assert!(run.stderr.contains(&shown), "names the file: {}", run.stderr);
    assert!(run.stderr.contains("nothing was created"), "{}", run.stderr);
    assert!(!missing.parent().unwrap().exists(), "the folder was created");
    let listed = super::common::Runner::on(&missing)
        .args(["campaign", "list"])
        .run();
    assert_eq!(listed.code(), 0, "{}", listed.stderr);
    assert!(!missing.parent().unwrap().exists(), "listing created the folder");
}

#[test]
fn the_database_itself_is_refused_as_an_export_to_import_or_a_file_to_write() {
    let db = Db::new();
    db.ok(&["campaign", "new", "Op", "--game", "modern"]);
    db.ok(&["enlist", "Wong", "--kind", "player", "--rp", "4"]);
    let before = std::fs::read(&db.path).unwrap();
    let shown = db.path.display().to_string();
    for args in [
        vec!["import", shown.as_str()],
        vec!["export", "--output", shown.as_str()],
    ] {
        let run = db.run(&args);
        assert_eq!(run.code(), 1, "{args:?}\n{}", run.stderr);
        assert!(
            run.stderr.contains("is the muster database itself"),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(
            std::fs::read(&db.path).unwrap(),
            before,
            "{args:?}: the database changed"
        );
    }
    let roster: serde_json::Value = serde_json::from_str(&db.ok(&["--json", "roster"])).unwrap();
    assert_eq!(roster["soldiers"][0]["name"], "Wong");
}
