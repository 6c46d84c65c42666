//! The README's recipe for a generated face, followed as an outsider would (HMAC-SHA256
//! written out from SHA-256, the message put together from its description), held to the
//! faces the dice module gives, and its worked example held to the README's own words.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster::dice::Seed;
use sha2::{Digest, Sha256};

const README: &str = include_str!("../README.md");

/// The seed of the README's example: the bytes 0 to 31.
fn example_seed() -> [u8; 32] {
    std::array::from_fn(|i| u8::try_from(i).unwrap())
}

/// HMAC-SHA256 (RFC 2104) of `message` under `key` (shorter than SHA-256's 64-byte block).
fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut block = [0u8; 64];
    block[..key.len()].copy_from_slice(key);
    let inner = Sha256::new()
        .chain_update(block.map(|b| b ^ 0x36))
        .chain_update(message)
        .finalize();
    let outer = Sha256::new()
        .chain_update(block.map(|b| b ^ 0x5c))
        .chain_update(inner)
        .finalize();
    outer.into()
}

/// The README's message: the name's length in bytes (8, big-endian), the name, the version
/// (8) and the die's index (4), and after a round whose bytes were all skipped, the round (4).
fn message(campaign: &str, version: u64, index: u32, round: u32) -> Vec<u8> {
    let mut message = (campaign.len() as u64).to_be_bytes().to_vec();
    message.extend_from_slice(campaign.as_bytes());
    message.extend_from_slice(&version.to_be_bytes());
    message.extend_from_slice(&index.to_be_bytes());
    if round > 0 {
        message.extend_from_slice(&round.to_be_bytes());
    }
    message
}

/// The README's face: the MAC's first byte below the largest multiple of `sides` that fits in
/// a byte, mod `sides`, plus 1; a round taken again while every byte is skipped.
fn readme_face(seed: &[u8; 32], campaign: &str, version: u64, index: u32, sides: u8) -> u8 {
    let limit = 256 - 256 % u16::from(sides);
    (0u32..)
        .find_map(|round| {
            hmac_sha256(seed, &message(campaign, version, index, round))
                .into_iter()
                .find(|b| u16::from(*b) < limit)
        })
        .map(|b| b % sides + 1)
        .unwrap()
}

#[test]
fn the_readme_s_worked_example_is_what_the_dice_give() {
    let seed = example_seed();
    let (campaign, version, index) = ("Lodestar", 4, 0);
    let hex = hex::encode(seed);
    assert!(
        README.contains(&format!("(`{}…{}`", &hex[..6], &hex[60..])),
        "the seed"
    );
    assert!(
        README.contains(&format!("commitment\n`{}`", hex::encode(Sha256::digest(seed)))),
        "its commitment"
    );

    let message = message(campaign, version, index, 0);
    let parts = [&message[..8], &message[8..16], &message[16..24], &message[24..]].map(hex::encode);
    let mac = hmac_sha256(&seed, &message);
    // The example shows a byte skipped: its first is 250 or more, its second is not.
    assert!(mac[0] >= 250 && mac[1] < 250, "{mac:?}");
    let face = mac[1] % 10 + 1;
    for line in [
        format!("message  {}", parts.join(" ")),
        format!("MAC      {}", hex::encode(mac)),
        format!(
            "face     0x{:02x} = {} is skipped (250 or more); 0x{:02x} = {} gives {} mod 10 + 1 = {face}",
            mac[0], mac[0], mac[1], mac[1], mac[1]
        ),
    ] {
        assert!(README.contains(&line), "the README's example lacks:\n{line}");
    }
    assert!(
        README.contains(&format!("for the command at version {version} is an {face}:")),
        "the example's face in words"
    );

    let dice = Seed::from_bytes(seed).face(campaign, version, index, 10);
    assert_eq!(dice, face, "the dice module rolls the README's face");
    assert_eq!(readme_face(&seed, campaign, version, index, 10), face);
}

#[test]
fn every_face_recomputed_as_the_readme_says_is_the_dice_s() {
    let seeds = [example_seed(), [0xa7; 32]];
    // A name whose bytes outnumber its characters: the length is counted in bytes.
    let campaigns = ["Lodestar", "Opération Été", "x"];
    let mut compared = 0;
    for seed in &seeds {
        let dice = Seed::from_bytes(*seed);
        for campaign in campaigns {
            for version in [1, 4, 9, 255, 256, 70_000, u64::from(u32::MAX) + 1] {
                for index in 0..3 {
                    for sides in 2..=12 {
                        assert_eq!(
                            dice.face(campaign, version, index, sides),
                            readme_face(seed, campaign, version, index, sides),
                            "{campaign} v{version} die {index}, d{sides}"
                        );
                        compared += 1;
                    }
                }
            }
        }
    }
    assert_eq!(compared, 2 * 3 * 7 * 3 * 11);
}
