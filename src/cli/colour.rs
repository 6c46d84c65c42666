//! Colour: `--color auto|always|never`, `NO_COLOR` (<https://no-color.org>) and the terminal
//! check, one choice for clap's help and errors and for muster's own messages.

use std::ffi::OsString;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::builder::styling::{AnsiColor, Style};
use clap::{ColorChoice, ValueEnum};

/// How `error:` is shown: as clap shows its own.
const ERROR: Style = AnsiColor::Red.on_default().bold();
/// How `hint:` is shown.
const HINT: Style = AnsiColor::Cyan.on_default().bold();
/// How `note:` is shown.
const NOTE: Style = AnsiColor::Yellow.on_default().bold();

/// The `--color` choice on the command line `args` (the program's name first), read before
/// clap parses them so that clap's own help and errors follow it; `auto` when it is not
/// given or not a choice (clap then refuses it).
pub fn asked(args: &[OsString]) -> ColorChoice {
    let mut words = args.iter().skip(1).map(|a| a.to_str());
    let mut value = None;
    while let Some(word) = words.next() {
        match word {
            Some("--") => break,
            Some("--color") => value = words.next().flatten(),
            Some(word) => {
                if let Some(given) = word.strip_prefix("--color=") {
                    value = Some(given);
                }
            }
            None => {}
        }
    }
    value
        .and_then(|v| ColorChoice::from_str(v, false).ok())
        .unwrap_or(ColorChoice::Auto)
}

/// Makes muster's own messages follow `choice`: `auto` colours standard error only on a
/// terminal and never when `NO_COLOR` is set (anstream's checks, which clap's are too).
pub fn apply(choice: ColorChoice) {
    anstream::ColorChoice::write_global(match choice {
        ColorChoice::Auto => anstream::ColorChoice::Auto,
        ColorChoice::Always => anstream::ColorChoice::Always,
        ColorChoice::Never => anstream::ColorChoice::Never,
    });
}

/// Writes `error: MESSAGE` to standard error.
pub fn error(message: &str) {
    say(ERROR, "error", message);
}

/// Writes `hint: MESSAGE` to standard error.
pub fn hint(message: &str) {
    say(HINT, "hint", message);
}

/// Writes `note: MESSAGE` to standard error.
pub fn note(message: &str) {
    say(NOTE, "note", message);
}

/// Writes, once in the process, `note: waiting for another writer…` to standard error: a
/// write has waited [`muster::store::NOTICE_AFTER`] for another process's lock.
pub fn waiting_for_another_writer() {
    static SAID: AtomicBool = AtomicBool::new(false);
    if !SAID.swap(true, Ordering::Relaxed) {
        note("waiting for another writer…");
    }
}

fn say(style: Style, label: &str, message: &str) {
    anstream::eprintln!("{style}{label}:{style:#} {}", super::output::printable(message));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked_in(line: &[&str]) -> ColorChoice {
        let args: Vec<OsString> = line.iter().map(OsString::from).collect();
        asked(&args)
    }

    #[test]
    fn the_choice_is_read_in_either_spelling_and_not_after_the_end_of_options() {
        assert_eq!(
            asked_in(&["muster", "--color", "never", "roster"]),
            ColorChoice::Never
        );
        assert_eq!(
            asked_in(&["muster", "log", "--color=always"]),
            ColorChoice::Always
        );
        assert_eq!(asked_in(&["muster", "log"]), ColorChoice::Auto);
        assert_eq!(asked_in(&["muster", "--color", "sometimes"]), ColorChoice::Auto);
        assert_eq!(
            asked_in(&["muster", "amend", "3", "--why", "x", "--", "--color", "never"]),
            ColorChoice::Auto
        );
    }
}
