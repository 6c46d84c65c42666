//! The revealed-seed fixture (fixtures/campaigns/revealed-seed.jsonl, written by the real
//! binary with make-revealed-seed.sh): it imports and verifies clean, and its generated faces
//! are the ones worked out from its revealed seed apart from muster (with Python's `hmac`
//! over the input src/dice.rs documents), so a change to how faces are derived fails here
//! as well as in `verify`.

use muster::dice::Seed;
use muster::transfer::import;
use muster::verify::verify;
use serde_json::{Value, json};

use super::*;

const FIXTURE: &str = include_str!("../../fixtures/campaigns/revealed-seed.jsonl");
const CAMPAIGN: &str = "Seed Drill";

/// The seed the fixture reveals at version 13.
const REVEALED: &str = "419a11327b188b97e73e8c32803844b62d0acb8b5988f4447aa8e8967413edbd";

/// Each medic check's version, Soldier and d10 face, generated as the first die (index 0)
/// of its command.
const KNOWN_FACES: [(u64, &str, u8); 4] = [
    (9, "Reyes", 9),
    (10, "Ortiz", 2),
    (11, "Chen", 9),
    (12, "Novak", 5),
];

#[test]
fn the_revealed_seed_fixture_imports_and_verifies_with_no_finding() {
    let (_dir, _path, mut store) = new_db();
    let imported = import(&mut store, FIXTURE).unwrap();
    assert_eq!((imported.campaign.as_str(), imported.added), (CAMPAIGN, 14));
    let report = verify(CAMPAIGN, &all_rows(&store, CAMPAIGN));
    assert!(report.ok, "{:?}", report.findings);
    assert_eq!(report.findings.len(), 0, "{:?}", report.findings);
}

#[test]
fn the_revealed_seed_fixture_holds_the_faces_worked_out_apart_from_muster() {
    let (_dir, _path, mut store) = new_db();
    import(&mut store, FIXTURE).unwrap();
    let rows = all_rows(&store, CAMPAIGN);
    let revealed: Vec<Value> = rows
        .iter()
        .filter(|r| r.kind == "seed_revealed")
        .map(payload)
        .collect();
    assert_eq!(revealed.len(), 1);
    assert_eq!(revealed[0]["seed"], REVEALED);
    let commitment = revealed[0]["commitment"].clone();

    let checks: Vec<(u64, Value, Value)> = rows
        .iter()
        .filter(|r| r.kind == "check_rolled")
        .map(|r| {
            let p = payload(r);
            (r.version, p["soldier"].clone(), p["roll"].clone())
        })
        .collect();
    assert_eq!(checks.len(), KNOWN_FACES.len());
    for ((version, soldier, roll), (known_version, known_soldier, face)) in checks.iter().zip(KNOWN_FACES) {
        assert_eq!((*version, soldier.as_str()), (known_version, Some(known_soldier)));
        assert_eq!(roll["source"], "generated", "v{version}");
        assert_eq!(
            roll["dice"],
            json!({"commitment": commitment, "version": version, "index": 0}),
            "v{version}: the face's key"
        );
        assert_eq!(roll["faces"], json!([face]), "v{version}: the face in the log");
    }

    // The library derives the same faces from the revealed seed.
    let seed = Seed::from_hex(REVEALED).unwrap();
    assert_eq!(json!(seed.commitment()), commitment);
    for (version, _, face) in KNOWN_FACES {
        assert_eq!(seed.face(CAMPAIGN, version, 0, 10), face, "v{version}");
    }
}
