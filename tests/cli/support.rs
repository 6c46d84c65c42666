//! A test's campaign in a throwaway directory, run through the common runner (a fixed clock,
//! a cleared environment), and its JSON read back.

use std::path::{Path, PathBuf};

use serde_json::Value;
use tempfile::TempDir;

pub use crate::common::{NOW, Runner, run_with};

/// The campaign `Muster::lodestar` creates.
pub const LODESTAR: &str = "Operation Lodestar";

/// The head hash of the selected campaign in `db`, read from `muster --json roster`.
pub fn head(db: &Path) -> String {
    try_head(db).expect("the database has a selected campaign with a head")
}

/// The head hash, or `None` when no campaign can be shown.
pub fn try_head(db: &Path) -> Option<String> {
    let (code, stdout, _) = run_with(db, NOW, &["--json", "roster"]);
    if code != 0 {
        return None;
    }
    let roster: Value = serde_json::from_str(&stdout).expect("roster --json is JSON");
    Some(
        roster["head"]["hash"]
            .as_str()
            .expect("head.hash is a string")
            .to_owned(),
    )
}

/// One test's database in its own temporary directory.
pub struct Muster {
    dir: TempDir,
    pub db: PathBuf,
    /// The version each Soldier enlisted by `Muster::lodestar` was written at.
    enlisted: Vec<(String, u64)>,
}

impl Muster {
    /// An empty database (the file is created by the first command that opens it).
    pub fn new() -> Self {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let db = dir.path().join("muster.db");
        Muster {
            dir,
            db,
            enlisted: Vec::new(),
        }
    }

    /// A Warfighter Modern campaign with four Soldiers, enlisted in this order: Wong
    /// (player, 8 RP, handler 7+, Hardy cold 1), Gizmo (K9 of Wong, 4 RP, Discipline 2,
    /// bomb 5+, threat 5+ [4+]), Reyes (player, 6 RP, Enduring), Price (nps, 4 RP).
    /// `enlisted(NAME)` gives the version each enlistment was written at.
    pub fn lodestar() -> Self {
        let mut m = Muster::new();
        m.ok(&[
            "campaign",
            "new",
            LODESTAR,
            "--game",
            "modern",
            "--nation",
            "US",
            "--expansion",
            "k9",
            "--expansion",
            "medals",
        ]);
        m.enlist(&[
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
            "--hardy",
            "cold=1",
        ]);
        m.enlist(&[
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
            "--ability",
            "threat=5/4",
        ]);
        m.enlist(&[
            "enlist",
            "Reyes",
            "--kind",
            "player",
            "--rp",
            "6",
            "--health",
            "3",
            "--keyword",
            "enduring",
        ]);
        m.enlist(&["enlist", "Price", "--kind", "nps", "--rp", "4", "--health", "2"]);
        m
    }

    /// Enlists with `--json` and records the version the enlistment was written at.
    fn enlist(&mut self, args: &[&str]) {
        let written = self.json(args);
        assert_eq!(kinds(&written), ["soldier_enlisted"]);
        self.enlisted.push((args[1].to_owned(), first_version(&written)));
    }

