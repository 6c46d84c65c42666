//! Crash safety of the event log (DESIGN.md §2, README "The log"): `muster` processes killed
//! with SIGKILL at random moments while they append never leave a damaged file, half a
//! command, a gap in the versions or a changed earlier event.
//!
//! Each round spawns the binary with a command that appends (single-event commands such as
//! `xp`, `wound`, `heal`, `suppress`, `mission start`, and multi-event ones: `turn` at turn 1
//! writes turn_started + discipline_reset, `mission end` writes mission_ended + a
//! suppress_cleared per suppressed Soldier), kills it after a random delay of up to one and a
//! half times what an uninterrupted command takes on this machine and build, then checks
//! the file.
//!
//! The delays and choices come from a fixed-seed xorshift generator, so they are the same on
//! every run; the command a choice becomes depends on the state the earlier kills left, and
//! where each kill lands depends on the machine.
//! `MUSTER_CRASH_KILLS` sets the number of kills (default 200); the longer documented run is
//! `MUSTER_CRASH_KILLS=1000 cargo test --test crash -- --nocapture`.
//! `MUSTER_CRASH_SEED` (a decimal u64) picks another sequence.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::{BTreeMap, HashSet};
use std::io::Read;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use common::Runner;
use serde_json::Value;

const CAMPAIGN: &str = "Crash Drill";
const DEFAULT_KILLS: u64 = 200;
const DEFAULT_SEED: u64 = 0x9E37_79B9_7F4A_7C15;
/// How many uninterrupted commands are timed to learn how long one takes.
const TIMED_RUNS: usize = 5;

/// Runs `muster` to the end: (exit code, stdout, stderr).
fn run(db: &Path, args: &[&str]) -> (i32, String, String) {
    common::run_with(db, common::NOW, args)
}

fn ok(db: &Path, args: &[&str]) -> String {
    let (code, stdout, stderr) = run(db, args);
    assert_eq!(code, 0, "muster {args:?} failed:\n{stderr}");
    stdout
}

/// How long an appending command takes here, uninterrupted: the median of a few runs.
fn typical_run(db: &Path) -> Duration {
    let mut times: Vec<Duration> = (0..TIMED_RUNS)
        .map(|i| {
            let started = Instant::now();
            ok(db, &["xp", "Reyes", "+1", "--why", &format!("timing {i}")]);
            started.elapsed()
        })
        .collect();
    times.sort();
    times[TIMED_RUNS / 2]
}

/// xorshift64: tiny, reproducible, good enough to spread delays and choices.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number in `0..n`.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn env_u64(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => text
            .trim()
            .parse()
            .unwrap_or_else(|e| panic!("{name}={text:?} is not a whole number: {e}")),
        Err(_) => default,
    }
}

/// One row of `events`, as the test reads it under the binary's API.
#[derive(Debug, Clone)]
struct Row {
    campaign: String,
    version: u64,
    event_id: String,
    command_id: String,
    kind: String,
    payload: Value,
    hash: String,
}

/// The Mission in progress, folded from the log.
#[derive(Debug, Clone, Default)]
struct Mission {
    turn: u64,
    soldiers: Vec<String>,
    suppress: BTreeMap<String, i64>,
}

/// What the test needs to know about the campaign, folded from the log by `check_log`.
#[derive(Debug, Clone, Default)]
struct Folded {
    hashes: Vec<String>,
    commands: usize,
    mission: Option<Mission>,
    missions: u64,
    wounds: BTreeMap<String, i64>,
    xp: BTreeMap<String, i64>,
    /// How many commands of each shape the log holds, e.g. "turn_started+discipline_reset".
    shapes: BTreeMap<String, u64>,
}

impl Folded {
    fn head(&self) -> u64 {
        self.hashes.len() as u64
    }
}

