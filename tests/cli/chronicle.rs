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
/// one before, the first two scoring an EKIA and passing a check, the third failing one, a
/// Medal with markup in its name and XP for the first, and a note with markup on the first.
fn marked_up() -> Muster {
    let m = Muster::new();
    m.ok(&["campaign", "new", "--game", "modern", "--", CAMPAIGN]);
    for name in NAMES {
        m.ok(&[
            "enlist",
            "--kind",
            "player",
            "--rp",
            "3",
            "--health",
            "9",
            "--ability",
            "medic=6",
            "--",
            name,
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
    // The first two pass a medic check, the third fails one; a Medal and XP for the first.
    for (name, die) in [(NAMES[0], "7"), (NAMES[1], "9"), (NAMES[2], "2")] {
        m.ok(&["check", "--die", die, "--", name, "medic"]);
    }
    m.ok(&[
        "medal",
        "award",
        "--rp",
        "2",
        "--why",
        "held | fast",
        "--",
        NAMES[0],
        "*Bronze* | Star",
    ]);
    m.ok(&["xp", "--why", "[bold] move", "--", NAMES[0], "+2"]);
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
    nth_table(read, header, 0)
}

/// The rows under the `nth` table (from 0) whose header is `header`.
fn nth_table<'a>(read: &'a Read, header: &[&str], nth: usize) -> &'a [Vec<String>] {
    read.tables
        .iter()
        .filter(|t| t.first().is_some_and(|h| h == header))
        .nth(nth)
        .map(|t| &t[1..])
        .unwrap_or_else(|| panic!("table {nth} headed {header:?} in {:?}", read.tables))
}

/// The cells `keys` of `item`, as text.
fn cells_of(item: &Value, keys: &[&str]) -> Vec<String> {
    keys.iter().map(|key| text(&item[*key])).collect()
}

/// The cells `keys` of each object of `list`, as text.
fn cells(list: &Value, keys: &[&str]) -> Vec<Vec<String>> {
    list.as_array()
        .map(|items| items.iter().map(|item| cells_of(item, keys)).collect())
        .unwrap_or_default()
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
    let ekia = cells(&mission["ekia"], &["soldier", "count", "xp"]);
    assert_eq!(ekia.len(), 2);
    assert_eq!(nth_table(&read, &["Soldier", "EKIA", "XP"], 0), ekia);
    let timeline: Vec<Vec<String>> = json["missions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let casualties = m["casualties"].as_array().map_or(0, Vec::len);
            let mut row = cells_of(m, &["number", "name", "result", "turns"]);
            row.extend([casualties.to_string(), text(&m["squad_rp"]), text(&m["rp_bank"])]);
            row
        })
        .collect();
    let heading = [
        "Mission",
        "Name",
        "Result",
        "Turns",
        "Casualties",
        "Squad RP",
        "RP bank",
    ];
    assert_eq!(table(&read, &heading), timeline);
    let checks = cells(
        &mission["checks"],
        &["soldier", "ability", "successes", "failures"],
    );
    assert_eq!(checks.len(), 3);
    assert_eq!(
        table(&read, &["Soldier", "Ability", "Successes", "Failures"]),
        checks
    );
    let medals = cells(&mission["medals"], &["medal", "what", "soldier"]);
    assert_eq!(medals, [["*Bronze* | Star", "awarded", NAMES[0]]]);
    assert_eq!(table(&read, &["Medal", "What", "Soldier"]), medals);
    let xp = cells(&mission["xp"], &["soldier", "gained"]);
    assert_eq!(table(&read, &["Soldier", "XP"]), xp);
    // The statistics: EKIAs by Soldier, checks by ability with their rate, the faces.
    let stats = &json["statistics"];
    let ekia = cells(&stats["ekia"], &["soldier", "count", "xp"]);
    assert_eq!(nth_table(&read, &["Soldier", "EKIA", "XP"], 1), ekia);
    let rated: Vec<Vec<String>> = stats["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let (won, lost) = (c["successes"].as_u64().unwrap(), c["failures"].as_u64().unwrap());
            let mut row = cells_of(c, &["ability", "soldier", "successes", "failures"]);
            row.push(format!("{}%", won * 100 / (won + lost)));
            row
        })
        .collect();
    assert_eq!(rated.len(), 3);
    assert_eq!(
        table(
            &read,
            &["Ability", "Soldier", "Successes", "Failures", "Success rate"]
        ),
        rated
    );
    let counts = |source: &str| -> Vec<String> {
        stats["faces"][source]["counts"]
            .as_array()
            .map(|counts| counts.iter().map(text).collect())
            .unwrap_or_default()
    };
    let (generated, entered) = (counts("generated"), counts("entered"));
    assert_eq!(
        entered.iter().filter(|n| *n != "0").count(),
        3,
        "7, 9 and 2 typed in"
    );
    let faces: Vec<Vec<String>> = (0..10)
        .map(|i| vec![(i + 1).to_string(), generated[i].clone(), entered[i].clone()])
        .collect();
    assert_eq!(table(&read, &["Face", "Generated", "Entered"]), faces);
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
        running.contains(
            "No RP award recorded (those who went: 15 RP at its start, 15 so far); RP bank 0; squad RP on the books 15 so far."
        ),
        "{running}"
    );
    // With two Missions the printed page draws the timeline, and says it in words.
    let json = m.json(&["chronicle"]);
    let html = m.ok(&["--format", "html", "chronicle"]);
    assert!(html.contains("<svg"), "a chart over two Missions");
    let said = |key: &str| -> Vec<String> {
        json["missions"]
            .as_array()
            .map(|ms| {
                ms.iter()
                    .map(|m| format!("Mission {}: {}", m["number"], m[key]))
                    .collect()
            })
            .unwrap_or_default()
    };
    let caption = format!(
        "Squad RP: {}; RP bank: {}; Casualties: Mission 1: 5, Mission 2: 0.",
        said("squad_rp").join(", "),
        said("rp_bank").join(", ")
    );
    assert!(
        html.contains(&caption),
        "{caption} in the figure's caption:\n{html}"
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
