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
    let head = store.head(LODESTAR).unwrap();
    assert_eq!(rows.len() as u64, head.version);
    assert_eq!(rows[0].version, 1);
    assert_eq!(rows[0].prev_hash, GENESIS);
    assert_eq!(rows[0].prev_hash, "0".repeat(64));
    for pair in rows.windows(2) {
        assert_eq!(pair[1].prev_hash, pair[0].hash, "at version {}", pair[1].version);
        assert_eq!(pair[1].version, pair[0].version + 1);
    }
    // The creation writes its two events under one command id; each grant and the spend
    // is a command of its own, and no command id comes back later.
    let commands: Vec<Vec<&str>> = rows
        .chunk_by(|a, b| a.command_id == b.command_id)
        .map(|command| command.iter().map(|r| r.kind.as_str()).collect())
        .collect();
    assert_eq!(
        commands,
        [
            vec!["campaign_created", "seed_committed"],
            vec!["rp_granted"],
            vec!["rp_granted"],
            vec!["rp_granted"],
            vec!["rp_granted"],
            vec!["rp_spent"],
        ]
    );
    let ids: std::collections::BTreeSet<&str> = rows.iter().map(|r| r.command_id.as_str()).collect();
    assert_eq!(ids.len(), commands.len(), "one command id per command");
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
    assert_eq!(report.events, rows.len());
    assert_eq!(report.head_version, head.version);
    assert_eq!(report.head_hash, head.hash);
    assert_eq!(rp_bank(&store, LODESTAR), 3 + 7 + 2 + 5 - 4);
}

#[test]
fn an_edited_payload_is_caught_as_a_hash_mismatch_at_its_version() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    drop_triggers(&store);
    // Same shape, another number: the grant of 7 now says 8.
    let edited = granted_row(&store, 7);
    let version = edited.version;
    assert!(edited.payload.contains("\"amount\":7"), "{}", edited.payload);
    run(
        &store,
        &format!(
            "UPDATE events SET payload = replace(payload, '\"amount\":7', '\"amount\":8') WHERE version = {version}"
        ),
    );
    assert_eq!(rp_bank(&store, LODESTAR), 3 + 8 + 2 + 5, "the edit took effect");

    let report = report(&store);
    assert!(!report.ok);
    assert!(has(&report, "hash", version), "{:?}", report.findings);
    assert!(
        report.findings.iter().all(|f| f.version == Some(version)),
        "{:?}",
        report.findings
    );
}

#[test]
fn a_row_deleted_from_the_middle_is_caught_as_a_gap_and_a_broken_chain() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    drop_triggers(&store);
    let before = all_rows(&store, LODESTAR);
    // The grant of 7 has rows on both sides of it.
    let version = granted_row(&store, 7).version;
    assert!(version > 1 && version < store.head(LODESTAR).unwrap().version);
    run(&store, &format!("DELETE FROM events WHERE version = {version}"));

    let report = report(&store);
    assert!(!report.ok);
    assert!(has(&report, "gap", version + 1), "{:?}", report.findings);
    assert!(has(&report, "chain", version + 1), "{:?}", report.findings);
    assert_eq!(report.events, before.len() - 1);
}

#[test]
fn two_payloads_swapped_are_caught_even_though_the_totals_agree() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    let bank = rp_bank(&store, LODESTAR);
    drop_triggers(&store);
    // The grants of 3 RP and of 2 RP trade payloads; the bank still sums to the same.
    let three = granted_row(&store, 3);
    let two = granted_row(&store, 2);
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
    set(three.version, &two.payload);
    set(two.version, &three.payload);
    assert!(
        row_at(&store, LODESTAR, three.version)
            .payload
            .contains("\"amount\":2")
            && row_at(&store, LODESTAR, two.version)
                .payload
                .contains("\"amount\":3")
    );
    assert_eq!(rp_bank(&store, LODESTAR), bank);

    let report = report(&store);
    assert!(!report.ok);
    assert!(
        has(&report, "hash", three.version) && has(&report, "hash", two.version),
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
    let head = store.head(LODESTAR).unwrap();
    let mut row = granted_row(&store, 3);
    let version = row.version;
    let original = row.payload.clone();
    row.payload = row.payload.replace("\"amount\":3", "\"amount\":30");
    assert_ne!(row.payload, original, "the edit changes the payload");
    let forged = chain::hash(&row.prev_hash, &row.link()).unwrap();
    let sql = format!(
        "UPDATE events SET payload = '{}', hash = '{forged}' WHERE version = {version}",
        row.payload
    );
    run(&store, &sql);
    assert_eq!(row_at(&store, LODESTAR, version).payload, row.payload);

    let report = report(&store);
    assert!(!report.ok);
    assert!(
        !has(&report, "hash", version),
        "the forged row hashes correctly: {:?}",
        report.findings
    );
    assert!(has(&report, "chain", version + 1), "{:?}", report.findings);
    // The head moved nowhere, but the player's noted head no longer appears in a clean chain.
    assert_eq!(report.head_version, head.version);
}
