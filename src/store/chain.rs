//! The hash chain: each event's hash covers the previous hash and all of its own columns.
//!
//! `hash = SHA-256(prev_hash ‖ field ‖ field …)` where `prev_hash` is the previous event's
//! 32 raw bytes (32 zero bytes for a campaign's first event) and each field is its length
//! as 8 big-endian bytes followed by its UTF-8 bytes, in this order: campaign, version,
//! event_id, command_id, recorded_at, kind, schema, payload (numbers in decimal). `seq` is
//! not hashed: it is this file's storage position, not part of the campaign, so a campaign
//! exported and imported elsewhere keeps its hashes.
//!
//! Chain format 2 adds the `command` column (the command a command's first row carries, as
//! JSON): where it is not NULL, it is hashed as one more field after the payload, in the same
//! length-prefixed form. A row without it (every row written before the column, and a
//! command's other rows) hashes exactly as in format 1, so no older hash changes; a command
//! added to a row, or taken from it, changes its hash.

use sha2::{Digest, Sha256};

/// The `prev_hash` of a campaign's first event: 32 zero bytes, in hex.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The hashed columns of one event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link<'a> {
    pub campaign: &'a str,
    pub version: u64,
    pub event_id: &'a str,
    pub command_id: &'a str,
    pub recorded_at: &'a str,
    pub kind: &'a str,
    pub schema: u32,
    pub payload: &'a str,
    /// The command the row carries (a command's first row, from chain format 2 on).
    pub command: Option<&'a str>,
}

/// The hex hash of `link` chained from `prev_hash` (hex). `None` if `prev_hash` is not
/// 64 hex digits, which only a damaged file can hold.
pub fn hash(prev_hash: &str, link: &Link<'_>) -> Option<String> {
    digest(prev_hash, link).map(hex::encode)
}

/// Whether `hash` (hex) is the hash of `link` chained from `prev_hash`: [`hash`] without
/// writing the result out, for checking a million rows.
pub fn matches(prev_hash: &str, link: &Link<'_>, hash: &str) -> bool {
    // Hashes are written in lowercase: an uppercase digit is an edit, as in `hash`'s output.
    let lowercase = hash
        .bytes()
        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    let mut expected = [0_u8; 32];
    lowercase
        && hex::decode_to_slice(hash, &mut expected).is_ok()
        && digest(prev_hash, link) == Some(expected)
}

fn digest(prev_hash: &str, link: &Link<'_>) -> Option<[u8; 32]> {
    let mut prev = [0_u8; 32];
    hex::decode_to_slice(prev_hash, &mut prev).ok()?;
    let mut hasher = Sha256::new();
    hasher.update(prev);
    // Numbers in decimal, written on the stack: this runs for every row of a million.
    let (mut version, mut schema) = (itoa::Buffer::new(), itoa::Buffer::new());
    let (version, schema) = (version.format(link.version), schema.format(link.schema));
    for field in [
        link.campaign,
        version,
        link.event_id,
        link.command_id,
        link.recorded_at,
        link.kind,
        schema,
        link.payload,
    ] {
        hasher.update((field.len() as u64).to_be_bytes());
        hasher.update(field.as_bytes());
    }
    // Format 2: the command, only where the row carries one.
    if let Some(command) = link.command {
        hasher.update((command.len() as u64).to_be_bytes());
        hasher.update(command.as_bytes());
    }
    Some(hasher.finalize().into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_agrees_with_hash_and_refuses_an_uppercase_copy() {
        let link = link("{}");
        let made = hash(GENESIS, &link).unwrap();
        assert!(matches(GENESIS, &link, &made));
        assert!(!matches(GENESIS, &link, &made.to_uppercase()));
        assert!(!matches(GENESIS, &link, &GENESIS.replace('0', "1")));
        assert!(!matches(GENESIS, &link, "not hex"));
    }

    fn link(payload: &str) -> Link<'_> {
        Link {
            campaign: "Lodestar",
            version: 1,
            event_id: "e1",
            command_id: "c1",
            recorded_at: "2026-11-29T21:00:00Z",
            kind: "wounded",
            schema: 1,
            payload,
            command: None,
        }
    }

    #[test]
    fn any_change_to_a_field_or_the_previous_hash_changes_the_hash() {
        let base = hash(GENESIS, &link("{}")).unwrap();
        assert_eq!(base.len(), 64);
        assert_ne!(hash(GENESIS, &link("{ }")).unwrap(), base);
        assert_ne!(hash(&base, &link("{}")).unwrap(), base);
        let moved = Link {
            version: 2,
            ..link("{}")
        };
        assert_ne!(hash(GENESIS, &moved).unwrap(), base);
    }

    #[test]
    fn field_boundaries_are_part_of_the_hash() {
        let a = Link {
            event_id: "ab",
            command_id: "c",
            ..link("{}")
        };
        let b = Link {
            event_id: "a",
            command_id: "bc",
            ..link("{}")
        };
        assert_ne!(hash(GENESIS, &a), hash(GENESIS, &b));
    }

    #[test]
    fn a_row_without_a_command_hashes_as_in_format_1() {
        // The hash of this row as chain format 1 wrote it (computed apart from muster): a
        // change to how a row without a command is hashed breaks every older log.
        assert_eq!(
            hash(GENESIS, &link("{}")).unwrap(),
            "d63700f943188ff6b55ae6d1b2d5ad81bbb22e7856f08218f8a754def9aa267a"
        );
    }

    #[test]
    fn a_command_is_covered_and_its_absence_is_not_an_empty_command() {
        let bare = hash(GENESIS, &link("{}")).unwrap();
        let with = |command| {
            hash(
                GENESIS,
                &Link {
                    command: Some(command),
                    ..link("{}")
                },
            )
            .unwrap()
        };
        assert_ne!(with(r#"{"command":"next_turn"}"#), bare);
        assert_ne!(with(""), bare);
        assert_ne!(with(r#"{"command":"next_turn"}"#), with(r#"{"command":"turn"}"#));
        // The command is a field of its own: moving bytes from the payload into it shows.
        let moved = Link {
            payload: "{",
            command: Some("}"),
            ..link("{}")
        };
        assert_ne!(hash(GENESIS, &moved).unwrap(), bare);
    }

    #[test]
    fn a_damaged_previous_hash_gives_none() {
        assert_eq!(hash("zz", &link("{}")), None);
    }
}
