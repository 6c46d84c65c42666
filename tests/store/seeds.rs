//! The dice seed: committed in the log when the campaign is created, kept in the file's
//! `seeds` table outside the log, and the key of every generated face.

use std::collections::BTreeMap;

use muster::dice::Seed;
use muster::domain::command::Command;
use muster::domain::soldier::{Ability, SoldierCard, SoldierKind};
use muster::transfer::import;
use muster::verify::verify;

use super::*;

/// The commitment a `seed_committed` row logs.
fn commitment_of(row: &StoredRow) -> String {
    assert_eq!(row.kind, "seed_committed");
    payload(row)["commitment"].as_str().unwrap().to_owned()
}

/// The seed (hex) this file keeps for `campaign` under `commitment`.
fn held_seed(store: &Store, campaign: &str, commitment: &str) -> String {
    store
        .seed(campaign, commitment)
        .unwrap()
        .unwrap_or_else(|| panic!("no seed kept for '{campaign}' under {commitment}"))
}

/// Every row of the `seeds` table, whatever the campaign.
fn count_seeds(store: &Store) -> i64 {
    store
        .connection()
        .query_row("SELECT COUNT(*) FROM seeds", [], |row| row.get(0))
        .unwrap()
}

/// A Player Soldier with Bomb 6+.
fn bomber(name: &str) -> SoldierCard {
    SoldierCard {
        name: name.to_owned(),
        kind: SoldierKind::Player,
        rp: 4,
        health: None,
        abilities: BTreeMap::from([(
            "bomb".to_owned(),
            Ability {
                target: 6,
                upgunned: None,
            },
        )]),
        keywords: vec![],
        discipline: None,
        handler: None,
        hardy: BTreeMap::new(),
        stats: None,
        specialism: None,
    }
}

/// `LODESTAR` created, Wong (Bomb 6+) enlisted and on Mission 1.
pub(super) fn wong_on_mission(store: &mut Store) {
    create(store, LODESTAR);
    app::execute(
        store,
        LODESTAR,
        &Command::Enlist(Box::new(bomber("Wong"))),
        &clock(),
    )
    .unwrap();
    let start = Command::StartMission {
        name: "Dawn Raid".to_owned(),
        soldiers: vec!["Wong".to_owned()],
        objectives: None,
        k9_objective: None,
        environments: vec![],
    };
    app::execute(store, LODESTAR, &start, &clock()).unwrap();
}

/// Wong's Bomb check.
pub(super) fn bomb_check(soldier: &str) -> Command {
    Command::Check {
        soldier: soldier.to_owned(),
        ability: "bomb".to_owned(),
        modifiers: vec![],
        upgunned: false,
        trap: false,
        fail: false,
        card: None,
    }
}

/// The one `check_rolled` row a command wrote at `version`, and its roll as JSON.
fn check_row(store: &Store, version: u64) -> (StoredRow, serde_json::Value) {
    let row = row_at(store, LODESTAR, version);
    assert_eq!(row.kind, "check_rolled");
    let roll = payload(&row)["roll"].clone();
    (row, roll)
}

#[test]
fn a_new_campaign_commits_to_a_seed_in_its_second_event_and_the_file_keeps_the_seed() {
    let (_dir, _path, mut store) = new_db();
    let written = create(&mut store, LODESTAR);
    let rows = all_rows(&store, LODESTAR);
    assert_eq!(written.head.version, rows.len() as u64);
    let kinds: Vec<&str> = rows.iter().map(|r| r.kind.as_str()).collect();
    assert_eq!(kinds, ["campaign_created", "seed_committed"]);
    assert_eq!(rows[1].version, 2);
    assert_eq!(
        rows[0].command_id, rows[1].command_id,
        "the commitment is part of the creation command"
    );

    let commitment = commitment_of(&rows[1]);
    assert_eq!(commitment.len(), 64);
    assert!(
        commitment
            .chars()
            .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c)),
        "{commitment}"
    );
    let seed_hex = held_seed(&store, LODESTAR, &commitment);
    let seed = Seed::from_hex(&seed_hex).unwrap();
    assert_eq!(
        seed.commitment(),
        commitment,
        "the commitment is the SHA-256 of the seed"
    );
    assert_eq!(seed.to_hex(), seed_hex.to_lowercase());
    assert_eq!(
        app::load(&store, LODESTAR).unwrap().1.seed_commitment,
        Some(commitment.clone())
    );
    assert_eq!(count_seeds(&store), 1);
    assert!(verify(LODESTAR, &rows).ok);

    // The seed belongs to its campaign: another campaign neither finds it nor shares it.
    assert_eq!(store.seed("Other", &commitment).unwrap(), None);
    create(&mut store, "Other");
    let other = commitment_of(&row_at(&store, "Other", 2));
    assert_ne!(other, commitment, "each campaign gets a fresh seed");
    assert_ne!(held_seed(&store, "Other", &other), seed_hex);
    assert_eq!(store.seed(LODESTAR, &other).unwrap(), None);
    assert_eq!(count_seeds(&store), 2);
}

