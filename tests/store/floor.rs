//! The perf bench's floor reader reads exactly the rows `verify` checks, and notices what
//! `verify` notices in the chain.

use muster::store::Store;
use muster::synth;

use crate::floor::{self, Work};

const ALL: Work = Work {
    chain: true,
    parse: true,
};

#[test]
fn the_floor_reads_the_rows_verify_checks_to_the_same_head() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("floor.db")).unwrap();
    synth::write(&mut store, "Floor", 5_000, 3).unwrap();
    // Another campaign in the file is not read.
    synth::write(&mut store, "Other", 300, 4).unwrap();
    let report = muster::verify::verify_store(&store, "Floor", &mut |_| {}).unwrap();
    assert!(report.ok, "{:?}", report.findings);
    let read = floor::read(store.connection(), "Floor", ALL).unwrap();
    assert_eq!(read.rows, report.events as u64);
    assert_eq!(read.head, Some((report.head_version, report.head_hash.clone())));
    for work in [
        Work {
            chain: false,
            parse: false,
        },
        Work {
            chain: true,
            parse: false,
        },
        Work {
            chain: false,
            parse: true,
        },
    ] {
        assert_eq!(
            floor::read(store.connection(), "Floor", work).unwrap(),
            read,
            "{work:?}"
        );
    }
}

#[test]
fn the_floor_checks_the_chain_as_verify_does() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("floor.db")).unwrap();
    synth::write(&mut store, "Floor", 200, 3).unwrap();
    let conn = store.connection();
    conn.execute_batch("DROP TRIGGER events_refuse_update").unwrap();
    conn.execute(
        "UPDATE events SET event_id = 'forged' WHERE campaign = 'Floor' AND version = 100",
        [],
    )
    .unwrap();
    let err = floor::read(conn, "Floor", ALL).unwrap_err();
    assert!(err.starts_with("v100"), "{err}");
    let plain = floor::read(
        conn,
        "Floor",
        Work {
            chain: false,
            parse: true,
        },
    )
    .unwrap();
    assert_eq!(plain.rows, 200, "without the chain the edit goes unseen");
    assert!(
        !muster::verify::verify_store(&store, "Floor", &mut |_| {})
            .unwrap()
            .ok
    );
}
