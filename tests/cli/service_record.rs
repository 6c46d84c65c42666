//! `roster --format html --soldier NAME`: one Soldier's service record alone, for a player's
//! own folder; the same option in the other formats; an unknown name refused.

use scraper::{Html, Selector};

use crate::support::{LODESTAR, Muster};

fn sel(css: &str) -> Selector {
    Selector::parse(css).unwrap()
}

#[test]
fn a_soldier_s_service_record_alone_holds_his_record_and_no_other_soldier() {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Recon", "--with", "Reyes", "--with", "Price"]);
    m.ok(&["wound", "Reyes", "1"]);
    m.ok(&["mission", "end", "--result", "success"]);
    let source = m.ok(&["--format", "html", "roster", "--soldier", "reyes"]);
    let page = Html::parse_document(&source);
    let records: Vec<&str> = page
        .select(&sel("article.soldier"))
        .filter_map(|a| a.value().attr("data-name"))
        .collect();
    assert_eq!(records, ["Reyes"], "his record alone");
    let reyes = page.select(&sel("article.soldier")).next().unwrap();
    let wounds = reyes.select(&sel("span[data-field=wounds]")).next().unwrap();
    assert_eq!(wounds.text().collect::<String>(), "1");
    for other in ["Wong", "Gizmo", "Price"] {
        assert!(!source.contains(other), "{other} is on Reyes's record:\n{source}");
    }
    assert!(
        page.select(&sel("#squad-rp")).next().is_none(),
        "no squad RP on his record"
    );
    let title = page
        .select(&sel("title"))
        .next()
        .unwrap()
        .text()
        .collect::<String>();
    assert!(
        title.starts_with(&format!("Reyes: service record in {LODESTAR}")),
        "{title}"
    );
    // His XP chart, and not the squad's RP.
    assert_eq!(page.select(&sel("figure.chart")).count(), 1, "{source}");
    let whole = m.ok(&["--format", "html", "roster"]);
    assert_eq!(
        Html::parse_document(&whole)
            .select(&sel("article.soldier"))
            .count(),
        4
    );
}

#[test]
fn soldier_picks_his_line_in_every_format() {
    let m = Muster::lodestar();
    let roster = m.json(&["roster", "--soldier", "WONG"]);
    let names: Vec<&str> = roster["soldiers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Wong"]);
    let csv = m.ok(&["--format", "csv", "roster", "--soldier", "Wong"]);
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 1, "{csv}");
    assert_eq!(rows[0].get(0), Some("Wong"));
}

#[test]
fn an_unknown_soldier_is_refused_naming_those_there_are_and_nothing_is_printed() {
    let m = Muster::lodestar();
    let head = m.head();
    for format in ["html", "table", "json"] {
        let (code, stdout, stderr) = m.run(&["--format", format, "roster", "--soldier", "Nobody"]);
        assert_eq!(code, 1, "{format}: refused, exit 1: {stderr}");
        assert!(stdout.is_empty(), "{format}: nothing printed: {stdout}");
        assert!(stderr.contains("no Soldier named 'Nobody'"), "{stderr}");
        assert!(
            stderr.contains("Wong, Gizmo, Reyes, Price"),
            "the names accepted: {stderr}"
        );
    }
    let (_, _, stderr) = m.run(&["--format", "html", "roster", "--soldier", "Wnog"]);
    assert!(stderr.contains("did you mean 'Wong'?"), "{stderr}");
    assert_eq!(m.head(), head, "nothing written");
}
