//! Text that reaches a terminal, a spreadsheet or a forum is rendered safe, whatever its
//! origin; files written by other editors are read; names that print alike are one.

use super::{Db, WF, setup};
use serde_json::Value;

/// A Warfighter campaign whose Soldiers carry hostile names the command line accepts.
fn named_like_formulas() -> Db {
    let db = setup();
    for name in [
        "=HYPERLINK(\"//e.vil\",\"x\")",
        "<img src=x onerror=alert(1)>",
        "@SUM(A1)",
    ] {
        db.ok(&["--campaign", WF, "enlist", name, "--kind", "player", "--rp", "1"]);
    }
    db
}

#[test]
fn csv_cells_a_spreadsheet_would_evaluate_are_neutralised() {
    let db = named_like_formulas();
    let csv = db.ok(&["--campaign", WF, "roster", "--format", "csv"]);
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let names: Vec<String> = reader
        .records()
        .map(|r| r.unwrap().get(0).unwrap_or_default().to_owned())
        .collect();
    assert!(
        names.contains(&"'=HYPERLINK(\"//e.vil\",\"x\")".to_owned()),
        "{names:?}"
    );
    assert!(names.contains(&"'@SUM(A1)".to_owned()), "{names:?}");
    assert!(names.iter().all(|n| !n.starts_with(['=', '+', '@'])), "{names:?}");
    let log = db.ok(&["--campaign", WF, "log", "--format", "csv"]);
    assert!(
        !log.lines().any(|l| l.contains(",=") || l.contains(",@")),
        "{log}"
    );
}

/// Each formula start a spreadsheet evaluates, as a Soldier's name, and the cell the CSV
/// gives it; a name that is a plain number stays a number.
const FORMULA_STARTS: [(&str, &str); 5] = [
    ("=A1", "'=A1"),
    ("+A1", "'+A1"),
    ("-A1", "'-A1"),
    ("@A1", "'@A1"),
    ("-2", "-2"),
];

#[test]
fn every_formula_start_is_neutralised_in_roster_and_log_csv_and_a_number_stays_a_number() {
    let db = setup();
    for (name, _) in FORMULA_STARTS {
        db.ok(&[
            "--campaign",
            WF,
            "enlist",
            "--kind",
            "player",
            "--rp",
            "1",
            "--",
            name,
        ]);
    }
    let column = |args: &[&str], index: usize| -> Vec<String> {
        let text = db.ok(args);
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        reader
            .records()
            .map(|r| r.unwrap().get(index).unwrap_or_default().to_owned())
            .collect()
    };
    let names = column(&["--campaign", WF, "roster", "--format", "csv"], 0);
    let summaries = column(&["--campaign", WF, "log", "--format", "csv"], 5);
    for (name, cell) in FORMULA_STARTS {
        assert!(names.iter().any(|n| n == cell), "{name}: {names:?}");
        // In the log the name opens a longer text, never a number.
        let enlisted = format!("'{name} enlisted (player, 1 RP)");
        assert!(summaries.contains(&enlisted), "{name}: {summaries:?}");
    }
}

#[test]
fn markdown_shows_html_and_links_as_text() {
    let db = named_like_formulas();
    let md = db.ok(&["--campaign", WF, "roster", "--format", "md"]);
    assert!(md.contains("&lt;img src=x onerror=alert(1)>"), "{md}");
    assert!(!md.contains("<img"), "{md}");
}

#[test]
fn a_control_character_never_reaches_the_terminal_raw() {
    let db = setup();
    // A refusal that names what was typed echoes it escaped.
    let run = db.run(&["--campaign", "Ev\u{1b}[2Jil", "roster"]);
    assert_eq!(run.code(), 1, "{}", run.stderr);
    assert!(!run.stderr.contains('\u{1b}'), "{:?}", run.stderr);
    assert!(run.stderr.contains("\\u{1b}"), "{:?}", run.stderr);
}

#[test]
fn an_export_with_a_byte_order_mark_imports() {
    let db = setup();
    let export = db.ok(&["--campaign", WF, "export"]);
    let other = Db::new();
    other.write("bom.jsonl", format!("\u{feff}{export}").as_bytes());
    let imported = other.ok(&["import", "bom.jsonl"]);
    assert!(imported.contains("events imported"), "{imported}");
    let report: Value = serde_json::from_str(&other.ok(&["--json", "verify"])).unwrap();
    assert_eq!(report["ok"], true, "{report}");
}

#[test]
fn a_name_in_either_unicode_form_and_any_case_is_one_soldier_or_campaign() {
    let db = setup();
    db.ok(&[
        "--campaign",
        WF,
        "enlist",
        "\u{c5}sa",
        "--kind",
        "player",
        "--rp",
        "1",
    ]);
    let run = db.run(&[
        "--campaign",
        WF,
        "enlist",
        "A\u{30a}SA",
        "--kind",
        "player",
        "--rp",
        "1",
    ]);
    assert_eq!(run.code(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("already enlisted"), "{}", run.stderr);
    let roster: Value =
        serde_json::from_str(&db.ok(&["--json", "--campaign", &WF.to_lowercase(), "roster"])).unwrap();
    assert_eq!(
        roster["campaign"], WF,
        "a campaign is found by its name in any case"
    );
}

#[test]
fn show_of_a_generated_roll_says_whom_the_dice_are_fair_against() {
    let db = setup();
    db.ok(&["--campaign", WF, "resolve", "Reyes", "wound"]);
    let checked = db.json(&["--json", "--campaign", WF, "check", "Wong", "handler"]);
    let version = checked["written"][0]["version"].as_u64().unwrap().to_string();
    let shown = db.ok(&["--campaign", WF, "show", &version]);
    assert!(shown.contains("fair against"), "{shown}");
    assert!(shown.contains("--die"), "{shown}");
}
