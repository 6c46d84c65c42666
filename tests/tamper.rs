//! Tampering with a real campaign file, at random: whatever one edit someone makes to the
//! `events` table with the append-only triggers dropped, `verify` (or, for a tail cut off
//! cleanly, the head the player noted) catches it.
//!
//! One campaign is written once through `muster::app` (Soldiers, a K9 Encounter with paid
//! options, entered and generated dice, a seed revealed, Environment rolls, a void, an
//! assertion, two Missions). Each case copies the file, drops the triggers, applies one
//! mutation and checks the verdict. `PROPTEST_CASES` overrides the number of cases.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use chrono::{TimeZone, Utc};
use common::Runner;
use muster::app;
use muster::catalog::encounter_card;
use muster::clock::FixedClock;
use muster::domain::command::{Command, Harm, NamedModifier, StatusChange, XpTarget};
use muster::domain::event::EnvironmentChoice;
use muster::domain::k9::Resource;
use muster::domain::soldier::{Ability, SoldierCard, SoldierKind};
use muster::domain::{Game, MissionResult};
use muster::store::chain;
use muster::store::{BATCH, Store, StoredRow};
use muster::verify::{noted_head, verify, verify_holding, verify_store_in};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use rusqlite::params;
use tempfile::TempDir;

const CAMPAIGN: &str = "Lodestar";

/// Cases in a normal run.
const CASES: u32 = 1200;

/// One in this many cases also runs `muster verify --head` on the tampered file.
const CLI_EVERY: usize = 40;

fn clock() -> FixedClock {
    FixedClock(Utc.with_ymd_and_hms(2026, 11, 29, 21, 0, 0).unwrap())
}

fn card(name: &str, kind: SoldierKind, rp: u32, abilities: &[(&str, u8)]) -> SoldierCard {
    SoldierCard {
        name: name.to_owned(),
        kind,
        rp,
        health: Some(3),
        abilities: abilities
            .iter()
            .map(|(a, t)| {
                (
                    (*a).to_owned(),
                    Ability {
                        target: *t,
                        upgunned: None,
                    },
                )
            })
            .collect(),
        keywords: vec![],
        discipline: None,
        handler: None,
        hardy: BTreeMap::new(),
        stats: None,
        specialism: None,
    }
}

fn check(soldier: &str, ability: &str) -> Command {
    Command::Check {
        soldier: soldier.to_owned(),
        ability: ability.to_owned(),
        modifiers: vec![NamedModifier {
            value: 1,
            source: "Field kit".to_owned(),
        }],
        upgunned: false,
        trap: false,
        fail: false,
        card: None,
    }
}

fn harm(harm: Harm, soldier: &str, amount: i64) -> Command {
    Command::Harm {
        harm,
        soldier: soldier.to_owned(),
        amount,
    }
}

fn start(name: &str, soldiers: &[&str], k9: Option<&str>) -> Command {
    Command::StartMission {
        name: name.to_owned(),
        soldiers: soldiers.iter().map(|s| (*s).to_owned()).collect(),
        objectives: None,
        k9_objective: k9.map(str::to_owned),
        environments: vec![],
    }
}

