//! The digest of each Soldier's lines in blame's index, kept beside them so that a line
//! edited, added or taken away is noticed.

use std::collections::BTreeMap;

use sha2::{Digest, Sha256};

/// Each Soldier's digest: the XOR of the SHA-256 of each of his lines, so a line is taken
/// out as it was put in, and none is missed, added or changed unnoticed.
#[derive(Default)]
pub(super) struct Digests(pub(super) BTreeMap<String, [u8; 32]>);

impl Digests {
    pub(super) fn add(&mut self, soldier: &str, version: u64, changes: &str, voided: bool) {
        let mut hasher = Sha256::new();
        for part in [
            soldier.as_bytes(),
            &version.to_be_bytes(),
            changes.as_bytes(),
            &[u8::from(voided)],
        ] {
            hasher.update((part.len() as u64).to_be_bytes());
            hasher.update(part);
        }
        let line = hasher.finalize();
        // Looked up before it is inserted: a line of a Soldier already held allocates nothing.
        if !self.0.contains_key(soldier) {
            self.0.insert(soldier.to_owned(), [0; 32]);
        }
        if let Some(digest) = self.0.get_mut(soldier) {
            for (d, l) in digest.iter_mut().zip(line.iter()) {
                *d ^= l;
            }
        }
    }

    pub(super) fn restore(&mut self, soldier: String, hex: &str) {
        let mut digest = [0u8; 32];
        for (i, d) in digest.iter_mut().enumerate() {
            *d = hex
                .get(i * 2..i * 2 + 2)
                .and_then(|pair| u8::from_str_radix(pair, 16).ok())
                .unwrap_or_default();
        }
        self.0.insert(soldier, digest);
    }

    pub(super) fn hex(&self, soldier: &str) -> String {
        self.0
            .get(soldier)
            .map_or_else(Digests::empty, |d| d.iter().map(|b| format!("{b:02x}")).collect())
    }

    pub(super) fn empty() -> String {
        "0".repeat(64)
    }
}
