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

    /// Takes `soldier`'s digest as stored (hex); one that does not read (a damaged file) is
    /// taken as zero, so it matches no lines and his blame reads the log.
    pub(super) fn restore(&mut self, soldier: String, hex: &str) {
        let mut digest = [0u8; 32];
        if hex::decode_to_slice(hex, &mut digest).is_err() {
            digest = [0; 32];
        }
        self.0.insert(soldier, digest);
    }

    pub(super) fn hex(&self, soldier: &str) -> String {
        self.0.get(soldier).map_or_else(Digests::empty, hex::encode)
    }

    pub(super) fn empty() -> String {
        "0".repeat(64)
    }
}
