//! What `pull` and `push` read of this copy: its head of a campaign, the hash it holds at a
//! version, and its rows after one.

use crate::store::{Head, Store, StoreError, StoredRow};

/// A number that changes whenever another connection commits to the file `store` reads
/// (`PRAGMA data_version`): a kept connection notices another program's writes without
/// reading the log.
pub fn data_version(store: &Store) -> Result<i64, StoreError> {
    store.data_version()
}

/// This copy's head of the campaign named `campaign` (its name compared as Soldier names
/// are), or the empty head when this copy holds no such campaign; with the name as this copy
/// spells it.
pub fn head_here(store: &Store, campaign: &str) -> Result<(String, Head), StoreError> {
    match store.campaign_named(campaign)? {
        Some(local) => {
            let head = store.head(&local)?;
            Ok((local, head))
        }
        None => Ok((campaign.to_owned(), Head::empty())),
    }
}

/// The hash of this copy's row at `version` of `campaign`, if it holds one.
pub fn hash_at(store: &Store, campaign: &str, version: u64) -> Result<Option<String>, StoreError> {
    Ok(store.row_at(campaign, version)?.map(|row| row.hash))
}

/// The commitments of the seeds this database keeps for `campaign`: the server's own, which
/// no copy holds.
pub fn seed_commitments(store: &Store, campaign: &str) -> Result<Vec<String>, StoreError> {
    Ok(store
        .seeds_of(campaign)?
        .into_iter()
        .map(|(commitment, _)| commitment)
        .collect())
}

/// This copy's rows of `campaign` after `after`, in order.
pub fn rows_after(store: &Store, campaign: &str, after: u64) -> Result<Vec<StoredRow>, StoreError> {
    store.rows_between(campaign, after, None)
}
