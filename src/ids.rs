//! The ids of commands and events: UUIDv7 from the system's clock and random source; or, while
//! `MUSTER_SEED` fixes the dice (tests and replays), derived from that seed, the campaign, the
//! version and the time recorded, so the same commands on the same clock give the same log,
//! byte for byte, on any machine.

use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::dice::SEED_VARIABLE;

/// The id of the command whose first event is `version` of `campaign`, recorded `at`.
pub fn command_id(campaign: &str, version: u64, at: DateTime<Utc>) -> String {
    new_id("command", campaign, version, at)
}

/// The id of the event `version` of `campaign`, recorded `at`.
pub fn event_id(campaign: &str, version: u64, at: DateTime<Utc>) -> String {
    new_id("event", campaign, version, at)
}

fn new_id(what: &str, campaign: &str, version: u64, at: DateTime<Utc>) -> String {
    let Some(seed) = std::env::var_os(SEED_VARIABLE) else {
        return Uuid::now_v7().to_string();
    };
    let mut digest = Sha256::new();
    for part in [what.as_bytes(), seed.as_encoded_bytes(), campaign.as_bytes()] {
        digest.update((part.len() as u64).to_be_bytes());
        digest.update(part);
    }
    digest.update(version.to_be_bytes());
    let digest = digest.finalize();
    let mut random = [0u8; 10];
    random.copy_from_slice(&digest[..10]);
    let millis = u64::try_from(at.timestamp_millis()).unwrap_or(0);
    uuid::Builder::from_unix_timestamp_millis(millis, &random)
        .into_uuid()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_a_version_7_uuid() {
        let at = DateTime::from_timestamp(1_800_000_000, 0).unwrap_or_default();
        let id = Uuid::parse_str(&command_id("Op", 3, at)).ok();
        assert_eq!(id.map(|u| u.get_version_num()), Some(7));
    }
}
