//! Two writers on one file: a lost race is decided again on fresh state, a bounded number
//! of times, and a rule that depended on the state is checked again.

use std::cell::{Cell, RefCell};

use chrono::{DateTime, Utc};
use muster::clock::Clock;
use muster::domain::error::RuleError;
use muster::rules;
use muster::store::StoreError;
use muster::verify::verify;

use super::*;

/// A second handle on the same file: two processes running muster at once.
fn second_handle(path: &std::path::Path) -> Store {
    Store::open(path).unwrap()
}

fn versions(store: &Store) -> Vec<u64> {
    all_rows(store, LODESTAR).iter().map(|r| r.version).collect()
}

fn assert_gapless_and_verified(store: &Store) {
    let rows = all_rows(store, LODESTAR);
    let expected: Vec<u64> = (1..=rows.len() as u64).collect();
    assert_eq!(versions(store), expected);
    let report = verify(LODESTAR, &rows);
    assert!(report.ok, "{:?}", report.findings);
}

#[test]
fn a_decision_overtaken_by_another_handle_conflicts_and_execute_decides_again() {
    let (_dir, path, mut a) = new_db();
    lodestar_with_grants(&mut a);
    let mut b = second_handle(&path);

    // A decides on what it sees (the head after the grants)...
    let (_, seen) = app::load(&a, LODESTAR).unwrap();
    assert_eq!(seen.version, a.head(LODESTAR).unwrap().version);
    let command = Command::GrantRp {
        amount: 4,
        why: "salvage".to_owned(),
    };
    let decided = rules::decide(&seen, &command, &mut muster::dice::Cup::empty()).unwrap();
    // ...B writes first...
    let b_wrote = grant(&mut b, LODESTAR, 1);
    assert_eq!(b_wrote.head.version, seen.version + 1);
    // ...so A's stale decision is refused as it stands,
    let stale = a.append(LODESTAR, seen.version, "stale", &decided, clock().0);
    match stale {
        Err(StoreError::Conflict { expected, found, .. }) => {
            assert_eq!((expected, found), (seen.version, b_wrote.head.version));
        }
        other => panic!("expected a conflict, got {other:?}"),
    }
    // while execute reloads, decides again and lands after B's event.
    let written = app::execute(&mut a, LODESTAR, &command, &clock()).unwrap();
    assert_eq!(written.first_version, b_wrote.head.version + 1);
    assert_eq!(written.head.version, b_wrote.head.version + 1);
    assert_eq!(
        b.head(LODESTAR).unwrap(),
        written.head,
        "both handles see one log"
    );
    assert_gapless_and_verified(&a);
    assert_eq!(rp_bank(&b, LODESTAR), 17 + 1 + 4);
}

#[test]
fn a_spend_made_impossible_by_another_handle_is_refused_by_the_rule() {
    let (_dir, path, mut a) = new_db();
    create(&mut a, LODESTAR);
    grant(&mut a, LODESTAR, 5);
    let mut b = second_handle(&path);
    assert_eq!(rp_bank(&a, LODESTAR), 5);
    let before = count_rows(&a);

    app::execute(&mut b, LODESTAR, &spend_command(5), &clock()).unwrap();
    let refused = app::execute(&mut a, LODESTAR, &spend_command(5), &clock());
    match refused {
        Err(muster::Error::Rule(RuleError::Refused(message))) => {
            assert!(message.contains("holds 0 RP"), "{message}");
        }
        other => panic!("expected the overdraft rule to refuse, got {other:?}"),
    }
    assert_eq!(count_rows(&a), before + 1, "only B's spend was written");
    assert_eq!(rp_bank(&a, LODESTAR), 0);
    assert_gapless_and_verified(&a);
}

/// A clock that lets the other handle write `command` each time the first handle asks the
/// time, which `app` does after deciding and before appending: the race, made deterministic.
struct RacingClock {
    other: RefCell<Store>,
    command: Command,
    races_left: Cell<usize>,
    races_run: Cell<usize>,
}

impl RacingClock {
    fn new(other: Store, command: Command, races: usize) -> Self {
        RacingClock {
            other: RefCell::new(other),
            command,
            races_left: Cell::new(races),
            races_run: Cell::new(0),
        }
    }
}

impl Clock for RacingClock {
    fn now(&self) -> DateTime<Utc> {
        if self.races_left.get() > 0 {
            self.races_left.set(self.races_left.get() - 1);
            self.races_run.set(self.races_run.get() + 1);
            app::execute(&mut self.other.borrow_mut(), LODESTAR, &self.command, &clock()).unwrap();
        }
        clock().0
    }
}

