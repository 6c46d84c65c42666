//! Opening a file: pragmas, migrations, reopening, and files muster must not use.

use muster::store::{StoreError, Upgrade};

use super::*;

/// How many migrations ship: the numbered SQL files under `migrations/`.
fn shipped_migrations() -> i64 {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "sql"))
        .count() as i64
}

fn pragma<T: rusqlite::types::FromSql>(store: &Store, name: &str) -> T {
    store
        .connection()
        .query_row(&format!("PRAGMA {name}"), [], |row| row.get(0))
        .unwrap()
}

/// How many triggers the file has on the log's table.
fn triggers_on_events(store: &Store) -> i64 {
    store
        .connection()
        .query_row(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'",
            [],
            |row| row.get(0),
        )
        .unwrap()
}

#[test]
fn a_new_file_gets_wal_full_sync_foreign_keys_a_busy_timeout_and_the_latest_schema() {
    let (_dir, path, store) = new_db();
    assert!(path.exists());
    assert_eq!(pragma::<String>(&store, "journal_mode").to_lowercase(), "wal");
    assert_eq!(
        pragma::<i64>(&store, "synchronous"),
        2,
        "synchronous must be FULL"
    );
    assert_eq!(pragma::<i64>(&store, "foreign_keys"), 1);
    // The store waits for another writer's lock through its own busy handler
    // (src/store/waiting.rs), which `PRAGMA busy_timeout` does not report: a lock held
    // for a second is waited out, not refused.
    let holder = rusqlite::Connection::open(&path).unwrap();
    holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let started = std::time::Instant::now();
    let release = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(1));
        holder.execute_batch("ROLLBACK").unwrap();
    });
    let waited = store.hold_write_lock();
    let elapsed = started.elapsed();
    release.join().unwrap();
    waited.expect("a lock held for a second is waited out");
    store.abandon_write_lock().unwrap();
    assert!(
        elapsed >= std::time::Duration::from_millis(900),
        "the lock was taken after {elapsed:?}, while the other writer held it"
    );
    assert_eq!(
        pragma::<i64>(&store, "user_version"),
        23,
        "twenty-three migrations are shipped"
    );
    assert_eq!(
        pragma::<i64>(&store, "application_id"),
        0x4D55_5354,
        "the file is marked as muster's"
    );
    assert_eq!(
        pragma::<i64>(&store, "user_version"),
        shipped_migrations(),
        "every migration file is applied"
    );
    let seed_columns: Vec<String> = store
        .connection()
        .prepare("SELECT name FROM pragma_table_info('seeds') ORDER BY cid")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        seed_columns,
        ["campaign", "commitment", "seed"],
        "the seeds table"
    );
    let triggers = triggers_on_events(&store);
    assert_eq!(triggers, 3, "UPDATE, DELETE and colliding INSERT are refused");
}

#[test]
fn reopening_a_file_keeps_its_events_and_its_schema_version() {
    let (_dir, path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    let rows = all_rows(&store, LODESTAR);
    let head = store.head(LODESTAR).unwrap();
    drop(store);

    let mut again = Store::open(&path).unwrap();
    assert_eq!(all_rows(&again, LODESTAR), rows);
    assert_eq!(again.head(LODESTAR).unwrap(), head);
    assert_eq!(pragma::<i64>(&again, "user_version"), shipped_migrations());
    assert_eq!(pragma::<String>(&again, "journal_mode").to_lowercase(), "wal");
    assert_eq!(pragma::<i64>(&again, "synchronous"), 2);
    // And it keeps appending to the same chain.
    let written = grant(&mut again, LODESTAR, 1);
    assert_eq!(written.first_version, head.version + 1);
    assert_eq!(
        row_at(&again, LODESTAR, written.first_version).prev_hash,
        head.hash
    );
}

#[test]
fn open_creates_missing_parent_directories() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a").join("b").join("muster.db");
    let mut store = Store::open(&path).unwrap();
    create(&mut store, LODESTAR);
    assert!(path.exists());
}

#[test]
fn a_file_from_a_newer_schema_is_refused_as_too_new_and_left_alone() {
    let (_dir, path, mut store) = new_db();
    create(&mut store, LODESTAR);
    let count = count_rows(&store);
    store
        .connection()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    drop(store);

    match Store::open(&path) {
        Err(err @ StoreError::TooNew { found: 99, known }) => {
            assert_eq!(known as i64, shipped_migrations());
            assert!(err.to_string().contains("upgrade muster"), "{err}");
        }
        Err(other) => panic!("expected TooNew, got {other:?}"),
        Ok(_) => panic!("a schema-99 file was opened"),
    }
    let conn = rusqlite::Connection::open(&path).unwrap();
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .unwrap();
    assert_eq!(version, 99, "the refusal must not migrate the file");
    let rows: i64 = conn
        .query_row("SELECT COUNT(*) FROM events", [], |row| row.get(0))
        .unwrap();
    assert_eq!(rows, count);
}

