//! ARCHITECTURE.md's list of the files to touch to add an event kind with a rule, a roster
//! field and a command, held to the code: each file the list names is checked here (or by the
//! compiler through a match on the whole vocabulary), so leaving one unchanged fails, naming it.
//!
//! The vocabulary is read from the source: the `Event` and `Command` variants with the
//! rulebook each belongs to (their `rulebook()` matches), and the fields of a roster line and
//! of a Soldier's state. A file "names" a variant when its code (comments left out) says
//! `Event::Variant`; a file of a rulebook is found by the rulebook's one name
//! (`Rulebook::ZeroDark` is `zero_dark`), as ARCHITECTURE.md's "Rulebooks" table spells it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "architecture/source.rs"]
mod source;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use source::{aliases, code, commands, events, names, payloads, read, roster_fields, state_fields};

/// How a file of the list is held to the vocabulary.
#[derive(Debug, Clone, Copy)]
enum Kept {
    /// The file names every event variant (`Event::Variant`).
    EveryEvent,
    /// The file names every command variant (`Command::Variant`).
    EveryCommand,
    /// The rulebook's event file defines each of its events' payloads (`pub struct Variant`).
    PayloadsOfBook,
    /// The rulebook's folder of rule tests names each of its commands.
    RuleTestsOfBook,
    /// The rulebook's command line gives each of its commands (`Command::Variant`).
    CommandLineOfBook,
    /// The file names every field of a roster line (but those it lists as not its own).
    EveryRosterField,
    /// The file builds or takes apart a Soldier's state whole: it names every field.
    EveryStateField,
    /// Every field of a roster line is a field of a Soldier's state, or derived as
    /// [`DERIVED`] says.
    RosterFromState,
    /// The file a match elsewhere calls into: the compiler asks for the arm in that file, which
    /// names the whole vocabulary as [`Kept::EveryEvent`] or [`Kept::EveryCommand`] checks.
    ArmIn(&'static str),
    /// A test of its own fails until the file names the new kind: the test's file and name.
    Test(&'static str, &'static str),
}

/// The rulebook the list's example adds to, as written in ARCHITECTURE.md; the checks of a
/// rulebook's files run for every rulebook.
const EXAMPLE_BOOK: &str = "k9";

/// Every file ARCHITECTURE.md's list names, with how it is kept. The list and this table are
/// held equal both ways.
const FILES: &[(&str, Kept)] = &[
    ("src/domain/event/k9.rs", Kept::PayloadsOfBook),
    ("src/domain/event/mod.rs", Kept::EveryEvent),
    ("src/domain/evolve/mod.rs", Kept::EveryEvent),
    ("src/projection/summary.rs", Kept::EveryEvent),
    ("src/rules/redecide/intent.rs", Kept::EveryEvent),
    ("src/app/serving.rs", Kept::EveryEvent),
    (
        "src/rules/tests/mod.rs",
        Kept::Test(
            "src/rules/redecide/tests.rs",
            "every_kind_begins_the_command_it_shows_or_is_listed_as_never_beginning_one",
        ),
    ),
    (
        "tests/demo_fixture.rs",
        Kept::Test(
            "tests/demo_fixture.rs",
            "the_demo_campaign_verifies_and_uses_every_warfighter_event_kind",
        ),
    ),
    ("src/domain/state.rs", Kept::RosterFromState),
    ("src/domain/evolve/campaign.rs", Kept::EveryStateField),
    ("src/domain/sheet.rs", Kept::EveryStateField),
    ("src/domain/command.rs", Kept::EveryCommand),
    ("src/rules/mod.rs", Kept::EveryCommand),
    ("src/rules/redecide/tests.rs", Kept::EveryCommand),
    ("src/rules/k9/", Kept::ArmIn("src/rules/mod.rs")),
    ("src/rules/tests/k9/", Kept::RuleTestsOfBook),
    ("src/cli/k9.rs", Kept::CommandLineOfBook),
    ("src/projection/roster.rs", Kept::RosterFromState),
    ("src/projection/roster_line.rs", Kept::EveryRosterField),
];

/// Commands no subcommand gives, each with the reason.
const NO_SUBCOMMAND: &[(&str, &str)] = &[
    (
        "KeepCommands",
        "muster marks an older campaign itself, before the first command this version records",
    ),
    (
        "CommitSeed",
        "the library commits a seed itself, with the campaign's creation and after each reveal",
    ),
    (
        "RevealSeed",
        "`seed reveal` asks `app::reveal_seed`, which holds the seed it reveals",
    ),
];

/// Roster fields a Soldier's state does not hold under the same name, each with how the
/// roster derives it.
const DERIVED: &[(&str, &str)] = &[
    ("name", "the card's"),
    ("kind", "the card's"),
    ("health", "the card's"),
    ("abilities", "the card's"),
    ("keywords", "the card's"),
    ("stats", "the card's, for a Zero Dark hero"),
    ("specialism", "the card's, for a Zero Dark hero"),
    ("rp", "`SoldierState::rp`: the card's RP and his RP cards'"),
    ("medal_rp", "`SoldierState::medal_rp`: his Medal stickers'"),
    ("handler", "the K9's pairing on its card"),
    ("handler_of", "the Handler's pairing, from the K9's card"),
    ("state", "`hero_state`, shown only for a Zero Dark hero"),
    (
        "mission_stats",
        "the Mission's priority task and the hero's stats",
    ),
    ("mission_upgrades", "the Mission's priority task"),
];

/// What `file`, kept as `kept`, lacks: one line per missing name, naming the file to touch.
fn lacking(file: &str, kept: Kept) -> Vec<String> {
    let in_book = |vocabulary: &BTreeMap<String, String>, book: &str| -> Vec<String> {
        vocabulary
            .iter()
            .filter(|(_, b)| *b == book)
            .map(|(v, _)| v.clone())
            .collect()
    };
    let books: BTreeSet<String> = events().into_values().chain(commands().into_values()).collect();
    let mut missing = Vec::new();
    match kept {
        Kept::EveryEvent => {
            let text = code(file);
            for variant in events().keys().filter(|v| !names(&text, &format!("Event::{v}"))) {
                missing.push(format!("{file} does not name Event::{variant}"));
            }
        }
        Kept::EveryCommand => {
            let text = code(file);
            for variant in commands()
                .keys()
                .filter(|v| !names(&text, &format!("Command::{v}")))
            {
                missing.push(format!("{file} does not name Command::{variant}"));
            }
        }
        Kept::PayloadsOfBook => {
            // Kinds may share a payload (`Wounded` and `Healed` carry a `SoldierAmount`), so
            // the payload is looked for in every event file; a new one goes in the book's.
            let all = code("src/domain/event");
            for (variant, payload) in payloads() {
                if !names(&all, &format!("pub struct {payload}")) {
                    let path = file.replace(EXAMPLE_BOOK, &events()[&variant]);
                    missing.push(format!(
                        "{path} does not define `pub struct {payload}`, Event::{variant}'s payload"
                    ));
                }
            }
        }
        Kept::RuleTestsOfBook => {
            // A rule's tests may sit with another rulebook's (a Zero Dark game's Harm), so
            // they are looked for under every folder of rule tests.
            let text = code("src/rules/tests");
            for book in &books {
                let path = file.replace(EXAMPLE_BOOK, book);
                for variant in in_book(&commands(), book) {
                    if !names(&text, &format!("Command::{variant}")) {
                        missing.push(format!("{path} has no rule test giving Command::{variant}"));
                    }
                }
            }
        }
        Kept::CommandLineOfBook => {
            let cli = code("src/cli");
            let aliases = aliases(&cli);
            for book in &books {
                let path = file.replace(EXAMPLE_BOOK, book);
                for variant in in_book(&commands(), book) {
                    let exempt = NO_SUBCOMMAND.iter().any(|(v, _)| *v == variant);
                    let given = aliases.iter().any(|a| names(&cli, &format!("{a}::{variant}")));
                    if !exempt && !given {
                        missing.push(format!(
                            "{path} (or a file of its rulebook under src/cli/) gives no Command::{variant}; a command no subcommand gives is listed in NO_SUBCOMMAND with the reason"
                        ));
                    }
                }
            }
        }
        Kept::EveryRosterField => {
            let text = code(file);
            for field in roster_fields() {
                if !names(&text, &field) {
                    missing.push(format!(
                        "{file} does not place the roster field `{field}` in a column"
                    ));
                }
            }
        }
        Kept::EveryStateField => {
            let text = code(file);
            for field in state_fields().iter().filter(|f| !names(&text, f)) {
                missing.push(format!(
                    "{file} does not name the Soldier's state field `{field}`"
                ));
            }
        }
        Kept::RosterFromState => {
            let state = state_fields();
            for field in roster_fields() {
                let derived = DERIVED.iter().any(|(f, _)| *f == field);
                if !derived && !state.contains(&field) {
                    missing.push(format!(
                        "{file}: the roster field `{field}` is no field of SoldierState in src/domain/state.rs; a derived one is listed in DERIVED with how"
                    ));
                }
            }
        }
        Kept::ArmIn(arms) => {
            let kept = if arms.contains("evolve") {
                Kept::EveryEvent
            } else {
                Kept::EveryCommand
            };
            missing.extend(lacking(arms, kept));
        }
        Kept::Test(path, test) => {
            if !names(&code(path), &format!("fn {test}")) {
                missing.push(format!(
                    "{file} is kept by `{test}` in {path}, which is not there"
                ));
            }
        }
    }
    missing
}

/// The files ARCHITECTURE.md's "Adding a rule" table names in its first column, and the
/// count its opening sentence gives.
fn listed() -> (Vec<String>, usize) {
    let text = read("ARCHITECTURE.md");
    let section = text
        .split("\n## ")
        .find(|s| s.starts_with("Adding a rule"))
        .expect("ARCHITECTURE.md has no \"Adding a rule\" section");
    let files: Vec<String> = section
        .lines()
        .filter(|line| line.starts_with("| `"))
        .map(|line| {
            line.trim_start_matches("| `")
                .split('`')
                .next()
                .unwrap()
                .to_owned()
        })
        .collect();
    let count = section
        .split_whitespace()
        .zip(section.split_whitespace().skip(1))
        .find(|(_, next)| *next == "files,")
        .and_then(|(n, _)| n.parse().ok())
        .expect("the section says how many files (\"these N files,\")");
    (files, count)
}

#[test]
fn the_list_is_the_one_this_test_keeps() {
    let (files, count) = listed();
    let kept: Vec<String> = FILES.iter().map(|(f, _)| (*f).to_owned()).collect();
    assert_eq!(files, kept, "ARCHITECTURE.md's list and FILES differ");
    assert_eq!(
        count,
        files.len(),
        "ARCHITECTURE.md says {count} files and lists {}",
        files.len()
    );
    for file in &files {
        assert!(
            Path::new(file).exists(),
            "ARCHITECTURE.md lists {file}, which does not exist"
        );
    }
}

#[test]
fn every_listed_file_names_the_whole_vocabulary() {
    let missing: Vec<String> = FILES
        .iter()
        .flat_map(|(file, kept)| lacking(file, *kept))
        .collect();
    assert!(missing.is_empty(), "files to touch:\n{}", missing.join("\n"));
}

#[test]
fn the_vocabulary_is_read_whole() {
    // Guards the reading itself: a parse that found nothing would let every check pass.
    let events = events();
    let commands = commands();
    assert!(events.len() > 60, "read {} event kinds", events.len());
    assert!(commands.len() > 50, "read {} commands", commands.len());
    assert_eq!(events.get("DisciplineReset").map(String::as_str), Some("k9"));
    assert_eq!(commands.get("BuyTime").map(String::as_str), Some("zero_dark"));
    let fields = roster_fields();
    assert!(fields.contains(&"wounds".to_owned()) && fields.contains(&"mission_upgrades".to_owned()));
    assert!(!names("Event::Healed2", "Event::Healed"));
    assert!(names("(Event::Healed(e)", "Event::Healed"));
}

#[test]
fn a_word_no_file_names_yet_is_found_and_named() {
    // What a new kind meets: its variant is named by no listed file until it is touched.
    let text = code("src/domain/evolve/mod.rs");
    assert!(names(&text, "Event::Wounded"));
    assert!(!names(&text, "Event::K9Rested"));
    let missing = lacking("tests/layers.rs", Kept::EveryEvent);
    assert!(
        missing
            .iter()
            .any(|m| m == "tests/layers.rs does not name Event::Wounded"),
        "{missing:?}"
    );
    for (name, why) in DERIVED.iter().chain(NO_SUBCOMMAND) {
        assert!(!why.is_empty(), "{name} is listed without a reason");
    }
}
