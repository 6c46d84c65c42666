//! The roster as Markdown read back by a CommonMark parser (pulldown-cmark, with tables): names
//! holding markup come back as the JSON roster spells them, and ordinary words carry no escapes.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use crate::support::{LODESTAR, Muster};

/// A campaign name that would make a list, a link, HTML, emphasis and an entity if printed raw.
const CAMPAIGN: &str = "- Ops | a\\b *c* _d_ [e](f) <i>g</i> # &amp;";

/// Soldiers' names that would each break a table or make markup if printed raw.
const NAMES: [&str; 10] = [
    "- Ghost",
    "|Pipe\\|",
    "*Star* _under_",
    "[Link](javascript:x)",
    "<b>Bold</b>",
    "# Hash #",
    "1. First",
    "> Quote",
    "Back\\",
    "Amp &amp; ~~x~~",
];

/// What a Markdown document holds: its paragraphs' texts and its table's rows of cell texts.
struct Read {
    paragraphs: Vec<String>,
    rows: Vec<Vec<String>>,
}

/// `md` parsed as CommonMark with GitHub's tables, its text gathered by block and cell; any
/// markup other than a paragraph or a table (a list, a heading, a link, HTML, emphasis, code)
/// is named in `markup`.
fn read(md: &str) -> (Read, Vec<String>) {
    let mut read = Read {
        paragraphs: Vec::new(),
        rows: Vec::new(),
    };
    let mut markup = Vec::new();
    let mut text = String::new();
    let mut row: Vec<String> = Vec::new();
    for event in Parser::new_ext(md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH) {
        match event {
            Event::Text(t) => text.push_str(&t),
            Event::SoftBreak => text.push('\n'),
            Event::Start(
                Tag::Paragraph | Tag::Table(_) | Tag::TableHead | Tag::TableRow | Tag::TableCell,
            ) => text.clear(),
            Event::End(TagEnd::Paragraph) => read.paragraphs.push(std::mem::take(&mut text)),
            Event::End(TagEnd::TableCell) => row.push(std::mem::take(&mut text)),
            Event::End(TagEnd::TableHead | TagEnd::TableRow) => read.rows.push(std::mem::take(&mut row)),
            Event::End(TagEnd::Table) => {}
            other => markup.push(format!("{other:?}")),
        }
    }
    (read, markup)
}

#[test]
fn a_markdown_roster_of_names_holding_markup_reads_back_as_the_json_roster() {
    let m = Muster::new();
    m.ok(&["campaign", "new", "--game", "modern", "--", CAMPAIGN]);
    for name in NAMES {
        m.ok(&["enlist", "--kind", "player", "--rp", "1", "--", name]);
    }
    let roster = m.roster();
    let md = m.ok(&["--format", "md", "roster"]);
    let (read, markup) = read(&md);
    assert!(markup.is_empty(), "no markup made by a name: {markup:?}\n{md}");
    let campaign = roster["campaign"].as_str().unwrap();
    assert_eq!(campaign, CAMPAIGN);
    assert_eq!(
        read.paragraphs.first().map(String::as_str),
        Some(format!("{campaign} (Warfighter Modern)").as_str()),
        "the title: {md}"
    );
    let soldiers = roster["soldiers"].as_array().unwrap();
    assert_eq!(read.rows.len(), 1 + soldiers.len(), "{md}");
    let header = &read.rows[0];
    assert_eq!(
        header.len(),
        read.rows[1].len(),
        "every row has the header's cells: {md}"
    );
    let column = |heading: &str| header.iter().position(|h| h == heading).unwrap();
    for (row, soldier) in read.rows[1..].iter().zip(soldiers) {
        assert_eq!(row.len(), header.len(), "{row:?}");
        assert_eq!(row[column("Soldier")], soldier["name"].as_str().unwrap());
        assert_eq!(row[column("Kind")], soldier["kind"].as_str().unwrap());
        assert_eq!(row[column("Status")], soldier["status"].as_str().unwrap());
        assert_eq!(row[column("RP")], soldier["rp"].to_string());
        assert_eq!(row[column("XP")], soldier["xp"].to_string());
    }
    let names: Vec<&str> = soldiers.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, NAMES, "every name enlisted as typed");
}

#[test]
fn a_markdown_roster_of_ordinary_words_has_no_needless_escapes() {
    let m = Muster::lodestar();
    m.ok(&["wound", "Reyes", "1"]);
    let md = m.ok(&["--format", "md", "roster"]);
    assert!(
        md.starts_with(&format!("{LODESTAR} (Warfighter Modern, US)\n")),
        "{md}"
    );
    assert!(!md.contains('\\'), "not one escape is needed: {md}");
    let (read, markup) = read(&md);
    assert!(markup.is_empty(), "{markup:?}");
    assert_eq!(read.paragraphs[0], format!("{LODESTAR} (Warfighter Modern, US)"));
}

#[test]
fn a_voided_event_is_struck_through_in_the_markdown_log() {
    let m = Muster::lodestar();
    m.ok(&["wound", "Reyes", "1"]);
    let wounded = m.head_version();
    m.ok(&["void", &wounded.to_string(), "--why", "*not* hit"]);
    let md = m.ok(&["--format", "md", "log"]);
    let struck: Vec<String> = {
        let mut inside = false;
        let mut struck = Vec::new();
        for event in Parser::new_ext(&md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH) {
            match event {
                Event::Start(Tag::Strikethrough) => inside = true,
                Event::End(TagEnd::Strikethrough) => inside = false,
                Event::Text(t) if inside => struck.push(t.into_string()),
                Event::Start(Tag::Emphasis) => panic!("a reason made emphasis: {md}"),
                _ => {}
            }
        }
        struck
    };
    assert_eq!(struck.len(), 1, "the one voided event: {struck:?}\n{md}");
    assert!(struck[0].contains("Reyes"), "{struck:?}");
}