/// Writes the campaign through the application layer.
fn write_campaign(store: &mut Store) {
    let clock = clock();
    let create = Command::CreateCampaign {
        commands_kept: true,
        game: Game::Modern,
        nation: Some("US".to_owned()),
        expansions: vec![muster::domain::rulebook::Expansion::K9],
    };
    app::create_campaign(store, CAMPAIGN, &create, &clock).unwrap();
    let mut wong = card("Wong", SoldierKind::Player, 8, &[("handler", 7)]);
    wong.hardy.insert("cold".to_owned(), 1);
    let mut gizmo = card("Gizmo", SoldierKind::K9, 4, &[("bomb", 5), ("threat", 5)]);
    gizmo.discipline = Some(2);
    gizmo.handler = Some("Wong".to_owned());
    gizmo.health = None;
    let reyes = card("Reyes", SoldierKind::Player, 6, &[("medic", 6)]);
    let kowalski = card("Kowalski", SoldierKind::Squad, 3, &[]);
    let encounter = encounter_card::parse(
        &std::fs::read_to_string(format!(
            "{}/fixtures/cards/buried-explosive.json",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
        "buried-explosive.json",
    )
    .unwrap();

    let steps: Vec<(Command, Vec<i64>)> = vec![
        (Command::Enlist(Box::new(wong)), vec![]),
        (Command::Enlist(Box::new(gizmo)), vec![]),
        (Command::Enlist(Box::new(reyes)), vec![]),
        (Command::Enlist(Box::new(kowalski)), vec![]),
        (
            start("Cold Start", &["Wong", "Gizmo", "Reyes"], Some("Find the cache")),
            vec![],
        ),
        (Command::NextTurn, vec![]),
        (
            Command::DrawEncounter {
                card: Box::new(encounter),
                first_in: None,
            },
            vec![],
        ),
        (
            Command::RollEncounter {
                payments: vec![Resource::Discipline],
            },
            vec![4],
        ),
        (
            Command::RollEncounter {
                payments: vec![Resource::Discards],
            },
            vec![6],
        ),
        (
            Command::RecordEkia {
                soldier: "Reyes".to_owned(),
                hostile: "Rifle Team".to_owned(),
                value: 2,
            },
            vec![],
        ),
        (harm(Harm::Wound, "Wong", 1), vec![]),
        (check("Reyes", "medic"), vec![5]),
        (check("Reyes", "medic"), vec![]),
        (check("Wong", "handler"), vec![]),
        (harm(Harm::Heal, "Wong", 1), vec![]),
        (Command::ResolveK9Objective, vec![]),
        (
            Command::GrantRp {
                amount: 4,
                why: "purchases".to_owned(),
            },
            vec![],
        ),
        (start("Hill 112", &["Wong", "Reyes", "Kowalski"], None), vec![]),
        (Command::NextTurn, vec![]),
        (harm(Harm::Wound, "Kowalski", 2), vec![]),
        (
            Command::Environ {
                soldier: "Wong".to_owned(),
                environments: vec![("cold".to_owned(), 6)],
                modifiers: vec![],
                location: None,
            },
            vec![3],
        ),
        (
            Command::Resolve {
                soldier: "Wong".to_owned(),
                choice: EnvironmentChoice::Hardy,
                rolled_at: None,
            },
            vec![],
        ),
        (
            Command::Environ {
                soldier: "Reyes".to_owned(),
                environments: vec![("cold".to_owned(), 6)],
                modifiers: vec![],
                location: None,
            },
            vec![2],
        ),
        (
            Command::Resolve {
                soldier: "Reyes".to_owned(),
                choice: EnvironmentChoice::Suppress,
                rolled_at: None,
            },
            vec![],
        ),
        (check("Reyes", "medic"), vec![]),
        (
            Command::AdjustXp {
                target: XpTarget::Soldier("Reyes".to_owned()),
                amount: -1,
                why: "paid for a +1".to_owned(),
            },
            vec![],
        ),
        (
            Command::ChangeStatus {
                change: StatusChange::Down,
                soldier: "Kowalski".to_owned(),
            },
            vec![],
        ),
        (
            Command::EndMission {
                result: MissionResult::Failure,
                rp_award: None,
            },
            vec![],
        ),
        (
            Command::ChangeStatus {
                change: StatusChange::Recover,
                soldier: "Kowalski".to_owned(),
            },
            vec![],
        ),
        (
            Command::SpendRp {
                amount: 3,
                why: "a Skill".to_owned(),
            },
            vec![],
        ),
    ];
    for (command, faces) in &steps {
        app::execute_rolling(store, CAMPAIGN, command, faces, &clock)
            .unwrap_or_else(|e| panic!("{command:?} with {faces:?} was refused: {e}"));
    }
    // The Kowalski wound of Mission 2 was a mistake: void it.
    let wound = store
        .rows(CAMPAIGN, None)
        .unwrap()
        .into_iter()
        .rfind(|r| r.kind == "wounded" && r.payload.contains("Kowalski"))
        .unwrap();
    app::void(store, CAMPAIGN, wound.version, "the Wounds were Reyes's", &clock).unwrap();
    app::reveal_seed(store, CAMPAIGN, &clock).unwrap();
    app::execute(store, CAMPAIGN, &start("Patrol", &["Wong"], None), &clock).unwrap();
    app::execute(store, CAMPAIGN, &check("Wong", "handler"), &clock).unwrap();
    let sheet = Command::Assert {
        soldier: "Wong".to_owned(),
        fields: vec![("wounds".to_owned(), "0".to_owned())],
    };
    app::execute(store, CAMPAIGN, &sheet, &clock).unwrap();
}

/// The campaign file, written once: its bytes and its rows.
struct Fixture {
    bytes: Vec<u8>,
    rows: Vec<StoredRow>,
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("muster.db");
    let mut store = Store::open(&path).unwrap();
    write_campaign(&mut store);
    let rows = store.rows(CAMPAIGN, None).unwrap();
    store
        .connection()
        .execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
        .unwrap();
    drop(store);
    let bytes = std::fs::read(&path).unwrap();
    Fixture { bytes, rows }
}

/// A position in a collection of any size, as a fraction of `usize::MAX`.
#[derive(Debug, Clone, Copy)]
struct Pick(usize);

impl Pick {
    fn index(self, size: usize) -> usize {
        assert!(size > 0, "a pick in an empty collection");
        ((size as u128 * self.0 as u128) >> usize::BITS) as usize
    }

    fn get<T>(self, slice: &[T]) -> &T {
        &slice[self.index(slice.len())]
    }
}

fn pick() -> impl Strategy<Value = Pick> {
    any::<usize>().prop_map(Pick)
}

/// A text column of `events` that a flipped bit can land in.
#[derive(Debug, Clone, Copy)]
enum Column {
    Payload,
    Hash,
    PrevHash,
    EventId,
    CommandId,
    RecordedAt,
    Kind,
    Campaign,
}

impl Column {
    fn name(self) -> &'static str {
        match self {
            Column::Payload => "payload",
            Column::Hash => "hash",
            Column::PrevHash => "prev_hash",
            Column::EventId => "event_id",
            Column::CommandId => "command_id",
            Column::RecordedAt => "recorded_at",
            Column::Kind => "kind",
            Column::Campaign => "campaign",
        }
    }

    fn of(self, row: &StoredRow) -> &str {
        match self {
            Column::Payload => &row.payload,
            Column::Hash => &row.hash,
            Column::PrevHash => &row.prev_hash,
            Column::EventId => &row.event_id,
            Column::CommandId => &row.command_id,
            Column::RecordedAt => &row.recorded_at,
            Column::Kind => &row.kind,
            Column::Campaign => &row.campaign,
        }
    }
}

/// One edit made to the file.
#[derive(Debug, Clone)]
enum Mutation {
    /// One bit of one byte of a text column flipped (bits 0 to 6: the text stays ASCII).
    FlipBit {
        column: Column,
        row: Pick,
        byte: Pick,
        bit: u8,
    },
    /// The top bit of one byte flipped: the column no longer holds UTF-8.
    FlipHighBit { column: Column, row: Pick, byte: Pick },
    /// A hash replaced by any text at all (non-hex, non-ASCII, empty…).
    RewriteHash { row: Pick, text: String },
    /// The schema number changed.
    Schema { row: Pick, to: u32 },
    /// A row moved to another version number, past the head.
    Renumber { row: Pick, by: u64 },
    /// One row deleted.
    Delete { row: Pick },
    /// Two rows exchange everything but their version: a reorder.
    SwapRows { a: Pick, b: Pick },
    /// Two rows exchange their kind, schema and payload, keeping ids and hashes.
    SwapPayloads { a: Pick, b: Pick },
    /// A plausible event appended after the head with a made-up hash.
    ForgeAppend { hash: [u8; 32], chained: bool },
    /// A row copied to after the head, as a replay, keeping its hashes.
    ReplayAppend { row: Pick },
    /// A plausible event inserted in the middle, the later versions shifted up by one;
    /// its own hash either made up or correctly computed from the row before it.
    ForgeInsert {
        at: Pick,
        hash: [u8; 32],
        valid_hash: bool,
    },
    /// The last `k` rows deleted.
    Truncate { k: Pick },
}

impl Mutation {
    fn label(&self) -> &'static str {
        match self {
            Mutation::FlipBit { .. } => "flip bit",
            Mutation::FlipHighBit { .. } => "flip high bit",
            Mutation::RewriteHash { .. } => "rewrite hash",
            Mutation::Schema { .. } => "schema",
            Mutation::Renumber { .. } => "renumber",
            Mutation::Delete { .. } => "delete",
            Mutation::SwapRows { .. } => "swap rows",
            Mutation::SwapPayloads { .. } => "swap payloads",
            Mutation::ForgeAppend { .. } => "forge append",
            Mutation::ReplayAppend { .. } => "replay append",
            Mutation::ForgeInsert { .. } => "forge insert",
            Mutation::Truncate { .. } => "truncate",
        }
    }
}

