//! Blame's index keeps a Soldier's lines in runs (migration 0021): a run cut by a void far
//! back keeps its lines before the void, a line read twice is noticed, and a file from
//! before runs is read through its log when opened read-only and, once opened to write,
//! has its index still serving.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chrono::{TimeZone, Utc};
use muster::app;
use muster::checkpoint;
use muster::clock::FixedClock;
use muster::domain::state::RecordedEvent;
use muster::projection::blame::{self, Blame, index};
use muster::store::Store;
use muster::synth;
use rusqlite::Connection;

const SYNTHETIC: &str = "Synthetic";

fn clock() -> FixedClock {
    FixedClock(Utc.with_ymd_and_hms(2026, 12, 1, 21, 0, 0).unwrap())
}

/// A synthetic campaign of `events` whose index was made from the whole log.
fn synthetic(events: u64) -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("synth.db")).unwrap();
    synth::write(&mut store, SYNTHETIC, events, 5).unwrap();
    app::rebuild_index(&store, SYNTHETIC, &mut |_| {}).unwrap();
    (dir, store)
}

/// The blame of `soldier` at the head as the index gives it, `None` when it cannot.
fn indexed(store: &Store, soldier: &str) -> Option<Blame> {
    let known = checkpoint::reaching_back(store, SYNTHETIC, None).unwrap();
    let state = checkpoint::state_at(store, SYNTHETIC, None).unwrap();
    index::read(store, SYNTHETIC, soldier, &state, &known).unwrap()
}

/// Every Soldier of the campaign, each with his blame folded from the whole log.
fn folded(store: &Store) -> Vec<(String, Blame)> {
    let log: Vec<RecordedEvent> = store.events(SYNTHETIC, None).unwrap();
    let state = checkpoint::state_at(store, SYNTHETIC, None).unwrap();
    state
        .soldiers
        .iter()
        .map(|s| (s.card.name.clone(), blame::blame(&log, &s.card.name).unwrap()))
        .collect()
}

fn assert_index_serves_every_soldier(store: &Store) {
    let folded = folded(store);
    assert!(folded.len() > 3, "{} Soldiers", folded.len());
    for (soldier, truth) in folded {
        assert_eq!(indexed(store, &soldier), Some(truth), "{soldier}");
    }
}

