//! `verify` and `rebuild` hash and decode rows on a pool of threads, a batch at a time, and
//! fold them in order: whatever the batch, they find and fold exactly what one row at a
//! time does (`verify::verify` over rows in memory, `domain::fold::fold`), on the demo
//! campaign and a synthetic one longer than a batch, and one long enough to be read on a
//! thread and a connection of its own. (The tamper tests hold the parallel `verify` to the
//! sequential one on every mutation they make.)

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster::checkpoint;
use muster::domain::fold::fold;
use muster::store::{APART_FROM, BATCH, Columns, Spread, Store, StoreError};
use muster::verify::{verify, verify_holding, verify_store, verify_store_in};

#[path = "common/chain.rs"]
mod chain;

const DEMO: &str = include_str!("../fixtures/campaigns/demo.jsonl");

/// A database holding the demo campaign; its name.
fn demo(dir: &tempfile::TempDir) -> (Store, String) {
    let mut store = Store::open(&dir.path().join("demo.db")).unwrap();
    let imported = muster::transfer::import_from(&mut store, DEMO.as_bytes(), &mut |_, _| {}).unwrap();
    (store, imported.campaign)
}

/// A database holding a synthetic campaign of more than two batches (and past the
/// verifier's rows at hand, so its look-ups reach the store); its name.
fn synthetic(dir: &tempfile::TempDir) -> (Store, String) {
    let mut store = Store::open(&dir.path().join("synth.db")).unwrap();
    muster::synth::write(&mut store, "Synthetic", 2 * BATCH as u64 + 700, 7).unwrap();
    (store, "Synthetic".to_owned())
}

/// A database holding a synthetic campaign long enough to be read apart; its name.
fn long(dir: &tempfile::TempDir) -> (Store, String) {
    let mut store = Store::open(&dir.path().join("long.db")).unwrap();
    muster::synth::write(&mut store, "Long", APART_FROM + 2 * BATCH as u64 + 300, 11).unwrap();
    (store, "Long".to_owned())
}

/// The parallel verifier's report for each batch size equals the sequential one's.
fn same_reports(store: &Store, campaign: &str) {
    let rows = store.rows(campaign, None).unwrap();
    let sequential = verify(campaign, &rows);
    assert!(sequential.ok, "{:?}", sequential.findings);
    for batch in [1, 7, 1000, BATCH] {
        let parallel = verify_store_in(store, campaign, batch, &mut |_| {}).unwrap();
        assert_eq!(parallel, sequential, "batch {batch}");
    }
    assert_eq!(verify_store(store, campaign, &mut |_| {}).unwrap(), sequential);
}

/// A parallel rebuild for each batch size, to the head and to points inside and between
/// batches, equals the fold of the events in memory.
fn same_states(store: &Store, campaign: &str) {
    let head = store.head(campaign).unwrap().version;
    for up_to in [
        None,
        Some(1),
        Some(head / 2),
        Some(BATCH as u64),
        Some(BATCH as u64 + 1),
    ] {
        let sequential = fold(&store.events(campaign, up_to).unwrap());
        for batch in [1, 7, BATCH] {
            let parallel = checkpoint::rebuild_in(store, campaign, up_to, batch).unwrap();
            assert_eq!(parallel, sequential, "up to {up_to:?}, batch {batch}");
        }
    }
}

#[test]
fn the_parallel_verify_reports_what_the_sequential_one_does() {
    let dir = tempfile::tempdir().unwrap();
    let (store, campaign) = demo(&dir);
    same_reports(&store, &campaign);
    let (store, campaign) = synthetic(&dir);
    assert!(store.head(&campaign).unwrap().version > 2 * BATCH as u64);
    same_reports(&store, &campaign);
}

#[test]
fn the_parallel_rebuild_folds_what_the_sequential_fold_does() {
    let dir = tempfile::tempdir().unwrap();
    let (store, campaign) = demo(&dir);
    same_states(&store, &campaign);
    let (store, campaign) = synthetic(&dir);
    same_states(&store, &campaign);
}

