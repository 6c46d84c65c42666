//! Die faces: entered by the player from a real die, or generated from the campaign's
//! committed seed so that anyone can recompute them once the seed is revealed.
//!
//! A generated face is `HMAC-SHA256(seed, len(campaign) ‖ campaign ‖ version ‖ index)`
//! mapped to the die by rejection sampling: bytes at or above the largest multiple of the
//! die's size are skipped, so every face is equally likely. `version` is the campaign version
//! of the first event of the command that rolls, `index` counts the dice that command rolls
//! (0, 1, 2…). Integers are big-endian (8 bytes for lengths and versions, 4 for the index).
//! Should every byte of the MAC be skipped, the round (1, 2…, 4 bytes) is appended to the
//! message and the MAC taken again. The README spells this out with a worked example, which
//! `tests/dice.rs` holds to [`Seed::face`].

use std::collections::VecDeque;

use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};

use crate::domain::error::RuleError;
use crate::domain::roll::{DiceKey, Roll, Source};

/// A campaign's secret seed for generated dice.
#[derive(Clone, PartialEq, Eq)]
pub struct Seed([u8; 32]);

/// The environment variable that fixes every fresh seed.
pub const SEED_VARIABLE: &str = "MUSTER_SEED";

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

    /// A fresh seed from the operating system's random source, or the seed `MUSTER_SEED`
    /// fixes (64 hex digits), as `MUSTER_NOW` fixes the clock: for tests and replays, never
    /// for play, whose dice it makes foreseeable.
    pub fn fresh() -> Result<Seed, String> {
        if let Some(fixed) = std::env::var_os(SEED_VARIABLE) {
            let text = fixed.to_string_lossy();
            return Seed::from_hex(text.trim()).ok_or_else(|| {
                format!("{SEED_VARIABLE} is not a seed of 64 hex digits; unset it to roll from the system's random source")
            });
        }
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| format!("the system's random source failed: {e}"))?;
        Ok(Seed(bytes))
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

/// A die face and where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Face {
    pub value: u8,
    pub source: Source,
    /// The inputs that generated it; `None` for an entered face.
    pub key: Option<DiceKey>,
}

/// A face a mistaken command rolled, carried to the command that amends it, with the die it
/// was rolled on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Carried {
    pub face: Face,
    pub sides: u8,
}

impl Carried {
    /// The face `roll` showed, to carry to another decision of the same command: `None` for a
    /// roll that took no die (a check without the ability, a Trap's assumed 1).
    pub fn of(roll: &Roll) -> Option<Carried> {
        let source = roll
            .source
            .filter(|s| matches!(s, Source::Entered | Source::Generated))?;
        Some(Carried {
            face: Face {
                value: *roll.faces.first()?,
                source,
                key: roll.dice.clone(),
            },
            sides: roll.sides()?,
        })
    }
}

/// The dice one command may roll: the faces carried from the command it amends first, then
/// the faces the player entered, then faces generated from the committed seed. Pure: the
/// same cup always gives the same faces.
#[derive(Debug, Clone)]
pub struct Cup {
    campaign: String,
    first_version: u64,
    carried: VecDeque<Carried>,
    entered: VecDeque<i64>,
    seed: Option<Seed>,
    next_index: u32,
    generated: u32,
    /// Whether a roll asked for a generated face with no seed in the cup.
    lacked_seed: bool,
}

impl Cup {
    /// A cup for the command whose first event will be `first_version` of `campaign`.
    pub fn new(campaign: &str, first_version: u64, entered: Vec<i64>, seed: Option<Seed>) -> Cup {
        Cup {
            campaign: campaign.to_owned(),
            first_version,
            carried: VecDeque::new(),
            entered: entered.into(),
            seed,
            next_index: 0,
            generated: 0,
            lacked_seed: false,
        }
    }

    /// The same cup, first giving back `carried`, in order: the faces of the command being
    /// amended, each kept as it was shown (entered, or generated with its key).
    pub fn carrying(mut self, carried: Vec<Carried>) -> Cup {
        self.carried = carried.into();
        self
    }

    /// Faces carried from an amended command that no roll used.
    pub fn unused_carried(&self) -> usize {
        self.carried.len()
    }

    /// A cup with no dice in it, for commands that roll nothing.
    pub fn empty() -> Cup {
        Cup::new("", 0, Vec::new(), None)
    }

    /// Faces entered with `--die` that no roll used.
    pub fn unused_entered(&self) -> usize {
        self.entered.len()
    }

    /// How many faces were generated from the seed.
    pub fn generated(&self) -> u32 {
        self.generated
    }