fn read_rows(db: &Path) -> Vec<Row> {
    let conn = rusqlite::Connection::open(db).expect("the file opens");
    let integrity: Vec<String> = conn
        .prepare("PRAGMA integrity_check")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(integrity, ["ok"], "PRAGMA integrity_check");
    let mut stmt = conn
        .prepare(
            "SELECT campaign, version, event_id, command_id, kind, payload, hash
             FROM events ORDER BY seq",
        )
        .unwrap();
    stmt.query_map([], |row| {
        let payload: String = row.get(5)?;
        Ok(Row {
            campaign: row.get(0)?,
            version: row.get::<_, i64>(1)?.try_into().expect("versions are positive"),
            event_id: row.get(2)?,
            command_id: row.get(3)?,
            kind: row.get(4)?,
            payload: serde_json::from_str(&payload).expect("payloads are JSON"),
            hash: row.get(6)?,
        })
    })
    .unwrap()
    .collect::<Result<_, _>>()
    .unwrap()
}

fn soldier(row: &Row) -> String {
    row.payload["soldier"]
        .as_str()
        .unwrap_or_else(|| {
            panic!(
                "{} at v{} names no soldier: {}",
                row.kind, row.version, row.payload
            )
        })
        .to_owned()
}

fn amount(row: &Row) -> i64 {
    row.payload["amount"]
        .as_i64()
        .unwrap_or_else(|| panic!("{} at v{} has no amount: {}", row.kind, row.version, row.payload))
}

/// Checks one command's events form a complete set for the state before it, and folds them.
fn apply(state: &mut Folded, command: &[Row]) {
    let kinds: Vec<&str> = command.iter().map(|r| r.kind.as_str()).collect();
    let at = command[0].version;
    let single = || {
        assert_eq!(
            kinds.len(),
            1,
            "the command at v{at} should write one event: {kinds:?}"
        )
    };
    match kinds[0] {
        "campaign_created" => assert_eq!(kinds, ["campaign_created", "seed_committed"], "at v{at}"),
        "soldier_enlisted" => single(),
        "xp_adjusted" => {
            single();
            *state.xp.entry(soldier(&command[0])).or_default() += amount(&command[0]);
        }
        "wounded" | "healed" => {
            single();
            let sign = if kinds[0] == "wounded" { 1 } else { -1 };
            *state.wounds.entry(soldier(&command[0])).or_default() += sign * amount(&command[0]);
        }
        "suppressed" => {
            single();
            let mission = state.mission.as_mut().expect("Suppress only during a Mission");
            *mission.suppress.entry(soldier(&command[0])).or_default() += amount(&command[0]);
        }
        "mission_started" => {
            single();
            assert!(
                state.mission.is_none(),
                "v{at}: a Mission started while another runs"
            );
            let soldiers = command[0].payload["soldiers"]
                .as_array()
                .expect("mission_started lists its soldiers")
                .iter()
                .map(|s| s.as_str().expect("a soldier's name").to_owned())
                .collect();
            state.missions += 1;
            state.mission = Some(Mission {
                soldiers,
                ..Mission::default()
            });
        }
        "turn_started" => {
            let mission = state.mission.as_mut().expect("a turn only during a Mission");
            let turn = command[0].payload["turn"]
                .as_u64()
                .expect("turn_started has a turn");
            assert_eq!(turn, mission.turn + 1, "v{at}: turns follow each other");
            mission.turn = turn;
            if turn == 1 && mission.soldiers.iter().any(|s| s == "Gizmo") {
                assert_eq!(
                    kinds,
                    ["turn_started", "discipline_reset"],
                    "v{at}: turn 1 with a K9 on the Mission sets his Discipline in the same command"
                );
                assert_eq!(soldier(&command[1]), "Gizmo");
                assert_eq!(command[1].payload["discipline"], 2);
            } else {
                assert_eq!(kinds, ["turn_started"], "v{at}: turn {turn} writes only the turn");
            }
        }
        "mission_ended" => {
            let mission = state.mission.take().expect("a Mission in progress to end");
            let mut expected: Vec<(String, i64)> =
                mission.suppress.into_iter().filter(|(_, n)| *n > 0).collect();
            let mut cleared: Vec<(String, i64)> = command[1..]
                .iter()
                .map(|r| {
                    assert_eq!(
                        r.kind, "suppress_cleared",
                        "v{}: mission end writes {kinds:?}",
                        r.version
                    );
                    (soldier(r), amount(r))
                })
                .collect();
            expected.sort();
            cleared.sort();
            assert_eq!(
                cleared, expected,
                "v{at}: the Mission's end clears every Soldier's Suppress in the same command"
            );
        }
        other => panic!("v{at}: a command this test never sends: {other} ({kinds:?})"),
    }
    let shape = if kinds[0] == "mission_ended" {
        format!("mission_ended+{}×suppress_cleared", kinds.len() - 1)
    } else {
        kinds.join("+")
    };
    *state.shapes.entry(shape).or_default() += 1;
    state.commands += 1;
    state.hashes.extend(command.iter().map(|r| r.hash.clone()));
}