#[test]
fn the_seed_is_in_no_event_payload_and_not_in_the_export() {
    let (_dir, _path, mut store) = new_db();
    wong_on_mission(&mut store);
    grant(&mut store, LODESTAR, 3);
    app::execute_rolling(&mut store, LODESTAR, &bomb_check("Wong"), &[], &clock()).unwrap();
    create(&mut store, "Other");

    for campaign in [LODESTAR, "Other"] {
        let rows = all_rows(&store, campaign);
        let commitment = commitment_of(&rows[1]);
        let seed = held_seed(&store, campaign, &commitment);
        let needles = [seed.to_lowercase(), seed.to_uppercase()];
        // Every row of the file, of every campaign, in every column.
        let mut every_row = store.connection().prepare("SELECT * FROM events").unwrap();
        let columns = every_row.column_count();
        let texts: Vec<String> = every_row
            .query_map([], |row| {
                (0..columns)
                    .map(|i| row.get::<_, rusqlite::types::Value>(i).map(|v| format!("{v:?}")))
                    .collect::<Result<Vec<_>, _>>()
            })
            .unwrap()
            .collect::<Result<Vec<_>, _>>()
            .unwrap()
            .concat();
        assert!(texts.len() as i64 >= count_rows(&store));
        for needle in &needles {
            assert!(
                texts.iter().all(|text| !text.contains(needle.as_str())),
                "the seed of '{campaign}' appears in the events table"
            );
            for row in all_rows(&store, campaign) {
                assert!(!row.payload.contains(needle.as_str()), "v{}", row.version);
            }
            assert!(
                !export_text(&store, campaign).contains(needle.as_str()),
                "the seed of '{campaign}' is in its export"
            );
        }
    }
}

#[test]
fn a_generated_roll_records_the_commitment_its_version_and_index_and_the_face_the_seed_gives() {
    let (_dir, _path, mut store) = new_db();
    wong_on_mission(&mut store);
    let commitment = commitment_of(&all_rows(&store, LODESTAR)[1]);
    let seed = Seed::from_hex(&held_seed(&store, LODESTAR, &commitment)).unwrap();
    let head = store.head(LODESTAR).unwrap();

    let written = app::execute_rolling(&mut store, LODESTAR, &bomb_check("Wong"), &[], &clock()).unwrap();
    assert_eq!(written.first_version, head.version + 1);
    assert_eq!(
        written.head.version, written.first_version,
        "a check writes one event and commits no new seed"
    );
    let (row, roll) = check_row(&store, written.first_version);
    assert_eq!(row.prev_hash, head.hash);

    let face = seed.face(LODESTAR, row.version, 0, 10);
    assert_eq!(roll["dice"]["commitment"], commitment.as_str());
    assert_eq!(
        roll["dice"]["version"], row.version,
        "the version of the check's own event"
    );
    assert_eq!(roll["dice"]["index"], 0);
    assert_eq!(roll["source"], "generated");
    assert_eq!(roll["faces"], serde_json::json!([face]));
    assert_eq!(roll["target"], 6);
    assert_eq!(roll["total"], face);
    assert_eq!(roll["success"], face >= 6);

    // The decoded event says the same.
    match written.events.as_slice() {
        [muster::domain::event::Event::CheckRolled(check)] => {
            let key = check.roll.dice.as_ref().unwrap();
            assert_eq!(
                (key.commitment.as_str(), key.version, key.index),
                (commitment.as_str(), row.version, 0)
            );
            assert_eq!(check.roll.faces, [face]);
        }
        other => panic!("expected one check_rolled event, got {other:?}"),
    }
    let report = verify(LODESTAR, &all_rows(&store, LODESTAR));
    assert!(report.ok, "{:?}", report.findings);

    // The next command's die is keyed by its own version, still index 0.
    let again = app::execute_rolling(&mut store, LODESTAR, &bomb_check("Wong"), &[], &clock()).unwrap();
    let (row, roll) = check_row(&store, again.first_version);
    assert_eq!(roll["dice"]["version"], row.version);
    assert_eq!(roll["dice"]["index"], 0);
    assert_eq!(
        roll["faces"],
        serde_json::json!([seed.face(LODESTAR, row.version, 0, 10)])
    );
}