#[test]
fn a_file_that_is_not_sqlite_fails_to_open_with_an_error_and_is_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.db");
    let garbage: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(37) % 251) as u8).collect();
    std::fs::write(&path, &garbage).unwrap();

    let err = Store::open(&path)
        .err()
        .expect("a file of garbage was opened as a database");
    assert_not_a_database(&err);
    assert_eq!(std::fs::read(&path).unwrap(), garbage, "the file was changed");

    // Text that merely looks like data fails the same way.
    let text = dir.path().join("roster.txt");
    std::fs::write(&text, "Wong, 3 wounds, 2 XP\n".repeat(50)).unwrap();
    let err = Store::open(&text)
        .err()
        .expect("a text file was opened as a database");
    assert_not_a_database(&err);
}

#[test]
fn a_directory_is_not_a_database() {
    let dir = tempfile::tempdir().unwrap();
    let err = Store::open(dir.path())
        .err()
        .expect("a directory was opened as a database");
    assert!(matches!(err, StoreError::Open { .. }), "{err:?}");
    assert!(err.to_string().contains("unable to open database file"), "{err}");
}

#[test]
fn a_new_file_gets_4_kib_pages_and_a_file_made_with_16_kib_pages_keeps_them_and_works() {
    let (_dir, _path, store) = new_db();
    assert_eq!(pragma::<i64>(&store, "page_size"), 4096);

    // A file from before the change: 16 KiB pages, already in WAL mode.
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old.db");
    {
        let conn = rusqlite::Connection::open(&old).unwrap();
        conn.pragma_update(None, "page_size", 16_384).unwrap();
        let _mode: String = conn
            .query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))
            .unwrap();
    }
    let mut store = Store::open(&old).unwrap();
    assert_eq!(pragma::<i64>(&store, "page_size"), 16_384);
    lodestar_with_grants(&mut store);
    drop(store);
    let store = Store::open(&old).unwrap();
    assert_eq!(pragma::<i64>(&store, "page_size"), 16_384);
    assert!(muster::verify::verify(LODESTAR, &all_rows(&store, LODESTAR)).ok);
}

/// `err` is SQLite's answer to a file that is not a database, which muster reports as such.
fn assert_not_a_database(err: &StoreError) {
    assert!(
        matches!(err, StoreError::Sqlite(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::NotADatabase)),
        "{err:?}"
    );
    assert!(err.to_string().contains("file is not a database"), "{err}");
}

#[test]
fn a_cache_written_without_a_flush_leaves_the_logs_appends_flushed() {
    let (_dir, _path, store) = new_db();
    let relaxed: i64 = store.relaxed(|store| pragma(store, "synchronous"));
    assert_eq!(relaxed, 1, "a cache's commit waits for no flush (NORMAL)");
    assert_eq!(
        pragma::<i64>(&store, "synchronous"),
        2,
        "and FULL is back after it"
    );
}

/// A file at `path` made by the first `schema` migrations only, as an older muster left it.
fn file_of_schema(path: &std::path::Path, schema: usize) -> rusqlite::Connection {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "sql"))
        .collect();
    files.sort();
    let sql: Vec<String> = files[..schema]
        .iter()
        .map(|file| std::fs::read_to_string(file).unwrap())
        .collect();
    let mut conn = rusqlite::Connection::open(path).unwrap();
    let older =
        rusqlite_migration::Migrations::new(sql.iter().map(|sql| rusqlite_migration::M::up(sql)).collect());
    older.to_latest(&mut conn).unwrap();
    conn
}

