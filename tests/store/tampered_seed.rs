//! A dice seed changed in the `seeds` table outside muster: no face is generated from it and
//! it is never revealed, and a reveal of a seed the log never committed is named by `verify`.

use muster::dice::Seed;
use muster::domain::event::SeedRevealed;
use muster::store::StoreError;
use muster::verify::verify;

use super::seeds::{bomb_check, wong_on_mission};
use super::*;

/// A seed no campaign committed: the bytes 0 to 31.
const STRANGER: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

/// Replaces the seed kept under the commitment in force, as someone editing the file would.
fn tamper_seed_in_force(store: &Store) -> String {
    let commitment = app::load(store, LODESTAR).unwrap().1.seed_commitment.unwrap();
    let connection = store.connection();
    connection
        .execute_batch("DROP TRIGGER seeds_refuse_update")
        .unwrap();
    let sql = "UPDATE seeds SET seed = ?1 WHERE campaign = ?2 AND commitment = ?3";
    let changed = connection.execute(sql, rusqlite::params![STRANGER, LODESTAR, commitment]);
    assert_eq!(changed.unwrap(), 1);
    commitment
}

#[track_caller]
fn assert_seed_damage<T: std::fmt::Debug>(result: Result<T, muster::Error>, commitment: &str) {
    match result {
        Err(muster::Error::Store(StoreError::SeedDamaged {
            commitment: named, ..
        })) => {
            assert_eq!(named, commitment)
        }
        other => panic!("expected the kept seed refused as damaged, got {other:?}"),
    }
}

#[test]
fn a_kept_seed_changed_outside_muster_rolls_nothing_reveals_nothing_and_a_fresh_one_takes_its_place() {
    let (_dir, _path, mut store) = new_db();
    wong_on_mission(&mut store);
    let damaged = tamper_seed_in_force(&store);
    let rows = count_rows(&store);

    let rolled = app::execute(&mut store, LODESTAR, &bomb_check("Wong"), &clock());
    assert_seed_damage(rolled, &damaged);
    assert_seed_damage(app::reveal_seed(&mut store, LODESTAR, &clock()), &damaged);
    assert_eq!(count_rows(&store), rows, "nothing was written");

    // A real die still rolls: the seed is not asked for.
    app::execute_rolling(&mut store, LODESTAR, &bomb_check("Wong"), &[4], &clock()).unwrap();

    let fresh = app::commit_seed(&mut store, LODESTAR, &clock()).unwrap();
    let committed = app::load(&store, LODESTAR).unwrap().1.seed_commitment.unwrap();
    assert_ne!(committed, damaged);
    assert_eq!(fresh.events.len(), 1);
    app::execute(&mut store, LODESTAR, &bomb_check("Wong"), &clock()).unwrap();
    let revealed = app::reveal_seed(&mut store, LODESTAR, &clock()).unwrap();
    for row in all_rows(&store, LODESTAR)
        .iter()
        .filter(|r| r.kind == "seed_revealed")
    {
        let seed = payload(row)["seed"].as_str().unwrap().to_owned();
        assert_ne!(seed, STRANGER, "the changed seed is never logged");
        assert_eq!(payload(row)["commitment"], committed.as_str());
    }
    assert!(!revealed.events.is_empty());
    // A seed kept whole is revealed, not replaced.
    let again = app::commit_seed(&mut store, LODESTAR, &clock());
    assert!(matches!(again, Err(muster::Error::Input(m)) if m.contains("muster seed reveal")));
    assert!(verify(LODESTAR, &all_rows(&store, LODESTAR)).ok);
}

#[test]
fn verify_names_a_reveal_of_a_seed_the_log_never_committed() {
    let (_dir, _path, mut store) = new_db();
    create(&mut store, LODESTAR);
    let commitment = Seed::from_hex(STRANGER).unwrap().commitment();
    let reveal = Event::SeedRevealed(SeedRevealed {
        commitment: commitment.clone(),
        seed: STRANGER.to_owned(),
    });
    let head = store.head(LODESTAR).unwrap().version;
    let at = clock().0;
    store
        .append(LODESTAR, head, "forged-reveal", &[reveal], at)
        .unwrap();

    let report = verify(LODESTAR, &all_rows(&store, LODESTAR));
    let named = report
        .findings
        .iter()
        .find(|f| f.check == "seed" && f.version == Some(head + 1));
    let finding = named.unwrap_or_else(|| panic!("{:?}", report.findings));
    assert!(finding.problem.contains("never committed"), "{}", finding.problem);
    assert!(finding.problem.contains(&commitment), "{}", finding.problem);
}
