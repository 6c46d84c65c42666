//! A campaign's head: the version and hash of its newest event.

use super::chain::GENESIS;

/// The newest event of a campaign: its version and hash. Version 0 means no events.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Head {
    pub version: u64,
    pub hash: String,
}

impl Head {
    /// The head of a campaign with no events: version 0 and the genesis hash.
    pub fn empty() -> Self {
        Head {
            version: 0,
            hash: GENESIS.to_owned(),
        }
    }
}