#[test]
fn a_worker_that_panics_is_an_error_and_the_rows_before_it_are_consumed_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let (store, campaign) = demo(&dir);
    let mut consumed = Vec::new();
    let outcome = store.for_each_prepared(
        &campaign,
        (0, None),
        (4, Columns::Whole),
        |row| {
            if row.version == 10 {
                panic!("a row the worker cannot take");
            }
            row.version
        },
        |row, version| {
            assert_eq!(row.version, *version);
            consumed.push(*version);
            Ok(())
        },
    );
    match outcome {
        Err(StoreError::Stopped(why)) => assert!(why.contains("a row the worker cannot take"), "{why}"),
        other => panic!("expected the worker's panic as an error, got {other:?}"),
    }
    // The batches before the one that panicked came back whole, in order.
    assert_eq!(consumed, (1..=8).collect::<Vec<u64>>());
}

#[test]
fn a_long_log_read_apart_verifies_and_folds_as_one_read_here_does() {
    let dir = tempfile::tempdir().unwrap();
    let (store, campaign) = long(&dir);
    let head = store.head(&campaign).unwrap().version;
    assert!(head > APART_FROM + 2 * BATCH as u64, "{head}");
    assert!(store.reads_apart(&campaign, (0, None)));
    assert!(
        !store.reads_apart(&campaign, (head - APART_FROM + 1, None)),
        "a short read stays here"
    );
    let holding = store.under_write_lock(|s| Ok::<_, StoreError>(s.reads_apart(&campaign, (0, None))));
    assert!(
        !holding.unwrap(),
        "rows it wrote, not yet committed, are seen by it alone"
    );
    let rows = store.rows(&campaign, None).unwrap();
    let sequential = verify(&campaign, &rows);
    assert!(sequential.ok, "{:?}", sequential.findings);
    assert_eq!(verify_store(&store, &campaign, &mut |_| {}).unwrap(), sequential);
    // Read only, as `muster chronicle` opens it.
    let read_only = Store::open_read_only(&dir.path().join("long.db")).unwrap();
    assert!(read_only.reads_apart(&campaign, (0, None)));
    assert_eq!(
        checkpoint::rebuild_in(&read_only, &campaign, None, BATCH).unwrap(),
        fold(&store.events(&campaign, None).unwrap())
    );
    for up_to in [None, Some(APART_FROM + 1), Some(head - 1)] {
        let folded = fold(&store.events(&campaign, up_to).unwrap());
        for batch in [7, BATCH] {
            let parallel = checkpoint::rebuild_in(&store, &campaign, up_to, batch).unwrap();
            assert_eq!(parallel, folded, "up to {up_to:?}, batch {batch}");
        }
    }
    // Every row once, in order, with every column as stored or only the fold's.
    for columns in [Columns::Whole, Columns::Folded] {
        let mut read = Vec::new();
        store
            .for_each_prepared(
                &campaign,
                (0, None),
                (BATCH, columns),
                |row| row.version,
                |row, version| {
                    assert_eq!(row.version, *version);
                    read.push((row.version, row.payload.clone(), row.hash.clone()));
                    Ok(())
                },
            )
            .unwrap();
        assert_eq!(read.len(), rows.len());
        for ((version, payload, hash), stored) in read.iter().zip(&rows) {
            assert_eq!((*version, payload), (stored.version, &stored.payload));
            let expected = if columns == Columns::Whole {
                stored.hash.as_str()
            } else {
                ""
            };
            assert_eq!(hash, expected, "v{version}");
        }
    }
}

