//! `--color` and NO_COLOR: muster's own messages and clap's coloured alike, by default only
//! on a terminal.

use super::support::Runner;

const ESCAPE: char = '\u{1b}';

/// A refusal of muster's own (no campaign yet) and one of clap's (an unknown command).
fn refusals(runner: &Runner) -> [String; 2] {
    let dir = tempfile::tempdir().unwrap();
    let own = runner
        .clone()
        .env("MUSTER_DB", dir.path().join("m.db"))
        .args(["roster"])
        .run();
    let clap = runner.clone().args(["wund"]).run();
    assert_eq!(
        (own.code(), clap.code()),
        (1, 2),
        "{} / {}",
        own.describe(),
        clap.describe()
    );
    // On a terminal standard error shows in standard output.
    [own.stderr + &own.stdout, clap.stderr + &clap.stdout]
}

#[test]
fn piped_messages_are_plain_unless_colour_is_asked_for() {
    for text in refusals(&Runner::new()) {
        assert!(!text.contains(ESCAPE), "{text:?}");
    }
    for text in refusals(&Runner::new().args(["--color", "always"])) {
        assert!(text.contains(&format!("{ESCAPE}[")), "{text:?}");
    }
    let [own, _] = refusals(&Runner::new().args(["--color", "always"]));
    assert!(own.contains("error:"), "{own:?}");
}

#[test]
fn a_terminal_is_coloured_unless_no_color_or_never_says_otherwise() {
    for text in refusals(&Runner::new().on_a_terminal()) {
        assert!(text.contains(ESCAPE), "not coloured on a terminal: {text:?}");
    }
    for runner in [
        Runner::new().on_a_terminal().env("NO_COLOR", "1"),
        Runner::new().on_a_terminal().args(["--color", "never"]),
    ] {
        for text in refusals(&runner) {
            assert!(!text.contains(ESCAPE), "{}: {text:?}", runner.describe());
        }
    }
}

#[test]
fn an_unknown_colour_choice_is_a_usage_error_naming_the_choices() {
    let ran = Runner::new().args(["--color", "sometimes", "roster"]).run();
    assert_eq!(ran.code(), 2, "{}", ran.describe());
    assert!(
        ran.stderr.contains("auto") && ran.stderr.contains("never"),
        "{}",
        ran.stderr
    );
}
