//! Blame's index is a cache: read from it, a Soldier's blame is the blame of the log as it
//! stood at the point asked; an index that is stale, made by other code or edited is not
//! read, and a write or `rebuild` makes it again.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chrono::{TimeZone, Utc};
use muster::app;
use muster::checkpoint;
use muster::clock::FixedClock;
use muster::domain::command::{Command, XpTarget};
use muster::domain::state::RecordedEvent;
use muster::projection::blame::{self, Blame, index};
use muster::store::Store;
use muster::{synth, transfer};

const LODESTAR: &str = "Operation Lodestar";

fn clock() -> FixedClock {
    FixedClock(Utc.with_ymd_and_hms(2026, 12, 1, 21, 0, 0).unwrap())
}

/// A database holding the demo campaign (72 events; v53, a Wound of Wong's, voided by v54).
fn demo() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let mut store = app::open(&dir.path().join("demo.db")).unwrap();
    transfer::import(&mut store, include_str!("../fixtures/campaigns/demo.jsonl")).unwrap();
    (dir, store)
}

fn xp(soldier: &str, amount: i64) -> Command {
    Command::AdjustXp {
        target: XpTarget::Soldier(soldier.into()),
        amount,
        why: "test".into(),
    }
}

/// The blame of `soldier` at `version` as the index gives it, `None` when it cannot.
fn indexed(store: &Store, campaign: &str, soldier: &str, version: u64) -> Option<Blame> {
    let known = checkpoint::reaching_back(store, campaign, None).unwrap();
    let state = checkpoint::state_at(store, campaign, Some(version)).unwrap();
    index::read(store, campaign, soldier, &state, &known).unwrap()
}

/// The blame of `soldier` at `version` folded from the log held whole: the reference, whose
/// lines always make its numbers.
fn folded(store: &Store, campaign: &str, soldier: &str, version: u64) -> Blame {
    let log: Vec<RecordedEvent> = store.events(campaign, Some(version)).unwrap();
    let blamed = blame::blame(&log, soldier).unwrap();
    assert!(blamed.adds_up(), "{soldier} at v{version}: {blamed:?}");
    blamed
}

fn soldiers(store: &Store, campaign: &str) -> Vec<String> {
    let state = checkpoint::state_at(store, campaign, None).unwrap();
    state.soldiers.iter().map(|s| s.card.name.clone()).collect()
}

/// Every Soldier's blame at the head, read from the index (which must serve it) and folded.
#[track_caller]
fn assert_index_serves_the_head(store: &Store, campaign: &str) {
    let head = store.head(campaign).unwrap().version;
    for soldier in soldiers(store, campaign) {
        let read = indexed(store, campaign, &soldier, head);
        assert_eq!(
            read,
            Some(folded(store, campaign, &soldier, head)),
            "{soldier} at v{head}"
        );
    }
}

#[test]
fn the_index_gives_every_soldier_the_blame_of_the_log_at_every_point_it_serves() {
    let (_dir, store) = demo();
    let head = store.head(LODESTAR).unwrap().version;
    let mut served = 0;
    for version in 1..=head {
        for soldier in soldiers(&store, LODESTAR) {
            let state = checkpoint::state_at(&store, LODESTAR, Some(version)).unwrap();
            if state.soldier(&soldier).is_none() {
                continue;
            }
            if let Some(read) = indexed(&store, LODESTAR, &soldier, version) {
                assert_eq!(
                    read,
                    folded(&store, LODESTAR, &soldier, version),
                    "{soldier} at v{version}"
                );
                served += 1;
            }
        }
    }
    // Only the points the void at v54 reaches back past (v53) are left to the log.
    assert!(served > 150, "the index served {served} blames");
    assert!(
        indexed(&store, LODESTAR, "Wong", 53).is_none(),
        "v54 voids v53: the index shows it voided"
    );
    assert_index_serves_the_head(&store, LODESTAR);
}