/// Every check of the file after a kill; returns the campaign folded from it.
fn check_log(db: &Path) -> Folded {
    let rows = read_rows(db);
    assert!(rows.iter().all(|r| r.campaign == CAMPAIGN), "one campaign only");
    let versions: Vec<u64> = rows.iter().map(|r| r.version).collect();
    let gapless: Vec<u64> = (1..=rows.len() as u64).collect();
    assert_eq!(versions, gapless, "versions are 1..=head without gaps");
    let mut ids = HashSet::new();
    for row in &rows {
        assert!(
            ids.insert(row.event_id.as_str()),
            "duplicate event id {}",
            row.event_id
        );
    }

    // Group by command: a command's events are consecutive, so a command id that stops
    // must never come back.
    let mut groups: Vec<&[Row]> = Vec::new();
    let mut seen = HashSet::new();
    let mut start = 0;
    for i in 1..=rows.len() {
        if i == rows.len() || rows[i].command_id != rows[start].command_id {
            assert!(
                seen.insert(rows[start].command_id.as_str()),
                "command {} has events that are not consecutive (again at v{})",
                rows[start].command_id,
                rows[start].version
            );
            groups.push(&rows[start..i]);
            start = i;
        }
    }
    let mut state = Folded::default();
    for group in groups {
        apply(&mut state, group);
    }

    let (code, stdout, stderr) = run(db, &["--json", "verify"]);
    let report: Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("verify --json printed no JSON ({e}):\n{stdout}\n{stderr}"));
    assert_eq!(code, 0, "verify: {report}\n{stderr}");
    assert_eq!(report["ok"], true, "verify: {report}");
    assert_eq!(report["head_version"], state.head(), "verify: {report}");
    state
}

/// A command that appends and is valid in `state`, so that a run not killed succeeds.
fn pick(rng: &mut XorShift, state: &Folded, round: u64) -> Vec<String> {
    let words = |ws: &[&str]| ws.iter().map(|w| (*w).to_owned()).collect::<Vec<_>>();
    let wound_or_heal = |rng: &mut XorShift| {
        let who = if rng.below(2) == 0 { "Wong" } else { "Reyes" };
        let verb = if state.wounds.get(who).copied().unwrap_or(0) > 0 {
            "heal"
        } else {
            "wound"
        };
        words(&[verb, who, "1"])
    };
    let xp = || words(&["xp", "Wong", "+1", "--why", &format!("w{round}")]);
    match &state.mission {
        Some(mission) => match rng.below(12) {
            0..=2 => xp(),
            3..=6 => words(&["turn"]),
            7 | 8 => {
                let who = if rng.below(2) == 0 { "Wong" } else { "Reyes" };
                words(&["suppress", who, "1"])
            }
            9 => wound_or_heal(rng),
            // End early or late: after turn 1 most of the time, so turn 1 keeps coming round.
            _ if mission.turn == 0 && rng.below(2) == 0 => words(&["turn"]),
            _ => words(&["mission", "end", "--result", "failure"]),
        },
        None => match rng.below(6) {
            0 => xp(),
            1 => wound_or_heal(rng),
            _ => words(&[
                "mission",
                "start",
                &format!("Drill {}", state.missions + 1),
                "--k9-objective",
                "x",
            ]),
        },
    }
}

#[derive(Debug, Default)]
struct Stats {
    /// The process had finished before the kill (or in the instant before it).
    finished: u64,
    /// Killed while running, and its command had not been written.
    killed_unwritten: u64,
    /// Killed while running, after its command had been committed.
    killed_written: u64,
    /// Killed while running a multi-event command (either outcome).
    killed_multi: u64,
}