fn column() -> impl Strategy<Value = Column> {
    prop_oneof![
        4 => Just(Column::Payload),
        3 => Just(Column::Hash),
        2 => Just(Column::PrevHash),
        1 => Just(Column::EventId),
        1 => Just(Column::CommandId),
        1 => Just(Column::RecordedAt),
        1 => Just(Column::Kind),
        1 => Just(Column::Campaign),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        6 => (column(), pick(), pick(), 0u8..7)
            .prop_map(|(column, row, byte, bit)| Mutation::FlipBit { column, row, byte, bit }),
        1 => (column(), pick(), pick())
            .prop_map(|(column, row, byte)| Mutation::FlipHighBit { column, row, byte }),
        // Any text, non-ASCII included: quoting a hash must never slice inside a character.
        1 => (pick(), any::<String>())
            .prop_map(|(row, text)| Mutation::RewriteHash { row, text }),
        1 => (pick(), any::<u32>()).prop_map(|(row, to)| Mutation::Schema { row, to }),
        1 => (pick(), 1u64..1_000_000).prop_map(|(row, by)| Mutation::Renumber { row, by }),
        3 => pick().prop_map(|row| Mutation::Delete { row }),
        2 => (pick(), pick()).prop_map(|(a, b)| Mutation::SwapRows { a, b }),
        2 => (pick(), pick()).prop_map(|(a, b)| Mutation::SwapPayloads { a, b }),
        2 => (any::<[u8; 32]>(), any::<bool>())
            .prop_map(|(hash, chained)| Mutation::ForgeAppend { hash, chained }),
        1 => pick().prop_map(|row| Mutation::ReplayAppend { row }),
        2 => (pick(), any::<[u8; 32]>(), any::<bool>())
            .prop_map(|(at, hash, valid_hash)| Mutation::ForgeInsert { at, hash, valid_hash }),
        3 => pick().prop_map(|k| Mutation::Truncate { k }),
    ]
}

