//! Hostile input at every command, through the binary: each bad value, unknown name,
//! overdraft, command of the other game, malformed card or export file, and name full of
//! SQL or control characters must be refused with the documented exit code and a message
//! naming the problem, and must leave every campaign's head hash and event count as they
//! were.
//!
//! One database is set up once (a Warfighter Modern campaign mid-Mission with an open K9
//! Encounter and a pending Environment roll, and a Zero Dark campaign mid-Mission), and
//! every row of the tables runs against it in a cleared environment.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "hostile/attacks.rs"]
mod attacks;
mod common;
#[path = "hostile/foreign.rs"]
mod foreign;
#[path = "hostile/rendering.rs"]
mod rendering;

use std::path::PathBuf;

use common::{NOW, Ran, Runner};
use muster::domain::command::{Command, Harm, StatusChange, XpTarget};
use muster::domain::logged::{Asked, Logged};
use muster::store::chain::{self, Link};
use serde_json::{Value, json};
use tempfile::TempDir;

const WF: &str = "Lodestar";
const ZD: &str = "Night Shift";
const BOBBY: &str = "Robert'); DROP TABLE events;--";

/// A K9 Encounter whose first roll can be paid with more Discipline and XP than anyone has.
const DEAR_CARD: &str = r#"{"name": "Dear Trap", "hostile_value": 3, "ignore_target": 4,
  "rolls": [{"maker": "k9", "ability": "bomb", "modifier": 0,
             "options": [{"resource": "discipline", "amount": 3, "bonus": 4},
                         {"resource": "xp", "amount": 5, "bonus": 1}]}],
  "reward": "found", "failure": {"text": "1 Wound each", "effects": [{"who": "both", "result": "wound", "amount": 1}]}}"#;

