//! The README's tour, typed as a new user would: every `muster` line of its tour block runs
//! in the README's order against a fresh database and must succeed; the refusals its prose
//! promises are tried where it places them and must be refused, writing nothing; and the
//! rosters, the printed roster, the dispute walkthrough and the noted heads must be the
//! README's.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::readme::Line;

#[path = "readme_tour/chronicle.rs"]
mod chronicle;
#[path = "readme_tour/rosters.rs"]
mod rosters;

use std::path::{Path, PathBuf};

use serde_json::Value;
use tempfile::TempDir;

const README: &str = include_str!("../README.md");

/// The campaigns the tour creates, in the order the README creates them.
const CAMPAIGNS: [&str; 4] = ["Operation Lodestar", "Winter Storm", "Juno Beach", "Night Shift"];

/// A refusal the README's prose promises, tried just before the tour line `before`.
struct Promise {
    before: &'static str,
    args: &'static [&'static str],
    phrase: &'static str,
}

const PROMISED_REFUSALS: &[Promise] = &[
    // Mission 3: "Until the choice is made, `roster` lists it under *pending* and `turn`
    // and `mission end` are refused."
    Promise {
        before: "k9 accept",
        args: &["turn"],
        phrase: "the K9 Encounter 'Buried Explosive' is still open",
    },
    Promise {
        before: "k9 accept",
        args: &["mission", "end", "--result", "success"],
        phrase: "the K9 Encounter 'Buried Explosive' is still open",
    },
    // Winter Storm: "The two Objectives are activated and completed left to right; success
    // is refused until both are."
    Promise {
        before: "objective complete 2",
        args: &[
            "mission",
            "end",
            "--result",
            "success",
            "--rp-award",
            "3",
            "--why",
            "early",
        ],
        phrase: "Objective 2 of Mission 1 is not completed",
    },
    // Night Shift: "Warfighter's commands (`wound`, `hardy`, `medal`…) are refused in this
    // campaign, and Zero Dark's in the others."
    Promise {
        before: "xp team +2 --why \"the team's starting XP\"",
        args: &["wound", "Vega"],
        phrase: "this is a Horizon Wars: Zero Dark campaign",
    },
    Promise {
        before: "xp team +2 --why \"the team's starting XP\"",
        args: &[
            "--campaign",
            "Operation Lodestar",
            "bogey",
            "add",
            "Courier",
            "--type",
            "grunt",
        ],
        phrase: "belong to Horizon Wars: Zero Dark, and this is a modern campaign",
    },
];

/// The `muster` lines of the README's `sh` blocks between `<!-- NAME` and `<!-- /NAME -->`.
fn block_lines(name: &str) -> Vec<Line> {
    common::readme::block_lines(README, name)
}

/// Runs `muster ARGS` on `db`: (exit code, stdout, stderr).
fn muster<S: AsRef<std::ffi::OsStr>>(db: &Path, args: &[S]) -> (i32, String, String) {
    common::run_with(db, common::NOW, args)
}

/// Runs `muster --json ARGS` on `db`, which must succeed, and parses its output.
fn json(db: &Path, args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = muster(db, &all);
    assert_eq!(code, 0, "muster {all:?} failed: {stderr}");
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("muster {all:?} printed no JSON ({e}): {stdout}"))
}

fn roster(db: &Path, campaign: &str) -> Value {
    json(db, &["--campaign", campaign, "roster"])
}

fn soldier<'a>(roster: &'a Value, name: &str) -> &'a Value {
    roster["soldiers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("{name} is on the roster"))
}

/// A database the whole tour was played on.
struct Tour {
    _dir: TempDir,
    db: PathBuf,
}

