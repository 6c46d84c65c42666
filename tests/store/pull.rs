//! A pull's fast-forward: the rows after this copy's head, checked from the local state at
//! that head, appended whole or refused whole, or in parts that end where commands end.

use muster::store::{Head, StoredRow};
use muster::transfer::{Checked, Checking, FastForward, Landing, check, fast_forward, land_part, parse};
use muster::verify::verify;

use super::*;

/// The export's lines of `campaign`'s events after `after`, as the server sends them.
fn lines_after(store: &Store, after: u64) -> String {
    muster::transfer::export(&all_rows(store, LODESTAR))
        .iter()
        .zip(all_rows(store, LODESTAR))
        .filter(|(_, row)| row.version > after)
        .map(|(line, _)| serde_json::to_string(line).unwrap() + "\n")
        .collect()
}

/// A second copy of `path`'s database, as a player who pulled it has.
fn copy_of(path: &std::path::Path, dir: &TempDir) -> Store {
    let copy = dir.path().join("copy.db");
    // The WAL is folded into the file first, as closing the last connection does.
    let source = Store::open(path).unwrap();
    source
        .connection()
        .execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
        .unwrap();
    std::fs::copy(path, &copy).unwrap();
    Store::open(&copy).unwrap()
}

#[test]
fn the_rows_after_this_copys_head_are_checked_from_its_state_and_appended() {
    let (dir, path, mut server) = new_db();
    lodestar_with_grants(&mut server);
    let mut copy = copy_of(&path, &dir);
    let here = copy.head(LODESTAR).unwrap();
    grant(&mut server, LODESTAR, 4);
    app::execute(&mut server, LODESTAR, &spend_command(5), &clock()).unwrap();
    // A void reaching back before the copy's head: the copy's state at its head is not the
    // state the new rows are checked on.
    app::void(&mut server, LODESTAR, 3, "that grant was a slip", &clock()).unwrap();

    let pulled = fast_forward(
        &mut copy,
        LODESTAR,
        &here,
        parse(&lines_after(&server, here.version)).unwrap(),
    )
    .unwrap();
    assert_eq!(
        pulled,
        FastForward::Added {
            added: 3,
            head: server.head(LODESTAR).unwrap()
        }
    );
    assert_eq!(all_rows(&copy, LODESTAR), all_rows(&server, LODESTAR));
    assert!(verify(LODESTAR, &all_rows(&copy, LODESTAR)).ok);
    assert_eq!(rp_bank(&copy, LODESTAR), rp_bank(&server, LODESTAR));
    // Twice adds nothing.
    let again = copy.head(LODESTAR).unwrap();
    let nothing = fast_forward(&mut copy, LODESTAR, &again, Vec::new()).unwrap();
    assert_eq!(
        nothing,
        FastForward::Added {
            added: 0,
            head: again
        }
    );
}

#[test]
fn a_tail_the_rules_could_not_have_written_is_refused_and_nothing_is_appended() {
    let (dir, path, mut server) = new_db();
    lodestar_with_grants(&mut server);
    let mut copy = copy_of(&path, &dir);
    let here = copy.head(LODESTAR).unwrap();
    // The server's file spends more RP than the bank holds, its hash chain made good.
    let spend = Event::RpSpent(RpMovement {
        amount: 500,
        why: "more than the bank".to_owned(),
    });
    server
        .append(LODESTAR, here.version, "forged", &[spend], clock().0)
        .unwrap();
    let before = count_rows(&copy);
    match fast_forward(
        &mut copy,
        LODESTAR,
        &here,
        parse(&lines_after(&server, here.version)).unwrap(),
    ) {
        Err(muster::Error::Input(message)) => {
            assert!(
                message.contains("do not verify") && message.contains("nothing written"),
                "{message}"
            )
        }
        other => panic!("expected the pull to be refused, got {other:?}"),
    }
    assert_eq!(count_rows(&copy), before);
}

