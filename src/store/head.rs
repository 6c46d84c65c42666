//! A campaign's head: the version and hash of its newest event; and the walk over the file's
//! campaigns, whose heads the campaign list and a quiet writer's look-over read.

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

/// The names of the file's campaigns, as the common table `names` (the last row `NULL`): one
/// index probe per campaign rather than a pass over every event, the names walked with
/// `MIN(campaign) > previous`, each on the (campaign, version) index.
pub(super) const CAMPAIGN_NAMES: &str = "WITH RECURSIVE names(name) AS (
     SELECT MIN(campaign) FROM events
     UNION ALL
     SELECT (SELECT MIN(campaign) FROM events WHERE campaign > names.name)
     FROM names WHERE names.name IS NOT NULL
 )";