    /// The version at which `Muster::lodestar` enlisted `name`.
    pub fn enlisted(&self, name: &str) -> u64 {
        self.enlisted
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| *v)
            .unwrap_or_else(|| panic!("{name} was not enlisted by Muster::lodestar"))
    }

    /// A path inside this test's temporary directory.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Runs `muster` at `NOW`: (exit code, stdout, stderr).
    pub fn run(&self, args: &[&str]) -> (i32, String, String) {
        run_with(&self.db, NOW, args)
    }

    /// Runs `muster` at the given time.
    pub fn run_at(&self, now: &str, args: &[&str]) -> (i32, String, String) {
        run_with(&self.db, now, args)
    }

    /// Runs a command that must succeed at `NOW`; returns its stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        self.ok_at(NOW, args)
    }

    /// Runs a command that must succeed at `now`; returns its stdout.
    pub fn ok_at(&self, now: &str, args: &[&str]) -> String {
        let (code, stdout, stderr) = self.run_at(now, args);
        assert_eq!(code, 0, "muster {args:?} failed:\n{stderr}");
        stdout
    }

    /// Runs a command with `--json` that must succeed and parses its one object.
    pub fn json(&self, args: &[&str]) -> Value {
        let mut all = vec!["--json"];
        all.extend_from_slice(args);
        let stdout = self.ok(&all);
        serde_json::from_str(&stdout)
            .unwrap_or_else(|e| panic!("muster {all:?} printed no JSON object ({e}):\n{stdout}"))
    }

    /// Runs a command with `--json` at `now` that must succeed and parses its one object.
    pub fn json_at(&self, now: &str, args: &[&str]) -> Value {
        let mut all = vec!["--json"];
        all.extend_from_slice(args);
        let stdout = self.ok_at(now, &all);
        serde_json::from_str(&stdout)
            .unwrap_or_else(|e| panic!("muster {all:?} printed no JSON object ({e}):\n{stdout}"))
    }

    /// Runs a command with `--json` that prints JSON Lines and parses every line.
    pub fn json_lines(&self, args: &[&str]) -> Vec<Value> {
        let mut all = vec!["--json"];
        all.extend_from_slice(args);
        self.ok(&all)
            .lines()
            .map(|line| {
                serde_json::from_str(line).unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}"))
            })
            .collect()
    }

    /// `roster --json`.
    pub fn roster(&self) -> Value {
        self.json(&["roster"])
    }

    /// One Soldier's object from `roster --json`.
    pub fn soldier(&self, name: &str) -> Value {
        soldier_in(&self.roster(), name)
    }

    /// The selected campaign's head hash.
    pub fn head(&self) -> String {
        head(&self.db)
    }

    /// `show VERSION --json`.
    pub fn show(&self, version: u64) -> Value {
        self.json(&["show", &version.to_string()])
    }

    /// The selected campaign's head version, from `roster --json`.
    pub fn head_version(&self) -> u64 {
        num(&self.roster()["head"], "version")
    }

    /// Every campaign and its version, and the selected campaign's head: what a refusal
    /// must leave exactly as it was.
    fn snapshot(&self) -> (Option<String>, String) {
        let (_, listed, _) = self.run(&["--json", "campaign", "list"]);
        (try_head(&self.db), listed)
    }

    /// Runs a command that must be refused: exit 1, stderr naming the problem with
    /// `phrase`, and nothing written. Returns stderr.
    pub fn refused(&self, args: &[&str], phrase: &str) -> String {
        let before = self.snapshot();
        let (code, stdout, stderr) = self.run(args);
        assert_eq!(
            code, 1,
            "muster {args:?} should be refused (exit 1), got {code}\nstdout: {stdout}\nstderr: {stderr}"
        );
        assert!(
            stderr.contains(phrase),
            "muster {args:?}: stderr should contain {phrase:?}, got:\n{stderr}"
        );
        assert_eq!(
            self.snapshot(),
            before,
            "muster {args:?} was refused but the log changed"
        );
        stderr
    }

    /// Runs a command that clap must reject: exit 2 and nothing written. Returns stderr.
    pub fn usage_error(&self, args: &[&str]) -> String {
        let before = self.snapshot();
        let (code, _, stderr) = self.run(args);
        assert_eq!(
            code, 2,
            "muster {args:?} should be a usage error (exit 2), got {code}:\n{stderr}"
        );
        assert!(!stderr.is_empty(), "a usage error explains itself");
        assert_eq!(self.snapshot(), before, "a usage error wrote to the log");
        stderr
    }
}

/// The path of a card file in the repository's `fixtures/cards`.
pub fn card(file: &str) -> String {
    format!("{}/fixtures/cards/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// One Soldier's object from a parsed roster.
pub fn soldier_in(roster: &Value, name: &str) -> Value {
    roster["soldiers"]
        .as_array()
        .expect("soldiers is an array")
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no Soldier {name} on the roster: {roster}"))
        .clone()
}

/// A number field of a JSON value.
pub fn num(value: &Value, field: &str) -> u64 {
    value[field]
        .as_u64()
        .unwrap_or_else(|| panic!("{field} is not a number in {value}"))
}

/// The versions a write command's `--json` report lists, in order.
///
/// Checks that they follow one another and end at the head the report gives.
pub fn versions_written(written: &Value) -> Vec<u64> {
    let versions: Vec<u64> = written["written"]
        .as_array()
        .unwrap_or_else(|| panic!("written is not an array in {written}"))
        .iter()
        .map(|e| num(e, "version"))
        .collect();
    assert!(!versions.is_empty(), "nothing written: {written}");
    assert!(
        versions.windows(2).all(|w| w[1] == w[0] + 1),
        "the versions written are not consecutive: {written}"
    );
    assert_eq!(
        versions.last().copied(),
        Some(num(&written["head"], "version")),
        "the head is not the last version written: {written}"
    );
    versions
}

/// The version of the first event a write command's `--json` report lists.
pub fn first_version(written: &Value) -> u64 {
    versions_written(written)[0]
}

/// The kinds of the events a write command's `--json` report lists.
pub fn kinds(written: &Value) -> Vec<String> {
    written["written"]
        .as_array()
        .unwrap_or_else(|| panic!("written is not an array in {written}"))
        .iter()
        .map(|e| e["kind"].as_str().expect("kind").to_owned())
        .collect()
}