impl Tour {
    /// Plays every line of the tour block in order, each of which must succeed, trying each
    /// promised refusal just before its line.
    fn played() -> Tour {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("tour.db");
        let lines = block_lines("tour");
        assert!(lines.len() > 55, "the tour has its three Missions and the winter");
        let created: Vec<&str> = lines
            .iter()
            .filter(|l| l.args.starts_with(&["campaign".to_owned(), "new".to_owned()]))
            .map(|l| l.args[2].as_str())
            .collect();
        assert_eq!(created, CAMPAIGNS, "the tour creates its campaigns in this order");
        for promise in PROMISED_REFUSALS {
            assert_eq!(
                lines.iter().filter(|l| l.text == promise.before).count(),
                1,
                "the tour has one line `muster {}`, before which the README promises a refusal",
                promise.before
            );
        }
        for line in &lines {
            for promise in PROMISED_REFUSALS.iter().filter(|p| p.before == line.text) {
                assert_refused(&db, promise);
            }
            if line.text == "k9 accept" {
                let pending = &roster(&db, "Operation Lodestar")["pending"];
                assert_eq!(
                    pending.as_array().map(Vec::len),
                    Some(1),
                    "the failed roll awaits its choice: {pending}"
                );
            }
            if line.args.starts_with(&["void".to_owned(), "26".to_owned()]) {
                let mistaken = json(&db, &["show", "26"]);
                assert_eq!(
                    (&mistaken["kind"], &mistaken["payload"]["soldier"]),
                    (&Value::from("wounded"), &Value::from("Kowalski")),
                    "version 26 is the Wound the README voids: {mistaken}"
                );
            }
            let (code, _, stderr) = muster(&db, &line.args);
            assert_eq!(code, 0, "`muster {}` exited {code}: {stderr}", line.text);
        }
        Tour { _dir: dir, db }
    }
}

/// `promise` is refused (exit 1, its phrase on stderr) and writes nothing.
fn assert_refused(db: &Path, promise: &Promise) {
    let before = json(db, &["campaign", "list"]);
    let (code, stdout, stderr) = muster(db, promise.args);
    assert_eq!(
        code, 1,
        "before `muster {}`, `muster {:?}` should be refused (exit 1): {stdout}{stderr}",
        promise.before, promise.args
    );
    assert!(
        stderr.contains(promise.phrase),
        "`muster {:?}`: stderr lacks {:?}: {stderr}",
        promise.args,
        promise.phrase
    );
    assert_eq!(
        json(db, &["campaign", "list"]),
        before,
        "a refusal wrote to the log"
    );
}

/// The lines of the README's roster of Operation Lodestar after Mission 3.
fn readme_roster() -> Vec<&'static str> {
    let start = README
        .find("The roster of Operation Lodestar after Mission 3:")
        .expect("the README shows the roster");
    let block = &README[start..];
    let block = &block[block.find("```\n").expect("a code block") + 4..];
    block[..block.find("```").expect("the block ends")]
        .lines()
        .collect()
}

#[test]
fn the_readme_shows_the_roster_the_tour_prints() {
    let tour = Tour::played();
    let (code, printed, stderr) = muster(&tour.db, &["--campaign", "Operation Lodestar", "roster"]);
    assert_eq!(code, 0, "{stderr}");
    // The head hash differs from run to run (event ids are random); every other line is the
    // README's, trailing spaces aside.
    let without_head = |lines: Vec<&str>| -> Vec<String> {
        lines
            .into_iter()
            .filter(|l| !l.starts_with("head "))
            .map(|l| l.trim_end().to_owned())
            .collect()
    };
    let shown = without_head(readme_roster());
    assert!(
        shown.len() >= 8,
        "the README's roster has its Soldiers: {shown:?}"
    );
    assert_eq!(without_head(printed.lines().collect()), shown);
    assert!(
        printed.lines().any(|l| l.starts_with("head v45 ")),
        "the roster ends with its head line: {printed}"
    );
}