#[test]
fn each_write_extends_the_index_and_a_void_of_an_indexed_event_makes_it_again_from_there() {
    let (_dir, mut store) = demo();
    let first = app::execute(&mut store, LODESTAR, &xp("Wong", 3), &clock()).unwrap();
    app::execute(&mut store, LODESTAR, &xp("Wong", 2), &clock()).unwrap();
    assert_index_serves_the_head(&store, LODESTAR);
    // A void of the first of the two: the second's line now follows a sheet without it.
    app::void(&mut store, LODESTAR, first.first_version, "typo", &clock()).unwrap();
    assert_index_serves_the_head(&store, LODESTAR);
    let wong = indexed(&store, LODESTAR, "Wong", store.head(LODESTAR).unwrap().version).unwrap();
    let voided: Vec<bool> = wong.fields["xp"]
        .lines
        .iter()
        .rev()
        .take(2)
        .map(|l| l.voided)
        .collect();
    assert_eq!(voided, [false, true], "the +2 stands, the +3 is voided");
    // And a void of an event from the demo's first Mission, far back.
    app::void(&mut store, LODESTAR, 24, "misread", &clock()).unwrap();
    assert_index_serves_the_head(&store, LODESTAR);
}

#[test]
fn an_edited_line_is_not_read_and_rebuild_makes_the_index_again() {
    let (dir, store) = demo();
    let head = store.head(LODESTAR).unwrap().version;
    let before = folded(&store, LODESTAR, "Wong", head);
    let sql = rusqlite::Connection::open(dir.path().join("demo.db")).unwrap();
    let edited = sql
        .execute(
            "UPDATE blame_runs SET lines = json_replace(lines, '$[#-1][1]', json('[[\"xp\",{\"add\":99}]]'))
             WHERE soldier = 'Wong' AND first = (SELECT max(first) FROM blame_runs WHERE soldier = 'Wong')",
            [],
        )
        .unwrap();
    assert_eq!(edited, 1);
    assert_eq!(indexed(&store, LODESTAR, "Wong", head), None);
    let shown = muster::query::Query::new(&store, LODESTAR)
        .blame("Wong", None)
        .unwrap();
    assert_eq!(shown, before, "blame reads the log past an edited index");
    // A line taken away is noticed too.
    let taken = sql
        .execute(
            "UPDATE blame_runs
             SET lines = json_remove(lines, '$[' || (SELECT key FROM json_each(lines) WHERE value ->> 0 = 5) || ']')
             WHERE soldier = 'Reyes' AND first <= 5 AND last >= 5",
            [],
        )
        .unwrap();
    assert_eq!(taken, 1, "Reyes has a line at v5");
    assert_eq!(indexed(&store, LODESTAR, "Reyes", head), None);
    app::rebuild_index(&store, LODESTAR, &mut |_| {}).unwrap();
    assert_index_serves_the_head(&store, LODESTAR);
}

