//! Voids: a mistake is undone by a new event; the voided rows stay in the log.

use muster::domain::event::Event;
use muster::domain::fold::fold;
use muster::verify::verify;

use super::*;

#[test]
fn a_voided_command_drops_out_of_the_fold_but_its_rows_stay_in_the_log() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store); // 3 + 7 + 2 + 5
    let before = all_rows(&store, LODESTAR);
    let head = store.head(LODESTAR).unwrap();
    assert_eq!(fold(&store.events(LODESTAR, None).unwrap()).rp_bank, 17);
    let target = granted_row(&store, 7);

    let written = app::void(&mut store, LODESTAR, target.version, "typed 7 for 1", &clock()).unwrap();
    assert_eq!(written.first_version, head.version + 1);
    match written.events.as_slice() {
        [Event::CommandVoided(v)] => {
            assert_eq!(v.version, target.version);
            assert_eq!(v.command_id, target.command_id);
        }
        other => panic!("expected one command_voided event, got {other:?}"),
    }

    let state = fold(&store.events(LODESTAR, None).unwrap());
    assert_eq!(state.rp_bank, 17 - 7, "the voided grant no longer counts");
    assert_eq!(state.version, head.version + 1);

    let rows = all_rows(&store, LODESTAR);
    assert_eq!(rows.len(), before.len() + 1);
    assert_eq!(
        rows[..before.len()],
        before[..],
        "the voided row and its neighbours are untouched"
    );
    assert_eq!(row_at(&store, LODESTAR, target.version), target);
    assert_eq!(target.kind, "rp_granted");
    assert_eq!(
        row_at(&store, LODESTAR, written.first_version).kind,
        "command_voided"
    );
    let report = verify(LODESTAR, &rows);
    assert!(report.ok, "{:?}", report.findings);

    // As of the old head the grant still counted: the history is kept.
    assert_eq!(
        fold(&store.events(LODESTAR, Some(head.version)).unwrap()).rp_bank,
        17
    );
}

#[test]
fn a_command_cannot_be_voided_twice_and_refusals_write_nothing() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    let grant = granted_row(&store, 3).version;
    let voided = app::void(&mut store, LODESTAR, grant, "wrong amount", &clock()).unwrap();
    let count = count_rows(&store);
    let beyond = voided.head.version + 37;

    let void = voided.first_version;
    for (version, phrase) in [
        (grant, "was already voided by version"),
        (1, "created the campaign and cannot be voided"),
        (void, "is itself a void"),
    ] {
        match app::void(&mut store, LODESTAR, version, "a mistake", &clock()) {
            Err(muster::Error::Rule(refusal)) => {
                assert!(refusal.to_string().contains(phrase), "void {version}: {refusal}")
            }
            other => panic!("void {version}: expected the rules' refusal, got {other:?}"),
        }
    }
    // A version past the head is not a command at all: bad input, before any rule.
    match app::void(&mut store, LODESTAR, beyond, "nothing there", &clock()) {
        Err(muster::Error::Input(message)) => {
            assert!(
                message.contains(&format!("version {beyond} does not exist")),
                "{message}"
            )
        }
        other => panic!("void {beyond}: expected bad input, got {other:?}"),
    }
    assert_eq!(count_rows(&store), count);
}

#[test]
fn a_void_that_later_events_depend_on_is_refused() {
    let (_dir, _path, mut store) = new_db();
    create(&mut store, LODESTAR);
    let granted = grant(&mut store, LODESTAR, 5).first_version;
    let spent = app::execute(&mut store, LODESTAR, &spend_command(5), &clock())
        .unwrap()
        .first_version;
    let count = count_rows(&store);

    // Voiding the grant would leave the spend overdrawing the bank.
    let result = app::void(&mut store, LODESTAR, granted, "never happened", &clock());
    assert_rule_refusal(result, "later events depend on version");
    assert_eq!(count_rows(&store), count);
    // Voiding the spend first, then the grant, is accepted.
    app::void(&mut store, LODESTAR, spent, "never happened", &clock()).unwrap();
    app::void(&mut store, LODESTAR, granted, "never happened", &clock()).unwrap();
    assert_eq!(rp_bank(&store, LODESTAR), 0);
    assert_eq!(all_rows(&store, LODESTAR).len() as i64, count + 2);
    assert!(verify(LODESTAR, &all_rows(&store, LODESTAR)).ok);
}

/// The creation command writes `campaign_created` and `seed_committed`. Voiding version 2
/// names the same command as version 1, and would take the campaign's creation out of the
/// fold for good (a void cannot itself be voided): it is refused like version 1, and the
/// campaign stays as it was.
#[test]
fn voiding_the_seed_commitment_written_with_the_creation_is_refused() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    let before = all_rows(&store, LODESTAR);
    let commitment = before
        .iter()
        .find(|r| r.kind == "seed_committed")
        .unwrap()
        .clone();
    assert_eq!(
        commitment.command_id, before[0].command_id,
        "written by the creation"
    );

    let result = app::void(&mut store, LODESTAR, commitment.version, "the seed", &clock());
    let (_, state) = app::load(&store, LODESTAR).unwrap();
    assert!(state.info.is_some(), "the campaign's creation was voided");
    assert_rule_refusal(
        result,
        &format!(
            "version {} was written with the campaign's creation",
            commitment.version
        ),
    );
    assert_eq!(all_rows(&store, LODESTAR), before);
    assert_eq!(rp_bank(&store, LODESTAR), 17);
}
