//! Editing a log as someone who knows the chain would: after a row is changed (its trigger
//! dropped), every hash of the campaign is made again, so only the edit itself is wrong.

use std::path::Path;

use muster::store::Store;
use muster::store::chain::{self, GENESIS};

/// Recomputes every `prev_hash` and `hash` of `campaign` in `db`, in version order.
pub fn rechain(db: &Path, campaign: &str) {
    let store = Store::open(db).unwrap();
    let mut prev = GENESIS.to_owned();
    for row in store.rows_between(campaign, 0, None).unwrap() {
        let hash = chain::hash(&prev, &row.link()).unwrap();
        let sql = "UPDATE events SET prev_hash = ?1, hash = ?2 WHERE campaign = ?3 AND version = ?4";
        let params = rusqlite::params![prev, hash, campaign, row.version];
        assert_eq!(store.connection().execute(sql, params).unwrap(), 1);
        prev = hash;
    }
}
