//! `roster --format html`: the printable page, parsed with a real HTML parser and held to
//! `roster --json`'s numbers; its escaping, self-containment, paper size and charts; and a
//! screenshot by headless Chromium.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use scraper::{ElementRef, Html, Selector};
use serde_json::Value;

use super::support::{Muster, num};

const MARKUP_NAME: &str = "<script>alert(1)</script>";

fn sel(css: &str) -> Selector {
    Selector::parse(css).unwrap()
}

/// An element's text, whitespace trimmed.
fn text(element: ElementRef) -> String {
    element.text().collect::<String>().trim().to_owned()
}

/// The text of the one element `css` selects in `scope`.
fn one(scope: ElementRef, css: &str) -> String {
    let found: Vec<ElementRef> = scope.select(&sel(css)).collect();
    assert_eq!(found.len(), 1, "expected one {css}, found {}", found.len());
    text(found[0])
}

/// `roster --format html` with `extra` arguments, parsed.
fn page(m: &Muster, extra: &[&str]) -> (String, Html) {
    let mut args = vec!["--format", "html", "roster"];
    args.extend_from_slice(extra);
    let source = m.ok(&args);
    let document = Html::parse_document(&source);
    (source, document)
}

/// The Soldier block whose `data-name` is `name` (compared as parsed, so escaped names match).
fn block<'a>(document: &'a Html, name: &str) -> ElementRef<'a> {
    let found: Vec<ElementRef> = document
        .select(&sel("article.soldier"))
        .filter(|a| a.value().attr("data-name") == Some(name))
        .collect();
    assert_eq!(found.len(), 1, "one block for {name}");
    found[0]
}

/// Lodestar with a Soldier named like markup, one ended Mission and one in progress:
/// Wounds, XP, a Medal and the RP bank all differ from their starting values.
fn campaign() -> Muster {
    let m = Muster::lodestar();
    m.ok(&["enlist", MARKUP_NAME, "--kind", "squad", "--rp", "3"]);
    m.ok(&[
        "mission",
        "start",
        "Cold Start",
        "--with",
        "Wong",
        "--with",
        "Reyes",
        "--with",
        MARKUP_NAME,
    ]);
    m.ok(&["turn"]);
    m.ok(&["ekia", "Reyes", "--hostile", "Rifle Team", "--value", "2"]);
    m.ok(&["ekia", MARKUP_NAME, "--hostile", "Sniper", "--value", "3"]);
    m.ok(&[
        "medal",
        "award",
        "Reyes",
        "Bronze Star",
        "--rp",
        "2",
        "--why",
        "the Sniper",
    ]);
    m.ok(&["wound", "Wong"]);
    m.ok(&[
        "mission",
        "end",
        "--result",
        "success",
        "--rp-award",
        "4",
        "--why",
        "no losses",
    ]);
    m.ok(&[
        "mission", "start", "Hill 112", "--with", "Wong", "--with", "Price",
    ]);
    m.ok(&["turn"]);
    m.ok(&["ekia", "Wong", "--hostile", "Rifle Team", "--value", "1"]);
    m.ok(&["suppress", "Price"]);
    m
}

#[test]
fn html_every_soldier_has_the_numbers_roster_json_gives() {
    let m = campaign();
    let roster = m.roster();
    let (_, document) = page(&m, &[]);
    let root = document.root_element();
    let soldiers = roster["soldiers"].as_array().unwrap();
    assert_eq!(document.select(&sel("article.soldier")).count(), soldiers.len());
    for soldier in soldiers {
        let name = soldier["name"].as_str().unwrap();
        let b = block(&document, name);
        assert_eq!(one(b, "h3.name"), name);
        for field in ["xp", "wounds", "suppress", "rp", "medal_rp"] {
            let shown: u64 = one(b, &format!("[data-field={field}]")).parse().unwrap();
            assert_eq!(shown, num(soldier, field), "{name}'s {field}");
        }
        assert_eq!(one(b, "[data-field=status]"), soldier["status"].as_str().unwrap());
        let missions = one(b, "[data-field=missions]");
        for n in soldier["missions"].as_array().unwrap() {
            assert!(
                missions.contains(&format!("{n}. ")),
                "{name}'s Mission {n} in {missions}"
            );
        }
    }
    let reyes = block(&document, "Reyes");
    assert!(one(reyes, "[data-field=medals]").contains("Bronze Star (2 RP)"));
    assert!(one(block(&document, "Reyes"), "[data-field=missions]").contains("1. Cold Start"));
    assert!(one(block(&document, "Wong"), "[data-field=missions]").contains("2. Hill 112"));
    assert_eq!(one(block(&document, "Gizmo"), "[data-field=discipline]"), "2/2");
    let squad = &roster["squad"];
    for (id, field) in [
        ("squad-rp", "rp"),
        ("squad-medal-rp", "medal_rp"),
        ("squad-hostile-draw-rp", "hostile_draw_rp"),
        ("squad-rp-bank", "rp_bank"),
    ] {
        let shown: u64 = one(root, &format!("#{id}")).parse().unwrap();
        assert_eq!(shown, num(squad, field), "the squad's {field}");
    }
    assert_eq!(num(squad, "rp_bank"), 4, "the award is banked");
    assert_eq!(one(root, "h1"), roster["campaign"].as_str().unwrap());
    assert!(one(root, ".mission h2").contains("Mission 2 'Hill 112' in progress"));
    let head = roster["head"]["hash"].as_str().unwrap();
    assert!(head.starts_with(&one(root, "footer #head-hash")));
    let commitment = roster["dice_seed_commitment"].as_str().unwrap();
    assert!(commitment.starts_with(&one(root, "footer #seed-commitment")));
}