#[test]
fn a_tail_that_does_not_continue_this_copys_head_is_told_apart() {
    let (dir, path, mut server) = new_db();
    lodestar_with_grants(&mut server);
    let mut copy = copy_of(&path, &dir);
    let branch = copy.head(LODESTAR).unwrap();
    grant(&mut server, LODESTAR, 1);
    grant(&mut copy, LODESTAR, 2);
    let here = copy.head(LODESTAR).unwrap();
    let before = count_rows(&copy);
    let pulled = fast_forward(
        &mut copy,
        LODESTAR,
        &here,
        parse(&lines_after(&server, branch.version)).unwrap(),
    )
    .unwrap();
    assert_eq!(pulled, FastForward::DoesNotContinue);
    assert_eq!(count_rows(&copy), before);
}

/// A copy's tail of one new grant, its first row edited by `edit` (given the copy) and its hash
/// made good again, fast-forwarded onto the copy: the refusal's message, once it is checked
/// that nothing was written and the copy still verifies.
fn refused_tail(edit: impl FnOnce(&mut StoredRow, &Store)) -> String {
    let (dir, path, mut server) = new_db();
    lodestar_with_grants(&mut server);
    let mut copy = copy_of(&path, &dir);
    let here = copy.head(LODESTAR).unwrap();
    grant(&mut server, LODESTAR, 1);
    let mut rows = parse(&lines_after(&server, here.version)).unwrap();
    edit(&mut rows[0], &copy);
    rows[0].hash = muster::store::chain::hash(&rows[0].prev_hash, &rows[0].link()).unwrap();
    let before = count_rows(&copy);
    let message = match fast_forward(&mut copy, LODESTAR, &here, rows) {
        Err(muster::Error::Input(message)) => message,
        other => panic!("expected the edited tail to be refused, got {other:?}"),
    };
    assert_eq!(count_rows(&copy), before, "{message}");
    assert!(verify(LODESTAR, &all_rows(&copy, LODESTAR)).ok);
    message
}

#[test]
fn a_tail_reusing_an_event_id_of_this_campaign_is_refused_by_name() {
    // The new event takes the id of the copy's first.
    let message = refused_tail(|row, copy| row.event_id = all_rows(copy, LODESTAR)[0].event_id.clone());
    assert!(message.contains("is already an event's"), "{message}");
}

/// A command's events lie together: a tail whose first command takes the id of a command the
/// copy already holds would leave that command's events apart (what `verify` then finds, for
/// good, on an append-only log), so it is refused before it lands.
#[test]
fn a_tail_reusing_a_command_id_of_this_campaign_is_refused() {
    let mut earlier = String::new();
    let message = refused_tail(|row, copy| {
        earlier = all_rows(copy, LODESTAR)[1].command_id.clone();
        row.command_id = earlier.clone();
    });
    assert!(
        message.contains(&format!("command {earlier} resumes after other commands")),
        "{message}"
    );
    assert!(message.contains("nothing written"), "{message}");
}

/// Who recorded a command is shown by every page, table and JSON line of the log: a tail
/// whose command is recorded by a name no front end records by (a bidi override, an escape
/// sequence) is refused, as `--as` refuses it.
#[test]
fn a_tail_whose_command_is_recorded_by_an_unprintable_name_is_refused() {
    for recorder in ["Baker\u{202e}", "\u{1b}]0;pwned\u{7}", ""] {
        let message = refused_tail(|row, _| {
            let mut command: serde_json::Value =
                serde_json::from_str(row.command.as_deref().unwrap()).unwrap();
            command["recorded_by"] = recorder.into();
            row.command = Some(command.to_string());
        });
        assert!(
            message.contains("no name to record commands by"),
            "{recorder:?}: {message}"
        );
    }
}

/// An id is one a player can type back: an empty one, or one holding a space, a control
/// character or past 64 characters, is refused as the line is read (a push, a pull and an
/// import read lines alike).
#[test]
fn a_line_whose_event_or_command_id_is_no_id_is_refused_as_read() {
    let (_dir, _path, mut server) = new_db();
    lodestar_with_grants(&mut server);
    let lines = lines_after(&server, 0);
    let long = "a".repeat(65);
    for (field, bad) in [
        ("command_id", ""),
        ("command_id", "a b"),
        ("event_id", "x\u{7}"),
        ("event_id", long.as_str()),
    ] {
        let mut first: serde_json::Value = serde_json::from_str(lines.lines().next().unwrap()).unwrap();
        first[field] = bad.into();
        match parse(&format!("{first}\n")) {
            Err(muster::Error::Input(message)) => {
                assert!(message.contains("is not an id muster accepts"), "{message}");
            }
            other => panic!("{field} {bad:?} was read: {other:?}"),
        }
    }
    assert!(parse(&lines).is_ok(), "the lines as exported read");
}

