//! The writer's group commit, tried on a file of its own: who shares a flush, what a
//! failure undoes, what a part of a push waits for, and what the quiet writer catches up.

use std::sync::atomic::AtomicBool;
use std::thread;
use std::time::Duration;

use super::*;

/// A turn of a test, run on a thread of its own.
type Turn = Box<dyn FnOnce(&mut Option<Store>) -> Result<(), String> + Send>;

/// A writer on a new file, and the file.
fn writer() -> (tempfile::TempDir, Arc<Writer>) {
    let dir = tempfile::tempdir().unwrap_or_else(|e| unreachable!("{e}"));
    let db = dir.path().join("group.db");
    let store = Store::open(&db).unwrap_or_else(|e| unreachable!("{e}"));
    (dir, Arc::new(Writer::new(db, store)))
}

/// A turn that keeps `key` in the group's transaction.
fn writes(key: &'static str) -> impl FnOnce(&mut Option<Store>) -> Result<(), String> {
    move |lent| match lent.as_ref() {
        Some(store) => store.set_setting(key, "kept").map_err(|e| e.to_string()),
        None => Err("no connection".to_owned()),
    }
}

/// Waits until `n` callers wait for the writer, so they join the group open now.
fn until_waiting(writer: &Writer, n: usize) {
    while writer.waiting.load(Ordering::SeqCst) < n {
        thread::sleep(Duration::from_millis(1));
    }
}

/// What a connection of its own reads of `key`: only what was committed.
fn committed(dir: &tempfile::TempDir, key: &str) -> Option<String> {
    let store = Store::open_read_only(&dir.path().join("group.db")).unwrap_or_else(|e| unreachable!("{e}"));
    store.setting(key).unwrap_or_else(|e| unreachable!("{e}"))
}

/// Runs `first` in a group and, while it runs, `others` one thread each: every turn's
/// outcome, `first`'s first.
fn grouped(
    writer: &Arc<Writer>,
    first: impl FnOnce(&mut Option<Store>) -> Result<(), String> + Send + 'static,
    others: Vec<Turn>,
) -> Vec<Result<(), String>> {
    let waiting = others.len();
    let (started, start) = std::sync::mpsc::channel();
    let opener = Arc::clone(writer);
    let first = thread::spawn(move || {
        opener.in_group(|lent| {
            let ran = first(lent);
            let _told = started.send(());
            // The others queue for the writer while this turn holds it.
            until_waiting(&opener, waiting);
            ran
        })
    });
    start
        .recv_timeout(Duration::from_secs(10))
        .unwrap_or_else(|e| unreachable!("{e}"));
    let others: Vec<_> = others
        .into_iter()
        .map(|turn| {
            let writer = Arc::clone(writer);
            thread::spawn(move || writer.in_group(turn))
        })
        .collect();
    std::iter::once(first)
        .chain(others)
        .map(|t| t.join().unwrap_or_else(|_| unreachable!("a turn panicked")))
        .collect()
}

#[test]
fn a_part_alone_in_its_group_is_committed_and_shown_only_once_the_run_is_synced() {
    let (dir, writer) = writer();
    let woken = *writer.turns.borrow();
    let parts = [writes("a"), writes("b")].map(|part| writer.in_group_synced_later(part));
    assert!(parts.iter().all(Result::is_ok), "{parts:?}");
    assert_eq!(committed(&dir, "a").as_deref(), Some("kept"));
    assert_eq!(committed(&dir, "b").as_deref(), Some("kept"));
    assert_eq!(
        *writer.turns.borrow(),
        woken,
        "the writer wakes no page for a part not yet on disk"
    );
    assert_eq!(writer.sync(), Ok(()));
    assert_eq!(
        *writer.turns.borrow() - woken,
        1,
        "the run's one sync wakes the pages"
    );
    assert_eq!(writer.in_group(writes("c")), Ok(()));
    assert_eq!(
        *writer.turns.borrow() - woken,
        2,
        "a command's group is synced as ever"
    );
}