/// How many runs and how many lines the index of the campaign holds.
fn runs_and_lines(sql: &Connection) -> (u64, u64) {
    sql.query_row(
        "SELECT count(DISTINCT r.soldier || '/' || r.first), count(*)
         FROM blame_runs AS r, json_each(r.lines) AS l",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .unwrap()
}

#[test]
fn a_whole_log_is_indexed_in_long_runs_and_a_void_far_back_keeps_each_run_up_to_it() {
    let (dir, mut store) = synthetic(3_000);
    let sql = Connection::open(dir.path().join("synth.db")).unwrap();
    let (runs, lines) = runs_and_lines(&sql);
    assert!(runs * 10 < lines, "{runs} runs hold {lines} lines");
    assert_index_serves_every_soldier(&store);

    // A void of a command in the middle of a run: every run reaching past the command's
    // first event is cut there. Most events have later ones depending on them; the first one
    // that can be voided is.
    let inside: Vec<(u64, String, u64)> = sql
        .prepare(
            "SELECT l.value ->> 0, r.soldier, r.first FROM blame_runs AS r, json_each(r.lines) AS l
             WHERE r.first < 1500 AND r.last > 1500 AND l.value ->> 0 > r.first
             ORDER BY l.value ->> 0",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let candidates: Vec<(u64, u64, String, u64)> = inside
        .iter()
        .rev()
        .filter_map(|(v, soldier, first)| {
            let start = store.command_start(SYNTHETIC, *v).unwrap()?;
            (start > *first).then(|| (*v, start, soldier.clone(), *first))
        })
        .collect();
    let (_, start, soldier, first) = candidates
        .into_iter()
        .find(|(v, ..)| app::void(&mut store, SYNTHETIC, *v, "misread", &clock()).is_ok())
        .expect("a command inside a run can be voided");
    assert_index_serves_every_soldier(&store);
    let cut: u64 = sql
        .query_row(
            "SELECT count(*) FROM blame_runs WHERE first < ?1 AND last >= ?1",
            [start],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(cut, 0, "no run spans the voided command any more");
    let kept: u64 = sql
        .query_row(
            "SELECT last FROM blame_runs WHERE soldier = ?1 AND first = ?2",
            rusqlite::params![soldier, first],
            |r| r.get(0),
        )
        .unwrap();
    assert!(
        kept < start,
        "{soldier}'s run from v{first} keeps its lines before v{start}, up to v{kept}"
    );
}

#[test]
fn a_line_copied_into_its_run_is_not_read_though_its_two_copies_cancel_in_the_digest() {
    let (dir, store) = synthetic(1_000);
    let sql = Connection::open(dir.path().join("synth.db")).unwrap();
    let (soldier, first): (String, u64) = sql
        .query_row(
            "SELECT soldier, first FROM blame_runs WHERE json_array_length(lines) > 2 LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert!(indexed(&store, &soldier).is_some());
    // Its second line twice over: XOR takes the copy out as it put it in.
    let copied = sql
        .execute(
            "UPDATE blame_runs SET lines = json_insert(lines, '$[#]', json_extract(lines, '$[1]'), '$[#]', json_extract(lines, '$[1]'))
             WHERE soldier = ?1 AND first = ?2",
            rusqlite::params![soldier, first],
        )
        .unwrap();
    assert_eq!(copied, 1);
    let intact = store
        .for_each_blame_line(SYNTHETIC, &soldier, |_| Ok(()))
        .unwrap();
    assert!(!intact, "a line out of order is noticed");
    assert_eq!(indexed(&store, &soldier), None);
    let log = store.events(SYNTHETIC, None).unwrap();
    let shown = muster::query::Query::new(&store, SYNTHETIC)
        .blame(&soldier, None)
        .unwrap();
    assert_eq!(
        shown,
        blame::blame(&log, &soldier).unwrap(),
        "blame reads the log"
    );
}

#[test]
fn a_file_from_before_runs_is_read_only_through_its_log_and_once_opened_its_lines_serve_as_runs() {
    let (dir, store) = synthetic(1_000);
    drop(store);
    let path = dir.path().join("synth.db");
    let sql = Connection::open(&path).unwrap();
    // The file as migration 20 left it: a row for each line, and one line not JSON (and
    // without the columns migration 23 adds).
    sql.execute_batch(
        "CREATE TABLE blame_lines (
             campaign TEXT NOT NULL, soldier TEXT NOT NULL, version INTEGER NOT NULL,
             changes TEXT NOT NULL, voided INTEGER NOT NULL,
             PRIMARY KEY (campaign, soldier, version)
         ) WITHOUT ROWID;
         INSERT INTO blame_lines
         SELECT r.campaign, r.soldier, l.value ->> 0, l.value -> 1, l.value ->> 2
         FROM blame_runs AS r, json_each(r.lines) AS l;
         DROP TABLE blame_runs;
         ALTER TABLE tokens DROP COLUMN campaigns;
         ALTER TABLE invites DROP COLUMN campaigns;
         ALTER TABLE sessions DROP COLUMN campaigns;
         PRAGMA user_version = 20;",
    )
    .unwrap();
    let (lines, edited): (u64, String) = sql
        .query_row(
            "SELECT (SELECT count(*) FROM blame_lines), max(soldier) FROM blame_lines",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    sql.execute(
        "UPDATE blame_lines SET changes = 'not json' WHERE soldier = ?1
         AND version = (SELECT max(version) FROM blame_lines WHERE soldier = ?1)",
        [&edited],
    )
    .unwrap();
    drop(sql);

    // Read only, the file stays as it is: its lines are not read, and blame reads the log.
    let read_only = Store::open_read_only(&path).unwrap();
    let log = read_only.events(SYNTHETIC, None).unwrap();
    let shown = muster::query::Query::new(&read_only, SYNTHETIC)
        .blame(&edited, None)
        .unwrap();
    assert_eq!(shown, blame::blame(&log, &edited).unwrap());
    drop(read_only);

    let store = Store::open(&path).unwrap();
    let sql = Connection::open(&path).unwrap();
    let version: i64 = sql.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    assert!(
        version >= 21,
        "migration 21 made the runs: the file is at {version}"
    );
    assert_eq!(
        runs_and_lines(&sql),
        (lines - 1, lines - 1),
        "a run for each line but the edited one"
    );
    for (soldier, truth) in folded(&store) {
        let read = indexed(&store, &soldier);
        if soldier == edited {
            assert_eq!(read, None, "{soldier}'s lines no longer match his digest");
        } else {
            assert_eq!(read, Some(truth), "{soldier}");
        }
    }
    app::rebuild_index(&store, SYNTHETIC, &mut |_| {}).unwrap();
    assert_index_serves_every_soldier(&store);
}
