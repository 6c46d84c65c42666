//! The global options each command honours, and the one check that refuses the rest.

use clap::error::{Error, ErrorKind};
use clap::parser::ValueSource;
use clap::{ArgMatches, Command as Clap};

use super::Command;
use super::campaign;
use super::output::Format;

/// The global options a command reads: the formats it prints, and whether it opens the
/// database of `--db` and works on the campaign of `--campaign`.
#[derive(Debug, Clone, Copy)]
pub struct Honours {
    formats: &'static [Format],
    db: bool,
    campaign: bool,
}

/// Text only: a command that prints a message or a file of its own.
const TEXT: &[Format] = &[Format::Table];
/// Text or one JSON object: every command that writes events, and most reports.
const JSON: &[Format] = &[Format::Table, Format::Json];
/// The log's formats: a row per event.
const ROWS: &[Format] = &[Format::Table, Format::Json, Format::Csv, Format::Md];
/// The roster's: every format, the printable page included.
const EVERY: &[Format] = &[Format::Table, Format::Json, Format::Csv, Format::Md, Format::Html];

impl Honours {
    /// A command of the selected campaign, printing the given formats.
    const fn campaign(formats: &'static [Format]) -> Honours {
        Honours {
            formats,
            db: true,
            campaign: true,
        }
    }

    /// A command of the database as a whole, whatever campaign is selected.
    const fn database(formats: &'static [Format]) -> Honours {
        Honours {
            formats,
            db: true,
            campaign: false,
        }
    }

    /// A command that opens no database of the player's.
    const fn none(formats: &'static [Format]) -> Honours {
        Honours {
            formats,
            db: false,
            campaign: false,
        }
    }
}

impl Command {
    /// The global options this command honours; every other one given is refused.
    pub fn honours(&self) -> Honours {
        match self {
            Command::Roster(_) => Honours::campaign(EVERY),
            Command::Log(_) => Honours::campaign(ROWS),
            Command::Campaign(command) => match command {
                campaign::Command::New { .. } | campaign::Command::Use { .. } => Honours::database(JSON),
                campaign::Command::List
                | campaign::Command::Expansion { .. }
                | campaign::Command::Rules
                | campaign::Command::AdoptRules { .. } => Honours::campaign(JSON),
            },
            Command::Enlist(_)
            | Command::Mission(_)
            | Command::Turn(_)
            | Command::Wound(_)
            | Command::Suppress(_)
            | Command::Heal(_)
            | Command::Down(_)
            | Command::Recover(_)
            | Command::Kill(_)
            | Command::Discharge(_)
            | Command::Xp(_)
            | Command::Hardy(_)
            | Command::Ekia(_)
            | Command::Rp(_)
            | Command::Medal(_)
            | Command::SuppressHostile(_)
            | Command::RpCard(_)
            | Command::Check(_)
            | Command::Environ(_)
            | Command::Resolve(_)
            | Command::Objective(_)
            | Command::K9(_)
            | Command::HeroState(_)
            | Command::Bogey(_)
            | Command::Target(_)
            | Command::Spook(_)
            | Command::Persuade(_)
            | Command::Ally(_)
            | Command::Blame(_)
            | Command::Assert(_)
            | Command::Diff(_)
            | Command::Seed(_)
            | Command::Show(_)
            | Command::Void(_)
            | Command::Amend(_)
            | Command::Verify(_)
            | Command::Info(_) => Honours::campaign(JSON),
            // An export is JSON Lines whichever is asked.
            Command::Export(_) => Honours::campaign(JSON),
            Command::Rebuild(_) => Honours::campaign(TEXT),
            Command::Import(_) | Command::Dev(_) | Command::Serve(_) => Honours::database(TEXT),
            Command::Demo(_) => Honours::none(JSON),
            Command::Completions(_) | Command::Man(_) => Honours::none(TEXT),
            Command::Remote(_) => Honours::none(JSON),
            Command::Pull(_) | Command::Push(_) => Honours::campaign(JSON),
        }
    }
}

/// Refuses a global option the command does not honour: a format it does not print, or
/// `--db` or `--campaign` given on the command line to a command that reads neither (set in
/// the environment, they are the player's defaults and are not refused). The message names
/// what the command accepts.
pub fn check(honours: Honours, format: Format, matches: &ArgMatches) -> Result<(), String> {
    let name = command_name(matches);
    if !honours.formats.contains(&format) {
        let accepted: Vec<String> = honours.formats.iter().map(|f| format_name(*f)).collect();
        return Err(format!(
            "`muster {name}` does not print {}; --format accepts {} here",
            format_name(format),
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
        return Err(format!(
            "`muster {name}` works on no selected campaign, so --campaign does nothing here; drop it{}",
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

/// A format as it is typed after `--format`.
fn format_name(format: Format) -> String {
    use clap::ValueEnum;
    format
        .to_possible_value()
        .map_or_else(|| format!("{format:?}"), |value| value.get_name().to_owned())
}

/// `only a`, `a or b`, `a, b or c`.
fn one_of(names: &[String]) -> String {
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