/// Runs a turn that keeps `key`, as a command or (synced later) a push's part, on a thread of
/// its own, holding the writer until another caller waits, then `after`; returns once the turn
/// holds the writer, with the thread, which ends on the turn's outcome.
fn holding(
    writer: &Arc<Writer>,
    (synced, key): (Synced, &'static str),
    after: impl FnOnce() + Send + 'static,
) -> thread::JoinHandle<Result<(), String>> {
    let (started, start) = std::sync::mpsc::channel();
    let holder = Arc::clone(writer);
    let held = thread::spawn(move || {
        let ran = holder.take_turn(
            |lent| {
                let ran = writes(key)(lent);
                let _told = started.send(());
                until_waiting(&holder, 1);
                ran
            },
            synced,
        );
        after();
        ran
    });
    start
        .recv_timeout(Duration::from_secs(10))
        .unwrap_or_else(|e| unreachable!("{e}"));
    held
}

#[test]
fn a_command_that_joins_a_parts_group_commits_it_synced() {
    let (dir, writer) = writer();
    let woken = *writer.turns.borrow();
    // A part holds the writer while the command queues, so the command joins its group
    // last and commits it: the part returns only once the command's turn has run and the
    // group is on disk (committed alone, it would return at once, long before the command's
    // turn ends).
    let ran = Arc::new(AtomicBool::new(false));
    let seen = Arc::new(AtomicBool::new(false));
    let (ran_then, seen_then) = (Arc::clone(&ran), Arc::clone(&seen));
    let part = holding(&writer, (Synced::Later, "a"), move || {
        seen_then.store(ran_then.load(Ordering::SeqCst), Ordering::SeqCst);
    });
    let command = writer.in_group(|lent| {
        thread::sleep(Duration::from_millis(50));
        ran.store(true, Ordering::SeqCst);
        writes("b")(lent)
    });
    let part = part.join().unwrap_or_else(|_| unreachable!("the part panicked"));
    assert_eq!((part, command), (Ok(()), Ok(())));
    assert!(
        seen.load(Ordering::SeqCst),
        "the part returned before the command's turn it shares a flush with"
    );
    assert_eq!(committed(&dir, "a").as_deref(), Some("kept"));
    assert_eq!(committed(&dir, "b").as_deref(), Some("kept"));
    assert_eq!(
        *writer.turns.borrow() - woken,
        1,
        "their group was synced and shown"
    );
}

#[test]
fn a_waiting_part_holds_no_commands_group_open() {
    let (dir, writer) = writer();
    let woken = *writer.turns.borrow();
    let (answered, told_answered) = std::sync::mpsc::channel();
    // A command holds the writer while a part queues; the part's turn then waits until
    // the command is answered. Had the command left its group open for the part, it would
    // wait for the part's commit and the part for its answer: neither would end.
    let command = holding(&writer, (Synced::Now, "a"), move || {
        let _told = answered.send(());
    });
    let part = writer.in_group_synced_later(|lent| {
        told_answered
            .recv_timeout(Duration::from_secs(10))
            .map_err(|_| "the command was not answered before the part ran".to_owned())?;
        writes("b")(lent)
    });
    let command = command
        .join()
        .unwrap_or_else(|_| unreachable!("the command panicked"));
    assert_eq!((command, part), (Ok(()), Ok(())));
    assert_eq!(committed(&dir, "a").as_deref(), Some("kept"));
    assert_eq!(
        *writer.turns.borrow() - woken,
        1,
        "the command's group was synced and shown; the part waits for its push's sync"
    );
}

#[test]
fn turns_that_arrive_during_a_turn_share_one_flush_and_a_refusal_loses_none() {
    let (dir, writer) = writer();
    let flushes = *writer.turns.borrow();
    // A refusal writes nothing and is not a failure: its savepoint ends and the group
    // goes on.
    let refused: Turn = Box::new(|_| Ok(()));
    let outcomes = grouped(&writer, writes("a"), vec![refused, Box::new(writes("c"))]);
    assert!(outcomes.iter().all(Result::is_ok), "{outcomes:?}");
    assert_eq!(committed(&dir, "a").as_deref(), Some("kept"));
    assert_eq!(committed(&dir, "c").as_deref(), Some("kept"));
    assert_eq!(*writer.turns.borrow() - flushes, 1, "three turns, one flush");
}

/// The connection's `PRAGMA synchronous`: 1 for commits that wait for no flush, 2 for full.
fn synchronous(store: &Store) -> i64 {
    store
        .connection()
        .query_row("PRAGMA synchronous", [], |row| row.get(0))
        .unwrap_or_else(|e| unreachable!("{e}"))
}

#[test]
fn a_group_commits_to_the_log_unflushed_and_the_writer_commits_in_full_again_after() {
    let (dir, writer) = writer();
    let during = writer.in_group(|lent| {
        writes("a")(lent)?;
        let store = lent.as_ref().ok_or("no connection")?;
        Ok((synchronous(store), store.log_path()))
    });
    let (during, log) = during.unwrap_or_else(|e| unreachable!("{e}"));
    assert_eq!(during, 1, "the group's commit waits for no flush of its own");
    let log = log.unwrap_or_else(|| unreachable!("a file's connection has a log"));
    assert!(
        log.is_file(),
        "the write-ahead log the flush syncs: {}",
        log.display()
    );
    assert_eq!(committed(&dir, "a").as_deref(), Some("kept"));
    let after = writer.alone(|lent| lent.as_ref().map(synchronous));
    assert_eq!(
        after,
        Ok(Some(2)),
        "what the writer commits alone waits for the disk"
    );
}

#[test]
fn a_flush_that_fails_after_the_commit_is_told_to_every_turn_of_its_group() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| unreachable!("{e}"));
    let flush = Arc::new(Flush::default());
    let turns = tokio::sync::watch::Sender::new(0);
    Committed {
        flush: Arc::clone(&flush),
        log: Some(dir.path().join("gone.db-wal")),
        outcome: Ok(()),
    }
    .answer(&turns);
    let told = flush.wait();
    assert!(
        told.as_ref()
            .is_err_and(|e| e.contains("did not confirm it is kept")),
        "{told:?}"
    );
    assert_eq!(*turns.borrow(), 1, "the pages are woken either way");
}

