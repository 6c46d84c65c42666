//! The reads that a partial index is made to cover are answered from it alone, never by
//! looking each row up in the log's table; and a write of blame's index finds the runs it
//! cuts on their index, never by reading every run of the campaign.

use super::Store;
use super::blame_index::AFTER;
use super::checkpoints::REACHING_BACK;
use super::points::MISSION_ROWS;

/// SQLite's plan for `sql`, each step's detail on its own line.
fn plan(store: &Store, sql: &str) -> String {
    let conn = store.connection();
    let mut stmt = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
    // Its parameters are left unbound: a plan is made without their values.
    let mut rows = stmt.raw_query();
    let mut details = Vec::new();
    while let Some(row) = rows.next().unwrap() {
        details.push(row.get::<_, String>(3).unwrap());
    }
    details.join("\n")
}

#[test]
fn the_rows_that_reach_back_and_the_missions_bounds_are_read_from_their_indexes_alone() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("plans.db")).unwrap();
    for (sql, index) in [
        (REACHING_BACK, "events_reaching_back"),
        (MISSION_ROWS, "events_of_missions"),
    ] {
        let plan = plan(&store, sql);
        assert!(
            plan.contains(&format!("USING COVERING INDEX {index}")),
            "{index} does not cover every column read: {plan}"
        );
    }
}

#[test]
fn the_runs_a_rewrite_of_blames_index_cuts_are_found_on_their_last_version() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("plans.db")).unwrap();
    for verb in ["SELECT soldier, lines", "DELETE"] {
        let plan = plan(&store, &format!("{verb} {AFTER}"));
        assert!(
            plan.contains("blame_runs USING INDEX blame_runs_by_last")
                || plan.contains("blame_runs USING COVERING INDEX blame_runs_by_last"),
            "{verb}: {plan}"
        );
    }
}
