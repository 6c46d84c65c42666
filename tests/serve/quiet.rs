//! What a server catches up once its writer is quiet: the checkpoints a new build finds made
//! by other projection code, for the campaigns far enough past them, and no other.

use std::path::Path;
use std::time::{Duration, Instant};

use muster::checkpoint::PROJECTION;

use super::harness::{Server, muster};

/// The versions of the checkpoints of `campaign` in `db` made by `projection`, oldest first.
fn checkpoints(db: &Path, campaign: &str, projection: &str) -> Vec<u64> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare("SELECT version FROM checkpoints WHERE campaign = ?1 AND projection = ?2 ORDER BY version")
        .unwrap();
    stmt.query_map([campaign, projection], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn a_quiet_server_checkpoints_the_campaigns_another_build_checkpointed_and_leaves_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("muster.db");
    for name in ["Old", "Current"] {
        let synth = muster(&db, &["dev", "synth", "--events", "2500", "--name", name]);
        assert!(
            synth.status.success(),
            "{}",
            String::from_utf8_lossy(&synth.stderr)
        );
    }
    let current = checkpoints(&db, "Current", PROJECTION);
    assert_eq!(current, [1000, 2000], "synth checkpoints every interval");
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute(
            "UPDATE checkpoints SET projection = 'campaign-state/0 other' WHERE campaign = 'Old'",
            [],
        )
        .unwrap();

    let _server = Server::start(&db);
    let deadline = Instant::now() + Duration::from_secs(20);
    while checkpoints(&db, "Old", PROJECTION).is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        checkpoints(&db, "Old", PROJECTION),
        [2500],
        "one checkpoint at the head of the campaign another build checkpointed"
    );
    assert_eq!(
        checkpoints(&db, "Current", PROJECTION),
        current,
        "a campaign less than an interval past its checkpoint is left as it was"
    );
}