#[test]
fn losing_the_race_mid_command_re_decides_and_appends_after_the_winner() {
    let (_dir, path, mut a) = new_db();
    lodestar_with_grants(&mut a);
    let head = a.head(LODESTAR).unwrap().version;
    let racer = RacingClock::new(second_handle(&path), spend_command(2), 1);

    let written = app::execute(&mut a, LODESTAR, &spend_command(3), &racer).unwrap();
    assert_eq!(racer.races_run.get(), 1);
    assert_eq!(written.first_version, head + 2, "decided again on B's version");
    assert_eq!(written.head.version, head + 2);
    let b_spend = row_at(&a, LODESTAR, head + 1);
    let a_spend = row_at(&a, LODESTAR, head + 2);
    assert_eq!(
        (b_spend.kind.as_str(), a_spend.kind.as_str()),
        ("rp_spent", "rp_spent")
    );
    assert!(b_spend.payload.contains("\"amount\":2"), "B's spend comes first");
    assert!(
        a_spend.payload.contains("\"amount\":3"),
        "A's spend comes after it"
    );
    assert_gapless_and_verified(&a);
    assert_eq!(rp_bank(&a, LODESTAR), 17 - 2 - 3);
}

#[test]
fn a_spend_overtaken_mid_command_is_re_checked_and_refused_not_written() {
    let (_dir, path, mut a) = new_db();
    create(&mut a, LODESTAR);
    grant(&mut a, LODESTAR, 5);
    let before = count_rows(&a);
    // A decides "spend 5" on a bank of 5; before it writes, B spends the 5.
    let racer = RacingClock::new(second_handle(&path), spend_command(5), 1);

    let result = app::execute(&mut a, LODESTAR, &spend_command(5), &racer);
    assert_eq!(racer.races_run.get(), 1);
    assert_rule_refusal(result, "holds 0 RP; cannot spend 5");
    assert_eq!(count_rows(&a), before + 1, "only B's spend was written");
    assert_eq!(rp_bank(&a, LODESTAR), 0);
    let (_, state) = app::load(&a, LODESTAR).unwrap();
    assert!(
        state.anomalies.is_empty(),
        "the bank was never overdrawn: {:?}",
        state.anomalies
    );
    assert_gapless_and_verified(&a);
}

/// However often another writer wins the race, a command lands: after a few optimistic
/// attempts, the last one holds the write lock from load to append, so nobody can slip in.
#[test]
fn re_deciding_is_bounded_and_the_last_attempt_under_the_lock_always_lands() {
    let (_dir, path, mut a) = new_db();
    lodestar_with_grants(&mut a);
    let head = a.head(LODESTAR).unwrap().version;
    // B wins every race it can run: each optimistic attempt of A's.
    let b_grants = Command::GrantRp {
        amount: 1,
        why: "B got there first".to_owned(),
    };
    let optimistic = 3;
    let racer = RacingClock::new(second_handle(&path), b_grants, optimistic);
    let a_grants = Command::GrantRp {
        amount: 2,
        why: "A lands in the end".to_owned(),
    };

    let written = app::execute(&mut a, LODESTAR, &a_grants, &racer).unwrap();
    assert_eq!(
        racer.races_run.get(),
        optimistic,
        "A lost {optimistic} races, then held the lock"
    );
    let tail: Vec<StoredRow> = all_rows(&a, LODESTAR)
        .into_iter()
        .filter(|r| r.version > head)
        .collect();
    assert_eq!(tail.len(), optimistic + 1);
    assert!(
        tail[..optimistic]
            .iter()
            .all(|r| r.payload.contains("B got there first"))
    );
    assert!(tail[optimistic].payload.contains("A lands in the end"));
    assert_eq!(written.head.version, head + optimistic as u64 + 1);
    assert_gapless_and_verified(&a);
}

#[test]
fn a_held_write_lock_makes_the_commands_within_one_transaction_that_others_see_only_once_released() {
    let (_dir, path, mut a) = new_db();
    lodestar_with_grants(&mut a);
    let b = second_handle(&path);
    let before = b.head(LODESTAR).unwrap();

    a.hold_write_lock().unwrap();
    // Commands within it take their own locks as savepoints and land in it.
    grant(&mut a, LODESTAR, 1);
    grant(&mut a, LODESTAR, 2);
    assert_eq!(a.head(LODESTAR).unwrap().version, before.version + 2);
    assert_eq!(
        b.head(LODESTAR).unwrap(),
        before,
        "nothing is seen before the release"
    );
    // A refused command within it leaves what was written before it.
    assert!(app::execute(&mut a, LODESTAR, &spend_command(1000), &clock()).is_err());
    a.release_write_lock().unwrap();

    assert_eq!(b.head(LODESTAR).unwrap(), a.head(LODESTAR).unwrap());
    assert_eq!(b.head(LODESTAR).unwrap().version, before.version + 2);
    assert_eq!(rp_bank(&b, LODESTAR), 17 + 1 + 2);
    assert_gapless_and_verified(&b);
}

#[test]
fn a_lock_taken_within_a_held_one_rolls_back_only_its_own_writes() {
    let (_dir, _path, mut a) = new_db();
    lodestar_with_grants(&mut a);
    let before = a.head(LODESTAR).unwrap();
    a.hold_write_lock().unwrap();
    grant(&mut a, LODESTAR, 1);
    let inner: Result<(), StoreError> = a.locked(|store| {
        grant(store, LODESTAR, 2);
        Err(StoreError::Damaged("stopped on purpose".to_owned()))
    });
    assert!(inner.is_err());
    a.release_write_lock().unwrap();
    assert_eq!(a.head(LODESTAR).unwrap().version, before.version + 1);
    assert_eq!(rp_bank(&a, LODESTAR), 17 + 1);
}