fn exec(store: &Store, sql: &str, values: &[&dyn rusqlite::ToSql]) {
    let changed = store
        .connection()
        .execute(sql, values)
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    assert!(changed > 0, "{sql} changed nothing");
}

fn insert(store: &Store, row: &StoredRow) {
    exec(
        store,
        "INSERT INTO events (campaign, version, event_id, command_id, recorded_at, kind,
                             schema, payload, prev_hash, hash)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
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
    );
}

fn delete_version(store: &Store, version: u64) {
    exec(
        store,
        "DELETE FROM events WHERE campaign = ?1 AND version = ?2",
        params![CAMPAIGN, version],
    );
}

/// A wound for Wong as a forger would write it, at `version` after `prev_hash`.
fn forged(version: u64, prev_hash: &str, hash: &[u8; 32], valid_hash: bool) -> StoredRow {
    let mut row = StoredRow {
        seq: 0,
        campaign: CAMPAIGN.to_owned(),
        version,
        event_id: format!("00000000-0000-4000-8000-{:012x}", version),
        command_id: format!("00000000-0000-4000-9000-{:012x}", version),
        recorded_at: "2026-11-29T21:00:00Z".to_owned(),
        kind: "wounded".to_owned(),
        schema: 1,
        payload: r#"{"amount":1,"soldier":"Wong"}"#.to_owned(),
        prev_hash: prev_hash.to_owned(),
        hash: hex(hash),
        command: None,
    };
    if valid_hash {
        row.hash = chain::hash(&row.prev_hash, &row.link()).unwrap();
    }
    row
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Applies `mutation` to the file open in `store`, whose rows were `rows`. Returns a
/// description of what was done, for failure messages.
fn apply(store: &Store, rows: &[StoredRow], mutation: &Mutation) -> String {
    let n = rows.len();
    let head = rows.last().unwrap();
    match mutation {
        Mutation::FlipBit {
            column,
            row,
            byte,
            bit,
        } => {
            let target = row.get(rows);
            let mut bytes = column.of(target).as_bytes().to_vec();
            let i = byte.index(bytes.len());
            bytes[i] ^= 1 << bit;
            let text = String::from_utf8(bytes).unwrap();
            let sql = format!("UPDATE events SET {} = ?1 WHERE seq = ?2", column.name());
            exec(store, &sql, params![text, target.seq]);
            format!("v{} {}[{i}] bit {bit}: {text:?}", target.version, column.name())
        }
        Mutation::FlipHighBit { column, row, byte } => {
            let target = row.get(rows);
            let mut bytes = column.of(target).as_bytes().to_vec();
            let i = byte.index(bytes.len());
            bytes[i] ^= 0x80;
            // Stored as TEXT holding bytes that are not UTF-8, as a hex editor leaves it.
            let sql = format!(
                "UPDATE events SET {} = CAST(?1 AS TEXT) WHERE seq = ?2",
                column.name()
            );
            exec(store, &sql, params![bytes, target.seq]);
            format!("v{} {}[{i}] top bit", target.version, column.name())
        }
        Mutation::RewriteHash { row, text } => {
            let target = row.get(rows);
            let text = if *text == target.hash {
                format!("{text}!")
            } else {
                text.clone()
            };
            exec(
                store,
                "UPDATE events SET hash = ?1 WHERE seq = ?2",
                params![text, target.seq],
            );
            format!("v{} hash := {text:?}", target.version)
        }
        Mutation::Schema { row, to } => {
            let target = row.get(rows);
            let to = if *to == target.schema {
                to.wrapping_add(1)
            } else {
                *to
            };
            exec(
                store,
                "UPDATE events SET schema = ?1 WHERE seq = ?2",
                params![to, target.seq],
            );
            format!("v{} schema := {to}", target.version)
        }
        Mutation::Renumber { row, by } => {
            let target = row.get(rows);
            let to = head.version + by;
            exec(
                store,
                "UPDATE events SET version = ?1 WHERE seq = ?2",
                params![to, target.seq],
            );
            format!("v{} renumbered v{to}", target.version)
        }
        Mutation::Delete { row } => {
            let target = row.get(rows);
            delete_version(store, target.version);
            format!("v{} deleted", target.version)
        }
        Mutation::SwapRows { a, b } => {
            let (a, b) = distinct(rows, a, b);
            delete_version(store, a.version);
            delete_version(store, b.version);
            insert(
                store,
                &StoredRow {
                    version: a.version,
                    ..b.clone()
                },
            );
            insert(
                store,
                &StoredRow {
                    version: b.version,
                    ..a.clone()
                },
            );
            format!("v{} and v{} swapped", a.version, b.version)
        }
        Mutation::SwapPayloads { a, b } => {
            let (a, b) = distinct(rows, a, b);
            let same = (a.kind.as_str(), a.schema, a.payload.as_str())
                == (b.kind.as_str(), b.schema, b.payload.as_str());
            if same {
                // Identical contents: exchanging them would change nothing. Reorder instead.
                return apply(
                    store,
                    rows,
                    &Mutation::SwapRows {
                        a: Pick(0usize),
                        b: Pick(usize::MAX),
                    },
                );
            }
            for (to, from) in [(a, b), (b, a)] {
                exec(
                    store,
                    "UPDATE events SET kind = ?1, schema = ?2, payload = ?3 WHERE seq = ?4",
                    params![from.kind, from.schema, from.payload, to.seq],
                );
            }
            format!("payloads of v{} and v{} swapped", a.version, b.version)
        }
        Mutation::ForgeAppend { hash, chained } => {
            let prev = if *chained {
                head.hash.clone()
            } else {
                hex(&[7; 32])
            };
            insert(store, &forged(head.version + 1, &prev, hash, false));
            format!("forged v{} appended (chained {chained})", head.version + 1)
        }
        Mutation::ReplayAppend { row } => {
            let target = row.get(rows);
            insert(
                store,
                &StoredRow {
                    version: head.version + 1,
                    event_id: format!("{}-replayed", target.event_id),
                    ..target.clone()
                },
            );
            format!("v{} replayed as v{}", target.version, head.version + 1)
        }
        Mutation::ForgeInsert { at, hash, valid_hash } => {
            // Anywhere from before the first event to before the head.
            let at = rows[at.index(n)].version;
            let prev = rows
                .iter()
                .find(|r| r.version + 1 == at)
                .map_or(chain::GENESIS.to_owned(), |r| r.hash.clone());
            exec(
                store,
                "UPDATE events SET version = version + 1000000 WHERE campaign = ?1 AND version >= ?2",
                params![CAMPAIGN, at],
            );
            exec(
                store,
                "UPDATE events SET version = version - 999999 WHERE campaign = ?1 AND version >= 1000000",
                params![CAMPAIGN],
            );
            insert(store, &forged(at, &prev, hash, *valid_hash));
            format!("forged v{at} inserted (valid hash {valid_hash})")
        }
        Mutation::Truncate { k } => {
            let k = k.index(n) + 1;
            let keep = head.version - k as u64;
            exec(
                store,
                "DELETE FROM events WHERE campaign = ?1 AND version > ?2",
                params![CAMPAIGN, keep],
            );
            format!("last {k} rows cut, v{keep} left")
        }
    }
}

/// Two different rows.
fn distinct<'a>(rows: &'a [StoredRow], a: &Pick, b: &Pick) -> (&'a StoredRow, &'a StoredRow) {
    let n = rows.len();
    let i = a.index(n);
    let j = (i + 1 + b.index(n - 1)) % n;
    (&rows[i], &rows[j])
}

