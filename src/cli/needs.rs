//! What each command needs, in one match the compiler keeps exhaustive, so a new command is
//! placed here before it runs: the role a client needs to run it through the server (or why
//! the server does not), the global options it honours (every other one given is refused),
//! and whether `--remote` sends it to a server. The command line (`honours::check`,
//! `--remote`), the server's runner (`served.rs`) and `amend` all read this one table.

use muster::app::Role;

use super::output::Format;
use super::{Command, audit, campaign, mission};

/// Who may run a command through the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Right {
    /// Anyone whose token has at least this role.
    Needs(Role),
    /// Nobody: the command works on the server's own files or settings, or on no campaign.
    NotServed(&'static str),
}

impl Right {
    /// Whether a command of this right records an event of play, the kind a mistake is made
    /// in (what `amend` corrects): the commands a player may record.
    pub fn records_play(self) -> bool {
        self == Right::Needs(Role::Player)
    }
}

/// The global options a command reads: the formats it prints, and whether it opens the
/// database of `--db` and works on the campaign of `--campaign`.
#[derive(Debug, Clone, Copy)]
pub struct Honours {
    pub formats: &'static [Format],
    pub db: bool,
    pub campaign: bool,
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

/// What a command needs: its right through the server, the global options it honours, and
/// whether `--remote` sends it (else it works on this machine alone: its saved remotes and
/// copies, the demo's own temporary database, its shell's completions, its manual).
#[derive(Debug, Clone, Copy)]
pub struct Needs {
    pub right: Right,
    pub honours: Honours,
    pub remotely: bool,
}

impl Needs {
    const fn of(right: Right, honours: Honours) -> Needs {
        Needs {
            right,
            honours,
            remotely: true,
        }
    }

    /// A command that works on this machine alone, so never served.
    const fn here(why: &'static str, honours: Honours) -> Needs {
        Needs {
            right: Right::NotServed(why),
            honours,
            remotely: false,
        }
    }
}

/// Reads a campaign: a viewer may.
const READ: Right = Right::Needs(Role::Viewer);
/// Records play: a player may.
const RECORD: Right = Right::Needs(Role::Player);
/// Manages the campaign (voids, amendments, seeds, rules, expansions, new campaigns): a gm.
const MANAGE: Right = Right::Needs(Role::Gm);
/// Why a command of the server's own files is not served.
const ITS_FILES: Right =
    Right::NotServed("it works on the server's own files; run it on the server's machine");
/// Why a command of this machine's remotes and copies is not served.
const THIS_MACHINE: &str = "it works on the machine it runs on: its remotes, its own copy";
/// Why a command of no campaign is not served.
const NO_CAMPAIGN: &str = "it works on no campaign of the server's";

impl Command {
    /// What this command needs: one arm per command, its right and the options it honours
    /// side by side.
    pub fn needs(&self) -> Needs {
        let play = Needs::of(RECORD, Honours::campaign(JSON));
        let report = Needs::of(READ, Honours::campaign(JSON));
        match self {
            Command::Roster(_) => Needs::of(READ, Honours::campaign(EVERY)),
            Command::Log(_) => Needs::of(READ, Honours::campaign(ROWS)),
            Command::Blame(_) | Command::Diff(_) | Command::Show(_) | Command::Verify(_) => report,
            Command::Mission(mission::Command::Show { .. }) => report,
            Command::Mission(_) => play,
            Command::Campaign(command) => match command {
                campaign::Command::List | campaign::Command::Rules => report,
                campaign::Command::Expansion { .. } | campaign::Command::AdoptRules { .. } => {
                    Needs::of(MANAGE, Honours::campaign(JSON))
                }
                campaign::Command::New { .. } => Needs::of(MANAGE, Honours::database(JSON)),
                campaign::Command::Use { .. } => Needs::of(
                    Right::NotServed(
                        "`campaign use` selects the server's own default; the URL names the campaign",
                    ),
                    Honours::database(JSON),
                ),
            },
            Command::Seed(audit::SeedCommand::Reveal) | Command::Void(_) | Command::Amend(_) => {
                Needs::of(MANAGE, Honours::campaign(JSON))
            }
            Command::Enlist(_)
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
            | Command::Assert(_) => play,
            // An export is JSON Lines whichever is asked.
            Command::Export(_) => Needs::of(
                Right::NotServed(
                    "the export is read with GET …/events; `muster pull` brings the campaign to this machine, to export it there",
                ),
                Honours::campaign(JSON),
            ),
            Command::Info(_) => Needs::of(ITS_FILES, Honours::campaign(JSON)),
            Command::Rebuild(_) => Needs::of(ITS_FILES, Honours::campaign(TEXT)),
            Command::Import(_) | Command::Dev(_) => Needs::of(ITS_FILES, Honours::database(TEXT)),
            Command::Serve(_) => Needs::of(
                Right::NotServed("tokens are managed on the server's machine"),
                Honours::database(TEXT),
            ),
            Command::Remote(_) => Needs::here(THIS_MACHINE, Honours::none(JSON)),
            Command::Pull(_) | Command::Push(_) => Needs::here(THIS_MACHINE, Honours::campaign(JSON)),
            Command::Demo(_) => Needs::here(NO_CAMPAIGN, Honours::none(JSON)),
            Command::Completions(_) | Command::Man(_) => Needs::here(NO_CAMPAIGN, Honours::none(TEXT)),
        }
    }

    /// The campaign this command creates, if it creates one: through the server, only the
    /// campaign the URL names.
    pub fn creates(&self) -> Option<&str> {
        match self {
            Command::Campaign(campaign::Command::New { name, .. }) => Some(name),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::Cli;

    /// What the command line `args` (without `muster`) needs.
    fn needs(args: &[&str]) -> Needs {
        let argv = std::iter::once("muster").chain(args.iter().copied());
        match Cli::try_parse_from(argv) {
            Ok(cli) => cli.command.needs(),
            Err(e) => panic!("`{}` does not parse: {e}", args.join(" ")),
        }
    }

    #[test]
    fn each_kind_of_command_needs_its_role_its_formats_and_its_place() {
        let roster = needs(&["roster"]);
        assert_eq!(roster.right, Right::Needs(Role::Viewer));
        assert_eq!(roster.honours.formats, EVERY);
        assert!(roster.remotely && roster.honours.campaign && roster.honours.db);
        assert_eq!(needs(&["log"]).honours.formats, ROWS);
        let wound = needs(&["wound", "Reyes", "1"]);
        assert!(wound.right.records_play(), "a player records play");
        assert_eq!(wound.honours.formats, JSON);
        let void = needs(&["void", "3", "--why", "typo"]);
        assert_eq!(void.right, Right::Needs(Role::Gm));
        assert!(!void.right.records_play(), "a void is not amended");
        let new = needs(&["campaign", "new", "Ops", "--game", "wwii"]);
        assert_eq!(new.right, Right::Needs(Role::Gm));
        assert!(
            new.honours.db && !new.honours.campaign,
            "a new campaign is no selected one"
        );
        assert!(matches!(
            needs(&["campaign", "use", "Ops"]).right,
            Right::NotServed(_)
        ));
        for here in [&["pull", "table"][..], &["push", "table"], &["demo"], &["man"]] {
            let needed = needs(here);
            assert!(!needed.remotely, "`{}` works on this machine", here.join(" "));
            assert!(
                matches!(needed.right, Right::NotServed(_)),
                "`{}` is not served",
                here.join(" ")
            );
        }
        let export = needs(&["export"]);
        assert!(export.remotely && matches!(export.right, Right::NotServed(_)));
    }
}