#[test]
fn an_entered_face_is_recorded_as_entered_and_one_off_the_die_is_refused_writing_nothing() {
    let (_dir, _path, mut store) = new_db();
    wong_on_mission(&mut store);
    let before = all_rows(&store, LODESTAR);
    let head = store.head(LODESTAR).unwrap();
    let seeds = count_seeds(&store);

    for entered in [11, 0, -1] {
        let result = app::execute_rolling(&mut store, LODESTAR, &bomb_check("Wong"), &[entered], &clock());
        match result {
            Err(muster::Error::Rule(err)) => {
                assert!(err.to_string().contains("1 to 10"), "{err}");
            }
            other => panic!("the face {entered} was not refused by the rule: {other:?}"),
        }
        assert_eq!(store.head(LODESTAR).unwrap(), head);
        assert_eq!(all_rows(&store, LODESTAR), before);
        assert_eq!(count_seeds(&store), seeds);
    }

    // A face given to a command that rolls no die is refused too.
    let grant_with_die = Command::GrantRp {
        amount: 1,
        why: "no die here".to_owned(),
    };
    match app::execute_rolling(&mut store, LODESTAR, &grant_with_die, &[5], &clock()) {
        Err(muster::Error::Input(message)) => {
            assert!(message.contains("this command rolled no die"), "{message}")
        }
        other => panic!("expected bad input, got {other:?}"),
    }
    assert_eq!(all_rows(&store, LODESTAR), before);

    // A face on the die is recorded as entered, with no seed key.
    let written = app::execute_rolling(&mut store, LODESTAR, &bomb_check("Wong"), &[7], &clock()).unwrap();
    let (_, roll) = check_row(&store, written.first_version);
    assert_eq!(roll["source"], "entered");
    assert_eq!(roll["faces"], serde_json::json!([7]));
    assert!(roll.get("dice").is_none_or(serde_json::Value::is_null), "{roll}");
    assert_eq!(count_seeds(&store), seeds);
}

#[test]
fn an_imported_campaign_commits_a_fresh_seed_of_its_own_before_its_first_generated_roll() {
    let (_d1, _p1, mut source) = new_db();
    wong_on_mission(&mut source);
    let theirs = commitment_of(&all_rows(&source, LODESTAR)[1]);

    let (_d2, _p2, mut target) = new_db();
    import(&mut target, &export_text(&source, LODESTAR)).unwrap();
    assert_eq!(
        target.seed(LODESTAR, &theirs).unwrap(),
        None,
        "the seed stays with its file"
    );
    let head = target.head(LODESTAR).unwrap();

    let written = app::execute_rolling(&mut target, LODESTAR, &bomb_check("Wong"), &[], &clock()).unwrap();
    // One command commits the new seed, then the check rolls with it.
    assert_eq!(written.first_version, head.version + 1);
    let committed = row_at(&target, LODESTAR, written.first_version);
    assert_eq!(committed.kind, "seed_committed");
    let ours = commitment_of(&committed);
    assert_ne!(ours, theirs);
    let seed = Seed::from_hex(&held_seed(&target, LODESTAR, &ours)).unwrap();
    assert_eq!(seed.commitment(), ours);
    let (row, roll) = check_row(&target, written.first_version + 1);
    assert_eq!(
        row.command_id, committed.command_id,
        "committed in the same command"
    );
    assert_eq!(roll["dice"]["commitment"], ours.as_str());
    assert_eq!(
        roll["dice"]["version"], committed.version,
        "the command's first version"
    );
    assert_eq!(roll["dice"]["index"], 0);
    assert_eq!(
        roll["faces"],
        serde_json::json!([seed.face(LODESTAR, committed.version, 0, 10)])
    );
    assert!(verify(LODESTAR, &all_rows(&target, LODESTAR)).ok);
}

/// A rolling command with no `--die`, on a campaign whose seed the file does not hold, must
/// commit a fresh seed before deciding the roll; a roll the rules refuse leaves neither a
/// `seed_committed` event nor a kept seed behind, as a refusal writes nothing (README, exit
/// code 1).
#[test]
fn a_refused_roll_on_a_campaign_without_a_held_seed_commits_no_seed() {
    let (_d1, _p1, mut source) = new_db();
    wong_on_mission(&mut source);
    let (_d2, _p2, mut target) = new_db();
    import(&mut target, &export_text(&source, LODESTAR)).unwrap();
    let before = all_rows(&target, LODESTAR);
    let seeds = count_seeds(&target);

    let result = app::execute_rolling(&mut target, LODESTAR, &bomb_check("Nobody"), &[], &clock());
    match result {
        Err(muster::Error::Rule(refusal)) => {
            assert!(
                refusal.to_string().contains("no Soldier named 'Nobody'"),
                "{refusal}"
            )
        }
        other => panic!("expected the rules' refusal, got {other:?}"),
    }
    let after = all_rows(&target, LODESTAR);
    let written: Vec<&str> = after
        .iter()
        .filter(|r| r.version > before.len() as u64)
        .map(|r| r.kind.as_str())
        .collect();
    assert!(written.is_empty(), "the refused roll wrote {written:?}");
    assert_eq!(after, before);
    assert_eq!(count_seeds(&target), seeds, "the refused roll kept a seed");
}