#[test]
fn a_line_rewritten_with_its_digest_recomputed_is_not_read_when_the_numbers_no_longer_add_up() {
    let (dir, store) = demo();
    let head = store.head(LODESTAR).unwrap().version;
    let truth = folded(&store, LODESTAR, "Wong", head);
    let sql = rusqlite::Connection::open(dir.path().join("demo.db")).unwrap();
    let (version, changes): (u64, String) = sql
        .query_row(
            "SELECT l.value ->> 0, l.value -> 1 FROM blame_runs AS r, json_each(r.lines) AS l
             WHERE r.soldier = 'Wong' AND l.value -> 1 LIKE '%\"xp\",{\"add\"%'
             ORDER BY l.value ->> 0 LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let forged = changes.replacen("\"add\":", "\"add\":1", 1);
    assert_ne!(forged, changes);
    sql.execute(
        "UPDATE blame_runs
         SET lines = json_replace(lines, '$[' || (SELECT key FROM json_each(lines) WHERE value ->> 0 = ?2) || '][1]', json(?1))
         WHERE soldier = 'Wong' AND first <= ?2 AND last >= ?2",
        rusqlite::params![forged, version],
    )
    .unwrap();
    // The forger recomputes the digest exactly as muster does, so only the sum gives it away.
    redigest(&sql, "Wong");
    let digest_passes = store.for_each_blame_line(LODESTAR, "Wong", |_| Ok(())).unwrap();
    assert!(digest_passes, "the forged lines match their recomputed digest");
    assert_eq!(indexed(&store, LODESTAR, "Wong", head), None);
    let shown = muster::query::Query::new(&store, LODESTAR)
        .blame("Wong", None)
        .unwrap();
    assert_eq!(shown, truth);
}

/// Recomputes the digest of `soldier`'s lines as the index keeps it.
fn redigest(sql: &rusqlite::Connection, soldier: &str) {
    use sha2::Digest;
    let mut digest = [0u8; 32];
    let mut lines = sql
        .prepare(
            "SELECT l.value ->> 0, l.value -> 1, l.value ->> 2
             FROM blame_runs AS r, json_each(r.lines) AS l WHERE r.soldier = ?1",
        )
        .unwrap();
    let rows = lines
        .query_map([soldier], |r| {
            Ok((r.get::<_, u64>(0)?, r.get::<_, String>(1)?, r.get::<_, bool>(2)?))
        })
        .unwrap();
    for row in rows {
        let (version, changes, voided) = row.unwrap();
        let mut hasher = sha2::Sha256::new();
        for part in [
            soldier.as_bytes(),
            &version.to_be_bytes(),
            changes.as_bytes(),
            &[u8::from(voided)],
        ] {
            hasher.update((part.len() as u64).to_be_bytes());
            hasher.update(part);
        }
        for (d, l) in digest.iter_mut().zip(hasher.finalize()) {
            *d ^= l;
        }
    }
    sql.execute(
        "UPDATE blame_soldiers SET digest = ?1 WHERE soldier = ?2",
        rusqlite::params![hex::encode(digest), soldier],
    )
    .unwrap();
}

#[test]
fn an_index_of_other_code_or_of_a_rewritten_log_is_not_read_and_the_next_write_makes_it_again() {
    let (dir, mut store) = demo();
    let head = store.head(LODESTAR).unwrap().version;
    let sql = rusqlite::Connection::open(dir.path().join("demo.db")).unwrap();
    sql.execute("UPDATE blame_index SET projection = 'blame-lines/other'", [])
        .unwrap();
    assert_eq!(indexed(&store, LODESTAR, "Wong", head), None);
    app::execute(&mut store, LODESTAR, &xp("Wong", 1), &clock()).unwrap();
    assert_index_serves_the_head(&store, LODESTAR);
    sql.execute("UPDATE blame_index SET event_hash = 'rewritten'", [])
        .unwrap();
    assert_eq!(indexed(&store, LODESTAR, "Wong", head), None);
    app::execute(&mut store, LODESTAR, &xp("Wong", 1), &clock()).unwrap();
    assert_index_serves_the_head(&store, LODESTAR);
}

/// A synthetic campaign ("Synthetic") longer than a write catches blame's index up over, in a
/// file of its own: the directory, the file's path and the store.
fn past_catch_up() -> (tempfile::TempDir, std::path::PathBuf, Store) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("synth.db");
    let mut store = Store::open(&path).unwrap();
    synth::write(&mut store, "Synthetic", index::CATCH_UP + 2_000, 3).unwrap();
    (dir, path, store)
}

/// Blame of "Soldier 01" at `head` is the log's, read past the index, and `muster rebuild`
/// then makes the index up to the head.
fn blame_reads_the_log_until_rebuild(store: &Store, campaign: &str, head: u64) {
    let shown = muster::query::Query::new(store, campaign)
        .blame("Soldier 01", None)
        .unwrap();
    assert_eq!(shown, folded(store, campaign, "Soldier 01", head));
    app::rebuild(store, campaign, &mut |_| {}).unwrap();
    assert_index_serves_the_head(store, campaign);
}

#[test]
fn an_index_further_behind_than_a_write_catches_up_is_left_for_rebuild() {
    let (_dir, path, mut store) = past_catch_up();
    let campaign = "Synthetic";
    let head = store.head(campaign).unwrap().version;
    assert_eq!(
        indexed(&store, campaign, "Soldier 01", head),
        None,
        "synth leaves the index"
    );
    app::rebuild_index(&store, campaign, &mut |_| {}).unwrap();
    assert_index_serves_the_head(&store, campaign);
    let sql = rusqlite::Connection::open(&path).unwrap();
    sql.execute("DELETE FROM blame_index", []).unwrap();
    app::execute(&mut store, campaign, &xp("Soldier 01", 1), &clock()).unwrap();
    let head = store.head(campaign).unwrap().version;
    assert_eq!(
        indexed(&store, campaign, "Soldier 01", head),
        None,
        "the write stayed quick"
    );
    blame_reads_the_log_until_rebuild(&store, campaign, head);
}

