//! `muster chronicle` as a player runs it: each format from one story, Markdown read back by a
//! CommonMark parser equal to the JSON, names holding markup kept literal in every format, a
//! voided note gone from the story, and the refusals.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use serde_json::Value;

use crate::support::{Muster, first_version};

/// A campaign name and Soldiers' names that would make markup if printed raw.
const CAMPAIGN: &str = "- Ops | a\\b *c* _d_ [e](f) <i>g</i> # >";
const NAMES: [&str; 5] = [
    "- Ghost",
    "|Pipe\\|",
    "*Star* _under_",
    "[Link](x) <b>",
    "# Hash >",
];

/// A campaign of [`NAMES`] on a Mission named with markup: each wounded once more than the
/// one before, the first two scoring an EKIA, and a note with markup on the first.
fn marked_up() -> Muster {
    let m = Muster::new();
    m.ok(&["campaign", "new", "--game", "modern", "--", CAMPAIGN]);
    for name in NAMES {
        m.ok(&[
            "enlist", "--kind", "player", "--rp", "3", "--health", "9", "--", name,
        ]);
    }
    let with: Vec<String> = NAMES.iter().map(|name| format!("--with={name}")).collect();
    let mut start = vec!["mission", "start", "*Dawn* | [Raid]"];
    start.extend(with.iter().map(String::as_str));
    m.ok(&start);
    m.ok(&["turn"]);
    for (i, name) in NAMES.iter().enumerate() {
        m.ok(&["wound", "--", name, &(i + 1).to_string()]);
    }
    for name in &NAMES[..2] {
        m.ok(&["ekia", "--hostile", "Rifle | Team", "--value", "2", "--", name]);
    }
    let on = format!("--soldier={}", NAMES[0]);
    m.ok(&["note", &on, "--", "<b>held</b> the [line] | *twice*"]);
    m.ok(&["mission", "end", "--result", "success"]);
    m
}

/// What a Markdown document holds: headings, list items and tables (rows of cell texts), and
/// any markup a text made (links, HTML, emphasis, code).
#[derive(Default)]
struct Read {
    headings: Vec<(HeadingLevel, String)>,
    items: Vec<String>,
    tables: Vec<Vec<Vec<String>>>,
    markup: Vec<String>,
}

fn read(md: &str) -> Read {
    let mut read = Read::default();
    let (mut text, mut row, mut table) = (String::new(), Vec::new(), Vec::new());
    for event in Parser::new_ext(md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH) {
        match event {
            Event::Text(t) => text.push_str(&t),
            Event::Start(Tag::Heading { .. } | Tag::Item | Tag::Paragraph | Tag::TableCell) => text.clear(),
            Event::End(TagEnd::Heading(level)) => read.headings.push((level, std::mem::take(&mut text))),
            Event::End(TagEnd::Item) => read.items.push(std::mem::take(&mut text)),
            Event::End(TagEnd::TableCell) => row.push(std::mem::take(&mut text)),
            Event::End(TagEnd::TableHead | TagEnd::TableRow) => table.push(std::mem::take(&mut row)),
            Event::End(TagEnd::Table) => read.tables.push(std::mem::take(&mut table)),
            Event::Start(Tag::Table(_) | Tag::TableHead | Tag::TableRow | Tag::List(_) | Tag::Strong)
            | Event::End(TagEnd::Paragraph | TagEnd::List(_) | TagEnd::Strong) => {}
            other => read.markup.push(format!("{other:?}")),
        }
    }
    read
}

/// The rows under the table whose header is `header`.
fn table<'a>(read: &'a Read, header: &[&str]) -> &'a [Vec<String>] {
    read.tables
        .iter()
        .find(|t| t.first().is_some_and(|h| h == header))
        .map(|t| &t[1..])
        .unwrap_or_else(|| panic!("a table headed {header:?} in {:?}", read.tables))
}

fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[test]
fn the_markdown_chronicle_reads_back_as_its_json_whatever_the_names_hold() {
    let m = marked_up();
    let json = m.json(&["chronicle"]);
    let md = m.ok(&["--format", "md", "chronicle"]);
    let read = read(&md);
    assert!(
        read.markup.is_empty(),
        "markup made by a name: {:?}\n{md}",
        read.markup
    );
    assert_eq!(
        read.headings.first(),
        Some(&(
            HeadingLevel::H1,
            format!("{CAMPAIGN}: the chronicle (Warfighter Modern)")
        ))
    );
    let mission = &json["missions"][0];
    assert_eq!(mission["name"], "*Dawn* | [Raid]");
    assert!(
        read.headings.contains(&(
            HeadingLevel::H2,
            "Mission 1: *Dawn* | [Raid] (success)".to_owned()
        )),
        "{:?}",
        read.headings
    );
    let casualties: Vec<Vec<String>> = mission["casualties"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let yes = |b: &Value| if b == &Value::Bool(true) { "yes" } else { "no" }.to_owned();
            vec![
                text(&c["soldier"]),
                text(&c["wounds"]),
                yes(&c["downed"]),
                yes(&c["kia"]),
            ]
        })
        .collect();
    assert_eq!(casualties.len(), NAMES.len());
    assert_eq!(table(&read, &["Soldier", "Wounds", "Downed", "KIA"]), casualties);
    let ekia: Vec<Vec<String>> = mission["ekia"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| vec![text(&e["soldier"]), text(&e["count"]), text(&e["xp"])])
        .collect();
    assert_eq!(table(&read, &["Soldier", "EKIA", "XP"]), ekia);
    let note = &mission["notes"][0];
    assert_eq!(note["text"], "<b>held</b> the [line] | *twice*");
    assert!(
        read.items.contains(&format!(
            "v{} on - Ghost: {}",
            note["version"],
            text(&note["text"])
        )),
        "{:?}",
        read.items
    );
}

#[test]
fn bbcode_and_the_printed_page_keep_names_literal() {
    let m = marked_up();
    let bbcode = m.ok(&["--format", "bbcode", "chronicle"]);
    // Every tag is muster's own: each opened is closed, and no name's bracket opens one.
    for tag in ["b", "c", "list", "size"] {
        let opened = bbcode.matches(&format!("[{tag}")).count();
        assert_eq!(
            opened,
            bbcode.matches(&format!("[/{tag}]")).count(),
            "[{tag}] in {bbcode}"
        );
    }
    assert!(
        !bbcode.contains("[Link]") && bbcode.contains("\u{ff3b}Link\u{ff3d}"),
        "{bbcode}"
    );
    let html = m.ok(&["--format", "html", "chronicle"]);
    assert!(
        !html.contains("<b>held"),
        "a note's markup is escaped on the page"
    );
    assert!(html.contains("&#60;b&#62;held&#60;/b&#62;"), "{html}");
    assert!(html.contains(r#"id="mission-1""#), "a section a Mission");
}

#[test]
fn a_mission_s_report_alone_and_the_refusals() {
    let m = marked_up();
    let report = m.json(&["chronicle", "--mission", "1"]);
    assert_eq!(report["number"], 1);
    assert_eq!(report["result"], "success");
    let (code, _, stderr) = m.run(&["chronicle", "--mission", "2"]);
    assert_ne!(code, 0);
    assert!(
        stderr.contains("there is no Mission 2") && stderr.contains("1 to 1"),
        "{stderr}"
    );
    let stderr = m.usage_error(&["--format", "csv", "chronicle"]);
    assert!(
        stderr.contains("bbcode"),
        "the formats it prints are named: {stderr}"
    );
    m.ok(&["mission", "start", "Dusk"]);
    let running = m.ok(&["chronicle", "--mission", "2"]);
    assert!(running.contains("Mission 2: Dusk (in progress)"), "{running}");
    assert!(
        running.contains("No RP award recorded; RP bank 0; squad RP 15 so far."),
        "{running}"
    );
    let empty = Muster::new();
    empty.ok(&["campaign", "new", "Fresh", "--game", "wwii"]);
    let told = empty.json(&["chronicle"]);
    assert_eq!(told["missions"], Value::Array(Vec::new()));
    assert!(empty.ok(&["chronicle"]).contains("No Mission is recorded yet."));
}

#[test]
fn a_voided_note_leaves_the_chronicle_and_stays_in_the_log_as_voided() {
    let m = marked_up();
    let written = m.json(&["note", "a mistake"]);
    let v = first_version(&written);
    let notes = |m: &Muster| m.json(&["chronicle"])["notes"].clone();
    assert_eq!(notes(&m)[0]["text"], "a mistake");
    m.ok(&["void", &v.to_string(), "--why", "wrong campaign"]);
    assert_eq!(notes(&m), Value::Array(Vec::new()));
    let log = m.json_lines(&["log"]);
    let row = log.iter().find(|r| r["version"] == v).unwrap();
    assert_eq!(row["voided"], true);
}
