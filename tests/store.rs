//! Library-level tests of the event log's guarantees (DESIGN.md §2): optimistic appends,
//! append-only triggers, the hash chain and `verify`, pragmas and migrations, the bounded
//! re-decide on a conflict, export and import, and voids.
//!
//! The tests live in modules under `tests/store/`; this file holds the shared helpers.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "store/append.rs"]
mod append;
#[path = "store/audit.rs"]
mod audit;
#[path = "store/chain.rs"]
mod chain;
#[path = "common/floor.rs"]
mod floor;
#[path = "store/floor.rs"]
mod floor_reads;
#[path = "store/medal_seed.rs"]
mod medal_seed;
#[path = "store/open.rs"]
mod open;
#[path = "store/pull.rs"]
mod pull;
#[path = "store/race.rs"]
mod race;
#[path = "store/revealed_seed.rs"]
mod revealed_seed;
#[path = "store/seeds.rs"]
mod seeds;
#[path = "store/tampered_seed.rs"]
mod tampered_seed;
#[path = "store/times.rs"]
mod times;
#[path = "store/transfer.rs"]
mod transfer;
#[path = "store/triggers.rs"]
mod triggers;
#[path = "store/voids.rs"]
mod voids;

use std::path::PathBuf;

use chrono::{TimeZone, Utc};
use muster::app::{self, Written};
use muster::clock::FixedClock;
use muster::domain::Game;
use muster::domain::command::Command;
use muster::domain::event::{CampaignCreated, Event, RpMovement};
use muster::store::{Store, StoredRow};
use tempfile::TempDir;

/// The campaign most tests work on.
pub const LODESTAR: &str = "Lodestar";

/// The instant every test event is recorded at.
pub fn clock() -> FixedClock {
    FixedClock(Utc.with_ymd_and_hms(2026, 11, 29, 21, 0, 0).unwrap())
}

/// A fresh database file in its own temporary directory (kept alive by the `TempDir`).
pub fn new_db() -> (TempDir, PathBuf, Store) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("muster.db");
    let store = Store::open(&path).unwrap();
    (dir, path, store)
}

pub fn create_command() -> Command {
    Command::CreateCampaign {
        commands_kept: true,
        game: Game::Modern,
        nation: Some("USA".to_owned()),
        expansions: vec![],
    }
}

/// Creates `name` through the application layer.
pub fn create(store: &mut Store, name: &str) -> Written {
    app::create_campaign(store, name, &create_command(), &clock()).unwrap()
}

/// Grants `amount` RP through the application layer.
pub fn grant(store: &mut Store, campaign: &str, amount: i64) -> Written {
    let command = Command::GrantRp {
        amount,
        why: format!("grant of {amount}"),
    };
    app::execute(store, campaign, &command, &clock()).unwrap()
}

pub fn spend_command(amount: i64) -> Command {
    Command::SpendRp {
        amount,
        why: format!("spend of {amount}"),
    }
}

/// A campaign-created event, for appending under the application layer.
pub fn created_event() -> Event {
    Event::CampaignCreated(CampaignCreated {
        commands_kept: true,
        game: Game::Modern,
        nation: None,
        expansions: vec![],
        rules: muster::domain::rules_version::NEWEST,
        unrecognized_expansions: vec![],
    })
}

pub fn granted_event(amount: u32) -> Event {
    Event::RpGranted(RpMovement {
        amount,
        why: "loot".to_owned(),
    })
}

/// `LODESTAR` created (one command writing `campaign_created` and `seed_committed`), then
/// RP granted 3, 7, 2 and 5, one command and one event each. Find a grant's row with
/// [`granted_row`] rather than by its index.
pub fn lodestar_with_grants(store: &mut Store) {
    create(store, LODESTAR);
    for amount in [3, 7, 2, 5] {
        grant(store, LODESTAR, amount);
    }
}

/// Asserts `result` is a refusal by the rules whose message contains `phrase`.
#[track_caller]
pub fn assert_rule_refusal<T: std::fmt::Debug>(result: Result<T, muster::Error>, phrase: &str) {
    match result {
        Err(muster::Error::Rule(refusal)) => {
            assert!(refusal.to_string().contains(phrase), "{refusal}")
        }
        other => panic!("expected the rules' refusal naming {phrase:?}, got {other:?}"),
    }
}

/// A row's payload as JSON.
pub fn payload(row: &StoredRow) -> serde_json::Value {
    serde_json::from_str(&row.payload).unwrap()
}

/// The one `rp_granted` row of `LODESTAR` that granted `amount`.
pub fn granted_row(store: &Store, amount: u32) -> StoredRow {
    let found: Vec<StoredRow> = all_rows(store, LODESTAR)
        .into_iter()
        .filter(|row| row.kind == "rp_granted" && payload(row)["amount"] == amount)
        .collect();
    match found.as_slice() {
        [row] => row.clone(),
        other => panic!("expected one grant of {amount}, found {}", other.len()),
    }
}

/// The row of `campaign` at `version`.
pub fn row_at(store: &Store, campaign: &str, version: u64) -> StoredRow {
    all_rows(store, campaign)
        .into_iter()
        .find(|row| row.version == version)
        .unwrap_or_else(|| panic!("'{campaign}' has no version {version}"))
}

/// Every row of the `events` table, whatever the campaign.
pub fn count_rows(store: &Store) -> i64 {
    store
        .connection()
        .query_row("SELECT COUNT(*) FROM events", [], |row| row.get(0))
        .unwrap()
}

pub fn all_rows(store: &Store, campaign: &str) -> Vec<StoredRow> {
    store.rows(campaign, None).unwrap()
}

/// The RP bank of `campaign` as the application folds it.
pub fn rp_bank(store: &Store, campaign: &str) -> u32 {
    app::load(store, campaign).unwrap().1.rp_bank
}

/// Drops the append-only triggers, as someone editing the file by hand would.
pub fn drop_triggers(store: &Store) {
    store
        .connection()
        .execute_batch(
            "DROP TRIGGER events_refuse_update;
             DROP TRIGGER events_refuse_delete;",
        )
        .unwrap();
}

/// Recomputes every hash and prev_hash of Lodestar in version order, so the chain is whole
/// again after an edit (the triggers dropped).
pub fn rechain(store: &Store) {
    let mut prev = muster::store::chain::GENESIS.to_owned();
    for row in all_rows(store, LODESTAR) {
        let hash = muster::store::chain::hash(&prev, &row.link()).unwrap();
        let sql = "UPDATE events SET prev_hash = ?1, hash = ?2 WHERE campaign = ?3 AND version = ?4";
        let params = rusqlite::params![prev, hash, LODESTAR, row.version];
        assert_eq!(store.connection().execute(sql, params).unwrap(), 1);
        prev = hash;
    }
}

/// Inserts `row` verbatim under the API, returning SQLite's answer.
pub fn raw_insert(store: &Store, row: &StoredRow) -> rusqlite::Result<usize> {
    store.connection().execute(
        "INSERT INTO events (campaign, version, event_id, command_id, recorded_at, kind,
                             schema, payload, prev_hash, hash)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        rusqlite::params![
            row.campaign,
            row.version,
            row.event_id,
            row.command_id,
            row.recorded_at,
            row.kind,
            row.schema,
            row.payload,
            row.prev_hash,
            row.hash
        ],
    )
}

/// A campaign's export file, as `muster export` writes it: one JSON object per line.
pub fn export_text(store: &Store, campaign: &str) -> String {
    muster::transfer::export(&all_rows(store, campaign))
        .iter()
        .map(|line| serde_json::to_string(line).unwrap() + "\n")
        .collect()
}