#[test]
fn a_turn_that_fails_undoes_its_whole_group_and_the_next_group_lands() {
    let (dir, writer) = writer();
    let failing: Turn = Box::new(|lent| {
        writes("b")(lent)?;
        Err("the disk is full".to_owned())
    });
    let outcomes = grouped(&writer, writes("a"), vec![failing]);
    assert!(
        outcomes[0]
            .as_ref()
            .is_err_and(|e| e.contains("another command in its flush failed")),
        "{outcomes:?}"
    );
    assert_eq!(outcomes[1], Err("the disk is full".to_owned()));
    assert_eq!(committed(&dir, "a"), None, "nothing of the group was kept");
    assert_eq!(committed(&dir, "b"), None);
    assert_eq!(writer.in_group(writes("d")), Ok(()));
    assert_eq!(committed(&dir, "d").as_deref(), Some("kept"));
}

#[test]
fn a_turn_alone_is_flushed_before_it_is_answered() {
    let (dir, writer) = writer();
    assert_eq!(writer.in_group(writes("alone")), Ok(()));
    assert_eq!(committed(&dir, "alone").as_deref(), Some("kept"));
    // What writes in its own transaction finds no group open.
    let outside = writer.alone(|lent| lent.as_ref().map(|s| s.set_setting("outside", "kept").is_ok()));
    assert_eq!(outside, Ok(Some(true)));
    assert_eq!(committed(&dir, "outside").as_deref(), Some("kept"));
}

