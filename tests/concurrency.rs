//! Concurrent writers on one file (DESIGN.md §2, README "The log"): `muster` processes
//! started together each land their commands exactly once, in a gapless chain, without
//! "database is locked"; and a rule that depends on the state is decided again on the
//! fresh state, so a last K9 Discipline is paid for once, never twice.
//!
//! Under 8 busy writers every one of the 800 commands must land: a writer that loses the
//! race decides again rather than give up with exit 4 ("another muster wrote to campaign …
//! at the same time"). The guarantees that hold whatever the outcome of each command are
//! checked by a test of their own.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Barrier, OnceLock};
use std::thread;
use std::time::Instant;

use serde_json::Value;

const CAMPAIGN: &str = "Crowded Table";
const PROCESSES: usize = 8;
const COMMANDS: usize = 100;
const K9_RACES: usize = 10;

/// Runs `muster` through the common runner: (exit code, stdout, stderr).
fn run(db: &Path, args: &[&str]) -> (i32, String, String) {
    common::run_with(db, common::NOW, args)
}

fn ok(db: &Path, args: &[&str]) -> String {
    let (code, stdout, stderr) = run(db, args);
    assert_eq!(code, 0, "muster {args:?} failed:\n{stderr}");
    stdout
}

fn json(db: &Path, args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let stdout = ok(db, &all);
    serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("muster {all:?} printed no JSON ({e}):\n{stdout}"))
}

/// Stderr a writer must never show: the lock leaking out instead of being waited for.
fn mentions_lock(stderr: &str) -> bool {
    let lower = stderr.to_lowercase();
    lower.contains("database is locked") || lower.contains("busy")
}

#[derive(Debug)]
struct Row {
    version: u64,
    event_id: String,
    command_id: String,
    kind: String,
    payload: Value,
}

fn rows(db: &Path) -> Vec<Row> {
    let conn = rusqlite::Connection::open(db).expect("the file opens");
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(integrity, "ok");
    let mut stmt = conn
        .prepare("SELECT campaign, version, event_id, command_id, kind, payload FROM events ORDER BY version")
        .unwrap();
    stmt.query_map([], |row| {
        let campaign: String = row.get(0)?;
        assert_eq!(campaign, CAMPAIGN);
        let payload: String = row.get(5)?;
        Ok(Row {
            version: row.get::<_, i64>(1)?.try_into().expect("versions are positive"),
            event_id: row.get(2)?,
            command_id: row.get(3)?,
            kind: row.get(4)?,
            payload: serde_json::from_str(&payload).expect("payloads are JSON"),
        })
    })
    .unwrap()
    .collect::<Result<_, _>>()
    .unwrap()
}

/// Versions 1..=head without gaps and unique event ids.
fn assert_gapless(rows: &[Row]) {
    let versions: Vec<u64> = rows.iter().map(|r| r.version).collect();
    let gapless: Vec<u64> = (1..=rows.len() as u64).collect();
    assert_eq!(versions, gapless, "versions are 1..=head without gaps");
    let ids: HashSet<&str> = rows.iter().map(|r| r.event_id.as_str()).collect();
    assert_eq!(ids.len(), rows.len(), "duplicate event ids");
}

/// `muster --json verify`: (exit code, report).
fn verify(db: &Path) -> (i32, Value) {
    let (code, stdout, stderr) = run(db, &["--json", "verify"]);
    let report: Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("verify --json printed no JSON ({e}):\n{stdout}\n{stderr}"));
    (code, report)
}

fn assert_verified(verified: &(i32, Value), head: usize) {
    let (code, report) = verified;
    assert_eq!(
        (*code, &report["ok"]),
        (0, &Value::Bool(true)),
        "verify: {report}"
    );
    assert_eq!(report["head_version"], head, "verify: {report}");
}

/// Gapless, unique ids, and `verify` passing.
fn assert_sound(db: &Path, rows: &[Row]) {
    assert_gapless(rows);
    assert_verified(&verify(db), rows.len());
}

fn soldier<'a>(roster: &'a Value, name: &str) -> &'a Value {
    roster["soldiers"]
        .as_array()
        .expect("soldiers is an array")
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("{name} is not on the roster: {roster}"))
}

fn new_db() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("muster.db");
    (dir, db)
}

/// Starts one thread per argument list, all released together, each running its commands
/// in order; returns, per thread, each command's (exit code, stdout, stderr).
fn race(db: &Path, lanes: Vec<Vec<Vec<String>>>) -> Vec<Vec<(i32, String, String)>> {
    race_timed(db, lanes)
        .into_iter()
        .map(|lane| lane.into_iter().map(|(ran, _, _)| ran).collect())
        .collect()
}

