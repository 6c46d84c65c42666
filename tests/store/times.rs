//! The times an import brings: each in the one form muster writes, and none after the
//! importing machine's clock.

use muster::transfer::{self, Line, import};

use super::*;

/// `LODESTAR`'s export from `store` with its last row's `recorded_at` set to `at`, every hash
/// made good after it: a file forged by someone who knows the chain.
fn with_last_time(store: &Store, at: &str) -> String {
    let mut rows = all_rows(store, LODESTAR);
    if let Some(last) = rows.last_mut() {
        last.recorded_at = at.to_owned();
    }
    let mut prev = muster::store::chain::GENESIS.to_owned();
    rows.iter_mut()
        .map(|row| {
            row.prev_hash = prev.clone();
            row.hash = muster::store::chain::hash(&row.prev_hash, &row.link()).unwrap();
            prev = row.hash.clone();
            serde_json::to_string(&Line::of(row)).unwrap() + "\n"
        })
        .collect()
}

/// The database file's bytes and its write-ahead log's, if any.
fn file_bytes(path: &std::path::Path) -> (Vec<u8>, Option<Vec<u8>>) {
    let wal = path.with_extension("db-wal");
    (std::fs::read(path).unwrap(), std::fs::read(wal).ok())
}

#[test]
fn an_imported_time_not_written_as_muster_writes_it_is_refused_naming_its_version_and_the_form() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    let last = source.head(LODESTAR).unwrap().version;
    // Every one names the instant the clock gave, or one after it.
    for other in [
        "2026-11-30T11:00:00+14:00",
        "2026-11-29T21:00:00+00:00",
        "2026-11-29T21:00:00.5Z",
        "2026-11-29T21:00:00z",
        "2026-11-29 21:00:00Z",
        "2026-11-29T21:00:60Z",
    ] {
        let (_d2, path, mut target) = new_db();
        create(&mut target, "Mine");
        let before = file_bytes(&path);
        let message = match import(&mut target, &with_last_time(&source, other)) {
            Err(muster::Error::Input(message)) => message,
            whatever => panic!("{other}: expected a refusal, got {whatever:?}"),
        };
        assert!(
            message.contains(&format!("line {last} (version {last}) was recorded at '{other}'"))
                && message.contains("YYYY-MM-DDThh:mm:ssZ"),
            "{other}: {message}"
        );
        assert_eq!(file_bytes(&path), before, "{other}: the database file changed");
        // A pull's tail is read by the same reader.
        assert!(
            transfer::parse(&with_last_time(&source, other)).is_err(),
            "{other}"
        );
    }
    // The same file with the time muster wrote imports.
    let (_d2, _p2, mut target) = new_db();
    let imported = import(&mut target, &with_last_time(&source, "2026-11-29T21:00:00Z")).unwrap();
    assert_eq!(imported.head, source.head(LODESTAR).unwrap());
}

#[test]
fn an_event_to_be_written_dated_after_the_importing_clock_is_refused_and_one_already_held_is_not() {
    let (_d1, _p1, mut source) = new_db();
    lodestar_with_grants(&mut source);
    let text = export_text(&source, LODESTAR);
    let recorded = clock().0;
    let behind = recorded - chrono::Duration::seconds(1);

    let (_d2, path, mut target) = new_db();
    create(&mut target, "Mine");
    let before = file_bytes(&path);
    let refused = transfer::import_at(&mut target, text.as_bytes(), behind, &mut |_, _| {});
    let message = match refused {
        Err(muster::Error::Input(message)) => message,
        whatever => panic!("expected a refusal, got {whatever:?}"),
    };
    assert!(
        message.contains(
            "line 1 (version 1) was recorded at 2026-11-29T21:00:00Z, after this machine's clock (2026-11-29T20:59:59Z); nothing imported"
        ),
        "{message}"
    );
    assert_eq!(file_bytes(&path), before, "the database file changed");

    // At the time it was recorded, it lands; imported again by a clock behind it, nothing is
    // to be written and nothing is refused.
    let imported = transfer::import_at(&mut target, text.as_bytes(), recorded, &mut |_, _| {}).unwrap();
    assert_eq!(imported.head, source.head(LODESTAR).unwrap());
    let again = transfer::import_at(&mut target, text.as_bytes(), behind, &mut |_, _| {}).unwrap();
    assert_eq!(again.added, 0);
}