#[test]
fn a_long_read_apart_stops_at_the_first_error_or_panic_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let (store, campaign) = long(&dir);
    let stop = APART_FROM + 5;
    let mut consumed = 0;
    let outcome = store.for_each_prepared(
        &campaign,
        (0, None),
        (BATCH, Columns::Folded),
        |row| row.version,
        |row, _| {
            consumed += 1;
            match row.version == stop {
                true => Err(StoreError::Damaged("stopped here".to_owned())),
                false => Ok(()),
            }
        },
    );
    assert!(
        matches!(outcome, Err(StoreError::Damaged(ref why)) if why == "stopped here"),
        "{outcome:?}"
    );
    assert_eq!(consumed, stop);
    let panicked = store.for_each_prepared(
        &campaign,
        (0, None),
        (BATCH, Columns::Folded),
        |row| {
            if row.version == stop {
                panic!("a row the worker cannot take");
            }
            row.version
        },
        |_, _| Ok(()),
    );
    match panicked {
        Err(StoreError::Stopped(why)) => assert!(why.contains("a row the worker cannot take"), "{why}"),
        other => panic!("expected the worker's panic as an error, got {other:?}"),
    }
}

/// What a read on every core consumed of each row: its version, command id, hash, whether
/// it carries a command, and what `prepare` saw of its payload and command.
type Consumed = Vec<(u64, String, String, bool, (usize, Option<usize>))>;

fn spread(store: &Store, campaign: &str, (run, helpers): (u64, usize)) -> Consumed {
    let mut read = Vec::new();
    let outcome = store.for_each_spread(
        campaign,
        Spread {
            helpers,
            ..Spread::new(0, run)
        },
        |row| (row.payload.len(), row.command.map(str::len)),
        |row, seen| {
            read.push((
                row.version,
                row.command_id.to_owned(),
                row.hash.to_owned(),
                row.command.is_some(),
                *seen,
            ));
            Ok(())
        },
    );
    outcome
        .expect("a long log on a file is read on every core")
        .unwrap();
    read
}

#[test]
fn a_long_log_read_on_every_core_gives_each_row_once_in_order_and_verifies_as_one_read_here_does() {
    let dir = tempfile::tempdir().unwrap();
    let (store, campaign) = long(&dir);
    let rows = store.rows(&campaign, None).unwrap();
    let expected: Consumed = rows
        .iter()
        .map(|r| {
            let seen = (r.payload.len(), r.command.as_ref().map(String::len));
            (
                r.version,
                r.command_id.clone(),
                r.hash.clone(),
                r.command.is_some(),
                seen,
            )
        })
        .collect();
    // However many helpers read ahead: one (two cores), or more than there are cores.
    for (run, helpers) in [(7, 1), (BATCH as u64, 1), (5_000, 1), (7, 3), (BATCH as u64, 4)] {
        let consumed = spread(&store, &campaign, (run, helpers));
        assert_eq!(consumed, expected, "runs of {run}, {helpers} helpers");
    }
    // A connection in a transaction, or a short read, is not read this way.
    let holding = store.under_write_lock(|s| {
        Ok::<_, StoreError>(
            s.for_each_spread(&campaign, Spread::new(0, 7), |_| (), |_, _| Ok(()))
                .is_none(),
        )
    });
    assert!(holding.unwrap());
    let head = store.head(&campaign).unwrap().version;
    assert!(
        store
            .for_each_spread(&campaign, Spread::new(head - 10, 7), |_| (), |_, _| Ok(()))
            .is_none()
    );
    let sequential = verify(&campaign, &rows);
    assert!(sequential.ok, "{:?}", sequential.findings);
    for batch in [7, 1000, BATCH] {
        let spread = verify_store_in(&store, &campaign, batch, &mut |_| {}).unwrap();
        assert_eq!(spread, sequential, "batch {batch}");
    }
}

