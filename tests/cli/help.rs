//! Help grouped by purpose and game, the global options under their own heading, manual
//! pages for every command, and tables fitted to the width.

use std::collections::BTreeMap;
use std::fs;

use super::support::{Muster, Runner};

/// `muster --help`'s headings (lines ending in `:` at the margin) and the commands listed
/// under each (the first word of the indented lines that follow).
fn headings(help: &str) -> BTreeMap<String, Vec<String>> {
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut current = None;
    for line in help.lines() {
        if let Some(heading) = line
            .strip_suffix(':')
            .filter(|h| !h.starts_with(' ') && !h.is_empty())
        {
            current = Some(heading.to_owned());
            found.entry(heading.to_owned()).or_default();
        } else if let (Some(heading), Some(word)) = (&current, line.strip_prefix("  ")) {
            if let Some(name) = word.split_whitespace().next().filter(|_| !word.starts_with(' ')) {
                found.get_mut(heading).unwrap().push(name.to_owned());
            }
        } else if line.is_empty() {
            current = None;
        }
    }
    found
}

#[test]
fn the_commands_are_grouped_by_purpose_and_game() {
    let help = Runner::new().args(["--help"]).run();
    assert_eq!(help.code(), 0, "{}", help.describe());
    let groups = headings(&help.stdout);
    let under = |heading: &str| {
        groups
            .get(heading)
            .unwrap_or_else(|| panic!("no {heading}: {groups:?}"))
    };
    assert!(under("Campaign").contains(&"enlist".to_owned()));
    assert!(under("Warfighter play").contains(&"wound".to_owned()));
    assert!(under("Warfighter play").contains(&"k9".to_owned()));
    assert!(under("Zero Dark play").contains(&"persuade".to_owned()));
    assert!(!under("Zero Dark play").contains(&"wound".to_owned()));
    assert!(under("Reading and audit").contains(&"verify".to_owned()));
    assert!(under("Files and setup").contains(&"info".to_owned()));
    assert!(
        !groups.contains_key("Commands"),
        "one ungrouped list is left: {groups:?}"
    );
    let mut all: Vec<&String> = groups
        .iter()
        .filter(|(h, _)| !h.contains("options") && *h != "Options")
        .flat_map(|(_, names)| names)
        .collect();
    let listed = all.len();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), listed, "a command is under two headings: {groups:?}");
    assert!(listed > 40, "{groups:?}");
}

#[test]
fn a_command_s_help_puts_the_global_options_under_their_own_heading() {
    let help = Runner::new().args(["roster", "--help"]).run();
    assert_eq!(help.code(), 0, "{}", help.describe());
    let text = help.stdout;
    let global = text
        .find("\nGlobal options:\n")
        .expect("a Global options heading");
    let options = text.find("\nOptions:\n").expect("an Options heading");
    let own = &text[options..global];
    assert!(own.contains("--as-of"), "{own}");
    assert!(
        !own.contains("--db <PATH>") && !own.contains("--format <FORMAT>"),
        "{own}"
    );
    let globals = &text[global..];
    for flag in ["--db", "--campaign", "--format", "--json", "--color"] {
        assert!(
            globals.contains(flag),
            "{flag} missing from Global options:\n{globals}"
        );
    }
}

#[test]
fn help_wraps_to_the_width() {
    let help = Runner::new().env("COLUMNS", "60").args(["--help"]).run();
    assert_eq!(help.code(), 0, "{}", help.describe());
    let widest = help.stdout.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(widest <= 60, "a line of {widest} columns:\n{}", help.stdout);
}

#[test]
fn man_writes_a_page_for_every_command_and_prints_the_main_one() {
    let m = Muster::new();
    let main = m.ok(&["man"]);
    assert!(main.contains(".TH muster 1"), "{main}");
    let dir = m.path("man");
    let said = m.ok(&["man", "--dir", dir.to_str().unwrap()]);
    assert!(said.contains("manual pages"), "{said}");
    let pages: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    for page in [
        "muster.1",
        "muster-wound.1",
        "muster-campaign-new.1",
        "muster-k9-draw.1",
        "muster-info.1",
    ] {
        assert!(pages.contains(&page.to_owned()), "no {page} among {pages:?}");
    }
    // Every page another refers to is written, the printed main page's too.
    let printed = ("the printed page".to_owned(), main.clone());
    let written = pages
        .iter()
        .map(|page| (page.clone(), fs::read_to_string(dir.join(page)).unwrap()));
    for (page, text) in written.chain([printed]) {
        for name in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter_map(|w| w.strip_suffix("(1)"))
        {
            let name = name
                .trim_start_matches("\\fB")
                .trim_end_matches("\\fR")
                .replace("\\-", "-");
            assert!(
                pages.contains(&format!("{name}.1")),
                "{page} refers to {name}(1), not written"
            );
        }
    }
    assert!(!m.db.exists(), "man opened a database");
}

