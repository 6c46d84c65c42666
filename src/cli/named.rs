//! Each command of the grammar by its name in the library's one table of what commands need
//! (`app::CommandName`), in one match the compiler keeps exhaustive, so a new command is
//! named, and its needs placed in that table, before it runs; and the campaign a command
//! creates.

use muster::app::CommandName;

use super::{Command, campaign, mission};

impl Command {
    /// This command's name in the library's table, which says what it needs.
    pub fn name(&self) -> CommandName {
        match self {
            Command::Demo(_) => CommandName::Demo,
            Command::Campaign(command) => match command {
                campaign::Command::New { .. } => CommandName::CampaignNew,
                campaign::Command::List => CommandName::CampaignList,
                campaign::Command::Use { .. } => CommandName::CampaignUse,
                campaign::Command::Expansion { .. } => CommandName::CampaignExpansion,
                campaign::Command::Rules => CommandName::CampaignRules,
                campaign::Command::AdoptRules { .. } => CommandName::CampaignAdoptRules,
            },
            Command::Enlist(_) => CommandName::Enlist,
            Command::Mission(command) => match command {
                mission::Command::Show { .. } => CommandName::MissionShow,
                mission::Command::Start { .. } => CommandName::MissionStart,
                mission::Command::End { .. } => CommandName::MissionEnd,
            },
            Command::Turn(_) => CommandName::Turn,
            Command::Wound(_) => CommandName::Wound,
            Command::Suppress(_) => CommandName::Suppress,
            Command::Heal(_) => CommandName::Heal,
            Command::Down(_) => CommandName::Down,
            Command::Recover(_) => CommandName::Recover,
            Command::Kill(_) => CommandName::Kill,
            Command::Discharge(_) => CommandName::Discharge,
            Command::Xp(_) => CommandName::Xp,
            Command::Hardy(_) => CommandName::Hardy,
            Command::Ekia(_) => CommandName::Ekia,
            Command::Rp(_) => CommandName::Rp,
            Command::Medal(_) => CommandName::Medal,
            Command::SuppressHostile(_) => CommandName::SuppressHostile,
            Command::RpCard(_) => CommandName::RpCard,
            Command::Check(_) => CommandName::Check,
            Command::Environ(_) => CommandName::Environ,
            Command::Resolve(_) => CommandName::Resolve,
            Command::Objective(_) => CommandName::Objective,
            Command::K9(_) => CommandName::K9,
            Command::HeroState(_) => CommandName::HeroState,
            Command::Bogey(_) => CommandName::Bogey,
            Command::Target(_) => CommandName::Target,
            Command::Spook(_) => CommandName::Spook,
            Command::Persuade(_) => CommandName::Persuade,
            Command::Ally(_) => CommandName::Ally,
            Command::Roster(_) => CommandName::Roster,
            Command::Now(_) => CommandName::Now,
            Command::Undo(_) => CommandName::Undo,
            Command::Log(_) => CommandName::Log,
            Command::Blame(_) => CommandName::Blame,
            Command::Assert(_) => CommandName::Assert,
            Command::Note(_) => CommandName::Note,
            Command::CarryOver(_) => CommandName::CarryOver,
            Command::Chronicle(_) => CommandName::Chronicle,
            Command::Diff(_) => CommandName::Diff,
            Command::Seed(_) => CommandName::Seed,
            Command::Show(_) => CommandName::Show,
            Command::Void(_) => CommandName::Void,
            Command::Amend(_) => CommandName::Amend,
            Command::Verify(_) => CommandName::Verify,
            Command::Export(_) => CommandName::Export,
            Command::Import(_) => CommandName::Import,
            Command::Backup(_) => CommandName::Backup,
            Command::Rebuild(_) => CommandName::Rebuild,
            Command::Dev(_) => CommandName::Dev,
            Command::Completions(_) => CommandName::Completions,
            Command::Info(_) => CommandName::Info,
            Command::Man(_) => CommandName::Man,
            Command::Serve(_) => CommandName::Serve,
            Command::Remote(_) => CommandName::Remote,
            Command::Pull(_) => CommandName::Pull,
            Command::Push(_) => CommandName::Push,
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
    use clap::{CommandFactory, Parser};
    use muster::app::{Format, Needs, Right, Role};

    use crate::cli::Cli;

    /// What the command line `args` (without `muster`) needs, by its name.
    fn needs(args: &[&str]) -> Needs {
        let argv = std::iter::once("muster").chain(args.iter().copied());
        match Cli::try_parse_from(argv) {
            Ok(cli) => cli.command.name().needs(),
            Err(e) => panic!("`{}` does not parse: {e}", args.join(" ")),
        }
    }

    #[test]
    fn every_name_of_the_library_is_a_command_of_the_grammar() {
        let grammar = Cli::command();
        for name in muster::app::CommandName::ALL {
            let mut at = &grammar;
            for word in name.words().split(' ') {
                match at.find_subcommand(word) {
                    Some(sub) => at = sub,
                    None => panic!("`muster {}` is no command ({name:?})", name.words()),
                }
            }
        }
    }

    #[test]
    fn each_kind_of_command_needs_its_role_its_formats_and_its_place() {
        use Format::{Csv, Html, Json, Md, Table};
        let roster = needs(&["roster"]);
        assert_eq!(roster.right, Right::Needs(Role::Viewer));
        assert_eq!(roster.honours.formats, [Table, Json, Csv, Md, Html]);
        assert!(roster.remotely && roster.honours.campaign && roster.honours.db);
        assert_eq!(needs(&["log"]).honours.formats, [Table, Json, Csv, Md]);
        let wound = needs(&["wound", "Reyes", "1"]);
        assert!(wound.right.records_play(), "a player records play");
        assert_eq!(wound.honours.formats, [Table, Json]);
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
        assert_eq!(needs(&["mission", "show"]).right, Right::Needs(Role::Viewer));
        assert!(
            needs(&["mission", "end", "--result", "success"])
                .right
                .records_play()
        );
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
        let backup = needs(&["backup", "copy.db"]);
        assert!(!backup.remotely && matches!(backup.right, Right::NotServed(_)));
        assert!(
            backup.honours.db && !backup.honours.campaign,
            "a backup is of the whole file"
        );
    }
}
