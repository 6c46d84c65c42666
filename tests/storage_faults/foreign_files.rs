//! Files muster must not touch: a database written by a newer muster, and a file that is
//! not a muster database at all.

use super::*;

// A database written by a newer muster.

fn set_user_version(db: &Path, version: i64, journal_mode: &str) {
    let conn = Connection::open(db).expect("the database opens");
    let mode: String = conn
        .query_row(&format!("PRAGMA journal_mode = {journal_mode}"), [], |r| r.get(0))
        .expect("the journal mode is set");
    assert!(mode.eq_ignore_ascii_case(journal_mode), "journal mode {mode}");
    conn.pragma_update(None, "user_version", version)
        .expect("user_version is set");
}

fn assert_newer_refused_unchanged(fixture: &Fixture) {
    let bytes = fs::read(&fixture.db).expect("the database reads");
    for args in every_kind_of_command(fixture) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = fixture.run(&args);
        assert_storage_failure(&run, &["newer muster"]);
        assert!(
            run.stderr.contains("upgrade"),
            "the message should say to upgrade\n{}",
            run.describe()
        );
        assert_not_blamed_on_a_lock(&run);
        let now = fs::read(&fixture.db).unwrap();
        assert!(
            now == bytes,
            "muster {args:?} changed a database from a newer muster: {}",
            what_changed(&bytes, &now)
        );
        assert!(
            fixture.sidecars().is_empty(),
            "muster {args:?} left {:?} beside a database from a newer muster",
            fixture.sidecars()
        );
    }
}

/// Where two versions of a database file differ, and their journal modes (header bytes 18
/// and 19: 1 for a rollback journal, 2 for write-ahead logging).
fn what_changed(before: &[u8], after: &[u8]) -> String {
    let differ: Vec<usize> = (0..before.len().max(after.len()))
        .filter(|&i| before.get(i) != after.get(i))
        .collect();
    let mode = |bytes: &[u8]| match bytes.get(18..20) {
        Some([1, 1]) => "rollback journal",
        Some([2, 2]) => "write-ahead log",
        _ => "unknown",
    };
    format!(
        "{} bytes differ (first at offset {:?}; {} bytes before, {} after); journal mode {} before, {} after",
        differ.len(),
        differ.first(),
        before.len(),
        after.len(),
        mode(before),
        mode(after)
    )
}

#[test]
fn database_from_a_newer_muster_is_refused_and_left_byte_for_byte_unchanged() {
    let fixture = Fixture::new();
    fixture.campaign();
    set_user_version(&fixture.db, 99, "wal");
    assert_newer_refused_unchanged(&fixture);
}

/// A file from a newer muster that no longer uses write-ahead logging (or any copy of the
/// file in rollback-journal mode): muster must read the schema version and refuse before it
/// would switch the file to WAL, which rewrites its header.
#[test]
fn database_from_a_newer_muster_in_rollback_journal_mode_is_left_unchanged() {
    let fixture = Fixture::new();
    fixture.campaign();
    set_user_version(&fixture.db, 99, "delete");
    assert_newer_refused_unchanged(&fixture);
}

// A file that is not a database.

/// Bytes from a fixed xorshift generator: random-looking, the same on every run.
fn noise(len: usize) -> Vec<u8> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state.to_le_bytes()[0]
        })
        .collect()
}

#[test]
fn a_file_that_is_not_a_database_is_refused_and_left_unchanged() {
    let real = Fixture::new();
    real.campaign();
    let database = fs::read(&real.db).expect("a real database");

    let mut with_header = b"SQLite format 3\0".to_vec();
    with_header.extend(noise(5000));
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("random bytes", noise(8192)),
        (
            "a text file",
            b"Shopping list\n- coffee\n- more coffee\n".to_vec(),
        ),
        ("a SQLite header followed by noise", with_header),
        (
            "a muster database cut short",
            database[..database.len() / 2].to_vec(),
        ),
    ];
    for (what, bytes) in cases {
        let fixture = Fixture::new();
        fs::write(&fixture.db, &bytes).expect("the file is written");
        for args in every_kind_of_command(&fixture) {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let run = fixture.run(&args);
            assert_eq!(run.code(), 4, "{what}\n{}", run.describe());
            assert_storage_failure(&run, &["not a database", "malformed", "damaged"]);
            assert_not_blamed_on_a_lock(&run);
            assert!(
                fs::read(&fixture.db).unwrap() == bytes,
                "muster {args:?} changed {what}"
            );
            assert!(
                fixture.sidecars().is_empty(),
                "muster {args:?} left {:?} beside {what}",
                fixture.sidecars()
            );
        }
    }
}