#[test]
fn tables_fit_the_width_and_no_line_ends_in_spaces() {
    let m = Muster::lodestar();
    let wide = m.ok(&["roster"]);
    assert!(
        wide.lines().any(|l| l.chars().count() > 60),
        "the roster fits 60 anyway:\n{wide}"
    );
    let run = |args: &[&str]| {
        let ran = Runner::on(&m.db).env("COLUMNS", "60").args(args).run();
        assert_eq!(ran.code(), 0, "{}", ran.describe());
        ran.stdout
    };
    // Too narrow for its columns, the roster gives each Soldier his line and his cells under
    // it, every line within the width and no name or number cut.
    let narrow = run(&["roster"]);
    assert!(narrow.lines().all(|l| l.chars().count() <= 60), "{narrow}");
    let wong = narrow
        .lines()
        .position(|l| l == "Wong (Handler of Gizmo)")
        .unwrap_or_else(|| panic!("Wong's own line: {narrow}"));
    let his = narrow
        .lines()
        .skip(wong + 1)
        .take_while(|l| l.starts_with("  "))
        .collect::<Vec<_>>()
        .join(" ");
    for cell in ["Kind player", "RP 8", "Hardy cold 1"] {
        assert!(his.contains(cell), "{cell:?} missing under Wong: {narrow}");
    }
    // Wide enough for its words, it stays a table.
    let fits = Runner::on(&m.db)
        .env("COLUMNS", "100")
        .args(["roster"])
        .run()
        .stdout;
    assert!(
        fits.lines().any(|l| l.starts_with(" Wong") && l.contains(" | ")),
        "{fits}"
    );
    for args in [&["log"][..], &["campaign", "rules"]] {
        let text = run(args);
        // The table's rows, not the lines of text around it.
        let table: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with(' ') && l.contains(" | "))
            .collect();
        assert!(!table.is_empty(), "{args:?}:\n{text}");
        for line in table {
            assert!(line.chars().count() <= 60, "{args:?}: {line:?} is wider than 60");
        }
    }
    for args in [&["roster"][..], &["log"]] {
        for text in [m.ok(args), run(args)] {
            assert!(
                !text.lines().any(|l| l.ends_with(' ')),
                "{args:?} has trailing spaces:\n{text}"
            );
        }
    }
    // Piped without COLUMNS, nothing is cut: every Soldier's row is whole.
    assert!(
        wide.lines().any(|l| l.contains("Wong (Handler of Gizmo)")),
        "{wide}"
    );
}

#[test]
fn man_says_where_man_finds_the_pages_it_writes() {
    let m = Muster::new();
    let help = m.ok(&["man", "--help"]);
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("`man muster` finds them in ~/.cargo/share/man/man1"),
        "{help}"
    );
    assert!(flat.contains("manpath"), "{help}");
}

/// The `Usage:` line of `text`.
fn usage_line(text: &str) -> &str {
    text.lines()
        .find(|l| l.starts_with("Usage:"))
        .unwrap_or_else(|| panic!("no usage line in {text}"))
}

#[test]
fn usage_lines_show_no_option_the_environment_set_as_if_required() {
    let m = Muster::lodestar();
    let with_env = |args: &[&str]| {
        Runner::on(&m.db)
            .env("MUSTER_CAMPAIGN", "Operation Lodestar")
            .env("MUSTER_AS", "Kim")
            .args(args)
            .run()
    };
    let missing = with_env(&["wound"]);
    assert_eq!(missing.code(), 2, "{}", missing.stderr);
    assert!(missing.stderr.contains("<SOLDIER>"), "{}", missing.stderr);
    assert_eq!(
        usage_line(&missing.stderr),
        "Usage: muster wound <SOLDIER> [AMOUNT]"
    );
    let unknown = with_env(&["wound", "Wong", "--bogus"]);
    assert_eq!(unknown.code(), 2, "{}", unknown.stderr);
    assert!(unknown.stderr.contains("'--bogus'"), "{}", unknown.stderr);
    assert_eq!(
        usage_line(&unknown.stderr),
        "Usage: muster wound <SOLDIER> [AMOUNT]"
    );
    let help = with_env(&["wound", "--help"]);
    assert_eq!(help.code(), 0, "{}", help.stderr);
    assert_eq!(
        usage_line(&help.stdout),
        "Usage: muster wound [OPTIONS] <SOLDIER> [AMOUNT]"
    );
    assert!(
        help.stdout.contains("[env: MUSTER_DB="),
        "the help still names the variable: {}",
        help.stdout
    );
    // The same as with no variable set at all.
    let plain = Runner::new().args(["wound"]).run();
    assert_eq!(usage_line(&plain.stderr), usage_line(&missing.stderr));
}

/// The `--die` of a command that picks one of N says it is a dN over what it picks from;
/// every other rolling command's is the d10 of a check.
#[test]
fn a_die_that_picks_one_of_several_is_no_d10_in_its_help() {
    let die_help = |args: &[&str]| {
        let help = Runner::new().args(args).run();
        assert_eq!(help.code(), 0, "{}", help.describe());
        // From the flag to the next one, its lines joined as one text.
        help.stdout
            .lines()
            .skip_while(|line| !line.trim_start().starts_with("--die"))
            .take_while(|line| !line.trim_start().starts_with("-h"))
            .flat_map(str::split_whitespace)
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (args, over) in [
        (&["spook", "task", "--help"][..], "a dN over the bogeys"),
        (
            &["medal", "recipient", "--help"][..],
            "a dN over the Mission's Soldiers",
        ),
    ] {
        let said = die_help(args);
        assert!(said.contains(over), "{args:?}: {said}");
        assert!(!said.contains("d10"), "{args:?}: {said}");
    }
    assert!(die_help(&["check", "--help"]).contains("real d10"));
}
