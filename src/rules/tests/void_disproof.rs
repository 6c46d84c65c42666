//! The void of a generated roll that its revealed seed disproves (issue 27): a forged face
//! may be struck, naming the disproof; a face the seed confirms, or whose seed is still
//! secret, may not.

use super::void_rests::{apply_cleanly, rolled_under_a_seed};
use super::*;
use crate::dice::Seed;
use crate::rules::harness::Played;

/// Rewrites the face of the check at `version` to another one, its total and outcome made to
/// follow, as a copy that chose its "generated" die would have written it; returns the
/// recorded face and the face the seed gave.
fn forge(played: &mut Played, version: u64) -> (u8, u8) {
    let entry = played.log.iter_mut().find(|r| r.version == version).unwrap();
    let Event::CheckRolled(check) = &mut entry.event else {
        panic!("version {version} is not a check: {:?}", entry.event);
    };
    let given = check.roll.faces[0];
    let chosen = if given == 10 { 9 } else { 10 };
    check.roll.faces = vec![chosen];
    (check.roll.total, check.roll.success) = check.roll.recompute();
    (chosen, given)
}

/// Reveals `seed` (the one in force) and commits another; returns the reveal's version.
fn reveal(played: &mut Played, seed: &Seed) -> u64 {
    played.play(
        Command::RevealSeed {
            seed: seed.to_hex(),
            next_commitment: Seed::from_bytes([8; 32]).commitment(),
        },
        &[],
    )
}

#[test]
fn a_generated_face_its_revealed_seed_disproves_is_voided_and_the_void_names_the_disproof() {
    let (mut played, seed, rolled) = rolled_under_a_seed();
    let (recorded_face, seed_face) = forge(&mut played, rolled);
    let revealed_at = reveal(&mut played, &seed);
    assert_eq!(
        played.findings("seed").len(),
        1,
        "the forged face is found once revealed"
    );

    let events = played.void(rolled, false).unwrap();

    let disproof = Disproof {
        die_index: 0,
        recorded_face,
        revealed_at,
        roll_version: rolled,
        seed_face,
    };
    assert!(
        matches!(&events[..], [Event::CommandVoided(v)] if v.version == rolled && v.disproofs == [disproof.clone()]),
        "{events:?}"
    );
    apply_cleanly(&mut played, events);
    assert_eq!(
        played.findings("seed"),
        vec![],
        "a forged face struck by a void that names its disproof is no longer a finding"
    );
}

#[test]
fn a_generated_face_its_revealed_seed_confirms_is_not_voided() {
    let (mut played, seed, rolled) = rolled_under_a_seed();
    let revealed_at = reveal(&mut played, &seed);
    let refusal = played.void(rolled, false).unwrap_err().to_string();
    assert!(
        refusal.contains(&format!(
            "the seed revealed at version {revealed_at} gives the face it records"
        )) && refusal.contains("a face shown to the table is a fact"),
        "{refusal}"
    );
}

#[test]
fn a_generated_face_whose_seed_is_unrevealed_is_not_voided_even_if_forged() {
    let (mut played, _, rolled) = rolled_under_a_seed();
    forge(&mut played, rolled);
    let refusal = played.void(rolled, false).unwrap_err().to_string();
    assert!(
        refusal.contains("its seed is not revealed")
            && refusal.contains("Only a generated face that a revealed seed disproves may be voided"),
        "{refusal}"
    );
}

/// Records a void of the check at `rolled` that claims its face disproved, as a forged file
/// would, and gives what `verify` finds at the check.
fn claimed_disproved(mut played: Played, rolled: u64) -> Vec<String> {
    let check = played.log.iter().find(|r| r.version == rolled).unwrap().clone();
    let face = check.event.roll().unwrap().faces[0];
    played.record(vec![Event::CommandVoided(CommandVoided {
        disproofs: vec![Disproof {
            die_index: 0,
            recorded_face: face,
            revealed_at: rolled + 1,
            roll_version: rolled,
            seed_face: face % 10 + 1,
        }],
        version: rolled,
        command_id: check.command_id,
        why: "claimed forged".into(),
    })]);
    played
        .findings("seed")
        .into_iter()
        .filter(|(v, _)| *v == Some(rolled))
        .map(|(_, problem)| problem)
        .collect()
}

#[test]
fn a_void_naming_a_disproof_the_seed_does_not_bear_out_is_found() {
    for (revealing, says) in [
        (true, "the revealed seed gives the face it records"),
        (false, "no seed revealed in the log made it"),
    ] {
        let (mut played, seed, rolled) = rolled_under_a_seed();
        if revealing {
            reveal(&mut played, &seed);
        }
        let found = claimed_disproved(played, rolled);
        assert!(found.iter().any(|p| p.contains(says)), "{found:?}");
    }
}

#[test]
fn a_void_written_before_disproofs_reads_unchanged_and_one_naming_a_disproof_is_canonical() {
    use crate::domain::codec::{decode, encode};
    let old = r#"{"command_id":"cmd-7","version":7,"why":"a slip"}"#;
    let read = decode("command_voided", 1, old).unwrap();
    assert!(matches!(&read, Event::CommandVoided(v) if v.disproofs.is_empty() && v.version == 7));
    let stored = encode(&read);
    assert_eq!(
        (stored.schema, stored.payload.as_str()),
        (2, old),
        "the same bytes at schema 2"
    );
    let forged = r#"{"command_id":"cmd-7","disproofs":[],"version":7,"why":"a slip"}"#;
    let refusal = decode("command_voided", 1, forged).unwrap_err().to_string();
    assert!(refusal.contains("schema 1 has no `disproofs`"), "{refusal}");

    let (mut played, seed, rolled) = rolled_under_a_seed();
    forge(&mut played, rolled);
    reveal(&mut played, &seed);
    let void = played.void(rolled, false).unwrap().remove(0);
    let payload = encode(&void).payload;
    let sorted: serde_json::Value = serde_json::from_str(&payload).unwrap();
    assert_eq!(
        payload,
        sorted.to_string(),
        "fields in name order: the straight encoding is canonical"
    );
    assert_eq!(decode("command_voided", 2, &payload), Ok(void));
}