#[test]
fn commands_killed_at_random_moments_leave_an_intact_gapless_all_or_nothing_log() {
    let kills = env_u64("MUSTER_CRASH_KILLS", DEFAULT_KILLS);
    let seed = env_u64("MUSTER_CRASH_SEED", DEFAULT_SEED).max(1);
    let started = Instant::now();
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("muster.db");
    let db = db.as_path();

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
            "2",
            "--handler",
            "Wong",
            "--ability",
            "bomb=5",
        ],
    );
    ok(
        db,
        &[
            "enlist", "Reyes", "--kind", "player", "--rp", "6", "--health", "3",
        ],
    );
    ok(db, &["mission", "start", "Drill 1", "--k9-objective", "x"]);

    // Kills spread over the whole run of a command, however fast this build runs it (a
    // release build appends in a few milliseconds, a debug build in tens).
    let span = typical_run(db).mul_f64(1.5).max(Duration::from_millis(2));
    let span_us = u64::try_from(span.as_micros()).unwrap_or(u64::MAX);
    let mut rng = XorShift(seed);
    let mut state = check_log(db);
    let mut stats = Stats::default();
    for round in 0..kills {
        let args = pick(&mut rng, &state, round);
        let delay = Duration::from_micros(rng.below(span_us + 1));
        let multi = args[0] == "turn" || args[0] == "mission" && args[1] == "end";
        let mut child = Runner::on(db)
            .args(&args)
            .command()
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("muster starts");
        std::thread::sleep(delay);
        let finished_first = child.try_wait().expect("the child can be polled").is_some();
        child
            .kill()
            .expect("SIGKILL is sent (or the child had already exited)");
        let status = child.wait().expect("the child is reaped");
        let mut stderr = String::new();
        if let Some(mut pipe) = child.stderr.take() {
            pipe.read_to_string(&mut stderr).expect("stderr is UTF-8");
        }

        let after = check_log(db);
        let context = format!("round {round}: muster {args:?} killed after {delay:?} ({status})");
        // Earlier events are never touched, and at most the one command sent was added.
        assert!(after.head() >= state.head(), "{context}: the log shrank");
        assert_eq!(
            after.hashes[..state.hashes.len()],
            state.hashes[..],
            "{context}: an earlier event changed"
        );
        let added = after.commands - state.commands;
        assert!(
            added <= 1,
            "{context}: {added} commands were written for one process"
        );

        match status.code() {
            Some(0) => {
                assert_eq!(added, 1, "{context}: it succeeded but wrote nothing");
                stats.finished += 1;
            }
            Some(code) => panic!("{context}: exited {code} before the kill:\n{stderr}"),
            None => {
                assert!(
                    !finished_first,
                    "{context}: reported a signal after it had exited"
                );
                if added == 1 {
                    stats.killed_written += 1;
                } else {
                    stats.killed_unwritten += 1;
                }
                if multi {
                    stats.killed_multi += 1;
                }
            }
        }
        state = after;
    }

    // The file is still usable: a command run to the end lands on top.
    let head = state.head();
    ok(db, &["xp", "Wong", "+1", "--why", "after the drill"]);
    let last = check_log(db);
    assert_eq!(last.head(), head + 1);
    ok(db, &["verify"]);

    println!(
        "{kills} kills (seed {seed}) in {:.1?}: {stats:?}; log head v{}, {} commands by shape: {:?}",
        started.elapsed(),
        last.head(),
        last.commands,
        last.shapes
    );
    let killed = stats.killed_unwritten + stats.killed_written;
    assert!(
        killed * 5 >= kills,
        "only {killed} of {kills} kills landed while muster ran; the test is not exercising crashes"
    );
    assert!(
        stats.killed_multi > 0,
        "no multi-event command was ever killed mid-run"
    );
    for shape in ["turn_started+discipline_reset", "turn_started", "xp_adjusted"] {
        assert!(
            last.shapes.contains_key(shape),
            "no {shape} command landed: {:?}",
            last.shapes
        );
    }
}
