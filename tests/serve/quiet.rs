//! What a server catches up once its writer is quiet: the checkpoints a new build finds made
//! by other projection code, for the campaigns far enough past them, and no other; blame's
//! index, a step at a time, up to the head.

use std::path::Path;
use std::time::{Duration, Instant};

use muster::checkpoint::PROJECTION;

use super::harness::{Server, args, indexed_and_head, muster};

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

/// Waits, up to `within`, for the blame index of `campaign` in `db` to reach `head`, and
/// asserts it did (`why`): the quiet server makes it in its own time.
fn index_reaches(db: &Path, (campaign, head): (&str, u64), within: Duration, why: &str) {
    let deadline = Instant::now() + within;
    while indexed_and_head(db, campaign).0 != Some(head) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(indexed_and_head(db, campaign), (Some(head), head), "{why}");
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
    // Synth stops at the end of the command that reaches its count: the head is at 2,500 or
    // just past it.
    let head: u64 = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row(
            "SELECT MAX(version) FROM events WHERE campaign = 'Old'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert!((2500..2510).contains(&head), "{head}");
    assert_eq!(
        checkpoints(&db, "Old", PROJECTION),
        [head],
        "one checkpoint at the head of the campaign another build checkpointed"
    );
    assert_eq!(
        checkpoints(&db, "Current", PROJECTION),
        current,
        "a campaign less than an interval past its checkpoint is left as it was"
    );
}

#[test]
fn a_quiet_server_brings_an_index_past_a_void_that_names_an_event_far_behind_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("muster.db");
    for words in [
        &["dev", "synth", "--events", "4000", "--name", "Long"][..],
        &["--campaign", "Long", "rebuild"],
    ] {
        let done = muster(&db, words);
        assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    }
    let token = muster(&db, &["serve", "token", "add", "gm", "--role", "gm"]);
    let token = String::from_utf8(token.stdout).unwrap();
    let token = token.lines().next().unwrap().trim().to_owned();
    let server = Server::start(&db);
    // The writer notes the index behind at the void and catches it up a step of 1,024 events
    // at a time once quiet: each step must end past the void, or the next makes it again.
    let voided = (200..400)
        .find(|v| {
            let void = args(&["void", &v.to_string(), "--why", "misread"]);
            server.command("Long", &token, &void).0 == 201
        })
        .expect("an early command can be voided");
    let (_, head) = indexed_and_head(&db, "Long");
    assert!(
        head - voided > 2 * 1_024,
        "the void names an event {head} - {voided} back"
    );
    index_reaches(
        &db,
        ("Long", head),
        Duration::from_secs(20),
        "the index reaches the head",
    );
}

#[test]
fn a_quiet_server_makes_again_a_long_campaigns_index_another_build_made() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("muster.db");
    let events = (muster::projection::blame::index::CATCH_UP + 2_000).to_string();
    for words in [
        &["dev", "synth", "--events", &events, "--name", "Long"][..],
        &["--campaign", "Long", "rebuild"],
    ] {
        let done = muster(&db, words);
        assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    }
    // As an upgrade finds it: the index of a build whose fold or blame differed, further
    // behind (covering nothing of this build's) than a write catches up.
    let tagged = |db: &Path| -> (String, u64) {
        rusqlite::Connection::open(db)
            .unwrap()
            .query_row("SELECT projection, version FROM blame_index", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap()
    };
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute("UPDATE blame_index SET projection = 'blame-lines/older'", [])
        .unwrap();
    let (_, head) = indexed_and_head(&db, "Long");
    let made = (muster::projection::blame::index::INDEX.to_owned(), head);
    let _server = Server::start(&db);
    let deadline = Instant::now() + Duration::from_secs(60);
    while tagged(&db) != made && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(tagged(&db), made, "the quiet server made the index to the head");
    let verified = muster(&db, &["--campaign", "Long", "verify"]);
    assert!(verified.status.success());
}

#[test]
fn a_quiet_server_makes_the_index_of_a_campaign_imported_from_the_command_line_while_it_runs() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("muster.db");
    let elsewhere = dir.path().join("elsewhere.db");
    let events = (muster::projection::blame::index::CATCH_UP + 2_000).to_string();
    // Two long campaigns exported from another file; an import this long leaves its index
    // for rebuild.
    let import = |name: &str| -> u64 {
        let synth = muster(&elsewhere, &["dev", "synth", "--events", &events, "--name", name]);
        assert!(
            synth.status.success(),
            "{}",
            String::from_utf8_lossy(&synth.stderr)
        );
        let exported = muster(&elsewhere, &["--campaign", name, "export"]);
        assert!(exported.status.success());
        let export = dir.path().join(format!("{name}.jsonl"));
        std::fs::write(&export, exported.stdout).unwrap();
        let imported = muster(&db, &["import", export.to_str().unwrap()]);
        assert!(
            imported.status.success(),
            "{}",
            String::from_utf8_lossy(&imported.stderr)
        );
        let (indexed, head) = indexed_and_head(&db, name);
        assert!(
            head - indexed.unwrap_or(0) > muster::projection::blame::index::CATCH_UP,
            "an import this long leaves its index for rebuild ({indexed:?} of {head})"
        );
        head
    };
    let early = import("Early");

    let _server = Server::start(&db);
    // The first quiet spell lists what there is to make (Early) and makes it: the list is
    // spent once Early's index reaches its head.
    index_reaches(
        &db,
        ("Early", early),
        Duration::from_secs(60),
        "the quiet server made the index left before it started",
    );
    let long = import("Long");
    index_reaches(
        &db,
        ("Long", long),
        Duration::from_secs(60),
        "the quiet server noticed the import and made the index to the head",
    );
    let verified = muster(&db, &["--campaign", "Long", "verify"]);
    assert!(verified.status.success());
}