#[test]
fn a_long_damaged_log_read_on_every_core_is_reported_as_one_read_here_is() {
    let dir = tempfile::tempdir().unwrap();
    let (store, campaign) = long(&dir);
    let conn = rusqlite::Connection::open(dir.path().join("long.db")).unwrap();
    conn.execute_batch(
        "DROP TRIGGER events_refuse_update;
         DROP TRIGGER events_refuse_delete;",
    )
    .unwrap();
    // Damage on both sides of a run's end (runs of 1,024: the first is v1 to v1,024), a row
    // gone in the middle of a run, and a payload that no longer decodes near the head.
    let run = BATCH as u64;
    let edit = "UPDATE events SET payload = ?2 WHERE campaign = 'Long' AND version = ?1";
    conn.execute(edit, rusqlite::params![run, "{}"]).unwrap();
    conn.execute(
        "UPDATE events SET hash = '00' || substr(hash, 3) WHERE campaign = 'Long' AND version = ?1",
        [run + 1],
    )
    .unwrap();
    conn.execute(
        "DELETE FROM events WHERE campaign = 'Long' AND version = ?1",
        [3 * run + 500],
    )
    .unwrap();
    let head = store.head(&campaign).unwrap().version;
    conn.execute(edit, rusqlite::params![head - 3, "not json"])
        .unwrap();
    drop(conn);
    let rows = store.rows(&campaign, None).unwrap();
    let sequential = verify_holding(&campaign, &rows, store.seeds_of(&campaign).unwrap());
    assert!(!sequential.ok);
    let found: Vec<u64> = sequential.findings.iter().filter_map(|f| f.version).collect();
    for version in [run, run + 1, 3 * run + 501, head - 3] {
        assert!(found.contains(&version), "v{version} not found: {found:?}");
    }
    // The file's checkpoints, which the rows alone do not hold, disagree with a fold the row
    // gone has changed (a later event no longer allowed): those findings follow from the
    // damage found, and come after the first the fold reports.
    let first_fold = sequential
        .findings
        .iter()
        .filter(|f| f.check == "fold")
        .filter_map(|f| f.version)
        .min();
    for batch in [7, BATCH] {
        let mut spread = verify_store_in(&store, &campaign, batch, &mut |_| {}).unwrap();
        let (checkpoints, findings): (Vec<_>, Vec<_>) =
            spread.findings.into_iter().partition(|f| f.check == "checkpoint");
        for found in &checkpoints {
            assert!(
                first_fold.is_some_and(|fold| found.version.is_some_and(|v| v >= fold)),
                "batch {batch}: {found:?} before any fold finding"
            );
        }
        spread.findings = findings;
        assert_eq!(spread, sequential, "batch {batch}");
    }
}

#[test]
fn a_long_read_on_every_core_stops_at_the_first_error_or_a_helpers_panic_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let (store, campaign) = long(&dir);
    let stop = APART_FROM + 5;
    let mut consumed = Vec::new();
    let outcome = store.for_each_spread(
        &campaign,
        Spread::new(0, BATCH as u64),
        |row| row.version,
        |row, version| {
            assert_eq!(row.version, *version);
            consumed.push(row.version);
            match row.version == stop {
                true => Err(StoreError::Damaged("stopped here".to_owned())),
                false => Ok(()),
            }
        },
    );
    assert!(
        matches!(outcome, Some(Err(StoreError::Damaged(ref why))) if why == "stopped here"),
        "{outcome:?}"
    );
    assert_eq!(consumed, (1..=stop).collect::<Vec<u64>>());
    // Helpers (threads of their own, named so; three, so more than one panics) that panic on
    // every row: the rows before the first run a helper began are consumed in order, and the
    // read fails saying why.
    let mut consumed = Vec::new();
    let panicked = store.for_each_spread(
        &campaign,
        Spread {
            helpers: 3,
            ..Spread::new(0, BATCH as u64)
        },
        |row| {
            let helping = std::thread::current()
                .name()
                .is_some_and(|name| name.starts_with("muster-rows-ahead"));
            if helping {
                panic!("a row the helper cannot take");
            }
            row.version
        },
        |row, version| {
            assert_eq!(row.version, *version);
            consumed.push(row.version);
            Ok(())
        },
    );
    match panicked {
        Some(Err(StoreError::Stopped(why))) => assert!(why.contains("a row the helper cannot take"), "{why}"),
        other => panic!("expected the helper's panic as an error, got {other:?}"),
    }
    let head = store.head(&campaign).unwrap().version;
    assert!((consumed.len() as u64) < head, "{}", consumed.len());
    assert!(consumed.iter().copied().eq(1..=consumed.len() as u64));
}

