//! CSV and Markdown output (each game's own columns, read back with a CSV parser and held to
//! `roster --json`), completion scripts and the manual page.

use serde_json::Value;

use super::support::{Muster, num, soldier_in};
use super::zero_dark::{ok, x_team};

/// The roster as CSV, parsed: its header and one record per row.
fn roster_csv(m: &Muster) -> (Vec<String>, Vec<csv::StringRecord>) {
    let text = m.ok(&["--format", "csv", "roster"]);
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().iter().map(str::to_owned).collect();
    let rows = reader.records().map(Result::unwrap).collect();
    (header, rows)
}

/// The cell of `row` under the column `name`.
fn cell<'a>(header: &[String], row: &'a csv::StringRecord, name: &str) -> &'a str {
    let at = header
        .iter()
        .position(|h| h == name)
        .unwrap_or_else(|| panic!("no column {name} in {header:?}"));
    row.get(at).unwrap()
}

/// The rows of the Markdown table in `md`, each cell trimmed and its escapes undone; the
/// first row is the header (the `|---|` line is left out).
fn markdown_rows(md: &str) -> Vec<Vec<String>> {
    md.lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("|-"))
        .map(|l| {
            let inner = l.trim().trim_start_matches('|').trim_end_matches('|');
            inner
                .split(" | ")
                .map(|c| {
                    c.trim()
                        .replace('\\', "")
                        .replace("&lt;", "<")
                        .replace("&gt;", ">")
                })
                .collect()
        })
        .collect()
}

/// A bogey's name a spreadsheet would evaluate and a page would read as markup.
pub(crate) const HOSTILE_BOGEY: &str = "=HYPERLINK(\"x\")<b>";

/// A Nightfall X Team on its second Mission: Kestrel the Spook on Rescue (+1 A), Vance
/// persuaded G1 (an Ally) and was wounded doing it, Oduya persuaded [`HOSTILE_BOGEY`] and
/// is wounded(2).
pub(crate) fn nightfall() -> Muster {
    let m = x_team();
    ok(&m, "mission start Nightjar");
    ok(&m, "mission end --result success");
    ok(&m, "mission start Kingfisher");
    ok(&m, "bogey add G1 --type grunt");
    ok(&m, "bogey add G2 --type grunt");
    ok(&m, "spook task rescue");
    ok(&m, "turn");
    ok(&m, "persuade Vance G1 --hero 3 --bogey 1");
    m.ok(&["bogey", "add", HOSTILE_BOGEY, "--type", "grunt"]);
    m.ok(&["persuade", "Oduya", HOSTILE_BOGEY, "--hero", "3", "--bogey", "0"]);
    ok(&m, "hero-state Oduya wounded 2");
    m
}

/// Stats as the roster prints them: `M3 F2 A5 D3`.
fn stats(value: &Value) -> String {
    format!("M{} F{} A{} D{}", value["m"], value["f"], value["a"], value["d"])
}

/// `wounded(2)` from `{"state": "wounded", "n": 2}`.
fn state(value: &Value) -> String {
    match value.get("n") {
        Some(n) => format!("{}({n})", value["state"].as_str().unwrap()),
        None => value["state"].as_str().unwrap().to_owned(),
    }
}

