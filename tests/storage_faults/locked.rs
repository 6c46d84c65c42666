//! A database another process keeps locked: a write says it is waiting, waits its busy
//! timeout, then fails having written nothing; a lock released in time lets it through.

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::*;

/// Holds the write lock from another connection for longer than muster waits (its busy
/// handler, src/store/waiting.rs): the write fails with exit 4 naming the lock, and nothing is
/// written; reads still work (WAL); once the lock is released the write goes through.
#[test]
fn locked_database_refuses_a_write_after_waiting_and_writes_nothing() {
    let fixture = Fixture::new();
    fixture.campaign();
    let before = rows(&fixture.db);

    let holder = Connection::open(&fixture.db).expect("the database opens");
    holder
        .execute_batch("BEGIN EXCLUSIVE")
        .expect("the write lock is taken");

    let roster = fixture.run(&["roster"]);
    assert_eq!(
        roster.code(),
        0,
        "a reader waits on no writer in WAL mode\n{}",
        roster.describe()
    );

    let started = Instant::now();
    let run = fixture.run(&["enlist", "Reyes", "--kind", "player", "--rp", "6"]);
    let waited = started.elapsed();
    assert_storage_failure(&run, &["locked"]);
    assert_eq!(
        run.stderr.matches(WAITING).count(),
        1,
        "muster says once that it waits\n{}",
        run.describe()
    );
    assert!(
        run.stderr.contains("nothing was written"),
        "the message should say nothing was written\n{}",
        run.describe()
    );
    assert!(
        waited >= Duration::from_secs(1),
        "muster gave up after {waited:?} without waiting for the lock\n{}",
        run.describe()
    );
    assert!(
        waited < Duration::from_secs(30),
        "muster waited {waited:?}: it should wait its busy timeout once, not retry for long"
    );
    eprintln!("muster waited {waited:?} for the lock before giving up");
    let during: i64 = holder
        .query_row("SELECT COUNT(*) FROM events", [], |r| r.get(0))
        .expect("the holder reads");
    assert_eq!(
        during,
        i64::try_from(before.len()).unwrap(),
        "events appeared under the lock"
    );
    holder.execute_batch("ROLLBACK").expect("the lock is released");
    drop(holder);

    assert_eq!(rows(&fixture.db), before, "the refused write left events behind");
    let written = fixture.json(&["enlist", "Reyes", "--kind", "player", "--rp", "6"]);
    let after = rows(&fixture.db);
    assert_one_command_added(&before, &after, &written);
    assert_gapless(&after);
    fixture.verify_ok();
}

/// What muster says on standard error once it has waited half a second for a lock.
const WAITING: &str = "waiting for another writer…";

/// How long muster may take to say it is waiting: half a second, and its start.
const SAYS_WAITING_WITHIN: Duration = Duration::from_secs(8);

/// A lock released while muster waits, once it says so: the write goes through once,
/// without an error.
#[test]
fn a_lock_released_while_muster_waits_lets_the_write_through() {
    let fixture = Fixture::new();
    fixture.campaign();
    let before = rows(&fixture.db);

    let holder = Connection::open(&fixture.db).expect("the database opens");
    holder
        .execute_batch("BEGIN EXCLUSIVE")
        .expect("the write lock is taken");
    let started = Instant::now();
    let mut child = fixture
        .runner(&["--json", "enlist", "Reyes", "--kind", "player", "--rp", "6"])
        .spawn();
    let stderr = child.stderr.take().expect("standard error is piped");
    let (lines, said) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut all = String::new();
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _test_gone = lines.send(line.clone());
            all.push_str(&line);
            all.push('\n');
        }
        all
    });
    let waiting = loop {
        match said.recv_timeout(SAYS_WAITING_WITHIN.saturating_sub(started.elapsed())) {
            Ok(line) if line.contains(WAITING) => break line,
            Ok(_) => {}
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("muster did not say it was waiting within {SAYS_WAITING_WITHIN:?}");
            }
        }
    };
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_millis(500),
        "it said '{waiting}' after {waited:?}, before waiting half a second"
    );
    holder.execute_batch("ROLLBACK").expect("the lock is released");
    drop(holder);
    let out = child.wait_with_output().expect("muster finishes");
    let stderr = reader.join().expect("standard error is read");
    assert_eq!(stderr.matches(WAITING).count(), 1, "said once:\n{stderr}");
    assert_eq!(
        out.status.code(),
        Some(0),
        "the write should go through once the lock is free:\n{stderr}"
    );
    let written: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    let after = rows(&fixture.db);
    assert_one_command_added(&before, &after, &written);
    assert_gapless(&after);
    fixture.verify_ok();
}