#[test]
fn an_index_another_build_made_far_behind_is_left_as_it_is_by_every_write_until_rebuild() {
    let (_dir, path, mut store) = past_catch_up();
    let campaign = "Synthetic";
    app::rebuild_index(&store, campaign, &mut |_| {}).unwrap();
    // As an upgrade finds it: the index of a build whose fold or blame differed.
    let sql = rusqlite::Connection::open(&path).unwrap();
    sql.execute("UPDATE blame_index SET projection = 'blame-lines/older'", [])
        .unwrap();
    let tag = || -> (String, u64) {
        sql.query_row("SELECT projection, version FROM blame_index", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap()
    };
    let before = tag();
    for _ in 0..3 {
        app::execute(&mut store, campaign, &xp("Soldier 01", 1), &clock()).unwrap();
        assert_eq!(tag(), before, "a write does not touch an index left for rebuild");
    }
    let head = store.head(campaign).unwrap().version;
    assert_eq!(indexed(&store, campaign, "Soldier 01", head), None);
    blame_reads_the_log_until_rebuild(&store, campaign, head);
}

#[test]
fn an_index_made_from_rows_read_apart_gives_every_soldier_the_blame_of_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("long.db")).unwrap();
    let campaign = "Long";
    synth::write(&mut store, campaign, muster::store::APART_FROM + 1_500, 9).unwrap();
    // Long enough that `rebuild --index` reads its rows on a connection of their own, opened
    // before the index's transaction.
    assert!(store.reads_apart(campaign, (0, None)));
    app::rebuild_index(&store, campaign, &mut |_| {}).unwrap();
    assert_index_serves_the_head(&store, campaign);
}

#[test]
fn a_stored_digest_that_is_not_hex_is_never_read_as_matching_even_after_a_write_rewrites_it() {
    let (dir, mut store) = demo();
    let sql = rusqlite::Connection::open(dir.path().join("demo.db")).unwrap();
    let head = store.head(LODESTAR).unwrap().version;
    assert!(indexed(&store, LODESTAR, "Wong", head).is_some());
    sql.execute(
        "UPDATE blame_soldiers SET digest = 'zz' || substr(digest, 3) WHERE soldier = 'Wong'",
        [],
    )
    .unwrap();
    assert_eq!(indexed(&store, LODESTAR, "Wong", head), None);
    // A write folds his new line into the digest as stored; the damaged part still shows.
    app::execute(&mut store, LODESTAR, &xp("Wong", 1), &clock()).unwrap();
    let head = store.head(LODESTAR).unwrap().version;
    assert_eq!(indexed(&store, LODESTAR, "Wong", head), None);
    let blamed = muster::query::Query::new(&store, LODESTAR)
        .blame("Wong", None)
        .unwrap();
    assert_eq!(
        blamed,
        folded(&store, LODESTAR, "Wong", head),
        "his blame reads the log"
    );
    assert!(
        indexed(&store, LODESTAR, "Reyes", head).is_some(),
        "the others still serve"
    );
}

#[test]
fn a_catch_up_in_steps_gets_past_a_void_that_names_an_event_far_behind_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("synth.db")).unwrap();
    let campaign = "Synthetic";
    synth::write(&mut store, campaign, 4_000, 3).unwrap();
    app::rebuild_index(&store, campaign, &mut |_| {}).unwrap();
    // As a server's writer does: the index is noted behind at each write, made once per flush.
    store.index_once_per_flush();
    let voided = (200..400)
        .find(|&v| app::void(&mut store, campaign, v, "misread", &clock()).is_ok())
        .expect("an early command can be voided");
    let head = store.head(campaign).unwrap().version;
    assert!(
        head - voided > 2 * 1_024,
        "the void names an event {head} - {voided} back"
    );
    let mut before = None;
    for step in 0.. {
        assert!(
            step < 8,
            "the index got to the head in a few steps of 1,024 events"
        );
        match index::refresh_by(&store, campaign, before.take(), 1_024).unwrap() {
            index::Step::Done => break,
            index::Step::Short(made) => before = Some(*made),
        }
    }
    assert_index_serves_the_head(&store, campaign);
}

#[test]
fn an_index_left_for_rebuild_is_made_in_steps_past_a_far_void_as_rebuild_makes_it() {
    let (_dir, path, mut store) = past_catch_up();
    let campaign = "Synthetic";
    app::rebuild_index(&store, campaign, &mut |_| {}).unwrap();
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute("UPDATE blame_index SET projection = 'blame-lines/older'", [])
        .unwrap();
    let voided = (200..400)
        .find(|&v| app::void(&mut store, campaign, v, "misread", &clock()).is_ok())
        .expect("an early command can be voided");
    assert!(store.head(campaign).unwrap().version - voided > index::CATCH_UP);
    let mut before = None;
    for step in 0.. {
        assert!(step < 20, "made to the head in steps of 1,024 events");
        match index::make_by(&store, campaign, before.take(), 1_024).unwrap() {
            index::Step::Done => break,
            index::Step::Short(made) => before = Some(*made),
        }
    }
    assert_index_serves_the_head(&store, campaign);
}