#[test]
fn roster_csv_parses_back_to_the_json_rosters_numbers() {
    let m = Muster::lodestar();
    m.ok(&["wound", "Wong", "2"]);
    m.ok(&["hardy", "Wong", "cold", "+1", "--why", "Service Record"]);
    let (header, rows) = roster_csv(&m);
    assert_eq!(
        header,
        [
            "name",
            "kind",
            "status",
            "wounds",
            "suppress",
            "hardy",
            "xp",
            "discipline",
            "medals",
            "rp",
            "medal_rp",
            "missions"
        ]
    );
    let roster = m.roster();
    let soldiers = roster["soldiers"].as_array().unwrap();
    assert_eq!(rows.len(), soldiers.len(), "one row per Soldier");
    for (row, soldier) in rows.iter().zip(soldiers) {
        assert_eq!(cell(&header, row, "name"), soldier["name"].as_str().unwrap());
        for field in ["wounds", "suppress", "xp", "rp", "medal_rp"] {
            assert_eq!(cell(&header, row, field), soldier[field].to_string(), "{field}");
        }
    }
    let wong = rows.iter().find(|r| r.get(0) == Some("Wong")).unwrap();
    assert_eq!(
        cell(&header, wong, "hardy"),
        "cold 2",
        "his card's counter and the Service Record's"
    );
    let gizmo = rows.iter().find(|r| r.get(0) == Some("Gizmo")).unwrap();
    let discipline = &soldier_in(&roster, "Gizmo")["discipline"];
    assert_eq!(
        cell(&header, gizmo, "discipline"),
        format!("{}/{}", discipline["current"], discipline["stat"])
    );
}

#[test]
fn formats_missions_are_the_list_json_gives_as_runs() {
    let m = Muster::lodestar();
    // Wong goes on Missions 1 to 3 and 5, Reyes on 4 only, Price on none.
    for (n, with) in [(1, "Wong"), (2, "Wong"), (3, "Wong"), (4, "Reyes"), (5, "Wong")] {
        m.ok(&["mission", "start", &format!("M{n}"), "--with", with]);
        m.ok(&["mission", "end", "--result", "success"]);
    }
    assert_eq!(m.soldier("Wong")["missions"], serde_json::json!([1, 2, 3, 5]));
    let expected = [("Wong", "1\u{2013}3, 5"), ("Reyes", "4"), ("Price", "")];
    let (header, rows) = roster_csv(&m);
    for (name, runs) in expected {
        let row = rows.iter().find(|r| r.get(0) == Some(name)).unwrap();
        assert_eq!(cell(&header, row, "missions"), runs, "{name} in CSV");
    }
    let table = markdown_rows(&m.ok(&["--format", "md", "roster"]));
    let at = table[0].iter().position(|h| h == "Missions").unwrap();
    for (name, runs) in expected {
        let row = table.iter().find(|r| r[0] == name).unwrap();
        assert_eq!(row[at], runs, "{name} in Markdown");
    }
}

#[test]
fn formats_markdown_heads_its_columns_with_words() {
    let m = Muster::lodestar();
    let md = m.ok(&["--format", "md", "roster"]);
    let table = markdown_rows(&md);
    assert_eq!(
        table[0],
        [
            "Soldier",
            "Kind",
            "Status",
            "Wounds",
            "Suppress",
            "Hardy",
            "XP",
            "Discipline",
            "Medals",
            "RP",
            "Medal RP",
            "Missions"
        ]
    );
    assert!(!md.contains("medal\\_rp") && !md.contains("medal_rp"), "{md}");
    let roster = m.roster();
    assert_eq!(table.len(), 1 + roster["soldiers"].as_array().unwrap().len());
    let wong = table.iter().find(|r| r[0] == "Wong").unwrap();
    assert_eq!(wong[9], num(&soldier_in(&roster, "Wong"), "rp").to_string());
    let squad = format!("Squad RP {} | Medal RP", num(&roster["squad"], "rp"));
    assert!(md.contains(&squad), "the squad's RP under the table: {md}");
}