/// Event ids are unique within a campaign (migration 0022): the id of another campaign's
/// event is no reason to refuse a tail.
#[test]
fn a_tail_reusing_an_event_id_of_another_campaign_of_this_file_lands() {
    let (dir, path, mut server) = new_db();
    lodestar_with_grants(&mut server);
    let mut copy = copy_of(&path, &dir);
    create(&mut copy, "Overlord");
    let here = copy.head(LODESTAR).unwrap();
    grant(&mut server, LODESTAR, 1);
    let mut rows = parse(&lines_after(&server, here.version)).unwrap();
    rows[0].event_id = all_rows(&copy, "Overlord")[0].event_id.clone();
    rows[0].hash = muster::store::chain::hash(&rows[0].prev_hash, &rows[0].link()).unwrap();
    let pulled = fast_forward(&mut copy, LODESTAR, &here, rows).unwrap();
    assert!(
        matches!(pulled, FastForward::Added { added: 1, .. }),
        "{pulled:?}"
    );
    let landed = all_rows(&copy, LODESTAR).pop().unwrap();
    assert_eq!(landed.event_id, all_rows(&copy, "Overlord")[0].event_id);
    assert!(verify(LODESTAR, &all_rows(&copy, LODESTAR)).ok);
}

#[test]
fn a_pulled_void_of_a_command_before_this_copys_head_is_decided_again_on_its_ground() {
    let (dir, path, mut server) = new_db();
    lodestar_with_grants(&mut server);
    let mut copy = copy_of(&path, &dir);
    let here = copy.head(LODESTAR).unwrap();
    grant(&mut server, LODESTAR, 4);
    let void = app::void(&mut server, LODESTAR, 3, "that grant was a slip", &clock()).unwrap();
    // The void's reason edited on the server, its chain made good: each event still passes the
    // checked fold, but the reason is not the one its stored command asked for. Only the void
    // decided again, on the log from version 3 (this copy's own rows) on, tells.
    drop_triggers(&server);
    let mut edited = payload(&row_at(&server, LODESTAR, void.first_version));
    edited["why"] = "it was never granted".into();
    let sql = "UPDATE events SET payload = ?1 WHERE campaign = ?2 AND version = ?3";
    let params = rusqlite::params![edited.to_string(), LODESTAR, void.first_version];
    assert_eq!(server.connection().execute(sql, params).unwrap(), 1);
    rechain(&server);
    let before = count_rows(&copy);
    match fast_forward(
        &mut copy,
        LODESTAR,
        &here,
        parse(&lines_after(&server, here.version)).unwrap(),
    ) {
        Err(muster::Error::Input(message)) => assert!(
            message.contains(&format!(
                "version {}: its stored command decided again",
                void.first_version
            )),
            "{message}"
        ),
        other => panic!("expected the pull to be refused, got {other:?}"),
    }
    assert_eq!(count_rows(&copy), before);
}

/// A synthetic campaign "Pushed" of about `events` events (from `seed`) in a database of its
/// own, its rows, an empty copy, and the rows checked as that copy's continuation.
fn pushed_whole(dir: &TempDir, events: u64, seed: u64) -> (Store, Vec<StoredRow>, Store, Box<Checked>) {
    let mut source = Store::open(&dir.path().join("source.db")).unwrap();
    muster::synth::write(&mut source, "Pushed", events, seed).unwrap();
    let sent = all_rows(&source, "Pushed");
    let copy = Store::open(&dir.path().join("copy.db")).unwrap();
    let Checking::Continues(checked) = check(&copy, "Pushed", &Head::empty(), sent.clone()).unwrap() else {
        panic!("the tail continues an empty campaign");
    };
    (source, sent, copy, checked)
}