fn fixture(file: &str) -> String {
    format!("{}/fixtures/cards/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// A database in its own directory; commands run with that directory as their working
/// directory, so a row's files are named by their bare names.
struct Db {
    dir: TempDir,
    path: PathBuf,
}

impl Db {
    fn new() -> Db {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("muster.db");
        Db { dir, path }
    }

    fn run_env<S: AsRef<std::ffi::OsStr>>(&self, args: &[S], now: &str) -> Ran {
        Runner::on(&self.path)
            .at(now)
            .current_dir(self.dir.path())
            .args(args)
            .run()
    }

    fn run(&self, args: &[&str]) -> Ran {
        self.run_env(args, NOW)
    }

    fn ok(&self, args: &[&str]) -> String {
        let run = self.run(args);
        assert_eq!(run.code(), 0, "muster {args:?} failed:\n{}", run.stderr);
        run.stdout
    }

    fn json(&self, args: &[&str]) -> Value {
        let stdout = self.ok(args);
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {stdout}"))
    }

    fn write(&self, name: &str, bytes: &[u8]) {
        std::fs::write(self.dir.path().join(name), bytes).unwrap();
    }

    /// Every campaign's event count and head hash (from `verify --json`), the head hash of
    /// the selected campaign (from `roster --json`), and the campaign list: what a refusal
    /// must leave as it was.
    fn snapshot(&self) -> Snapshot {
        let verified = [WF, ZD]
            .iter()
            .map(|campaign| {
                let report = self.json(&["--json", "--campaign", campaign, "verify"]);
                assert_eq!(report["ok"], true, "{campaign} verifies: {report}");
                (
                    report["events"].as_u64().unwrap(),
                    report["head_hash"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        let roster = self.json(&["--json", "roster"]);
        Snapshot {
            verified,
            roster_head: roster["head"]["hash"].as_str().unwrap().to_owned(),
            campaigns: self.ok(&["--json", "campaign", "list"]),
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
struct Snapshot {
    /// (events, head hash) of each campaign.
    verified: Vec<(u64, String)>,
    roster_head: String,
    campaigns: String,
}

/// Both campaigns, mid-Mission, with something open in each.
fn setup() -> Db {
    let db = Db::new();
    db.write("dear-trap.json", DEAR_CARD.as_bytes());
    for args in [
        &[
            "campaign",
            "new",
            WF,
            "--game",
            "modern",
            "--nation",
            "Canada",
            "--expansion",
            "k9",
            "--expansion",
            "medals",
        ][..],
        &["enlist", "--card", &fixture("wong.json")],
        &["enlist", "--card", &fixture("gizmo.json")],
        &[
            "enlist",
            "Reyes",
            "--kind",
            "player",
            "--rp",
            "6",
            "--ability",
            "medic=6",
        ],
        &["enlist", "Kowalski", "--kind", "squad", "--rp", "3"],
        &["medal", "deck", &fixture("medals-canada.json")],
        &["campaign", "new", ZD, "--game", "zero-dark"],
        &[
            "enlist",
            "Vega",
            "--kind",
            "hero",
            "--rp",
            "0",
            "--stat",
            "M=3",
            "--stat",
            "F=2",
            "--stat",
            "A=4",
            "--stat",
            "D=3",
            "--specialism",
            "spook",
        ],
        &[
            "enlist",
            "Kato",
            "--kind",
            "hero",
            "--rp",
            "0",
            "--stat",
            "M=4",
            "--stat",
            "F=4",
            "--stat",
            "A=2",
            "--stat",
            "D=3",
            "--specialism",
            "assault",
        ],
        &["mission", "start", "Dead Letter"],
        &["bogey", "add", "Courier", "--type", "grunt"],
        &["bogey", "add", "Drone", "--type", "elite", "--synthetic"],
        &["campaign", "use", WF],
        &[
            "mission",
            "start",
            "Cold Start",
            "--with",
            "Wong",
            "--with",
            "Gizmo",
            "--with",
            "Reyes",
            "--with",
            "Kowalski",
            "--k9-objective",
            "Find the cache",
        ],
        &["turn"],
        &["xp", "Reyes", "+2", "--why", "a good start"],
        &["rp", "grant", "3", "--why", "loot"],
        &["k9", "draw", "dear-trap.json"],
        &["environ", "Reyes", "cold", "6", "--die", "2"],
    ] {
        db.ok(args);
    }
    db
}

/// One hostile input: the command line, the files it reads, and what must come back.
struct Case {
    args: Vec<String>,
    files: Vec<(String, Vec<u8>)>,
    now: &'static str,
    code: i32,
    phrase: String,
}

impl Case {
    fn file(mut self, name: &str, bytes: impl Into<Vec<u8>>) -> Case {
        self.files.push((name.to_owned(), bytes.into()));
        self
    }

    fn phrase(mut self, phrase: &str) -> Case {
        self.phrase = phrase.to_owned();
        self
    }

    fn at(mut self, now: &'static str) -> Case {
        self.now = now;
        self
    }
}

fn case(code: i32, args: &[&str], phrase: &str) -> Case {
    Case {
        args: args.iter().map(|a| (*a).to_owned()).collect(),
        files: vec![],
        now: NOW,
        code,
        phrase: phrase.to_owned(),
    }
}

/// A refusal: exit 1.
fn refused(args: &[&str], phrase: &str) -> Case {
    case(1, args, phrase)
}

/// The same command in the Zero Dark campaign.
fn refused_zd(args: &[&str], phrase: &str) -> Case {
    let mut all = vec!["--campaign", ZD];
    all.extend_from_slice(args);
    case(1, &all, phrase)
}

/// A clap usage error: exit 2.
fn usage(args: &[&str], phrase: &str) -> Case {
    case(2, args, phrase)
}

const NOT_A_SOLDIER_CARD: &str = "is not a Soldier card";
const NOT_AN_ENCOUNTER: &str = "is not a K9 Encounter card";
const NOT_A_LOCATION: &str = "is not a Location card";
const NOT_A_DECK: &str = "is not a Medal deck";

/// The exit-1 table.
fn refusals(export: &[Value]) -> Vec<Case> {
    let soldier =
        |name: &str, json: &str| refused(&["enlist", "--card", name], NOT_A_SOLDIER_CARD).file(name, json);
    let encounter =
        |name: &str, json: &str| refused(&["k9", "draw", name], NOT_AN_ENCOUNTER).file(name, json);
    let location = |name: &str, json: &str, phrase: &str| {
        refused(&["environ", "Wong", "--location", name, "--die", "5"], phrase).file(name, json)
    };
    let deck = |name: &str, json: &str| refused(&["medal", "deck", name], NOT_A_DECK).file(name, json);
    let import = |name: &str, lines: &[Value], phrase: &str| {
        refused(&["import", name], phrase).file(name, jsonl(lines))
    };
    let import_raw =
        |name: &str, bytes: &[u8], phrase: &str| refused(&["import", name], phrase).file(name, bytes);
    let edited = |f: &dyn Fn(&mut Vec<Value>)| {
        let mut lines = export.to_vec();
        f(&mut lines);
        lines
    };
    let last = export.len() - 1;

    vec![
        // Faces off the die, and numbers that are not numbers.
        refused(
            &["check", "Reyes", "medic", "--die", "0"],
            "the face 0 is not on the die",
        ),
        refused(
            &["check", "Reyes", "medic", "--die", "11"],
            "the face 11 is not on the die",
        ),
        refused(
            &["check", "Reyes", "medic", "--die", "-1"],
            "the face -1 is not on the die",
        ),
        refused(
            &["check", "Reyes", "medic", "--die", "99999999999999999999"],
            "--die: '99999999999999999999' is not accepted",
        ),
        refused(
            &["check", "Reyes", "medic", "--die", "1.5"],
            "give a whole number",
        ),
        refused(
            &["check", "Reyes", "medic", "--die", "six"],
            "give a whole number",
        ),
        refused(
            &["check", "Reyes", "medic", "--die", "5", "--die", "6"],
            "more faces were given with --die than this command rolls",
        ),
        refused(&["k9", "roll", "--die", "0"], "the face 0 is not on the die"),
        refused(&["k9", "ignore", "--die", "11"], "the face 11 is not on the die"),
        refused(
            &["medal", "recipient", "Military Medal", "--die", "0"],
            "the Medal 'Military Medal' is not drawn",
        ),
        refused(
            &["check", "Reyes", "medic", "--mod", "99999999:luck", "--die", "5"],
            "a modifier must be from -10 to 10",
        ),
        refused(
            &[
                "check",
                "Reyes",
                "medic",
                "--mod",
                "-99999999999999999999:x",
                "--die",
                "5",
            ],
            "--mod: '-99999999999999999999' is not accepted",
        ),
        refused(
            &["check", "Reyes", "medic", "--mod", "+1", "--die", "5"],
            "write N:WHY",
        ),
        refused(
            &["environ", "Wong", "cold", "0", "--die", "5"],
            "the Environ target must be from 1 to 10",
        ),
        refused(
            &["environ", "Wong", "cold", "99", "--die", "5"],
            "the Environ target must be from 1 to 10",
        ),
        refused(
            &["wound", "Wong", "0"],
            "the number of Wounds must be from 1 to 20",
        ),
        refused(
            &["wound", "Wong", "4000000000"],
            "the number of Wounds must be from 1 to 20",
        ),
        refused(
            &["wound", "Wong", "99999999999999999999"],
            "'99999999999999999999' is not accepted",
        ),
        refused(
            &["xp", "Reyes", "9223372036854775807", "--why", "x"],
            "the XP change must be from -999 to 999",
        ),
        refused(
            &[
                "ekia",
                "Reyes",
                "--hostile",
                "Rifle Team",
                "--value",
                "99999999999",
            ],
            "the Hostile's value must be from 0 to 30",
        ),
        refused(
            &["rp", "grant", "0", "--why", "x"],
            "the RP amount must be from 1 to 9999",
        ),
        refused(
            &["rp", "grant", "99999999999999999999", "--why", "x"],
            "the RP amount: '99999999999999999999' is not accepted",
        ),
        refused(
            &["enlist", "Big", "--kind", "player", "--rp", "-1"],
            "--rp: -1 is not accepted",
        ),
        refused(
            &["enlist", "Big", "--kind", "player", "--rp", "99999999999"],
            "--rp: 99999999999 is not accepted",
        ),
        refused(
            &["enlist", "Big", "--kind", "player", "--rp", "4", "--health", "0"],
            "Health must be from 1 to 20",
        ),
        refused(
            &[
                "enlist",
                "Big",
                "--kind",
                "player",
                "--rp",
                "4",
                "--hardy",
                "cold=99999",
            ],
            "a starting Hardy count must be from 0 to 99",
        ),
        refused(
            &[
                "enlist",
                "Big",
                "--kind",
                "player",
                "--rp",
                "4",
                "--ability",
                "medic=11",
            ],
            "is not an ability target",
        ),
        refused(
            &[
                "enlist",
                "Big",
                "--kind",
                "player",
                "--rp",
                "4",
                "--ability",
                "medic",
            ],
            "write KEY=VALUE",
        ),
        refused(&["show", "999"], "version 999 does not exist"),
        refused(&["show", "0"], "version 0 does not exist"),
        refused(&["void", "999", "--why", "x"], "version 999 does not exist"),
        refused(&["void", "1", "--why", "x"], "cannot be voided"),
        refused(&["roster", "--as-of", "999"], "version 999 does not exist"),
        refused(&["roster", "--as-of", "mission:9"], "there is no Mission 9"),
        refused(&["roster", "--as-of", "yesterday"], "is not a point in the log"),
        refused(
            &["verify", "--head", "nonsense"],
            "--head 'nonsense' is not accepted",
        ),
        refused(&["verify", "--head", "12:xyz"], "write VERSION:HASH"),
        refused(&["roster"], "MUSTER_NOW='yesterday' is not an RFC 3339 time").at("yesterday"),
        // Unknown campaigns and Soldiers.
        refused(&["--campaign", "Nope", "roster"], "no campaign named 'Nope'"),
        refused(
            &["--campaign", "Nope", "wound", "Wong"],
            "no campaign named 'Nope'",
        ),
        refused(&["campaign", "use", "Nope"], "no campaign named 'Nope'"),
        refused(
            &["campaign", "new", WF, "--game", "modern"],
            "a campaign named 'Lodestar' already exists",
        ),
        refused(
            &["check", "Nobody", "medic", "--die", "5"],
            "no Soldier named 'Nobody'",
        ),
        refused(&["wound", "Nobody"], "no Soldier named 'Nobody'"),
        refused(&["blame", "Nobody"], "no Soldier named 'Nobody'"),
        refused(&["assert", "Nobody", "xp=1"], "no Soldier named 'Nobody'"),
        refused(&["wound", "Wong\n"], "no Soldier named"),
        refused(&["resolve", "Nobody", "wound"], "no Soldier named 'Nobody'"),
        refused(
            &["enlist", "wong", "--kind", "player", "--rp", "4"],
            "a Soldier named 'Wong' is already enlisted",
        ),
        refused(
            &["enlist", "team", "--kind", "player", "--rp", "4"],
            "'team' is reserved",
        ),
        refused(
            &["medal", "draw", "Nope Medal", "--trigger", "x"],
            "'Nope Medal' is not in the Medal deck",
        ),
        refused_zd(&["hero-state", "Nobody", "ready"], "no hero named 'Nobody'"),
        refused_zd(&["target", "Nobody", "--by", "Vega"], "no bogey named 'Nobody'"),
        refused_zd(&["target", "Courier", "--by", "Nobody"], "no hero named 'Nobody'"),
        refused_zd(
            &["persuade", "Vega", "Courier", "--hero", "99", "--bogey", "2"],
            "the hero's successes must be from 0 to 20",
        ),
        refused_zd(
            &["hero-state", "Vega", "wounded", "999"],
            "the wounds must be from 1 to 9",
        ),
        // Overdrafts.
        refused(
            &["xp", "Reyes", "-3", "--why", "spent"],
            "Reyes has 2 XP; cannot take away 3",
        ),
        refused(
            &["xp", "Wong", "-1", "--why", "spent"],
            "Wong has 0 XP; cannot take away 1",
        ),
        refused(
            &["hardy", "Wong", "cold", "-2", "--why", "used"],
            "Wong has 1 Hardy cold counter; cannot take away 2",
        ),
        refused(
            &["hardy", "Wong", "fever", "-1", "--why", "used"],
            "Wong has 0 Hardy fever counters",
        ),
        refused(
            &["rp", "spend", "4", "--why", "splurge"],
            "the squad's bank holds 3 RP; cannot spend 4",
        ),
        refused(
            &["k9", "roll", "--pay", "discipline", "--die", "4"],
            "Gizmo has 2 Discipline; paying 3 is refused",
        ),
        refused(
            &["k9", "roll", "--pay", "xp", "--die", "4"],
            "Gizmo has 0 XP; paying 5 is refused",
        ),
        refused(
            &["k9", "roll", "--pay", "discards", "--die", "4"],
            "this roll offers no option paid with discards",
        ),
        refused(&["resolve", "Reyes", "hardy"], "Reyes has no Hardy cold counter"),
        refused(
            &["resolve", "Reyes", "hardy", "--any"],
            "Reyes has no Hardy any counter",
        ),
        refused(&["heal", "Reyes", "1"], "Reyes has 0 Wounds; heal at most 0"),
        refused_zd(
            &["xp", "Vega", "-1", "--why", "x"],
            "Vega has 0 XP; cannot take away 1",
        ),
        refused_zd(
            &["xp", "team", "-1", "--why", "x"],
            "the team has 0 XP; cannot take away 1",
        ),
        // Commands of the other game.
        refused(
            &["target", "Grunt", "--by", "Wong"],
            "belong to Horizon Wars: Zero Dark",
        ),
        refused(
            &["persuade", "Wong", "Grunt", "--hero", "1", "--bogey", "2"],
            "belong to Horizon Wars: Zero Dark",
        ),
        refused(
            &["bogey", "add", "Courier", "--type", "grunt"],
            "belong to Horizon Wars: Zero Dark",
        ),
        refused(&["spook", "task", "rescue"], "belong to Horizon Wars: Zero Dark"),
        refused(
            &["hero-state", "Wong", "ready"],
            "belong to Horizon Wars: Zero Dark",
        ),
        refused(
            &["ally", "dependent", "Wong", "Reyes"],
            "belong to Horizon Wars: Zero Dark",
        ),
        refused(
            &["xp", "team", "+2", "--why", "x"],
            "a team XP pool exists only in Zero Dark campaigns",
        ),
        refused_zd(&["wound", "Vega"], "this is a Horizon Wars: Zero Dark campaign"),
        refused_zd(
            &["hardy", "Vega", "cold", "1", "--why", "x"],
            "Hardy counters and Environment rolls belong to Warfighter",
        ),
        refused_zd(
            &["medal", "draw", "Military Medal", "--trigger", "x"],
            "Medals belong to Warfighter",
        ),
        refused_zd(
            &["k9", "draw", &fixture("buried-explosive.json")],
            "K9 Encounters belong to Warfighter Modern",
        ),
        refused_zd(
            &["environ", "Vega", "cold", "6", "--die", "3"],
            "belong to Warfighter",
        ),
        refused_zd(
            &["check", "Vega", "medic", "--die", "5"],
            "ability checks belong to Warfighter",
        ),
        refused_zd(
            &["ekia", "Vega", "--hostile", "x", "--value", "2"],
            "Hostile cards belong to Warfighter",
        ),
        refused_zd(&["rp", "grant", "3", "--why", "x"], "RP belongs to Warfighter"),
        refused_zd(
            &["objective", "activate", "1"],
            "Multiple Objectives belong to Warfighter",
        ),
        refused_zd(
            &[
                "enlist",
                "Rex",
                "--kind",
                "k9",
                "--rp",
                "3",
                "--discipline",
                "2",
                "--handler",
                "Vega",
            ],
            "a k9 Soldier belongs to Warfighter",
        ),
        refused_zd(
            &["enlist", "Joe", "--kind", "player", "--rp", "3"],
            "a player Soldier belongs to Warfighter",
        ),
        // Soldier card files.
        soldier("bad.json", r#"{"name": "Bad", "kind": "player""#),
        soldier("empty.json", ""),
        soldier("missing-rp.json", r#"{"name": "Bad", "kind": "player"}"#),
        soldier("missing-name.json", r#"{"kind": "player", "rp": 4}"#),
        soldier(
            "unknown.json",
            r#"{"name": "Bad", "kind": "player", "rp": 4, "helth": 3}"#,
        )
        .phrase("unknown field `helth`"),
        soldier("type.json", r#"{"name": "Bad", "kind": "player", "rp": "four"}"#),
        soldier("kind.json", r#"{"name": "Bad", "kind": "general", "rp": 4}"#),
        soldier(
            "huge.json",
            r#"{"name": "Bad", "kind": "player", "rp": 99999999999999999999}"#,
        ),
        soldier("negative.json", r#"{"name": "Bad", "kind": "player", "rp": -1}"#),
        soldier("null.json", "null"),
        soldier(
            "ability.json",
            r#"{"name": "Bad", "kind": "player", "rp": 4, "abilities": {"medic": 1e3}}"#,
        ),
        refused(&["enlist", "--card", "target.json"], "is not an ability target").file(
            "target.json",
            r#"{"name": "Bad", "kind": "player", "rp": 4, "abilities": {"medic": "11+"}}"#,
        ),
        refused(
            &["enlist", "--card", "u32.json"],
            "the card's RP must be from 0 to 99",
        )
        .file(
            "u32.json",
            r#"{"name": "Bad", "kind": "player", "rp": 4294967295}"#,
        ),
        refused(&["enlist", "--card", "latin1.json"], "is not UTF-8 text").file(
            "latin1.json",
            &b"{\"name\": \"B\xe9la\", \"kind\": \"player\", \"rp\": 4}"[..],
        ),
        refused(
            &["enlist", "--card", "missing.json"],
            "cannot read the card file missing.json",
        ),
        // K9 Encounter card files.
        encounter("k9-bad.json", r#"{"name": "Dog Trap", "hostile_value": 5"#),
        encounter("k9-missing.json", r#"{"name": "Dog Trap", "hostile_value": 5}"#),
        encounter(
            "k9-unknown.json",
            r#"{"name": "T", "hostile_value": 5, "ignore_target": 3, "rolls": [], "reward": "r",
                "failure": {"text": "t", "effects": []}, "colour": "red"}"#,
        ),
        encounter(
            "k9-type.json",
            r#"{"name": "T", "hostile_value": "five", "ignore_target": 3, "rolls": [], "reward": "r",
                "failure": {"text": "t", "effects": []}}"#,
        ),
        encounter(
            "k9-maker.json",
            r#"{"name": "T", "hostile_value": 5, "ignore_target": 3, "reward": "r",
                "rolls": [{"maker": "cat", "ability": "bomb", "modifier": 0, "options": []}],
                "failure": {"text": "t", "effects": []}}"#,
        ),
        encounter(
            "k9-huge.json",
            r#"{"name": "T", "hostile_value": 5, "ignore_target": 3, "reward": "r",
                "rolls": [{"maker": "k9", "ability": "bomb", "modifier": 99999999999, "options": []}],
                "failure": {"text": "t", "effects": []}}"#,
        ),
        refused(&["k9", "draw", "k9-latin1.json"], "is not UTF-8 text")
            .file("k9-latin1.json", &b"{\"name\": \"Pi\xe8ge\"}"[..]),
        // Location card files.
        location(
            "loc-bad.json",
            r#"{"name": "Stream", "environments": ["#,
            NOT_A_LOCATION,
        ),
        location(
            "loc-empty.json",
            r#"{"name": "Stream", "environments": []}"#,
            "lists no environments",
        ),
        location(
            "loc-unknown.json",
            r#"{"name": "Stream", "environments": [{"environment": "fever", "target": 4}], "weather": "rain"}"#,
            "unknown field `weather`",
        ),
        location(
            "loc-type.json",
            r#"{"name": "Stream", "environments": [{"environment": "fever", "target": "4+"}]}"#,
            "invalid type: string \"4+\", expected u8",
        ),
        location(
            "loc-missing.json",
            r#"{"name": "Stream", "environments": [{"environment": "fever"}]}"#,
            "missing field `target`",
        ),
        location(
            "loc-huge.json",
            r#"{"name": "Stream", "environments": [{"environment": "fever", "target": 400}]}"#,
            NOT_A_LOCATION,
        ),
        location(
            "loc-zero.json",
            r#"{"name": "Stream", "environments": [{"environment": "fever", "target": 0}]}"#,
            "the Environ target must be from 1 to 10",
        ),
        refused(
            &["environ", "Wong", "--location", "loc-latin1.json", "--die", "5"],
            "is not UTF-8 text",
        )
        .file(
            "loc-latin1.json",
            &b"{\"name\": \"Str\xc3\x28am\", \"environments\": []}"[..],
        ),
        // Medal deck files (the campaign's deck is already shuffled: parsing comes first).
        deck("deck-bad.json", r#"{"nation": "Canada", "medals": [{"#),
        deck("deck-missing.json", r#"{"nation": "Canada"}"#),
        deck(
            "deck-unknown.json",
            r#"{"nation": "Canada", "medals": [], "year": 1944}"#,
        ),
        deck("deck-type.json", r#"{"nation": "Canada", "medals": "all"}"#),
        deck(
            "deck-effect.json",
            r#"{"nation": "Canada", "medals": [{"name": "X", "rp": 2, "condition": "c",
                "requirement": "r", "benefit": "b", "effects": [{"kind": "teleport"}]}]}"#,
        ),
        refused(
            &["medal", "deck", &fixture("medals-canada.json")],
            "already shuffled",
        ),
        // Export files: malformed, forged, reordered, duplicated, from a newer muster.
        import_raw("imp-empty.jsonl", b"\n\n", "the file holds no events"),
        import_raw(
            "imp-bad.jsonl",
            b"{\"campaign\": \"Lodestar\",\n",
            "line 1 is not an exported event",
        ),
        import_raw("imp-text.jsonl", b"hello\n", "line 1 is not an exported event"),
        import_raw("imp-latin1.jsonl", &latin1(&jsonl(export)), "is not UTF-8 text"),
        import(
            "imp-unknown.jsonl",
            &edited(&|l| {
                l[0]["extra"] = Value::from(1);
            }),
            "unknown field `extra`",
        ),
        import(
            "imp-missing.jsonl",
            &edited(&|l| {
                l[0].as_object_mut().unwrap().remove("hash");
            }),
            "missing field `hash`",
        ),
        import(
            "imp-type.jsonl",
            &edited(&|l| {
                l[1]["version"] = Value::from("two");
            }),
            "line 2 is not an exported event",
        ),
        import(
            "imp-huge.jsonl",
            &edited(&|l| {
                l[0]["version"] = serde_json::from_str("99999999999999999999").unwrap();
            }),
            "line 1 is not an exported event",
        ),
        import(
            "imp-forged.jsonl",
            &edited(&|l| {
                l[3]["payload"]["rp"] = Value::from(99);
            }),
            "its hash does not match its contents",
        ),
        import(
            "imp-reordered.jsonl",
            &edited(&|l| l.swap(0, 1)),
            "the file does not verify",
        ),
        import(
            "imp-duplicated.jsonl",
            &edited(&|l| {
                let copy = l[2].clone();
                l.insert(3, copy);
            }),
            "the file does not verify",
        ),
        import(
            "imp-headless.jsonl",
            &edited(&|l| {
                l.drain(..3);
            }),
            "expected version 1 here",
        ),
        import(
            "imp-mixed.jsonl",
            &edited(&|l| {
                l[5]["campaign"] = Value::from("Other");
            }),
            "the file mixes campaigns",
        ),
        import(
            "imp-renamed.jsonl",
            &edited(&|l| {
                for line in l.iter_mut() {
                    line["campaign"] = Value::from("Stolen");
                }
            }),
            "its hash does not match its contents",
        ),
        import(
            "imp-schema99-unhashed.jsonl",
            &edited(&|l| {
                l[last]["schema"] = Value::from(99);
            }),
            "the file does not verify",
        ),
        import(
            "imp-schema99.jsonl",
            &edited(&|l| {
                l[last]["schema"] = Value::from(99);
                rehash(l, last);
            }),
            "schema 99, but this muster reads it up to schema 1",
        ),
        import(
            "imp-bad-payload.jsonl",
            &edited(&|l| {
                l[last]["payload"] = Value::from("not an object");
                rehash(l, last);
            }),
            "is not valid",
        ),
        import(
            "imp-diverged.jsonl",
            &edited(&|l| {
                l[last]["recorded_at"] = Value::from("2026-11-30T08:00:00Z");
                rehash(l, last);
            }),
            "diverge",
        ),
        // Histories the rules could not have produced, in files whose chain is whole.
        import(
            "imp-xp-for-the-dead.jsonl",
            &edited(&|l| {
                append_commanded(l, "killed", json!({"soldier": "Kowalski"}), &kill("Kowalski"));
                append_commanded(
                    l,
                    "xp_adjusted",
                    json!({"soldier": "Kowalski", "amount": 3, "why": "forged"}),
                    &Command::AdjustXp {
                        target: XpTarget::Soldier("Kowalski".into()),
                        amount: 3,
                        why: "forged".into(),
                    },
                );
            }),
            "Kowalski is kia: his record is closed",
        ),
        import(
            "imp-wounds-for-the-dead.jsonl",
            &edited(&|l| {
                append_commanded(l, "killed", json!({"soldier": "Kowalski"}), &kill("Kowalski"));
                append_commanded(
                    l,
                    "wounded",
                    json!({"soldier": "Kowalski", "amount": 1}),
                    &Command::Harm {
                        harm: Harm::Wound,
                        soldier: "Kowalski".into(),
                        amount: 1,
                    },
                );
            }),
            "Kowalski is kia: his record is closed",
        ),
        import(
            "imp-face-99.jsonl",
            &edited(&|l| {
                let at = position(l, "environment_rolled");
                let roll = &mut l[at]["payload"]["roll"];
                roll["faces"] = json!([99]);
                roll["total"] = json!(99);
                roll["success"] = json!(true);
                rehash(l, at);
            }),
            "a face of 99 on a d10",
        ),
        import(
            "imp-xp-max.jsonl",
            &edited(&|l| {
                let at = position(l, "xp_adjusted");
                l[at]["payload"]["amount"] = json!(i64::MAX);
                rehash(l, at);
            }),
            "an XP change of 9223372036854775807",
        ),
        import(
            "imp-team-xp-in-warfighter.jsonl",
            &edited(&|l| append(l, "team_xp_adjusted", json!({"amount": 2, "why": "forged"}))),
            "a team XP pool exists only in Zero Dark campaigns",
        ),
        // SQL metacharacters and control characters where they are not accepted.
        refused(
            &["enlist", "Bell\u{7}man", "--kind", "player", "--rp", "4"],
            "contains a control character",
        ),
        refused(
            &["enlist", "Two\nLines", "--kind", "player", "--rp", "4"],
            "contains a control character",
        ),
        refused(
            &["enlist", "  ", "--kind", "player", "--rp", "4"],
            "the Soldier's name is empty",
        ),
        refused(
            &["enlist", &"N".repeat(500), "--kind", "player", "--rp", "4"],
            "at most 200 are accepted",
        ),
        refused(
            &["campaign", "new", "Bad\u{7}Name", "--game", "modern"],
            "is not accepted as a campaign name",
        ),
        refused(
            &["campaign", "new", "Bad\nName", "--game", "modern"],
            "is not accepted as a campaign name",
        ),
        refused(
            &["campaign", "new", &"x".repeat(61), "--game", "modern"],
            "use 1 to 60 printable characters",
        ),
        refused(
            &["xp", "Reyes", "+1", "--why", "a\nb"],
            "the reason (--why) contains a control character",
        ),
        refused(
            &["rp", "grant", "1", "--why", "\u{7}"],
            "contains a control character",
        ),
        refused(
            &["ekia", "Reyes", "--hostile", "Rifle\u{7}Team", "--value", "2"],
            "the Hostile's name contains a control character",
        ),
        refused(
            &["medal", "draw", "Military Medal", "--trigger", "a\nb"],
            "contains a control character",
        ),
        refused_zd(
            &["bogey", "add", "Bad\nName", "--type", "grunt"],
            "the bogey's name contains a control character",
        ),
        refused(
            &["wound", BOBBY],
            "no Soldier named 'Robert'); DROP TABLE events;--'",
        ),
        refused(
            &["--campaign", BOBBY, "roster"],
            "no campaign named 'Robert'); DROP TABLE events;--'",
        ),
        refused(&["show", "1 OR 1=1"], "not accepted"),
        // Commands that come at the wrong moment.
        refused(&["turn"], "awaits a choice"),
        refused(&["mission", "start", "Again"], "still in progress"),
        refused(&["mission", "end", "--result", "success"], "awaits a choice"),
        refused(&["k9", "accept"], "is not awaiting a choice"),
        refused(
            &["k9", "draw", &fixture("buried-explosive.json")],
            "is still open",
        ),
    ]
}

/// `text` with its first "Lodestar" spelt with a Latin-1 byte: no longer UTF-8.
fn latin1(text: &str) -> Vec<u8> {
    text.replacen("Lodestar", "Lode\u{0}star", 1)
        .into_bytes()
        .into_iter()
        .map(|b| if b == 0 { 0xf8 } else { b })
        .collect()
}

/// The exit-2 table: clap's usage errors.
fn usage_errors() -> Vec<Case> {
    vec![
        usage(&["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        usage(&["roster", "--frob"], "unexpected argument '--frob'"),
        usage(&["wound"], "required"),
        usage(&["xp", "Reyes", "2"], "--why"),
        usage(
            &["campaign", "new", "X", "--game", "chess"],
            "invalid value 'chess'",
        ),
        usage(
            &["enlist", "Big", "--kind", "general", "--rp", "3"],
            "invalid value 'general'",
        ),
        usage(&["--format", "yaml", "roster"], "invalid value 'yaml'"),
        usage(&["k9", "roll", "--pay", "bones"], "invalid value 'bones'"),
        usage(&["mission", "end", "--result", "draw"], "invalid value 'draw'"),
        usage(&["resolve", "Reyes", "prayer"], "invalid value 'prayer'"),
    ]
}

/// The index of the first line of `kind`.
fn position(lines: &[Value], kind: &str) -> usize {
    lines
        .iter()
        .position(|l| l["kind"] == kind)
        .unwrap_or_else(|| panic!("the export has a {kind} line"))
}

/// Appends an event of `kind` as a command of its own after the last line, chained.
fn append(lines: &mut Vec<Value>, kind: &str, payload: Value) {
    let mut line = lines.last().cloned().expect("an export has lines");
    let version = line["version"].as_u64().unwrap() + 1;
    line["version"] = json!(version);
    line["event_id"] = json!(format!("00000000-0000-4000-8000-{version:012}"));
    line["command_id"] = json!(format!("ffffffff-ffff-7fff-bfff-{version:012}"));
    line["kind"] = json!(kind);
    line["schema"] = json!(1);
    line["payload"] = payload;
    // A new command of its own: the template line's stored command is not its.
    if let Some(fields) = line.as_object_mut() {
        fields.remove("command");
    }
    lines.push(line);
    let at = lines.len() - 1;
    rehash(lines, at);
}

/// Like [`append`], the line carrying `command` as a command's first row does: after the
/// campaign's mark, a command without its command would be found first for that.
fn append_commanded(lines: &mut Vec<Value>, kind: &str, payload: Value, command: &Command) {
    append(lines, kind, payload);
    let logged = Logged::new(Asked::Command(command.clone()), &[], "forger").encode();
    let at = lines.len() - 1;
    lines[at]["command"] = serde_json::from_str(&logged).unwrap();
    rehash(lines, at);
}

/// `kill NAME`, as the log keeps it.
fn kill(soldier: &str) -> Command {
    Command::ChangeStatus {
        change: StatusChange::Kill,
        soldier: soldier.into(),
    }
}

/// Export lines as JSON Lines text.
fn jsonl(lines: &[Value]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// Recomputes the hashes of `lines[from..]` so the chain is whole again: only what was
/// edited is wrong, not the hashes.
fn rehash(lines: &mut [Value], from: usize) {
    for i in from..lines.len() {
        let prev = if i == 0 {
            chain::GENESIS.to_owned()
        } else {
            lines[i - 1]["hash"].as_str().unwrap().to_owned()
        };
        let line = &lines[i];
        let text = |field: &str| line[field].as_str().unwrap().to_owned();
        let (campaign, event_id, command_id, recorded_at, kind) = (
            text("campaign"),
            text("event_id"),
            text("command_id"),
            text("recorded_at"),
            text("kind"),
        );
        let payload = line["payload"].to_string();
        // The command a command's first line carries is hashed too (chain format 2).
        let command = line.get("command").map(Value::to_string);
        let link = Link {
            campaign: &campaign,
            version: line["version"].as_u64().unwrap(),
            event_id: &event_id,
            command_id: &command_id,
            recorded_at: &recorded_at,
            kind: &kind,
            schema: u32::try_from(line["schema"].as_u64().unwrap()).unwrap(),
            payload: &payload,
            command: command.as_deref(),
        };
        let hash = chain::hash(&prev, &link).unwrap();
        lines[i]["prev_hash"] = Value::from(prev);
        lines[i]["hash"] = Value::from(hash);
    }
}

/// The base database's Warfighter campaign as export lines, without the trailer (so the
/// edited files are checked line by line, as an export from before trailers is).
fn export_lines(db: &Db) -> Vec<Value> {
    db.ok(&["--campaign", WF, "export"])
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|line| line.get("trailer").is_none())
        .collect()
}

/// Runs every case against `db`; returns the failures, one message each.
fn run_table(db: &Db, cases: &[Case]) -> Vec<String> {
    let mut failures = Vec::new();
    for case in cases {
        for (name, bytes) in &case.files {
            db.write(name, bytes);
        }
        let before = db.snapshot();
        let run = db.run_env(&case.args, case.now);
        let shown = format!("muster {:?}", case.args);
        let mut problems = Vec::new();
        if run.code() != case.code {
            problems.push(format!("exit {} (expected {})", run.code(), case.code));
        }
        if !run.stderr.contains(&case.phrase) {
            problems.push(format!("stderr lacks {:?}", case.phrase));
        }
        if !run.stderr.starts_with("error:") {
            problems.push("stderr does not start with `error:`".to_owned());
        }
        if run.stderr.contains("panicked") {
            problems.push("it panicked".to_owned());
        }
        if case.code == 1 && !run.stdout.is_empty() {
            problems.push(format!("a refusal printed to stdout: {:?}", run.stdout));
        }
        let after = db.snapshot();
        if after != before {
            problems.push(format!("the log changed: {before:?} -> {after:?}"));
        }
        if !problems.is_empty() {
            failures.push(format!(
                "{shown}: {}\n    stderr: {}",
                problems.join("; "),
                run.stderr.trim_end().replace('\n', "\n            ")
            ));
        }
    }
    failures
}

#[test]
fn hostile_input_is_refused_with_exit_1_and_nothing_is_written() {
    let db = setup();
    let export = export_lines(&db);
    assert!(export.len() > 10, "the export has the campaign's events");
    let mut cases = refusals(&export);
    cases.extend(attacks::attacks(&export));
    assert!(cases.len() >= 75, "{} cases", cases.len());
    let failures = run_table(&db, &cases);
    eprintln!("{} hostile inputs run", cases.len());
    assert!(
        failures.is_empty(),
        "{} of {} hostile inputs were mishandled:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn usage_errors_exit_2_and_nothing_is_written() {
    let db = setup();
    let cases = usage_errors();
    let failures = run_table(&db, &cases);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_database_that_is_not_one_is_a_storage_failure_and_left_alone() {
    let db = Db::new();
    db.write("muster.db", b"this is not an SQLite file\n");
    let run = db.run(&["roster"]);
    assert_eq!(run.code(), 4, "{}", run.stderr);
    assert!(run.stderr.contains("not a database"), "{}", run.stderr);
    assert_eq!(
        std::fs::read(&db.path).unwrap(),
        b"this is not an SQLite file\n",
        "the file was not touched"
    );
}

/// SQL metacharacters in a valid name are just text: the Soldier and the campaign are
/// created, the roster and the log show them, and the events table is still there.
#[test]
fn sql_metacharacters_in_valid_names_are_stored_as_text() {
    let db = setup();
    let before = db.snapshot();
    let written = db.json(&["--json", "enlist", BOBBY, "--kind", "squad", "--rp", "2"]);
    assert_eq!(written["written"][0]["kind"], "soldier_enlisted", "{written}");
    let roster = db.json(&["--json", "roster"]);
    let names: Vec<&str> = roster["soldiers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&BOBBY), "{names:?}");
    assert!(db.ok(&["roster"]).contains(BOBBY));
    let after = db.snapshot();
    assert_eq!(after.verified[0].0, before.verified[0].0 + 1, "one event more");
    assert_eq!(
        after.verified[1], before.verified[1],
        "the other campaign is untouched"
    );
    // Enlisted during the Mission, he is not on it (rules 10): his XP is his wherever he is.
    db.ok(&["xp", BOBBY, "+1", "--why", "a name of SQL"]);
    assert_eq!(db.json(&["--json", "blame", BOBBY])["soldier"], BOBBY);

    let zd = db.json(&[
        "--json",
        "--campaign",
        ZD,
        "bogey",
        "add",
        BOBBY,
        "--type",
        "grunt",
    ]);
    assert_eq!(zd["written"][0]["kind"], "bogey_added", "{zd}");

    db.ok(&["campaign", "new", BOBBY, "--game", "wwii"]);
    let listed = db.ok(&["--json", "campaign", "list"]);
    assert!(listed.contains("Robert'); DROP TABLE events;--"), "{listed}");
    for campaign in [WF, ZD, BOBBY] {
        let report = db.json(&["--json", "--campaign", campaign, "verify"]);
        assert_eq!(report["ok"], true, "{campaign}: {report}");
    }
    assert!(
        db.ok(&["--campaign", WF, "log"]).contains(BOBBY),
        "the events table is still there"
    );
}

/// Names are compared without case: a Soldier named in another case is the same one.
#[test]
fn names_differing_only_in_case_are_one_soldier() {
    let db = setup();
    db.ok(&["enlist", "Zoë", "--kind", "squad", "--rp", "2"]);
    let run = db.run(&["enlist", "ZOË", "--kind", "squad", "--rp", "2"]);
    assert_eq!(run.code(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("already enlisted"), "{}", run.stderr);
    db.ok(&["xp", "zoË", "+1", "--why", "found in any case"]);
}

/// Negative numbers are values, not flags (DESIGN.md §4): a bad value is a refusal (exit 1)
/// that names the accepted form, never clap's "unexpected argument '-N' found" (exit 2).
#[test]
fn negative_numbers_on_options_and_arguments_are_refused_as_bad_values_not_flags() {
    let db = setup();
    let mut failures = Vec::new();
    for (args, phrase) in [
        (
            &["medal", "award", "Wong", "Star", "--rp", "-2", "--why", "x"][..],
            "the Medal's RP must be from 0 to 20; got -2",
        ),
        (
            &["rp-card", "gain", "Wong", "skill", "Veteran", "--rp", "-2"],
            "the card's RP must be from 0 to 20; got -2",
        ),
        // Refused on the Mission before the number is looked at: what this row shows is that
        // -1 reached muster as a value.
        (
            &["objective", "activate", "-1"],
            "does not track Multiple Objectives",
        ),
        (
            &["show", "-1"],
            "VERSION: '-1' is not accepted: it is not a version",
        ),
        (&["roster", "--as-of", "-1"], "'-1' is not a point in the log"),
        (&["log", "--mission", "-1"], "--mission: -1 is not accepted"),
        (
            &[
                "--campaign",
                ZD,
                "persuade",
                "Vega",
                "Courier",
                "--hero",
                "-1",
                "--bogey",
                "2",
            ],
            "the hero's successes must be from 0 to 20; got -1",
        ),
        (
            &["--campaign", ZD, "hero-state", "Vega", "wounded", "-2"],
            "the wounds: -2 is not accepted",
        ),
    ] {
        let before = db.snapshot();
        let run = db.run(args);
        assert_eq!(db.snapshot(), before, "{args:?} wrote to the log");
        if run.code() != 1 || !run.stderr.contains(phrase) {
            failures.push(format!(
                "muster {args:?}: exit {} (expected 1 naming {phrase:?}): {}",
                run.code(),
                run.stderr.lines().next().unwrap_or_default()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "a negative number must be refused as a bad value (exit 1), not taken for a flag:\n{}",
        failures.join("\n")
    );
}

/// A card file is a JSON object (the README and the refusal itself say so). serde would also
/// read a struct from a JSON array by field position, so an array must be refused by name.
#[test]
fn a_json_array_is_refused_as_a_card_file() {
    let db = setup();
    db.write(
        "array-soldier.json",
        br#"["Arr", "player", 4, null, {}, [], null, null, {}, null, null]"#,
    );
    db.write("array-stream.json", br#"["Stream", [["fever", 4]]]"#);
    let mut failures = Vec::new();
    for (args, phrase) in [
        (
            &["enlist", "--card", "array-soldier.json"][..],
            "array-soldier.json is not a Soldier card: it is not a JSON object",
        ),
        (
            &["environ", "Wong", "--location", "array-stream.json", "--die", "5"],
            "array-stream.json is not a Location card: it is not a JSON object",
        ),
    ] {
        let before = db.snapshot();
        let run = db.run(args);
        if run.code() != 1 || !run.stderr.contains(phrase) || db.snapshot() != before {
            failures.push(format!(
                "muster {args:?}: exit {}, log changed: {}: {}",
                run.code(),
                db.snapshot() != before,
                run.stderr.lines().next().unwrap_or_default()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "a JSON array must be refused as a card file:\n{}",
        failures.join("\n")
    );
}