#[test]
fn formats_zero_dark_csv_gives_each_hero_his_own_columns() {
    let m = nightfall();
    let roster = m.roster();
    let (header, rows) = roster_csv(&m);
    assert_eq!(
        header,
        [
            "name",
            "specialism",
            "state",
            "stats",
            "mission_stats",
            "upgrades",
            "allies",
            "xp",
            "missions",
            "team_xp"
        ]
    );
    for forbidden in ["wounds", "suppress", "rp", "medal_rp", "discipline"] {
        assert!(!header.iter().any(|h| h == forbidden), "no {forbidden} column");
    }
    let heroes = roster["soldiers"].as_array().unwrap();
    assert_eq!(rows.len(), heroes.len());
    for (row, hero) in rows.iter().zip(heroes) {
        let name = hero["name"].as_str().unwrap();
        assert_eq!(cell(&header, row, "name"), name);
        assert_eq!(cell(&header, row, "state"), state(&hero["state"]), "{name}");
        assert_eq!(cell(&header, row, "stats"), stats(&hero["stats"]), "{name}");
        assert_eq!(
            cell(&header, row, "mission_stats"),
            stats(&hero["mission_stats"]),
            "{name}"
        );
        assert_eq!(cell(&header, row, "xp"), hero["xp"].to_string());
        assert_eq!(cell(&header, row, "missions"), "1\u{2013}2", "{name}");
        assert_eq!(cell(&header, row, "team_xp"), "3");
    }
    let row = |name: &str| rows.iter().find(|r| r.get(0) == Some(name)).unwrap();
    assert_eq!(cell(&header, row("Vance"), "state"), "wounded(1)");
    assert_eq!(cell(&header, row("Oduya"), "state"), "wounded(2)");
    assert_eq!(cell(&header, row("Vance"), "allies"), "G1");
    assert_eq!(
        cell(&header, row("Oduya"), "allies"),
        format!("'{HOSTILE_BOGEY}"),
        "a formula is neutralised"
    );
    assert_eq!(cell(&header, row("Kestrel"), "specialism"), "spook");
    assert_eq!(cell(&header, row("Kestrel"), "stats"), "M3 F2 A4 D3");
    assert_eq!(
        cell(&header, row("Kestrel"), "mission_stats"),
        "M3 F2 A5 D3",
        "Rescue gives the Spook +1 A"
    );
}

#[test]
fn formats_zero_dark_markdown_matches_the_table() {
    let m = nightfall();
    let md = m.ok(&["--format", "md", "roster"]);
    let table = markdown_rows(&md);
    assert_eq!(
        table[0],
        [
            "Hero",
            "Specialism",
            "State",
            "Stats",
            "Mission stats",
            "Upgrades",
            "Allies",
            "XP",
            "Missions"
        ]
    );
    let vance = table.iter().find(|r| r[0] == "Vance").unwrap();
    assert_eq!(
        vance[2..],
        [
            "wounded(1)",
            "M4 F4 A2 D3",
            "M4 F4 A2 D3",
            "",
            "G1",
            "0",
            "1\u{2013}2"
        ]
    );
    let oduya = table.iter().find(|r| r[0] == "Oduya").unwrap();
    assert_eq!(oduya[6], HOSTILE_BOGEY);
    assert!(!md.contains("<b>"), "markup is shown as text: {md}");
    let plain = m.ok(&["roster"]);
    for line in [
        "Team XP 3",
        "Priority task: Kestrel, Rescue",
        "Bogeys: G1 (persuaded by Vance), G2, ",
    ] {
        assert!(plain.contains(line), "the table has {line}: {plain}");
        assert!(md.replace('\\', "").contains(line), "Markdown has {line}: {md}");
    }
    assert!(!md.contains("wounds"), "no Warfighter column: {md}");
}

#[test]
fn log_csv_has_a_row_per_event_and_markdown_a_table() {
    let m = Muster::lodestar();
    let events = m.json_lines(&["log"]);
    let text = m.ok(&["--format", "csv", "log"]);
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), events.len());
    for (row, event) in rows.iter().zip(&events) {
        assert_eq!(row.get(0).unwrap(), event["version"].to_string());
        assert_eq!(row.get(3).unwrap(), event["kind"].as_str().unwrap());
    }
}

#[test]
fn completion_scripts_and_the_manual_page_are_printed() {
    let m = Muster::new();
    assert!(m.ok(&["completions", "bash"]).contains("_muster"));
    assert!(m.ok(&["completions", "zsh"]).contains("#compdef muster"));
    assert!(m.ok(&["completions", "fish"]).contains("complete -c muster"));
    let page = m.ok(&["man"]);
    assert!(page.contains(".TH muster 1"), "{page}");
    m.usage_error(&["completions", "powershell"]);
}
