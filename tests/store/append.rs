//! Appends: the expected version, unique event ids, and versions counted per campaign.

use muster::store::chain::{self, GENESIS};
use muster::store::{StoreError, StoredRow};
use uuid::Uuid;

use super::*;

#[test]
fn a_stale_expected_version_is_refused_with_a_conflict_and_writes_nothing() {
    let (_dir, _path, mut store) = new_db();
    let at = clock().0;
    store.append(LODESTAR, 0, "c1", &[created_event()], at).unwrap();
    store.append(LODESTAR, 1, "c2", &[granted_event(3)], at).unwrap();
    let head = store.head(LODESTAR).unwrap();
    assert_eq!(head.version, 2);
    let before = all_rows(&store, LODESTAR);

    // Decided on version 1, but version 2 is already there.
    let stale = store.append(LODESTAR, 1, "c3", &[granted_event(4), granted_event(5)], at);
    match stale {
        Err(StoreError::Conflict {
            campaign,
            expected,
            found,
        }) => {
            assert_eq!(campaign, LODESTAR);
            assert_eq!((expected, found), (1, 2));
        }
        other => panic!("expected a conflict, got {other:?}"),
    }
    // An expected version ahead of the head is just as stale.
    let ahead = store.append(LODESTAR, 7, "c4", &[granted_event(4)], at);
    assert!(
        matches!(
            ahead,
            Err(StoreError::Conflict {
                expected: 7,
                found: 2,
                ..
            })
        ),
        "{ahead:?}"
    );

    assert_eq!(store.head(LODESTAR).unwrap(), head);
    assert_eq!(count_rows(&store), 2);
    assert_eq!(all_rows(&store, LODESTAR), before);
}

#[test]
fn one_append_writes_all_its_events_under_one_command_id_with_consecutive_versions() {
    let (_dir, _path, mut store) = new_db();
    let at = clock().0;
    store.append(LODESTAR, 0, "c1", &[created_event()], at).unwrap();
    let head = store
        .append(
            LODESTAR,
            1,
            "c2",
            &[granted_event(1), granted_event(2), granted_event(3)],
            at,
        )
        .unwrap();
    assert_eq!(head.version, 4);
    let rows = all_rows(&store, LODESTAR);
    assert_eq!(rows.iter().map(|r| r.version).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert!(rows[1..].iter().all(|r| r.command_id == "c2"));
    assert_eq!(rows[3].hash, head.hash);
    assert!(rows.iter().all(|r| r.recorded_at == "2026-11-29T21:00:00Z"));
}

/// A row that would continue `campaign`'s chain from its head, with a fresh event id.
fn next_row(store: &Store, campaign: &str, amount: u32) -> StoredRow {
    let head = store.head(campaign).unwrap();
    let encoded = muster::domain::codec::encode(&granted_event(amount));
    let mut row = StoredRow {
        seq: 0,
        campaign: campaign.to_owned(),
        version: head.version + 1,
        event_id: Uuid::new_v4().to_string(),
        command_id: Uuid::new_v4().to_string(),
        recorded_at: "2026-11-29T21:00:00Z".to_owned(),
        kind: encoded.kind.to_owned(),
        schema: encoded.schema,
        payload: encoded.payload,
        prev_hash: head.hash.clone(),
        hash: String::new(),
        command: None,
    };
    row.hash = chain::hash(&head.hash, &row.link()).unwrap();
    row
}

#[test]
fn a_duplicate_event_id_within_a_campaign_is_refused_and_nothing_is_written() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    let before = all_rows(&store, LODESTAR);
    let head = store.head(LODESTAR).unwrap();
    let count = count_rows(&store);

    // Under the API: a row reusing version 2's event id.
    let mut copy = next_row(&store, LODESTAR, 9);
    copy.event_id = before[1].event_id.clone();
    let err = raw_insert(&store, &copy).unwrap_err();
    assert!(err.to_string().contains("already exists"), "{err}");

    // Through append_rows: a good row then a duplicate; the transaction keeps neither.
    let good = next_row(&store, LODESTAR, 9);
    let mut dup = StoredRow {
        version: good.version + 1,
        prev_hash: good.hash.clone(),
        event_id: before[2].event_id.clone(),
        ..good.clone()
    };
    dup.hash = chain::hash(&dup.prev_hash, &dup.link()).unwrap();
    let err = store
        .append_rows(LODESTAR, &head, &[good, dup])
        .expect_err("a duplicate event id was appended");
    assert!(matches!(err, StoreError::Sqlite(_)), "{err:?}");
    assert!(
        err.to_string()
            .contains("append-only: an event with this id or version already exists"),
        "{err}"
    );

    assert_eq!(count_rows(&store), count);
    assert_eq!(store.head(LODESTAR).unwrap(), head);
    assert_eq!(all_rows(&store, LODESTAR), before);
}