#[test]
fn html_a_name_written_as_markup_prints_as_text() {
    let m = campaign();
    let (source, document) = page(&m, &[]);
    assert_eq!(document.select(&sel("script")).count(), 0, "no script element");
    assert!(!source.contains(MARKUP_NAME), "the name is escaped in the source");
    assert_eq!(one(block(&document, MARKUP_NAME), "h3.name"), MARKUP_NAME);
    // The chart's legend carries the name too, escaped by plotters.
    let legend: Vec<String> = document.select(&sel("svg text")).map(text).collect();
    assert!(legend.iter().any(|t| t == MARKUP_NAME), "{legend:?}");
}

#[test]
fn html_the_page_loads_nothing_from_the_network() {
    let m = campaign();
    let (source, document) = page(&m, &[]);
    let mut links = 0;
    for element in document.select(&sel("[src], [href]")) {
        links += 1;
        for attr in ["src", "href"] {
            let value = element.value().attr(attr).unwrap_or("").to_lowercase();
            assert!(
                !value.starts_with("http://") && !value.starts_with("https://") && !value.starts_with("//"),
                "{attr}={value} loads from the network"
            );
        }
    }
    assert_eq!(links, 0, "the page needs no other file at all");
    assert_eq!(
        document.select(&sel("link, iframe, object, embed, img")).count(),
        0
    );
    let styles: String = document.select(&sel("style")).map(text).collect();
    assert!(
        styles.contains("break-inside: avoid"),
        "Soldier blocks keep together"
    );
    assert!(
        !styles.contains("url(") && !styles.contains("@import"),
        "{styles}"
    );
    assert!(!source.contains("https://"));
    assert!(
        only_svg_namespaces(&source),
        "an http:// address that is no namespace name"
    );
}

/// True when every `http://` in `source` is an XML namespace name (never fetched).
fn only_svg_namespaces(source: &str) -> bool {
    source
        .match_indices("http://")
        .all(|(i, _)| source[i..].starts_with("http://www.w3.org/"))
}

#[test]
fn html_paper_sets_the_page_size() {
    let m = campaign();
    let page_rule = |extra: &[&str]| {
        let (_, document) = page(&m, extra);
        let styles: String = document.select(&sel("style")).map(text).collect();
        let start = styles.find("@page").expect("an @page rule");
        styles[start..start + styles[start..].find('}').unwrap()].to_owned()
    };
    assert!(page_rule(&[]).contains("size: A4;"), "{}", page_rule(&[]));
    let letter = page_rule(&["--paper", "letter"]);
    assert!(letter.contains("size: letter;"), "{letter}");
    assert!(!letter.contains("A4"), "{letter}");
    m.usage_error(&["--format", "html", "roster", "--paper", "a5"]);
}

