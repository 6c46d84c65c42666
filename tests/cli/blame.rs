//! `blame` in the terminal: each number under the roster's heading for it, in the card's
//! order, each line naming its command by the version it wrote and its summary.

use crate::support::{Muster, first_version};

#[test]
fn blame_shows_fields_in_the_roster_s_order_and_words_and_names_each_command_by_version_and_summary() {
    let m = Muster::lodestar();
    m.ok(&["wound", "Wong", "2"]);
    m.ok(&["hardy", "Wong", "cold", "+1", "--why", "a warm coat"]);
    let mistake = first_version(&m.json(&["xp", "Wong", "+5", "--why", "wrong Soldier"]));
    m.ok(&["void", &mistake.to_string(), "--why", "it was Reyes"]);
    let blame = m.json(&["blame", "Wong"]);
    let text = m.ok(&["blame", "Wong"]);
    let lines: Vec<&str> = text.lines().collect();
    // The field headings, in the order printed: each is the roster's heading for it.
    let printed: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("  ") && !l.starts_with("    "))
        .filter_map(|l| l.trim().split_once(": ").map(|(heading, _)| heading))
        .collect();
    let md = m.ok(&["--format", "md", "roster"]);
    let header = md.lines().find(|l| l.starts_with("| Soldier")).unwrap();
    let roster_order: Vec<&str> = header
        .split('|')
        .map(str::trim)
        .filter(|h| !h.is_empty())
        .collect();
    let place = |heading: &str| {
        roster_order
            .iter()
            .position(|h| heading == *h || heading.starts_with(&format!("{h} ")))
            .unwrap_or_else(|| panic!("{heading} is no roster heading: {roster_order:?}"))
    };
    let places: Vec<usize> = printed.iter().map(|h| place(h)).collect();
    assert!(
        places.windows(2).all(|p| p[0] <= p[1]),
        "{printed:?} in the roster's order"
    );
    for heading in ["Status", "Wounds", "Hardy cold", "XP", "RP", "Medal RP"] {
        assert!(printed.contains(&heading), "{heading} missing from {printed:?}");
    }
    assert_eq!(printed.len(), blame["fields"].as_object().unwrap().len());
    // Each line names its command by its version and summary, and no id is printed.
    for (key, field) in blame["fields"].as_object().unwrap() {
        for line in field["lines"].as_array().unwrap() {
            let version = format!("v{}", line["version"]);
            let summary = line["summary"].as_str().unwrap();
            assert!(
                lines
                    .iter()
                    .any(|l| l.trim_start().starts_with(&format!("{version} ")) && l.contains(summary)),
                "{key}: {version} {summary} missing from\n{text}"
            );
            let id = line["command_id"].as_str().unwrap();
            assert!(
                !text.contains(&id[..8]),
                "the command id {id} is printed:\n{text}"
            );
        }
    }
}

#[test]
fn a_long_blame_is_printed_whole_though_it_is_printed_in_parts() {
    // About 3,000 lines of blame, past the 64 KiB it is printed in.
    let m = Muster::new();
    m.ok(&[
        "dev", "synth", "--events", "12000", "--seed", "5", "--name", "Long",
    ]);
    let blame = m.json(&["blame", "Soldier 01"]);
    let text = m.ok(&["blame", "Soldier 01"]);
    assert!(
        text.len() > 64 * 1024,
        "a blame longer than one part: {} bytes",
        text.len()
    );
    let mut printed: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("    v"))
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .collect();
    let fields = blame["fields"].as_object().unwrap();
    let mut lines: Vec<String> = fields
        .values()
        .flat_map(|f| f["lines"].as_array().unwrap().iter())
        .map(|l| l["version"].to_string())
        .collect();
    printed.sort();
    lines.sort();
    assert_eq!(printed, lines, "every line printed once");
    assert_eq!(
        text.lines()
            .filter(|l| l.starts_with("  ") && !l.starts_with("    "))
            .count(),
        fields.len()
    );
    assert!(text.ends_with('\n'), "the last part is printed too");
}
