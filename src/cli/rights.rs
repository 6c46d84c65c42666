//! The role each command needs when `muster serve` runs it for a client, decided by one match
//! the compiler keeps exhaustive, so a new command is placed here before it can be served.

use muster::app::Role;

use super::Command;
use super::{audit, campaign, mission};

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
    /// in (what `amend` corrects): the commands a player may record, read off the one match
    /// below.
    pub fn records_play(self) -> bool {
        self == Right::Needs(Role::Player)
    }
}

impl Command {
    /// The right a client needs to run this command through the server.
    pub fn right(&self) -> Right {
        use Right::{Needs, NotServed};
        let read = Needs(Role::Viewer);
        let record = Needs(Role::Player);
        let manage = Needs(Role::Gm);
        match self {
            Command::Roster(_)
            | Command::Log(_)
            | Command::Blame(_)
            | Command::Diff(_)
            | Command::Show(_)
            | Command::Verify(_) => read,
            Command::Mission(mission::Command::Show { .. }) => read,
            Command::Mission(_) => record,
            Command::Campaign(command) => match command {
                campaign::Command::List | campaign::Command::Rules => read,
                campaign::Command::New { .. }
                | campaign::Command::Expansion { .. }
                | campaign::Command::AdoptRules { .. } => manage,
                campaign::Command::Use { .. } => {
                    NotServed("`campaign use` selects the server's own default; the URL names the campaign")
                }
            },
            Command::Seed(audit::SeedCommand::Reveal) | Command::Void(_) | Command::Amend(_) => manage,
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
            | Command::Assert(_) => record,
            Command::Export(_) => NotServed(
                "the export is read with GET …/events; `muster pull` brings the campaign to this machine, to export it there",
            ),
            Command::Import(_) | Command::Rebuild(_) | Command::Dev(_) | Command::Info(_) => {
                NotServed("it works on the server's own files; run it on the server's machine")
            }
            Command::Serve(_) => NotServed("tokens are managed on the server's machine"),
            Command::Remote(_) | Command::Pull(_) | Command::Push(_) => {
                NotServed("it works on the machine it runs on: its remotes, its own copy")
            }
            Command::Demo(_) | Command::Completions(_) | Command::Man(_) => {
                NotServed("it works on no campaign of the server's")
            }
        }
    }
}

impl Command {
    /// Whether `--remote` sends this command to the server: every command but those that
    /// work on this machine alone (its saved remotes and copies, the demo's own temporary
    /// database, its shell's completions, its manual).
    pub fn runs_remotely(&self) -> bool {
        !matches!(
            self,
            Command::Remote(_)
                | Command::Pull(_)
                | Command::Push(_)
                | Command::Demo(_)
                | Command::Completions(_)
                | Command::Man(_)
        )
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