/// `race`, with when each process was started and when it had finished.
type Timed = ((i32, String, String), Instant, Instant);

fn race_timed(db: &Path, lanes: Vec<Vec<Vec<String>>>) -> Vec<Vec<Timed>> {
    let barrier = Arc::new(Barrier::new(lanes.len()));
    let handles: Vec<_> = lanes
        .into_iter()
        .map(|commands| {
            let barrier = Arc::clone(&barrier);
            let db = db.to_path_buf();
            thread::spawn(move || {
                barrier.wait();
                commands
                    .iter()
                    .map(|args| {
                        let args: Vec<&str> = args.iter().map(String::as_str).collect();
                        let began = Instant::now();
                        let ran = run(&db, &args);
                        (ran, began, Instant::now())
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    handles
        .into_iter()
        .map(|h| h.join().expect("a racing thread"))
        .collect()
}

/// What 8 processes × 100 `xp` commands left behind, run once and shared by the tests
/// that judge it (the run takes a while on a small machine).
struct Crowd {
    /// Per process, per command: (exit code, stdout, stderr).
    results: Vec<Vec<(i32, String, String)>>,
    setup: usize,
    rows: Vec<Row>,
    verified: (i32, Value),
    roster: Value,
    /// Wong's blame as blame's index gives it (`None`: the index does not serve it), and as
    /// the whole log folds it.
    blamed: (
        Option<muster::projection::blame::Blame>,
        muster::projection::blame::Blame,
    ),
}

impl Crowd {
    fn failures(&self) -> Vec<(usize, usize, i32, &str)> {
        let mut failures = Vec::new();
        for (p, lane) in self.results.iter().enumerate() {
            for (c, (code, _, stderr)) in lane.iter().enumerate() {
                if *code != 0 {
                    failures.push((p, c, *code, stderr.trim()));
                }
            }
        }
        failures
    }

    fn xp_rows(&self) -> Vec<&Row> {
        self.rows.iter().filter(|r| r.kind == "xp_adjusted").collect()
    }
}

fn crowd() -> &'static Crowd {
    static CROWD: OnceLock<Crowd> = OnceLock::new();
    CROWD.get_or_init(|| {
        let (_dir, db) = new_db();
        ok(&db, &["campaign", "new", CAMPAIGN, "--game", "modern"]);
        ok(
            &db,
            &["enlist", "Wong", "--kind", "player", "--rp", "8", "--health", "3"],
        );
        let setup = rows(&db).len();
        let lanes = (0..PROCESSES)
            .map(|p| {
                (0..COMMANDS)
                    .map(|c| {
                        ["xp", "Wong", "+1", "--why", &format!("p{p}c{c}")]
                            .map(str::to_owned)
                            .to_vec()
                    })
                    .collect()
            })
            .collect();
        let started = Instant::now();
        let results = race(&db, lanes);
        let elapsed = started.elapsed();
        let crowd = Crowd {
            results,
            setup,
            rows: rows(&db),
            verified: verify(&db),
            roster: json(&db, &["roster"]),
            blamed: blamed(&db, "Wong"),
        };
        println!(
            "{PROCESSES} processes × {COMMANDS} commands in {elapsed:.1?}: {} failed",
            crowd.failures().len()
        );
        crowd
    })
}

/// The guarantees that hold whether or not a writer gave up: every accepted command is in
/// the log exactly once and in its process's order, a refused one wrote nothing, the chain
/// is gapless and verifies, and no process ever saw "database is locked".
#[test]
fn eight_processes_of_a_hundred_commands_each_write_every_accepted_command_exactly_once() {
    let crowd = crowd();
    for (p, lane) in crowd.results.iter().enumerate() {
        for (c, (code, _, stderr)) in lane.iter().enumerate() {
            assert!(
                !mentions_lock(stderr),
                "p{p}c{c} (exit {code}) reported the lock: {stderr}"
            );
            assert!(
                *code == 0 || stderr.contains("nothing was written"),
                "p{p}c{c} failed without saying nothing was written (exit {code}): {stderr}"
            );
        }
    }
    assert_gapless(&crowd.rows);
    assert_verified(&crowd.verified, crowd.rows.len());

    let xp = crowd.xp_rows();
    assert_eq!(
        crowd.rows.len(),
        crowd.setup + xp.len(),
        "nothing but xp events was added"
    );
    let commands: HashSet<&str> = xp.iter().map(|r| r.command_id.as_str()).collect();
    assert_eq!(commands.len(), xp.len(), "one command id per xp event");

    // Every reason at most once, and each process's commands in the order it ran them.
    let mut by_why: BTreeMap<String, u64> = BTreeMap::new();
    for row in &xp {
        assert_eq!(
            (&row.payload["soldier"], &row.payload["amount"]),
            (&Value::from("Wong"), &Value::from(1))
        );
        let why = row.payload["why"]
            .as_str()
            .expect("xp_adjusted has a why")
            .to_owned();
        assert!(
            by_why.insert(why.clone(), row.version).is_none(),
            "'{why}' was written twice"
        );
    }
    for (p, lane) in crowd.results.iter().enumerate() {
        let mut versions = Vec::new();
        for (c, (code, stdout, _)) in lane.iter().enumerate() {
            let landed = by_why.get(&format!("p{p}c{c}"));
            match (code, landed) {
                (0, Some(version)) => {
                    assert!(
                        stdout.contains(&format!("v{version} ")),
                        "p{p}c{c} printed {stdout:?}"
                    );
                    versions.push(*version);
                }
                (0, None) => panic!("p{p}c{c} succeeded but is not in the log"),
                (_, Some(version)) => panic!("p{p}c{c} failed but was written at v{version}"),
                (_, None) => {}
            }
        }
        assert!(
            versions.windows(2).all(|w| w[0] < w[1]),
            "process {p}'s commands landed out of order: {versions:?}"
        );
    }
    assert_eq!(
        soldier(&crowd.roster, "Wong")["xp"],
        xp.len(),
        "XP = the xp events"
    );
    assert_eq!(crowd.roster["head"]["version"], crowd.rows.len());
}

/// The blame of `soldier` read off blame's index, and folded from the log.
fn blamed(
    db: &Path,
    soldier: &str,
) -> (
    Option<muster::projection::blame::Blame>,
    muster::projection::blame::Blame,
) {
    use muster::{checkpoint, projection::blame};
    let store = muster::store::Store::open_read_only(db).unwrap();
    let known = checkpoint::reaching_back(&store, CAMPAIGN, None).unwrap();
    let state = checkpoint::state_at(&store, CAMPAIGN, None).unwrap();
    let indexed = blame::index::read(&store, CAMPAIGN, soldier, &state, &known).unwrap();
    let folded = blame::blame(&store.events(CAMPAIGN, None).unwrap(), soldier).unwrap();
    (indexed, folded)
}

/// Eight processes each keeping blame's index after their writes leave it whole and true:
/// it serves Wong's blame, and that is the blame the log folds to.
#[test]
fn eight_processes_keep_blames_index_whole() {
    let (indexed, folded) = &crowd().blamed;
    assert_eq!(indexed.as_ref(), Some(folded));
    assert_eq!(folded.fields["xp"].lines.len(), PROCESSES * COMMANDS);
}

/// Every one of the 800 commands is accepted: a writer that loses the race decides again
/// until it lands, rather than giving up with exit 4.
#[test]
fn eight_processes_of_a_hundred_commands_each_all_succeed() {
    let crowd = crowd();
    let failures = crowd.failures();
    assert!(
        failures.is_empty(),
        "{} of {} commands failed, e.g.:\n{}",
        failures.len(),
        PROCESSES * COMMANDS,
        failures
            .iter()
            .take(10)
            .map(|(p, c, code, stderr)| format!("p{p}c{c}: exit {code}: {stderr}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let xp = crowd.xp_rows();
    assert_eq!(xp.len(), PROCESSES * COMMANDS, "one xp_adjusted per command");
    let commands: HashSet<&str> = xp.iter().map(|r| r.command_id.as_str()).collect();
    assert_eq!(
        commands.len(),
        PROCESSES * COMMANDS,
        "distinct command ids among the xp events"
    );
    assert_eq!(soldier(&crowd.roster, "Wong")["xp"], PROCESSES * COMMANDS);
}

/// A Modern campaign with Wong handling Gizmo, who has Discipline 1, on a Mission at turn 1
/// with Buried Explosive drawn: its first roll offers +4 for 1 Discipline.
fn k9_with_one_discipline(db: &Path) {
    ok(
        db,
        &[
            "campaign",
            "new",
            CAMPAIGN,
            "--game",
            "modern",
            "--expansion",
            "k9",
        ],
    );
    ok(
        db,
        &[
            "enlist",
            "Wong",
            "--kind",
            "player",
            "--rp",
            "8",
            "--health",
            "3",
            "--ability",
            "handler=7",
        ],
    );
    ok(
        db,
        &[
            "enlist",
            "Gizmo",
            "--kind",
            "k9",
            "--rp",
            "4",
            "--discipline",
            "1",
            "--handler",
            "Wong",
            "--ability",
            "bomb=5",
        ],
    );
    ok(
        db,
        &[
            "mission",
            "start",
            "Hill 112",
            "--k9-objective",
            "reach the cache",
        ],
    );
    ok(db, &["turn"]);
    let card = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/cards/buried-explosive.json"
    );
    ok(db, &["k9", "draw", card]);
    let roster = json(db, &["roster"]);
    assert_eq!(soldier(&roster, "Gizmo")["discipline"]["current"], 1);
}

#[test]
fn two_processes_paying_the_last_discipline_at_once_one_wins_and_the_rule_refuses_the_other() {
    let roll = ["--json", "k9", "roll", "--pay", "discipline", "--die", "9"]
        .map(str::to_owned)
        .to_vec();
    let mut overlapped = 0;
    let mut refusals = std::collections::BTreeSet::new();
    for round in 0..K9_RACES {
        let (_dir, db) = new_db();
        k9_with_one_discipline(&db);
        let before = rows(&db).len();

        let timed = race_timed(&db, vec![vec![roll.clone()], vec![roll.clone()]]);
        let (a, b) = (&timed[0][0], &timed[1][0]);
        if a.1 < b.2 && b.1 < a.2 {
            overlapped += 1;
        }
        let results: Vec<&(i32, String, String)> = timed.iter().map(|lane| &lane[0].0).collect();
        let winners: Vec<_> = results.iter().filter(|r| r.0 == 0).collect();
        let losers: Vec<_> = results.iter().filter(|r| r.0 != 0).collect();
        assert_eq!(
            (winners.len(), losers.len()),
            (1, 1),
            "round {round}: exactly one roll may pay the last Discipline: {results:?}"
        );
        let (code, _, stderr) = losers[0];
        let lower = stderr.to_lowercase();
        assert_eq!(
            *code, 1,
            "round {round}: the loser is refused by the rule, not a failure: {stderr}"
        );
        assert!(
            lower.contains("discipline") || lower.contains("next roll") || lower.contains("no longer"),
            "round {round}: the refusal names Discipline or the roll: {stderr}"
        );
        assert!(!mentions_lock(stderr), "round {round}: {stderr}");
        refusals.insert(stderr.trim().to_owned());
        assert!(!mentions_lock(&winners[0].2), "round {round}: {}", winners[0].2);

        // The winner's command alone was written: one payment, one roll, and the
        // Encounter moved on to its second roll.
        let rows = rows(&db);
        assert_sound(&db, &rows);
        let added: Vec<&str> = rows[before..].iter().map(|r| r.kind.as_str()).collect();
        assert_eq!(added, ["discipline_spent", "k9_roll_made"], "round {round}");
        assert_eq!(rows[before].command_id, rows[before + 1].command_id);
        let written: Value = serde_json::from_str(&winners[0].1).expect("the winner printed JSON");
        assert_eq!(written["head"]["version"], rows.len());
        let roster = json(&db, &["roster"]);
        assert_eq!(
            soldier(&roster, "Gizmo")["discipline"]["current"],
            0,
            "round {round}: Discipline spent once"
        );
        let pending = roster["pending"].as_array().expect("pending is an array");
        assert_eq!(pending.len(), 1, "round {round}: {pending:?}");
        assert_eq!(pending[0]["awaiting"], "roll 2 of 2", "round {round}");
    }
    println!(
        "{overlapped} of {K9_RACES} K9 races had both processes running at once; refusals: {refusals:?}"
    );
    assert!(
        overlapped > 0,
        "the two rolls never ran at the same time: no race was tested"
    );
}

#[test]
fn two_identical_imports_at_once_both_succeed_and_the_campaign_is_written_once() {
    let (source_dir, source) = new_db();
    ok(&source, &["campaign", "new", "Twice", "--game", "wwii"]);
    for name in ["Able", "Baker", "Charlie"] {
        ok(&source, &["enlist", name, "--kind", "player", "--rp", "3"]);
    }
    let export = source_dir.path().join("twice.jsonl");
    std::fs::write(&export, ok(&source, &["export"])).unwrap();
    let path = export.display().to_string();
    // Each round races on a fresh file, where both imports find nothing and one lands first.
    for _ in 0..5 {
        let (_dir, db) = new_db();
        let results = race(
            &db,
            vec![
                vec![vec!["import".to_owned(), path.clone()]],
                vec![vec!["import".to_owned(), path.clone()]],
            ],
        );
        for (code, stdout, stderr) in results.iter().flatten() {
            assert_eq!(*code, 0, "an identical import is not a conflict: {stderr}");
            assert!(stdout.contains("imported"), "{stdout}");
        }
        let report = json(&db, &["--campaign", "Twice", "verify"]);
        assert_eq!(report["ok"], true, "{report}");
        assert_eq!(
            report["events"], 5,
            "the campaign, its seed and three Soldiers, once"
        );
    }
}
