//! Voids: a mistake is undone by a new event; the voided rows stay in the log.

use muster::domain::event::Event;
use muster::domain::state::fold;
use muster::verify::verify;

use super::*;

#[test]
fn a_voided_command_drops_out_of_the_fold_but_its_rows_stay_in_the_log() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store); // 3 + 7 + 2 + 5
    let before = all_rows(&store, LODESTAR);
    assert_eq!(fold(&store.events(LODESTAR, None).unwrap()).rp_bank, 17);

    let written = app::void(&mut store, LODESTAR, 3, "typed 7 for 1", &clock()).unwrap();
    assert_eq!(written.first_version, 6);
    match written.events.as_slice() {
        [Event::CommandVoided(v)] => {
            assert_eq!(v.version, 3);
            assert_eq!(v.command_id, before[2].command_id);
        }
        other => panic!("expected one command_voided event, got {other:?}"),
    }

    let state = fold(&store.events(LODESTAR, None).unwrap());
    assert_eq!(state.rp_bank, 17 - 7, "the voided grant no longer counts");
    assert_eq!(state.version, 6);

    let rows = all_rows(&store, LODESTAR);
    assert_eq!(rows.len(), 6);
    assert_eq!(
        rows[..5],
        before[..],
        "the voided row and its neighbours are untouched"
    );
    assert_eq!(rows[2].kind, "rp_granted");
    assert_eq!(rows[5].kind, "command_voided");
    let report = verify(LODESTAR, &rows);
    assert!(report.ok, "{:?}", report.findings);

    // As of version 5 the grant still counted: the history is kept.
    assert_eq!(fold(&store.events(LODESTAR, Some(5)).unwrap()).rp_bank, 17);
}

#[test]
fn a_command_cannot_be_voided_twice_and_refusals_write_nothing() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    app::void(&mut store, LODESTAR, 2, "wrong amount", &clock()).unwrap();
    let count = count_rows(&store);

    assert!(app::void(&mut store, LODESTAR, 2, "again", &clock()).is_err());
    assert!(app::void(&mut store, LODESTAR, 1, "the creation", &clock()).is_err());
    assert!(app::void(&mut store, LODESTAR, 6, "the void", &clock()).is_err());
    assert!(app::void(&mut store, LODESTAR, 42, "nothing there", &clock()).is_err());
    assert_eq!(count_rows(&store), count);
}

#[test]
fn a_void_that_later_events_depend_on_is_refused() {
    let (_dir, _path, mut store) = new_db();
    create(&mut store, LODESTAR);
    grant(&mut store, LODESTAR, 5);
    app::execute(&mut store, LODESTAR, &spend_command(5), &clock()).unwrap();

    // Voiding the grant would leave the spend overdrawing the bank.
    let result = app::void(&mut store, LODESTAR, 2, "never happened", &clock());
    assert!(matches!(result, Err(muster::Error::Rule(_))), "{result:?}");
    assert_eq!(count_rows(&store), 3);
    // Voiding the spend first, then the grant, is accepted.
    app::void(&mut store, LODESTAR, 3, "never happened", &clock()).unwrap();
    app::void(&mut store, LODESTAR, 2, "never happened", &clock()).unwrap();
    assert_eq!(rp_bank(&store, LODESTAR), 0);
    assert_eq!(all_rows(&store, LODESTAR).len(), 5);
    assert!(verify(LODESTAR, &all_rows(&store, LODESTAR)).ok);
}
