//! The triggers that make the `events` table append-only.

use super::*;

fn refused(store: &Store, sql: &str) {
    let err = store.connection().execute(sql, []).unwrap_err();
    assert!(err.to_string().contains("append-only"), "{sql}: {err}");
}

#[test]
fn the_triggers_refuse_update_and_delete_and_leave_the_rows_as_they_were() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    let before = all_rows(&store, LODESTAR);

    refused(
        &store,
        "UPDATE events SET payload = '{\"amount\":99,\"why\":\"loot\"}' WHERE version = 2",
    );
    refused(&store, "UPDATE events SET hash = prev_hash");
    refused(
        &store,
        "UPDATE OR REPLACE events SET version = 2 WHERE version = 3",
    );
    refused(&store, "DELETE FROM events WHERE version = 3");
    refused(&store, "DELETE FROM events");
    // An upsert that lands on an existing event id runs the UPDATE trigger.
    let upsert = format!(
        "INSERT INTO events (campaign, version, event_id, command_id, recorded_at, kind, schema,
                             payload, prev_hash, hash)
         SELECT campaign, 99, event_id, command_id, recorded_at, kind, schema, payload, prev_hash, hash
         FROM events WHERE event_id = '{}'
         ON CONFLICT(campaign, event_id) DO UPDATE SET payload = 'x'",
        before[1].event_id
    );
    refused(&store, &upsert);

    assert_eq!(all_rows(&store, LODESTAR), before);
    // The store is still usable after the refusals.
    grant(&mut store, LODESTAR, 1);
    assert_eq!(count_rows(&store), before.len() as i64 + 1);
}

/// `INSERT OR REPLACE` resolves a UNIQUE conflict by deleting the old row, and SQLite fires
/// DELETE triggers for such deletes only when `recursive_triggers` is on, which muster leaves
/// off: the log must refuse it some other way, and leave the event as it was.
#[test]
fn insert_or_replace_over_an_event_is_refused_and_leaves_it_as_it_was() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    let before = all_rows(&store, LODESTAR);

    let result = store.connection().execute(
        "INSERT OR REPLACE INTO events (campaign, version, event_id, command_id, recorded_at, kind,
                                        schema, payload, prev_hash, hash)
         SELECT campaign, version, event_id, command_id, recorded_at, kind, schema,
                '{\"amount\":99,\"why\":\"loot\"}', prev_hash, hash
         FROM events WHERE version = 2",
        [],
    );
    let after = all_rows(&store, LODESTAR);
    assert_eq!(
        after, before,
        "INSERT OR REPLACE rewrote an event (SQLite said {result:?}); the log is not append-only"
    );
    let err = result.expect_err("INSERT OR REPLACE over an existing event was accepted");
    assert!(
        err.to_string()
            .contains("append-only: an event with this id or version already exists"),
        "{err}"
    );
}
