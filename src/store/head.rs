//! A campaign's head: the version and hash of its newest event; and the walk over the file's
//! campaigns, whose heads the campaign list and a quiet writer's look-over read.

use rusqlite::{Connection, OptionalExtension};

use super::StoreError;
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

/// The head of `campaign`, read on `conn` (a transaction's, where one is open).
pub(super) fn head_in(conn: &Connection, campaign: &str) -> Result<Head, StoreError> {
    Ok(head_with_time(conn, campaign)?.0)
}

/// The head of `campaign` and the time its event was recorded (`None` with no events).
pub(super) fn head_with_time(
    conn: &Connection,
    campaign: &str,
) -> Result<(Head, Option<String>), StoreError> {
    let head = conn
        .prepare_cached(
            "SELECT version, hash, recorded_at FROM events WHERE campaign = ?1 ORDER BY version DESC LIMIT 1",
        )?
        .query_row([campaign], |row| {
            Ok((
                Head {
                    version: row.get(0)?,
                    hash: row.get(1)?,
                },
                Some(row.get(2)?),
            ))
        })
        .optional()?;
    Ok(head.unwrap_or_else(|| (Head::empty(), None)))
}