    /// Whether a roll needed a generated face and the cup held no seed to make it.
    pub fn lacked_seed(&self) -> bool {
        self.lacked_seed
    }

    /// Rolls a ten-sided die: the next entered face, else a generated one.
    pub fn d10(&mut self) -> Result<Face, RuleError> {
        self.roll(10)
    }

    /// Rolls a die of `sides` faces: the next entered face, else a generated one.
    pub fn roll(&mut self, sides: u8) -> Result<Face, RuleError> {
        let index = self.next_index;
        self.next_index += 1;
        if let Some(carried) = self.carried.pop_front() {
            if carried.sides != sides {
                return Err(RuleError::refused(format!(
                    "the amended command rolled a d{} here, and this one rolls a d{sides}: an amendment rolls the same dice, in the same order",
                    carried.sides
                )));
            }
            return Ok(carried.face);
        }
        if let Some(entered) = self.entered.pop_front() {
            let value = u8::try_from(entered)
                .ok()
                .filter(|v| (1..=sides).contains(v))
                .ok_or_else(|| {
                    RuleError::refused(format!(
                        "a d{sides} shows 1 to {sides}; the face {entered} is not on the die"
                    ))
                })?;
            return Ok(Face {
                value,
                source: Source::Entered,
                key: None,
            });
        }
        self.lacked_seed = self.seed.is_none();
        let seed = self.seed.as_ref().ok_or_else(|| {
            RuleError::refused("no die face was given and no dice seed is available: roll a real die and give its face with --die N")
        })?;
        self.generated += 1;
        Ok(Face {
            value: seed.face(&self.campaign, self.first_version, index, sides),
            source: Source::Generated,
            key: Some(DiceKey {
                commitment: seed.commitment(),
                version: self.first_version,
                index,
            }),
        })
    }
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

    /// Faces worked out apart from this code, over the input documented at the top of this
    /// file, so that any change to that input fails here. In Python:
    ///
    /// ```text
    /// msg = pack(">Q", len(name.encode())) + name.encode() + pack(">Q", version) + pack(">I", index)
    /// digest = hmac.new(bytes(range(32)), msg, hashlib.sha256).digest()
    /// face = next(b % sides + 1 for b in digest if b < 256 - 256 % sides)
    /// ```
    #[test]
    fn generated_faces_match_known_answers_worked_out_apart_from_this_code() {
        let seed =
            Seed::from_hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f").unwrap();
        assert_eq!(
            seed.commitment(),
            "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
        );
        let faces = |campaign: &str, sides: u8| -> Vec<u8> {
            (0..8)
                .map(|index| seed.face(campaign, 12, index, sides))
                .collect()
        };
        assert_eq!(faces("Operation Lodestar", 10), [6, 3, 3, 9, 9, 3, 4, 4]);
        assert_eq!(faces("Operation Lodestar", 6), [6, 3, 5, 1, 1, 3, 6, 6]);
        assert_eq!(faces("Operation Lodestar", 4), [2, 3, 3, 1, 3, 3, 2, 4]);
        // Index 5's first byte (at or above 240) is skipped on a d20.
        assert_eq!(faces("Operation Lodestar", 20), [6, 3, 3, 9, 19, 1, 14, 4]);
        // The name's length is counted in bytes: "é" is two.
        assert_eq!(faces("Opération Lodestar", 10), [2, 7, 7, 9, 10, 2, 9, 1]);
        // Version 2's first byte is 0xfa, past the largest multiple of 10: the second decides.
        assert_eq!(seed.face("Operation Lodestar", 2, 0, 10), 4);
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
    fn a_cup_gives_entered_faces_first_then_generated_ones() {
        let seed = Seed::from_bytes([3; 32]);
        let mut cup = Cup::new("Lodestar", 9, vec![4], Some(seed.clone()));
        let first = cup.d10().unwrap();
        assert_eq!((first.value, first.source), (4, Source::Entered));
        let second = cup.d10().unwrap();
        assert_eq!(second.source, Source::Generated);
        assert_eq!(second.value, seed.face("Lodestar", 9, 1, 10));
        assert_eq!(second.key.unwrap().index, 1);
    }

    #[test]
    fn a_face_off_the_die_is_refused() {
        for bad in [0, 11, -1, 300] {
            let err = Cup::new("c", 1, vec![bad], None).d10().unwrap_err();
            assert!(err.to_string().contains("1 to 10"), "{err}");
        }
        let nothing = Cup::empty().d10().unwrap_err();
        assert!(matches!(nothing, RuleError::Refused(_)), "{nothing:?}");
        assert!(
            nothing.to_string().contains("no dice seed is available"),
            "no face and no seed: {nothing}"
        );
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