#[test]
fn a_quiet_writer_checkpoints_each_campaign_another_build_left_behind_once() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| unreachable!("{e}"));
    let db = dir.path().join("built.db");
    let mut store = Store::open(&db).unwrap_or_else(|e| unreachable!("{e}"));
    // Seeds of their own: a synthetic campaign's event ids follow from its seed.
    for (campaign, events, seed) in [("Long", 2_500, 3), ("Short", 400, 4)] {
        muster::synth::write(&mut store, campaign, events, seed).unwrap_or_else(|e| unreachable!("{e}"));
    }
    // Every checkpoint made by another build's projection code.
    store
        .connection()
        .execute("UPDATE checkpoints SET projection = 'campaign-state/0 other'", [])
        .unwrap_or_else(|e| unreachable!("{e}"));
    let head = |campaign| store.head(campaign).map_or(0, |h| h.version);
    let newest = |campaign| {
        store
            .newest_checkpoint(campaign, muster::checkpoint::PROJECTION)
            .unwrap_or_else(|e| unreachable!("{e}"))
    };
    let writer = Writer::new(
        db,
        Store::open(&dir.path().join("built.db")).unwrap_or_else(|e| unreachable!("{e}")),
    );
    let flushes = *writer.turns.borrow();
    writer.catch_up_checkpoints();
    assert_eq!(
        newest("Long"),
        head("Long"),
        "one at the head of a campaign an interval past"
    );
    assert_eq!(newest("Short"), 0, "none for a campaign short of an interval");
    assert_eq!(*writer.turns.borrow(), flushes, "no head moved, no page woken");
    // Looked at once: a checkpoint lost since is left to the campaign's next write.
    store
        .connection()
        .execute("DELETE FROM checkpoints", [])
        .unwrap_or_else(|e| unreachable!("{e}"));
    writer.catch_up_checkpoints();
    assert_eq!(newest("Long"), 0);
}

#[test]
fn a_turn_that_panics_fails_its_group_and_the_writer_opens_again() {
    let (dir, writer) = writer();
    let panicking: Turn = Box::new(|lent| {
        writes("b")(lent)?;
        let none: Option<u8> = None;
        none.map(|_| ())
            .ok_or(())
            .unwrap_or_else(|()| std::panic::panic_any("a bug"));
        Ok(())
    });
    let outcomes = grouped(&writer, writes("a"), vec![panicking]);
    assert!(outcomes.iter().all(Result::is_err), "{outcomes:?}");
    assert_eq!(committed(&dir, "a"), None);
    assert_eq!(committed(&dir, "b"), None);
    assert_eq!(writer.in_group(writes("c")), Ok(()));
    assert_eq!(committed(&dir, "c").as_deref(), Some("kept"));
}

#[test]
fn a_quiet_writer_lists_again_only_after_another_connection_commits() {
    let (dir, writer) = writer();
    let listed = |writer: &Writer| {
        let held = writer.lock();
        (held.unchecked.is_some(), held.left.is_some())
    };
    writer
        .in_group(writes("first"))
        .unwrap_or_else(|e| unreachable!("{e}"));
    writer.notice_other_writes();
    writer.catch_up_checkpoints();
    writer.make_left_indexes();
    assert_eq!(listed(&writer), (true, true), "listed at the first quiet spell");

    // The writer's own groups, and the log folded into the file by a connection of the
    // server's own, are no other program's writes.
    let other = Store::open(&dir.path().join("group.db")).unwrap_or_else(|e| unreachable!("{e}"));
    writer
        .in_group(writes("second"))
        .unwrap_or_else(|e| unreachable!("{e}"));
    let folded = other.fold_wal().unwrap_or_else(|e| unreachable!("{e}"));
    assert!(folded.pages > 0, "there was a log to fold");
    writer.notice_other_writes();
    assert_eq!(listed(&writer), (true, true), "nothing to list again");

    other
        .set_setting("third", "kept")
        .unwrap_or_else(|e| unreachable!("{e}"));
    writer.notice_other_writes();
    assert_eq!(
        listed(&writer),
        (false, false),
        "another program wrote: listed again at the next quiet spell"
    );
}