/// Copies the fixture to a new file of its own.
fn copy(fixture: &Fixture, dir: &Path, case: usize) -> PathBuf {
    let path = dir.join(format!("case-{case}.db"));
    std::fs::write(&path, &fixture.bytes).unwrap();
    path
}

fn remove(path: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(name));
    }
}

/// `muster verify --head` on the tampered file: (exit code, stderr and stdout).
fn cli_verify(path: &Path, noted: &str) -> (i32, String) {
    let (code, stdout, stderr) = Runner::on(path)
        .args(["--campaign", CAMPAIGN, "verify", "--head", noted])
        .run()
        .into_parts();
    (code, stderr + &stdout)
}

fn check_case(
    fixture: &Fixture,
    dir: &TempDir,
    case: usize,
    mutation: &Mutation,
    cli: bool,
) -> Result<&'static str, TestCaseError> {
    let path = copy(fixture, dir.path(), case);
    let store = Store::open(&path).unwrap();
    store
        .connection()
        .execute_batch(
            "DROP TRIGGER events_refuse_update;
             DROP TRIGGER events_refuse_delete;
             DROP TRIGGER events_refuse_replace;",
        )
        .unwrap();
    let original = &fixture.rows;
    let head = original.last().unwrap();
    let done = apply(&store, original, mutation);
    let noted_prefix = &head.hash[..20];

    let mut how = "unreadable";
    let outcome = match store.rows(CAMPAIGN, None) {
        // A column that no longer reads as text: the file cannot even be read back, by the
        // parallel verifier either.
        Err(e) => {
            prop_assert!(
                matches!(mutation, Mutation::FlipHighBit { .. }),
                "{done}: the rows could not be read: {e}"
            );
            for batch in [1, 5, BATCH] {
                let parallel = verify_store_in(&store, CAMPAIGN, batch, &mut |_| {});
                prop_assert!(parallel.is_err(), "{}: batch {} read the rows", done, batch);
            }
            None
        }
        Ok(rows) => Some(rows),
    };
    if let Some(rows) = &outcome {
        prop_assert_ne!(rows, original, "{}: the mutation changed nothing", done);
        // The file keeps the seed of its last roll, not yet revealed: both verifiers check
        // that face against it.
        let held = store.seeds_of(CAMPAIGN).unwrap();
        prop_assert!(!held.is_empty(), "{}: the file keeps no seed", done);
        let report = verify_holding(CAMPAIGN, rows, held);
        // The parallel verifier, a batch of rows at a time, finds exactly what the
        // sequential one finds, in the same order, however the rows are batched.
        for batch in [1, 5, BATCH] {
            let parallel = verify_store_in(&store, CAMPAIGN, batch, &mut |_| {});
            prop_assert_eq!(parallel.ok(), Some(report.clone()), "{}: batch {}", done, batch);
        }
        let head_finding = noted_head(rows, head.version, noted_prefix);
        let is_prefix = rows.len() < original.len() && original.starts_with(rows);
        if is_prefix {
            // A clean cut: the shorter chain is consistent, but the noted head is gone.
            how = "noted head";
            prop_assert!(
                head_finding.is_some(),
                "{done}: the noted head v{}:{noted_prefix} was not missed",
                head.version
            );
        } else {
            how = "verify";
            prop_assert!(
                !report.ok,
                "{done}: verify found nothing; rows now {:?}",
                rows.iter().map(|r| r.version).collect::<Vec<_>>()
            );
            prop_assert!(!report.findings.is_empty());
        }
    }
    if cli {
        drop(store);
        let (code, output) = cli_verify(&path, &format!("{}:{noted_prefix}", head.version));
        // With every row gone the campaign itself is unknown to the command line: it
        // refuses the name (exit 1) rather than report the noted head missing (exit 3).
        let expected: &[i32] = match &outcome {
            Some(rows) if rows.is_empty() => &[1, 3],
            Some(_) => &[3],
            None => &[3, 4],
        };
        prop_assert!(
            expected.contains(&code),
            "{done}: `muster verify --head` exited {code}, expected {expected:?}:\n{output}"
        );
    } else {
        drop(store);
    }
    remove(&path);
    Ok(how)
}