#[test]
fn html_the_chart_has_a_labelled_series_per_soldier_once_a_mission_ended() {
    let m = Muster::lodestar();
    m.ok(&[
        "mission",
        "start",
        "Cold Start",
        "--with",
        "Wong",
        "--with",
        "Reyes",
    ]);
    let (_, before) = page(&m, &[]);
    assert_eq!(before.select(&sel("svg")).count(), 0, "nothing to chart yet");
    assert!(one(before.root_element(), ".nochart").contains("No Mission has ended yet"));

    let m = campaign();
    let (_, document) = page(&m, &[]);
    let charts: Vec<ElementRef> = document.select(&sel("figure.chart svg")).collect();
    assert_eq!(charts.len(), 2, "each Soldier's XP, and the squad's RP");
    let labels: Vec<String> = charts[0].select(&sel("text")).map(text).collect();
    for soldier in m.roster()["soldiers"].as_array().unwrap() {
        let name = soldier["name"].as_str().unwrap();
        let count = labels.iter().filter(|l| *l == name).count();
        assert_eq!(count, 1, "one legend entry for {name} in {labels:?}");
    }
    let labels: Vec<String> = charts[1].select(&sel("text")).map(text).collect();
    assert!(labels.iter().any(|l| l == "squad RP"), "{labels:?}");
    // Each chart says in words what it draws: its text alternative.
    let words: Vec<String> = document
        .select(&sel("figure.chart figcaption"))
        .map(text)
        .collect();
    assert_eq!(words.len(), 2);
    let squad_rp = num(&m.json(&["roster", "--as-of", "mission:1"])["squad"], "rp");
    assert!(
        words[1].contains(&format!("squad RP: Mission 1: {squad_rp}")),
        "{words:?}"
    );
    for soldier in m.roster()["soldiers"].as_array().unwrap() {
        let name = soldier["name"].as_str().unwrap();
        assert!(words[0].contains(&format!("{name}: ")), "{name} in {words:?}");
    }
    // The Missions table under the charts gives the numbers charted, as `--as-of mission:1`.
    let at_end = m.json(&["roster", "--as-of", "mission:1"]);
    let rows: Vec<ElementRef> = document.select(&sel("table.missions tr")).skip(1).collect();
    assert_eq!(rows.len(), 1, "one Mission ended");
    let cells: Vec<String> = rows[0].select(&sel("td")).map(text).collect();
    assert_eq!(cells[..3], ["1", "Cold Start", "success"]);
    assert_eq!(cells[4], num(&at_end["squad"], "rp").to_string());
    assert_eq!(cells[5], num(&at_end["squad"], "rp_bank").to_string());
}

#[test]
fn html_as_of_prints_the_page_at_that_point() {
    let m = campaign();
    let then = m.json(&["roster", "--as-of", "mission:1"]);
    let (_, document) = page(&m, &["--as-of", "mission:1"]);
    let root = document.root_element();
    let version: u64 = one(root, "#as-of-version").parse().unwrap();
    assert_eq!(version, num(&then["as_of"], "version"));
    assert!(one(root, ".asof").contains("the log runs on to"));
    assert_eq!(
        document.select(&sel(".mission")).count(),
        0,
        "no Mission in progress then"
    );
    for soldier in then["soldiers"].as_array().unwrap() {
        let name = soldier["name"].as_str().unwrap();
        let xp: u64 = one(block(&document, name), "[data-field=xp]").parse().unwrap();
        assert_eq!(xp, num(soldier, "xp"), "{name}'s XP then");
    }
    assert_eq!(
        one(block(&document, "Wong"), "[data-field=xp]"),
        "0",
        "before Hill 112"
    );
}

#[test]
fn html_is_refused_by_every_command_but_the_roster() {
    let m = campaign();
    for args in [
        &["log"][..],
        &["show", "3"],
        &["mission", "show"],
        &["blame", "Wong"],
    ] {
        let html: Vec<&str> = [&["--format", "html"][..], args].concat();
        let refused = m.usage_error(&html);
        assert!(
            refused.contains("does not print html"),
            "muster {html:?}: {refused}"
        );
        assert!(
            refused.contains("--format accepts table"),
            "muster {html:?}: {refused}"
        );
    }
}

/// Runs `program` with `args`, ending it after `limit`; true when it exited with success.
fn run_for(program: &Path, args: &[String], limit: Duration) -> bool {
    let mut child = Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.success();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return false;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn html_headless_chromium_screenshots_the_page() {
    let chromium = Path::new("/usr/bin/chromium");
    // A test that passed without a browser would prove nothing: without one it fails.
    assert!(
        chromium.is_file(),
        "/usr/bin/chromium is not installed, and this test screenshots the page with it: \
         apt-get install chromium (.ci/run does)"
    );
    let m = campaign();
    let html = m.path("roster.html");
    let png = m.path("page.png");
    std::fs::write(&html, m.ok(&["--format", "html", "roster"])).unwrap();
    let profile = tempfile::tempdir().unwrap();
    let args: Vec<String> = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([
        format!("--user-data-dir={}", profile.path().display()),
        format!("--screenshot={}", png.display()),
        "--window-size=1240,1754".to_owned(),
        format!("file://{}", html.display()),
    ])
    .collect();
    assert!(
        run_for(chromium, &args, Duration::from_secs(120)),
        "chromium took the screenshot"
    );
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(bytes[..8], *b"\x89PNG\r\n\x1a\n", "a PNG file");
    assert!(
        bytes.len() > 40_000,
        "a page with content, not a blank one: {} bytes",
        bytes.len()
    );
}

#[test]
fn html_roster_json_is_unchanged_by_the_paper_flag() {
    let m = campaign();
    let plain: Value = m.roster();
    let with_paper: Value = m.json(&["roster", "--paper", "letter"]);
    assert_eq!(plain, with_paper);
}
