//! CSV and Markdown output, completion scripts and the manual page.

use super::support::Muster;

#[test]
fn roster_csv_parses_back_to_the_json_rosters_numbers() {
    let m = Muster::lodestar();
    m.ok(&["wound", "Wong", "2"]);
    m.ok(&["hardy", "Wong", "cold", "+1", "--why", "Service Record"]);
    let text = m.ok(&["--format", "csv", "roster"]);
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    assert_eq!(header[..4], ["name", "kind", "status", "wounds"]);
    let roster = m.roster();
    let soldiers = roster["soldiers"].as_array().unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), soldiers.len(), "one row per Soldier");
    for (row, soldier) in rows.iter().zip(soldiers) {
        assert_eq!(row.get(0).unwrap(), soldier["name"].as_str().unwrap());
        assert_eq!(row.get(3).unwrap(), soldier["wounds"].to_string());
        assert_eq!(row.get(6).unwrap(), soldier["xp"].to_string());
        assert_eq!(row.get(9).unwrap(), soldier["rp"].to_string());
    }
    let wong = rows.iter().find(|r| r.get(0) == Some("Wong")).unwrap();
    assert_eq!(
        wong.get(5).unwrap(),
        "cold 2",
        "his card's counter and the Service Record's"
    );
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
    let md = m.ok(&["--format", "md", "roster"]);
    assert!(md.lines().any(|l| l.starts_with("| name")), "{md}");
    assert!(md.lines().any(|l| l.starts_with("|---")), "{md}");
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
