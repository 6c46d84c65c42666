//! `verify` and `rebuild` hash and decode rows on a pool of threads, a batch at a time, and
//! fold them in order: whatever the batch, they find and fold exactly what one row at a
//! time does (`verify::verify` over rows in memory, `domain::fold::fold`), on the demo
//! campaign and a synthetic one longer than a batch. (The tamper tests hold the parallel
//! `verify` to the sequential one on every mutation they make.)

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster::checkpoint;
use muster::domain::fold::fold;
use muster::store::{BATCH, Store, StoreError};
use muster::verify::{verify, verify_store, verify_store_in};

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
        4,
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