#[test]
fn append_rows_from_a_stale_head_is_refused() {
    let (_dir, _path, mut store) = new_db();
    lodestar_with_grants(&mut store);
    let stale = store.head(LODESTAR).unwrap();
    let row = next_row(&store, LODESTAR, 1);
    let written = grant(&mut store, LODESTAR, 1);
    assert_eq!(written.head.version, stale.version + 1);
    let count = count_rows(&store);
    let result = store.append_rows(LODESTAR, &stale, &[row]);
    match result {
        Err(StoreError::Conflict {
            campaign,
            expected,
            found,
        }) => {
            assert_eq!(campaign, LODESTAR);
            assert_eq!((expected, found), (stale.version, written.head.version));
        }
        other => panic!("expected a conflict, got {other:?}"),
    }
    assert_eq!(count_rows(&store), count);
    assert_eq!(store.head(LODESTAR).unwrap(), written.head);
}

#[test]
fn versions_are_counted_per_campaign() {
    let (_dir, _path, mut store) = new_db();
    let alpha_created = create(&mut store, "Alpha");
    let bravo_created = create(&mut store, "Bravo");
    let alpha_first = grant(&mut store, "Alpha", 1);
    let bravo_grant = grant(&mut store, "Bravo", 2);
    let alpha_second = grant(&mut store, "Alpha", 3);

    // Each campaign counts from 1, whatever the other wrote in between.
    assert_eq!(bravo_created.first_version, 1);
    assert_eq!(bravo_created.head.version, alpha_created.head.version);
    assert_eq!(alpha_first.first_version, alpha_created.head.version + 1);
    assert_eq!(bravo_grant.first_version, bravo_created.head.version + 1);
    assert_eq!(alpha_second.first_version, alpha_first.head.version + 1);
    let alpha = all_rows(&store, "Alpha");
    let bravo = all_rows(&store, "Bravo");
    let versions = |rows: &[StoredRow]| rows.iter().map(|r| r.version).collect::<Vec<_>>();
    assert_eq!(
        versions(&alpha),
        (1..=alpha_second.head.version).collect::<Vec<_>>()
    );
    assert_eq!(
        versions(&bravo),
        (1..=bravo_grant.head.version).collect::<Vec<_>>()
    );
    assert_eq!(bravo[0].prev_hash, GENESIS);
    assert_eq!(alpha[0].prev_hash, GENESIS);
    // The global seq interleaves them; versions do not: Bravo was created after Alpha's
    // creation and before Alpha's first grant.
    let seq_of = |rows: &[StoredRow], version: u64| rows.iter().find(|r| r.version == version).unwrap().seq;
    let alpha_created_last = seq_of(&alpha, alpha_created.head.version);
    let alpha_granted_first = seq_of(&alpha, alpha_first.first_version);
    assert!(bravo.len() > 1 && alpha.len() > 1);
    for version in 1..=bravo_created.head.version {
        let seq = seq_of(&bravo, version);
        assert!(
            seq > alpha_created_last && seq < alpha_granted_first,
            "Bravo v{version}"
        );
    }
    assert_eq!(store.head("Alpha").unwrap(), alpha_second.head);
    assert_eq!(store.head("Bravo").unwrap(), bravo_grant.head);
    assert_eq!(store.head("Charlie").unwrap().version, 0);
    assert_eq!(store.head("Charlie").unwrap().hash, GENESIS);
    let names: Vec<_> = store
        .campaigns()
        .unwrap()
        .into_iter()
        .map(|c| (c.name, c.version))
        .collect();
    assert_eq!(
        names,
        [
            ("Alpha".to_owned(), alpha_second.head.version),
            ("Bravo".to_owned(), bravo_grant.head.version)
        ]
    );
    assert!(verify_ok(&store, "Alpha") && verify_ok(&store, "Bravo"));

    // UNIQUE(campaign, version): a second "Bravo" version 2 is refused, even with a fresh id.
    assert_eq!(bravo[1].version, 2);
    let mut twin = bravo[1].clone();
    twin.event_id = Uuid::new_v4().to_string();
    let err = raw_insert(&store, &twin).unwrap_err();
    assert!(err.to_string().contains("already exists"), "{err}");
    // ...while the same version in a campaign that lacks it is accepted.
    let mut charlie = next_row(&store, "Charlie", 1);
    charlie.version = 2;
    raw_insert(&store, &charlie).unwrap();
    assert_eq!(count_rows(&store), (alpha.len() + bravo.len() + 1) as i64);
    assert_eq!(all_rows(&store, "Bravo"), bravo);
}

fn verify_ok(store: &Store, campaign: &str) -> bool {
    muster::verify::verify(campaign, &all_rows(store, campaign)).ok
}
