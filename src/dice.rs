//! Die faces: entered by the player from a real die, or generated from the campaign's
//! committed seed so that anyone can recompute them once the seed is revealed.
//!
//! A generated face is `HMAC-SHA256(seed, len(campaign) ‖ campaign ‖ version ‖ index)`
//! mapped to the die by rejection sampling: bytes at or above the largest multiple of the
//! die's size are skipped, so every face is equally likely. `version` is the campaign version
//! of the first event of the command that rolls, `index` counts the dice that command rolls
//! (0, 1, 2…). Integers are big-endian (8 bytes for lengths and versions, 4 for the index).

use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// A campaign's secret seed for generated dice.
#[derive(Clone, PartialEq, Eq)]
pub struct Seed([u8; 32]);

impl std::fmt::Debug for Seed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A seed is secret until revealed: never print it by accident.
        f.write_str("Seed(…)")
    }
}

impl Seed {
    /// A seed from 32 bytes (from the operating system's random source, or a revealed one).
    pub fn from_bytes(bytes: [u8; 32]) -> Seed {
        Seed(bytes)
    }

    /// Reads a seed written as 64 hex digits.
    pub fn from_hex(text: &str) -> Option<Seed> {
        let bytes: [u8; 32] = hex::decode(text).ok()?.try_into().ok()?;
        Some(Seed(bytes))
    }

    /// The seed as 64 hex digits.
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// The commitment logged before the seed makes any roll: SHA-256 of its bytes, in hex.
    pub fn commitment(&self) -> String {
        hex::encode(Sha256::digest(self.0))
    }

    /// The face of a `sides`-sided die for the `index`-th die of the command at `version`.
    pub fn face(&self, campaign: &str, version: u64, index: u32, sides: u8) -> u8 {
        for round in 0u32.. {
            let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&self.0) else {
                break;
            };
            mac.update(&(campaign.len() as u64).to_be_bytes());
            mac.update(campaign.as_bytes());
            mac.update(&version.to_be_bytes());
            mac.update(&index.to_be_bytes());
            if round > 0 {
                // Only when all 32 bytes of a round were rejected, which is vanishingly rare.
                mac.update(&round.to_be_bytes());
            }
            let bytes = mac.finalize().into_bytes();
            if let Some(face) = bytes.iter().find_map(|b| face_of_byte(*b, sides)) {
                return face;
            }
        }
        1
    }
}

/// The face a random byte gives on a `sides`-sided die, or `None` for a byte that must be
/// skipped so that every face stays equally likely.
fn face_of_byte(byte: u8, sides: u8) -> Option<u8> {
    let sides = sides.max(1);
    let limit = 256 - (256 % u16::from(sides));
    (u16::from(byte) < limit).then(|| byte % sides + 1)
}

/// Where a face came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The player rolled a real die and typed the face.
    Entered,
    /// muster generated it from the committed seed.
    Generated,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_inputs_give_the_same_face_and_other_inputs_vary_it() {
        let seed = Seed::from_bytes([7; 32]);
        let face = seed.face("Lodestar", 12, 0, 10);
        assert_eq!(face, seed.face("Lodestar", 12, 0, 10));
        let others: Vec<u8> = (0..40).map(|i| seed.face("Lodestar", 12, i, 10)).collect();
        assert!(others.iter().any(|f| *f != face), "faces vary with the die index");
    }

    #[test]
    fn every_face_gets_the_same_number_of_bytes() {
        for sides in [6u8, 10, 20] {
            let mut counts = vec![0u32; usize::from(sides)];
            for byte in 0..=255u8 {
                if let Some(face) = face_of_byte(byte, sides) {
                    counts[usize::from(face - 1)] += 1;
                }
            }
            assert!(
                counts.iter().all(|c| *c == 256 / u32::from(sides)),
                "d{sides}: {counts:?}"
            );
        }
    }

    #[test]
    fn generated_faces_stay_on_the_die() {
        let seed = Seed::from_bytes([42; 32]);
        let mut seen = [false; 10];
        for version in 0..500 {
            let face = seed.face("c", version, 0, 10);
            assert!((1..=10).contains(&face));
            seen[usize::from(face - 1)] = true;
        }
        assert!(seen.iter().all(|s| *s), "every face turns up in 500 rolls");
    }

    #[test]
    fn a_commitment_is_the_sha256_of_the_seed_and_hex_round_trips() {
        let seed = Seed::from_bytes([0; 32]);
        assert_eq!(
            seed.commitment(),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
        assert_eq!(Seed::from_hex(&seed.to_hex()), Some(seed));
        assert_eq!(Seed::from_hex("abc"), None);
    }
}