#[test]
fn a_file_of_schema_14_keeps_the_answers_a_retry_may_ask_for_and_the_actors_of_its_writes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    {
        let conn = file_of_schema(&path, 14);
        conn.execute_batch(
            r#"INSERT INTO served_commands VALUES
               ('Op', 'c-1', 'pat', '["xp","Wong","1"]', 201, '{}', '2026-03-01T12:00:00Z'),
               ('Op', 'c-2', 'pat', '["roster"]', 200, '{}', '2026-03-01T12:00:01Z'),
               ('Op', 'c-3', 'pat', '["wound","Wong"]', 500, '{}', '2026-03-01T12:00:02Z'),
               ('Op', 'p-1', 'pat', '["push","after v3"]', 201, '{}', '2026-03-01T12:00:03Z'),
               ('Op', 'w-1', 'vic', '["wound","Wong"]', 403, '{}', '2026-03-01T12:00:04Z');"#,
        )
        .unwrap();
    }
    let store = Store::open(&path).unwrap();
    let listed = |sql: &str| -> Vec<(String, String)> {
        let mut stmt = store.connection().prepare(sql).unwrap();
        stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let pair = |a: &str, b: &str| (a.to_owned(), b.to_owned());
    assert_eq!(
        listed("SELECT sender, command_id FROM served_answers ORDER BY seq"),
        [pair("pat", "c-1"), pair("pat", "c-3")],
        "a write's answer and one whose end is unknown stay for a retry; reads, refusals and pushes do not"
    );
    assert_eq!(
        listed("SELECT command_id, actor FROM served_actors_before_0015 ORDER BY command_id"),
        [pair("c-1", "pat"), pair("p-1", "pat")],
        "who sent each write stays"
    );
    assert_eq!(
        listed("SELECT name, type FROM sqlite_master WHERE name = 'served_commands'"),
        []
    );
}

/// The upgrades the store told of, in this test binary.
static TOLD: std::sync::Mutex<Vec<Upgrade>> = std::sync::Mutex::new(Vec::new());

/// Keeps what the store tells of an upgrade, as a front end would print it.
fn told(upgrade: &Upgrade) {
    TOLD.lock().unwrap().push(*upgrade);
}

/// Every column of every row of the log, in the order written.
fn every_row(conn: &rusqlite::Connection) -> Vec<Vec<rusqlite::types::Value>> {
    let mut stmt = conn
        .prepare(
            "SELECT seq, campaign, version, event_id, command_id, recorded_at, kind, schema,
                    payload, prev_hash, hash, command
             FROM events ORDER BY seq",
        )
        .unwrap();
    stmt.query_map([], |row| (0..12).map(|i| row.get(i)).collect())
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn a_file_of_schema_21_is_announced_keeps_every_event_and_its_event_ids_become_unique_per_campaign() {
    let (dir, _path, mut written) = new_db();
    lodestar_with_grants(&mut written);
    create(&mut written, "Overlord");
    grant(&mut written, "Overlord", 4);
    let rows = every_row(written.connection());
    let path = dir.path().join("old.db");
    {
        let conn = file_of_schema(&path, 21);
        let mut insert = conn
            .prepare(
                "INSERT INTO events (seq, campaign, version, event_id, command_id, recorded_at,
                                     kind, schema, payload, prev_hash, hash, command)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
            )
            .unwrap();
        for row in &rows {
            insert.execute(rusqlite::params_from_iter(row)).unwrap();
        }
    }

    muster::store::on_upgrading(told);
    let store = Store::open(&path).unwrap();
    assert_eq!(pragma::<i64>(&store, "user_version"), shipped_migrations());
    // The front end was told before the upgrade, with the log's size.
    let upgrade = Upgrade {
        from: 21,
        to: usize::try_from(shipped_migrations()).unwrap(),
        events: rows.len() as u64,
    };
    assert!(
        TOLD.lock().unwrap().contains(&upgrade),
        "{upgrade:?} not in {:?}",
        TOLD.lock().unwrap()
    );
    assert_eq!(
        every_row(store.connection()),
        rows,
        "every row, seq and column, as it was"
    );
    for campaign in [LODESTAR, "Overlord"] {
        let report = muster::verify::verify(campaign, &all_rows(&store, campaign));
        assert!(report.ok, "{campaign}: {:?}", report.findings);
    }
    let triggers = triggers_on_events(&store);
    assert_eq!(
        triggers, 3,
        "UPDATE, DELETE and colliding INSERT are refused again"
    );
    let reuse = |campaign: &str, version: i64| {
        store.connection().execute(
            "INSERT INTO events (campaign, version, event_id, command_id, recorded_at, kind,
                                 schema, payload, prev_hash, hash)
             SELECT ?1, ?2, event_id, command_id, recorded_at, kind, schema, payload, prev_hash, hash
             FROM events WHERE campaign = ?3 AND version = 1",
            rusqlite::params![campaign, version, LODESTAR],
        )
    };
    let again = reuse(LODESTAR, 99).unwrap_err();
    assert!(
        again
            .to_string()
            .contains("an event with this id or version already exists"),
        "{again}"
    );
    assert_eq!(
        reuse("Overlord", 99).unwrap(),
        1,
        "another campaign may hold the same event id"
    );
}
