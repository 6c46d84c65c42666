//! The README's exit code table holds for the values it gives as examples: a word off a
//! flag's fixed list is a usage error (exit 2), a number that does not read is refused (1).

use crate::support::Muster;

/// The README's row for exit `code`.
fn row(code: u8) -> &'static str {
    let readme = include_str!("../../README.md");
    let table = &readme[readme.find("## Exit codes").expect("the exit code table")..];
    let start = format!("| {code} |");
    table
        .lines()
        .find(|line| line.starts_with(&start))
        .unwrap_or_else(|| panic!("no row for exit {code}"))
}

#[test]
fn each_bad_value_the_exit_code_table_names_exits_as_its_row_says() {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Dawn", "--with", "Wong"]);
    let night = Muster::new();
    night.ok(&["campaign", "new", "Night", "--game", "zero-dark"]);
    // Each example as the table writes it, and a whole command line giving it.
    let cases: [(&str, &Muster, &[&str], u8); 7] = [
        ("`--result win`", &m, &["mission", "end", "--result", "win"], 2),
        (
            "`--kind soldier`",
            &m,
            &["enlist", "Kim", "--kind", "soldier", "--rp", "3"],
            2,
        ),
        (
            "`--game warfighter`",
            &m,
            &["campaign", "new", "X", "--game", "warfighter"],
            2,
        ),
        ("`--format yaml`", &m, &["--format", "yaml", "roster"], 2),
        (
            "`hero-state Hale sleepy`",
            &night,
            &["hero-state", "Hale", "sleepy"],
            2,
        ),
        (
            "`--rp abc`",
            &m,
            &["enlist", "Kim", "--kind", "player", "--rp", "abc"],
            1,
        ),
        ("`--die 11`", &m, &["check", "Wong", "handler", "--die", "11"], 1),
    ];
    for (example, muster, args, code) in cases {
        assert!(
            row(code).contains(example),
            "the row for exit {code} names {example}"
        );
        // The refusal names the value, and a usage error the words it takes.
        match code {
            2 => assert!(muster.usage_error(args).contains("possible values"), "{args:?}"),
            _ => assert!(!muster.refused(args, "not").is_empty()),
        }
    }
}