#[test]
fn every_random_edit_of_a_real_campaign_file_is_detected() {
    let fixture = fixture();
    let report = verify(CAMPAIGN, &fixture.rows);
    assert!(
        report.ok,
        "the untouched campaign verifies: {:?}",
        report.findings
    );
    assert!(
        fixture.rows.len() >= 36,
        "a few dozen events: {}",
        fixture.rows.len()
    );
    let kinds: Vec<&str> = fixture.rows.iter().map(|r| r.kind.as_str()).collect();
    for kind in [
        "check_rolled",
        "seed_revealed",
        "command_voided",
        "assertion_recorded",
    ] {
        assert!(kinds.contains(&kind), "no {kind} in {kinds:?}");
    }
    assert!(
        fixture
            .rows
            .iter()
            .any(|r| r.payload.contains(r#""source":"generated""#)),
        "a generated face"
    );

    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(CASES);
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let dir = tempfile::tempdir().unwrap();
    let case = AtomicUsize::new(0);
    let tally = Mutex::new(BTreeMap::<(&str, &str), usize>::new());
    let mut runner = TestRunner::new(config);
    let result = runner.run(&mutation(), |mutation| {
        let n = case.fetch_add(1, Ordering::Relaxed);
        let how = check_case(&fixture, &dir, n, &mutation, n % CLI_EVERY == 0)?;
        *tally.lock().unwrap().entry((mutation.label(), how)).or_default() += 1;
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    assert!(case.load(Ordering::Relaxed) >= cases as usize);
    let tally = tally.into_inner().unwrap();
    eprintln!(
        "{cases} cases on {} rows; mutation, caught by: count",
        fixture.rows.len()
    );
    for ((label, how), count) in &tally {
        eprintln!("  {label:<14} {how:<11} {count}");
    }
    let labels: std::collections::BTreeSet<&str> = tally.keys().map(|(label, _)| *label).collect();
    if cases >= CASES {
        assert_eq!(labels.len(), 12, "every kind of mutation was tried: {labels:?}");
    }
}

/// Every kind of mutation, once each, on fixed choices, so a failure names itself plainly.
#[test]
fn each_kind_of_mutation_is_detected_at_the_first_the_middle_and_the_last_row() {
    let fixture = fixture();
    let dir = tempfile::tempdir().unwrap();
    let n = fixture.rows.len();
    let mut case = 1;
    for at in [Pick(0usize), Pick(usize::MAX / 2), Pick(usize::MAX)] {
        let other = Pick(usize::MAX / 3);
        let mutations = vec![
            Mutation::FlipBit {
                column: Column::Payload,
                row: at,
                byte: other,
                bit: 0,
            },
            Mutation::FlipBit {
                column: Column::Hash,
                row: at,
                byte: other,
                bit: 5,
            },
            Mutation::FlipHighBit {
                column: Column::Payload,
                row: at,
                byte: other,
            },
            Mutation::FlipHighBit {
                column: Column::Campaign,
                row: at,
                byte: other,
            },
            Mutation::FlipHighBit {
                column: Column::Hash,
                row: at,
                byte: other,
            },
            Mutation::FlipBit {
                column: Column::Campaign,
                row: at,
                byte: other,
                bit: 1,
            },
            Mutation::RewriteHash {
                row: at,
                text: "z".repeat(64),
            },
            Mutation::Schema { row: at, to: 99 },
            Mutation::Renumber { row: at, by: 5 },
            Mutation::Delete { row: at },
            Mutation::SwapRows { a: at, b: other },
            Mutation::SwapPayloads { a: at, b: other },
            Mutation::ForgeAppend {
                hash: [1; 32],
                chained: true,
            },
            Mutation::ReplayAppend { row: at },
            Mutation::ForgeInsert {
                at,
                hash: [2; 32],
                valid_hash: true,
            },
            Mutation::Truncate { k: at },
        ];
        for mutation in &mutations {
            if let Err(e) = check_case(&fixture, &dir, case, mutation, true) {
                panic!("{mutation:?} (of {n} rows): {e}");
            }
            case += 1;
        }
    }
}

/// The last roll's face was made by a seed the file keeps and has not revealed. Another
/// face in its place is found against that seed; a die muster does not roll in its place is
/// the fold's finding alone. Both verifiers say so alike, the sequential one knowing the
/// file's seeds as the parallel one does.
#[test]
fn a_face_or_a_die_edited_under_a_kept_seed_is_found_alike_by_both_verifiers() {
    let fixture = fixture();
    let dir = tempfile::tempdir().unwrap();
    let last_roll = fixture
        .rows
        .iter()
        .rfind(|r| r.payload.contains(r#""source":"generated""#))
        .unwrap();
    let payload = &last_roll.payload;
    let faces = payload.find(r#""faces":["#).unwrap() + r#""faces":["#.len();
    let face: u8 = payload[faces..].split(']').next().unwrap().parse().unwrap();
    let other = if face == 7 { 6 } else { 7 };
    let edits = [
        (
            payload.replacen(
                &format!(r#""faces":[{face}]"#),
                &format!(r#""faces":[{other}]"#),
                1,
            ),
            "seed",
        ),
        (payload.replacen(r#""die":"d10""#, r#""die":"d00""#, 1), "roll"),
    ];
    for (case, (edited, check)) in edits.into_iter().enumerate() {
        assert_ne!(&edited, payload, "the edit changed the payload");
        let path = copy(&fixture, dir.path(), case);
        let store = Store::open(&path).unwrap();
        store
            .connection()
            .execute_batch("DROP TRIGGER events_refuse_update;")
            .unwrap();
        exec(
            &store,
            "UPDATE events SET payload = ?1 WHERE seq = ?2",
            params![edited, last_roll.seq],
        );
        let rows = store.rows(CAMPAIGN, None).unwrap();
        let held = store.seeds_of(CAMPAIGN).unwrap();
        let sequential = verify_holding(CAMPAIGN, &rows, held);
        for batch in [1, BATCH] {
            let parallel = verify_store_in(&store, CAMPAIGN, batch, &mut |_| {}).unwrap();
            assert_eq!(parallel, sequential, "{edited}: batch {batch}");
        }
        let checks: Vec<&str> = sequential
            .findings
            .iter()
            .filter(|f| f.version == Some(last_roll.version))
            .map(|f| f.check)
            .collect();
        assert!(checks.contains(&check), "{edited}: {checks:?}");
        if check == "roll" {
            assert!(
                !checks.contains(&"seed"),
                "no seed gives a d00's face: {checks:?}"
            );
        }
    }
}

/// A head hash rewritten with non-ASCII text (by a hex editor or a script) is reported by
/// `noted_head` and by `muster verify --head` with exit 3, never a panic: quoting the stored
/// hash must not slice it inside a character.
#[test]
fn a_noted_head_whose_hash_was_rewritten_with_non_ascii_text_is_reported_without_a_panic() {
    let fixture = fixture();
    let dir = tempfile::tempdir().unwrap();
    let path = copy(&fixture, dir.path(), 0);
    let head = fixture.rows.last().unwrap();
    let noted = format!("{}:{}", head.version, &head.hash[..20]);
    let found = {
        let store = Store::open(&path).unwrap();
        store
            .connection()
            .execute_batch("DROP TRIGGER events_refuse_update;")
            .unwrap();
        let rewritten = format!("x{}", "é".repeat(40));
        exec(
            &store,
            "UPDATE events SET hash = ?1 WHERE seq = ?2",
            params![rewritten, head.seq],
        );
        let rows = store.rows(CAMPAIGN, None).unwrap();
        assert!(!verify(CAMPAIGN, &rows).ok, "verify itself finds the rewrite");
        std::panic::catch_unwind(|| noted_head(&rows, head.version, &head.hash[..20]))
    };
    let (code, output) = cli_verify(&path, &noted);
    assert_eq!(
        code, 3,
        "`muster verify --head {noted}` must report the rewrite (exit 3):\n{output}"
    );
    let finding = found.expect("noted_head must not panic on a non-ASCII hash");
    assert!(finding.is_some(), "the noted head no longer matches");
}