#[test]
fn the_readme_dispute_walkthrough_answers_its_three_questions() {
    let tour = Tour::played();
    let db = tour.db.as_path();
    let dispute = block_lines("dispute");
    assert!(dispute.len() >= 10, "the walkthrough has its lines");
    for line in &dispute {
        let (code, _, stderr) = muster(db, &line.args);
        assert_eq!(code, 0, "`muster {}` exited {code}: {stderr}", line.text);
    }
    // Was the roll fair? The generated face is the one the revealed seed gives.
    let shown = json(db, &["show", "48"]);
    assert_eq!(shown["roll"]["source"], "generated");
    assert_eq!(shown["recomputed"]["face_from_seed"], shown["roll"]["faces"][0]);
    assert_eq!(shown["recomputed"]["agrees"], true);
    // Why does Wong have one Wound? Two were recorded, one of them healed.
    let blame = json(db, &["blame", "Wong"]);
    assert_eq!(blame["fields"]["wounds"]["value"], "1");
    let adds: i64 = blame["fields"]["wounds"]["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["voided"] == false)
        .map(|l| l["change"]["add"].as_i64().unwrap())
        .sum();
    assert_eq!(adds, 1, "the blame adds up to the roster's number");
    // Was the log edited? It verifies, the paper sheet's assertion included.
    assert_eq!(json(db, &["verify"])["ok"], true);
    // Before its void, the mistaken Wound was not voided yet.
    assert_eq!(json(db, &["show", "26", "--as-of", "26"])["voided"], false);
    assert_eq!(json(db, &["show", "26"])["voided"], true);
}

/// Every `VERSION:HASH` the README offers to `verify --head`, and every roster head line it
/// shows: the hashes they note.
fn readme_noted_hashes() -> Vec<String> {
    let mut hashes = Vec::new();
    for (i, _) in README.match_indices("verify --head") {
        let rest = README[i + "verify --head".len()..].trim_start();
        if let Some((_, hash)) = rest.split_once(':').filter(|(v, _)| v.parse::<u64>().is_ok()) {
            hashes.push(hash.chars().take_while(char::is_ascii_hexdigit).collect());
        }
    }
    for line in README.lines().filter(|l| l.starts_with("head v")) {
        hashes.push(line.split_whitespace().nth(2).unwrap().to_owned());
    }
    hashes
}

#[test]
fn the_readme_notes_heads_of_at_least_twenty_hex_digits_as_verify_accepts() {
    let hashes = readme_noted_hashes();
    assert!(hashes.len() >= 3, "the README shows heads to note: {hashes:?}");
    for hash in &hashes {
        assert!((20..=64).contains(&hash.len()), "{hash} is 20 to 64 hex digits");
    }
    let tour = Tour::played();
    let db = tour.db.as_path();
    let lodestar = roster(db, "Operation Lodestar");
    let hash = lodestar["head"]["hash"].as_str().unwrap();
    let (code, printed, stderr) = muster(db, &["--campaign", "Operation Lodestar", "roster"]);
    assert_eq!(code, 0, "{stderr}");
    let head_line = printed.lines().find(|l| l.starts_with("head v45 ")).unwrap();
    assert!(
        head_line.starts_with(&format!("head v45 {} |", &hash[..20])),
        "{head_line}"
    );
    // The head as the roster prints it is what `verify --head` takes.
    let noted = format!("45:{}", &hash[..20]);
    let report = json(
        db,
        &["--campaign", "Operation Lodestar", "verify", "--head", &noted],
    );
    assert_eq!(report["noted_head"]["version"], 45);
}

/// The tour is short steps, each block of commands followed by what happened, and the
/// set-up says how to install muster and load the demo into one's own database.
#[test]
fn the_tour_is_short_steps_each_followed_by_what_happened() {
    let start = README.find("<!-- tour").unwrap();
    let end = start + README[start..].find("<!-- /tour -->").unwrap();
    let parts: Vec<&str> = README[start..end].split("```").collect();
    let blocks: Vec<&str> = parts.iter().skip(1).step_by(2).copied().collect();
    assert!(blocks.len() >= 8, "{} steps", blocks.len());
    for (i, block) in blocks.iter().enumerate() {
        let commands = block.lines().filter(|l| l.starts_with("muster ")).count();
        assert!((1..=25).contains(&commands), "step {i} has {commands} commands");
        // What follows the block, up to the next heading, says what happened.
        let after = parts[2 * i + 2];
        let prose = after.split("\n### ").next().unwrap_or_default().trim();
        assert!(
            prose.len() > 80,
            "step {i} is not followed by what happened: {prose:?}"
        );
    }
    let setup = &README[README.find("## Installing").unwrap()..start];
    for needle in [
        "cargo install --path .",
        "muster import fixtures/campaigns/demo.jsonl",
        "COMPLETE=bash muster",
    ] {
        assert!(setup.contains(needle), "the set-up lacks {needle:?}");
    }
}
