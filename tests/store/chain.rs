//! The hash chain as written, and `verify` catching edits made with the triggers dropped.

use muster::store::chain::{self, GENESIS};
use muster::verify::{Report, verify};

use super::*;

fn report(store: &Store) -> Report {
    verify(LODESTAR, &all_rows(store, LODESTAR))
}

/// True when `report` has a finding of `check` at `version`.
fn has(report: &Report, check: &str, version: u64) -> bool {
    report
        .findings
        .iter()
        .any(|f| f.check == check && f.version == Some(version))
}

fn run(store: &Store, sql: &str) {
    let changed = store.connection().execute(sql, []).unwrap();
    assert!(changed > 0, "{sql} changed nothing");
}

#[test]
fn commands_written_through_the_app_form_a_verified_chain() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    app::execute(&mut store, LODESTAR, &spend_command(4), &clock()).unwrap();

    let rows = all_rows(&store, LODESTAR);
    assert_eq!(rows.len(), 6);
    assert_eq!(rows[0].prev_hash, GENESIS);
    assert_eq!(rows[0].prev_hash, "0".repeat(64));
    for pair in rows.windows(2) {
        assert_eq!(pair[1].prev_hash, pair[0].hash, "at version {}", pair[1].version);
        assert_eq!(pair[1].version, pair[0].version + 1);
        assert_ne!(pair[1].command_id, pair[0].command_id, "one command per grant");
    }
    for row in &rows {
        assert_eq!(
            chain::hash(&row.prev_hash, &row.link()).as_deref(),
            Some(row.hash.as_str())
        );
        assert_eq!(row.hash.len(), 64);
    }

    let report = report(&store);
    assert!(report.ok, "{:?}", report.findings);
    assert!(report.findings.is_empty());
    assert_eq!(report.events, 6);
    assert_eq!(report.head_version, 6);
    assert_eq!(report.head_hash, store.head(LODESTAR).unwrap().hash);
    assert_eq!(rp_bank(&store, LODESTAR), 3 + 7 + 2 + 5 - 4);
}

#[test]
fn an_edited_payload_is_caught_as_a_hash_mismatch_at_its_version() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    drop_triggers(&store);
    // Same shape, another number: version 3 granted 7, now says 8.
    let before = &all_rows(&store, LODESTAR)[2].payload;
    assert!(before.contains("\"amount\":7"), "{before}");
    run(
        &store,
        "UPDATE events SET payload = replace(payload, '\"amount\":7', '\"amount\":8') WHERE version = 3",
    );
    assert_eq!(rp_bank(&store, LODESTAR), 3 + 8 + 2 + 5, "the edit took effect");

    let report = report(&store);
    assert!(!report.ok);
    assert!(has(&report, "hash", 3), "{:?}", report.findings);
    assert!(
        report.findings.iter().all(|f| f.version == Some(3)),
        "{:?}",
        report.findings
    );
}

#[test]
fn a_row_deleted_from_the_middle_is_caught_as_a_gap_and_a_broken_chain() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    drop_triggers(&store);
    run(&store, "DELETE FROM events WHERE version = 3");

    let report = report(&store);
    assert!(!report.ok);
    assert!(has(&report, "gap", 4), "{:?}", report.findings);
    assert!(has(&report, "chain", 4), "{:?}", report.findings);
    assert_eq!(report.events, 4);
}

#[test]
fn two_payloads_swapped_are_caught_even_though_the_totals_agree() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    let bank = rp_bank(&store, LODESTAR);
    drop_triggers(&store);
    // Versions 2 (3 RP) and 4 (2 RP) trade payloads; the bank still sums to the same.
    let rows = all_rows(&store, LODESTAR);
    let set = |version: u64, payload: &str| {
        let changed = store
            .connection()
            .execute(
                "UPDATE events SET payload = ?1 WHERE version = ?2",
                rusqlite::params![payload, version],
            )
            .unwrap();
        assert_eq!(changed, 1);
    };
    set(2, &rows[3].payload);
    set(4, &rows[1].payload);
    let rows = all_rows(&store, LODESTAR);
    assert!(rows[1].payload.contains("\"amount\":2") && rows[3].payload.contains("\"amount\":3"));
    assert_eq!(rp_bank(&store, LODESTAR), bank);

    let report = report(&store);
    assert!(!report.ok);
    assert!(
        has(&report, "hash", 2) && has(&report, "hash", 4),
        "{:?}",
        report.findings
    );
}

#[test]
fn an_edited_hash_is_caught_at_its_row_and_at_the_next() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    drop_triggers(&store);
    run(
        &store,
        &format!("UPDATE events SET hash = '{}' WHERE version = 2", "ab".repeat(32)),
    );

    let report = report(&store);
    assert!(!report.ok);
    assert!(has(&report, "hash", 2), "{:?}", report.findings);
    assert!(has(&report, "chain", 3), "{:?}", report.findings);
}

#[test]
fn a_hash_recomputed_after_an_edit_still_breaks_the_link_to_the_next_row() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    drop_triggers(&store);
    let mut row = all_rows(&store, LODESTAR)[1].clone();
    row.payload = row.payload.replace("\"amount\":3", "\"amount\":30");
    let forged = chain::hash(&row.prev_hash, &row.link()).unwrap();
    let sql = format!(
        "UPDATE events SET payload = '{}', hash = '{forged}' WHERE version = 2",
        row.payload
    );
    run(&store, &sql);

    let report = report(&store);
    assert!(!report.ok);
    assert!(
        !has(&report, "hash", 2),
        "the forged row hashes correctly: {:?}",
        report.findings
    );
    assert!(has(&report, "chain", 3), "{:?}", report.findings);
    // The head moved nowhere, but the player's noted head no longer appears in a clean chain.
    assert_eq!(report.head_version, 5);
}
