//! The one check that refuses a global option a command does not honour (the library's
//! table, `app::CommandName::needs`, says which it honours), and usage errors that show the
//! global options as typed.

use std::ffi::OsString;

use clap::error::{Error, ErrorKind};
use clap::parser::ValueSource;
use clap::{ArgMatches, Command as Clap};

use muster::app::{Format, Honours};

/// Refuses a global option the command does not honour: a format it does not print, or
/// `--db` or `--campaign` given on the command line to a command that reads neither (set in
/// the environment, they are the player's defaults and are not refused). The message names
/// what the command accepts.
pub fn check(honours: Honours, format: Format, matches: &ArgMatches) -> Result<(), String> {
    let name = command_name(matches);
    if !honours.formats.contains(&format) {
        let accepted: Vec<&str> = honours.formats.iter().map(|f| f.word()).collect();
        return Err(format!(
            "`muster {name}` does not print {}; --format accepts {} here",
            format.word(),
            one_of(&accepted)
        ));
    }
    let given = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
    if given("db") && !honours.db {
        return Err(format!(
            "`muster {name}` opens no database of yours, so --db does nothing here; drop it"
        ));
    }
    if given("campaign") && !honours.campaign {
        // A token or an invite bound to a campaign is asked for by its own flag: a --campaign
        // that did nothing would leave it reaching every campaign.
        let bound = match name.starts_with("serve") {
            true => "; a token's or an invite's campaigns are given with --only NAME",
            false => "",
        };
        return Err(format!(
            "`muster {name}` works on no selected campaign, so --campaign does nothing here; drop it{}{bound}",
            if honours.db { " (it still reads --db)" } else { "" }
        ));
    }
    Ok(())
}

/// The command's words, e.g. `campaign new`.
fn command_name(matches: &ArgMatches) -> String {
    let mut words = Vec::new();
    let mut at = matches;
    while let Some((word, sub)) = at.subcommand() {
        words.push(word.to_owned());
        at = sub;
    }
    words.join(" ")
}

/// `only a`, `a or b`, `a, b or c`.
fn one_of(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => format!("only {}", names.concat()),
    }
}

/// The usage error (exit 2) `message` makes, shown with the usage of the command `matches`
/// ran, as clap shows its own.
pub fn usage_error(command: &mut Clap, matches: &ArgMatches, message: String) -> Error {
    match matches.subcommand() {
        Some((name, sub)) => match command.find_subcommand_mut(name) {
            Some(inner) => usage_error(inner, sub, message),
            None => command.error(ErrorKind::ArgumentConflict, message),
        },
        None => command.error(ErrorKind::ArgumentConflict, message),
    }
}

/// clap's `error` with the usage line of the words typed: clap writes an option that its
/// environment variable set (`MUSTER_DB`) into the usage as if it were typed, which reads as
/// if `--db <PATH>` were required. `args` parsed again by `fresh`'s grammar with no option
/// read from the environment give the same error with that usage.
pub fn usage_as_typed(error: Error, fresh: impl FnOnce() -> Clap, args: &[OsString]) -> Error {
    // Help and the version are printed to standard output and show no usage of the words.
    if !error.use_stderr() {
        return error;
    }
    let command = fresh();
    let from_env: Vec<clap::Id> = command
        .get_arguments()
        .filter(|arg| arg.get_env().is_some_and(|name| std::env::var_os(name).is_some()))
        .map(|arg| arg.get_id().clone())
        .collect();
    if from_env.is_empty() {
        return error;
    }
    let bare = from_env
        .iter()
        .fold(command, |c, id| c.mut_arg(id, |arg| arg.env(None)));
    match bare.try_get_matches_from(args) {
        Err(again) if again.kind() == error.kind() => again,
        _ => error,
    }
}