#[test]
fn a_checked_tail_lands_in_parts_that_end_where_commands_end_and_a_stale_part_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (source, sent, mut copy, checked) = pushed_whole(&dir, 600, 3);
    let empty = Head::empty();
    let parts = checked.parts(64);
    assert!(parts.len() > 5, "{parts:?}");
    // The parts cover the rows in order, each of 64 rows or more but the last, and no command
    // is cut in two.
    assert_eq!(parts.first().map(|p| p.start), Some(0));
    assert_eq!(parts.last().map(|p| p.end), Some(sent.len()));
    for pair in parts.windows(2) {
        assert_eq!(pair[0].end, pair[1].start);
        assert!(pair[0].len() >= 64, "{pair:?}");
        assert_ne!(sent[pair[0].end - 1].command_id, sent[pair[0].end].command_id);
    }
    // Landed one after another, the parts give the log sent; a part landed on a head the
    // campaign is no longer at writes nothing. Blame's index follows each part.
    let mut here = empty.clone();
    let mut landing = Landing::default();
    for part in &parts {
        let landed = land_part(&mut copy, &checked, (part.clone(), &mut landing), &here).unwrap();
        let FastForward::Added { added, head } = landed else {
            panic!("{part:?} continues v{}", here.version);
        };
        assert_eq!((added, head.version), (part.len(), part.end as u64));
        let indexed = copy.blame_indexed("Pushed").unwrap().map(|i| i.version);
        assert_eq!(
            indexed,
            Some(head.version),
            "the index reaches the end of {part:?}"
        );
        let again = land_part(&mut copy, &checked, (part.clone(), &mut landing), &here).unwrap();
        assert_eq!(again, FastForward::DoesNotContinue);
        here = head;
    }
    assert_eq!(all_rows(&copy, "Pushed"), sent);
    assert!(verify("Pushed", &sent).ok);
    assert_eq!(copy.head("Pushed").unwrap(), checked.head_after());
    // Made a part at a time, the index is the one made from the whole log at once.
    muster::app::rebuild_index(&source, "Pushed", &mut |_| {}).unwrap();
    assert_eq!(blame_lines(&copy, "Pushed"), blame_lines(&source, "Pushed"));
}

/// Pairs of text read from the file: a Soldier and a line of blame, or a digest.
type Pairs = Vec<(String, String)>;

/// Every line of blame's index of `campaign`, Soldier by Soldier, and each Soldier's digest.
fn blame_lines(store: &Store, campaign: &str) -> (Pairs, Pairs) {
    let query = |sql: &str| -> Pairs {
        let conn = store.connection();
        let mut statement = conn.prepare(sql).unwrap();
        let rows = statement.query_map([campaign], |r| Ok((r.get(0)?, r.get(1)?)));
        rows.unwrap().collect::<Result<_, _>>().unwrap()
    };
    let lines = query(
        "SELECT r.soldier, l.value FROM blame_runs AS r, json_each(r.lines) AS l
         WHERE r.campaign = ?1 ORDER BY r.soldier, l.value ->> 0",
    );
    assert!(!lines.is_empty(), "the index has lines");
    let digests = query("SELECT soldier, digest FROM blame_soldiers WHERE campaign = ?1 ORDER BY soldier");
    (lines, digests)
}

#[test]
fn a_tail_too_long_for_blame_to_follow_lands_whole_and_leaves_its_index_for_rebuild() {
    let dir = tempfile::tempdir().unwrap();
    let (_source, sent, mut copy, checked) = pushed_whole(&dir, 10_600, 5);
    // A first part past the index's reach, then the rest: the index is left for `muster
    // rebuild` at the first and stays so, every row landing.
    let parts = checked.parts(10_300);
    assert!(parts.len() >= 2, "{parts:?}");
    let (mut here, mut landing) = (Head::empty(), Landing::default());
    for part in parts {
        let FastForward::Added { head, .. } =
            land_part(&mut copy, &checked, (part, &mut landing), &here).unwrap()
        else {
            panic!("each part continues the last");
        };
        let indexed = copy.blame_indexed("Pushed").unwrap().map_or(0, |i| i.version);
        assert_eq!(indexed, 0, "left for rebuild at v{}", head.version);
        here = head;
    }
    assert_eq!(all_rows(&copy, "Pushed"), sent);
    muster::app::rebuild_index(&copy, "Pushed", &mut |_| {}).unwrap();
    assert_eq!(
        copy.blame_indexed("Pushed").unwrap().map(|i| i.version),
        Some(here.version)
    );
}