/// A command's first row whose payload is edited by someone who makes the chain again: to
/// another event the rules did not decide, or to the same event written otherwise.
#[test]
fn a_first_row_edited_and_chained_again_is_found_on_every_core_as_one_read_here() {
    let dir = tempfile::tempdir().unwrap();
    let (store, campaign) = long(&dir);
    let db = dir.path().join("long.db");
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch("DROP TRIGGER events_refuse_update;").unwrap();
    // First rows of XP commands in three runs (the verifier leaves their payloads unread).
    let first_rows: Vec<(u64, String)> = conn
        .prepare(
            "SELECT version, payload FROM events WHERE campaign = 'Long' AND kind = 'xp_adjusted' \
             AND command IS NOT NULL AND version IN (SELECT version + 1 FROM events \
             WHERE campaign = 'Long') ORDER BY version",
        )
        .unwrap()
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let pick = |at: u64| first_rows.iter().find(|(v, _)| *v > at).unwrap().clone();
    let (other, other_payload) = pick(BATCH as u64 + 10);
    let (respaced, respaced_payload) = pick(3 * BATCH as u64);
    let (reordered, reordered_payload) = pick(5 * BATCH as u64);
    let edit = "UPDATE events SET payload = ?2 WHERE campaign = 'Long' AND version = ?1";
    let edits = [
        (other, other_payload.replacen("\"amount\":1", "\"amount\":4", 1)),
        (respaced, respaced_payload.replacen(':', ": ", 1)),
        (
            reordered,
            format!(
                "{{\"why\":\"synthetic\",{}",
                reordered_payload
                    .trim_start_matches('{')
                    .replacen(",\"why\":\"synthetic\"", "", 1)
            ),
        ),
    ];
    for (version, payload) in &edits {
        assert_ne!(payload, &first_rows.iter().find(|(v, _)| v == version).unwrap().1);
        conn.execute(edit, rusqlite::params![version, payload]).unwrap();
    }
    drop(conn);
    chain::rechain(&db, &campaign);
    let rows = store.rows(&campaign, None).unwrap();
    let sequential = verify_holding(&campaign, &rows, store.seeds_of(&campaign).unwrap());
    let found = |check: &str| -> Vec<u64> {
        sequential
            .findings
            .iter()
            .filter(|f| f.check == check)
            .filter_map(|f| f.version)
            .collect()
    };
    assert!(found("decide").contains(&other), "{:?}", sequential.findings);
    assert!(found("payload").contains(&respaced), "{:?}", sequential.findings);
    assert!(found("payload").contains(&reordered), "{:?}", sequential.findings);
    assert!(found("chain").is_empty() && found("edited").is_empty());
    // (The file's checkpoints were taken of the log before its chain was made again: only
    // the verifier of a file holds them to it.)
    for batch in [7, BATCH] {
        let mut spread = verify_store_in(&store, &campaign, batch, &mut |_| {}).unwrap();
        spread.findings.retain(|f| f.check != "checkpoint");
        assert_eq!(spread, sequential, "batch {batch}");
    }
}

/// One helper of two panics in its run while the other reads ahead as far as it may: the
/// consumer, waiting for the run the first began, is told it stopped, rather than waiting
/// with the second for ever (the read is timed: one that hangs fails here, after two minutes).
#[test]
fn a_helper_that_panics_beside_one_that_waits_ends_the_read() {
    let (sent, read) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let dir = tempfile::tempdir().unwrap();
        let (store, campaign) = long(&dir);
        let read = store.for_each_spread(
            &campaign,
            Spread {
                helpers: 2,
                ..Spread::new(0, BATCH as u64)
            },
            |row| {
                if std::thread::current().name() == Some("muster-rows-ahead-0") {
                    panic!("a row the first helper cannot take");
                }
                row.version
            },
            |row, version| {
                assert_eq!(row.version, *version);
                Ok(())
            },
        );
        sent.send(format!("{read:?}")).unwrap();
    });
    let read = read
        .recv_timeout(std::time::Duration::from_secs(120))
        .expect("the read ends within two minutes");
    assert!(
        read.starts_with("Some(Err(Stopped(") && read.contains("the first helper"),
        "expected the first helper's panic as an error, got {read}"
    );
}
