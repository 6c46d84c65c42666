//! `muster --help`: the commands grouped by purpose and game, as cargo and jj list theirs.

use clap::Command;
use clap::builder::StyledStr;

use super::width;

/// The whole command line's clap definition (`Cli::command`), handed down by the module
/// that defines it to the ones that print or parse it whole (help, completions, manual pages,
/// the server's runner), which sit below it.
pub type Grammar = fn() -> Command;

/// The heading of the global options in every command's help.
pub const GLOBAL: &str = "Global options";

/// Each heading of `muster --help` and its commands, in the order listed.
const GROUPS: &[(&str, &[&str])] = &[
    (
        "Campaign",
        &["campaign", "enlist", "carry-over", "mission", "turn", "xp"],
    ),
    (
        "Warfighter play",
        &[
            "wound",
            "suppress",
            "heal",
            "down",
            "recover",
            "kill",
            "discharge",
            "hardy",
            "ekia",
            "rp",
            "medal",
            "suppress-hostile",
            "rp-card",
            "check",
            "environ",
            "resolve",
            "objective",
            "k9",
        ],
    ),
    (
        "Zero Dark play",
        &["hero-state", "bogey", "target", "spook", "persuade", "ally"],
    ),
    (
        "Reading and audit",
        &[
            "roster",
            "now",
            "log",
            "show",
            "blame",
            "diff",
            "assert",
            "verify",
            "seed",
            "chronicle",
            "note",
        ],
    ),
    ("Corrections", &["undo", "void", "amend"]),
    (
        "Files and setup",
        &[
            "info",
            "demo",
            "export",
            "import",
            "backup",
            "rebuild",
            "completions",
            "man",
            "dev",
        ],
    ),
    ("Playing with a server", &["serve", "remote", "pull", "push"]),
];

/// How wide help is at most, as clap's own `max_term_width` on the command line.
const WIDEST: usize = 100;

/// The command line to parse: `grammar`'s, its top-level help listing the commands under
/// [`GROUPS`]' headings. The commands are hidden from clap's own single list only here, so
/// completions and manual pages still show every one.
pub fn command(grammar: Grammar) -> Command {
    let cli = grammar();
    let mut template = StyledStr::new();
    template.push_str("{before-help}{about-with-newline}\n{usage-heading} {usage}\n\n");
    template.push_str(&groups(&cli));
    template.push_str("{all-args}{after-help}");
    let names: Vec<String> = cli.get_subcommands().map(|c| c.get_name().to_owned()).collect();
    names
        .iter()
        .fold(cli, |cli, name| cli.mut_subcommand(name, |c| c.hide(true)))
        .help_template(template)
        .override_usage("muster [OPTIONS] <COMMAND>")
}

/// The grouped list of commands: each heading, then `  name  about` lines, the abouts
/// wrapped to the terminal's width under their own column.
fn groups(cli: &Command) -> String {
    let styles = cli.get_styles();
    let (header, literal) = (styles.get_header(), styles.get_literal());
    let name_width = GROUPS
        .iter()
        .flat_map(|(_, names)| names.iter().map(|n| n.len()))
        .max()
        .unwrap_or(0);
    let indent = 2 + name_width + 2;
    let room = width::columns()
        .unwrap_or(WIDEST)
        .min(WIDEST)
        .saturating_sub(indent)
        .max(20);
    let mut text = String::new();
    for (heading, names) in GROUPS {
        text.push_str(&format!("{header}{heading}:{header:#}\n"));
        for command in names.iter().filter_map(|n| cli.find_subcommand(n)) {
            let about = command.get_about().map(|a| a.to_string()).unwrap_or_default();
            let name = command.get_name();
            let pad = " ".repeat(name_width - name.len());
            for (i, line) in width::wrap(&about, room).iter().enumerate() {
                if i == 0 {
                    text.push_str(&format!("  {literal}{name}{literal:#}{pad}  {line}\n"));
                } else {
                    text.push_str(&format!("{}{line}\n", " ".repeat(indent)));
                }
            }
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;
    use crate::cli::Cli;

    /// Every argument of `command` and the commands under it with no description, or one
    /// that only says its own name again, by its command's path.
    fn undescribed(command: &Command, path: &str, found: &mut Vec<String>) {
        let path = match path {
            "" => command.get_name().to_owned(),
            _ => format!("{path} {}", command.get_name()),
        };
        for arg in command.get_arguments().filter(|a| !a.is_hide_set()) {
            let id = arg.get_id().as_str();
            if ["help", "version"].contains(&id) || arg.is_global_set() && path != "muster" {
                continue;
            }
            let help = arg.get_long_help().or(arg.get_help()).map(|h| h.to_string());
            let words = help.as_deref().unwrap_or("").to_lowercase();
            let name = id.replace(['_', '-'], " ");
            let bare = words
                .trim_end_matches('.')
                .trim_start_matches("a ")
                .trim_start_matches("an ");
            if words.trim().is_empty() || bare == name || bare == format!("{name} bogey") {
                found.push(format!("{path} <{id}>: {help:?}"));
            }
        }
        for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
            undescribed(sub, &path, found);
        }
    }

    #[test]
    fn every_argument_says_what_it_takes_in_the_help_and_the_manual() {
        let mut cli = Cli::command();
        cli.build();
        let mut found = Vec::new();
        undescribed(&cli, "", &mut found);
        assert!(
            found.is_empty(),
            "arguments without a description:\n{}",
            found.join("\n")
        );
    }

    #[test]
    fn every_command_is_under_exactly_one_heading() {
        let cli = Cli::command();
        let listed: Vec<&str> = GROUPS
            .iter()
            .flat_map(|(_, names)| names.iter().copied())
            .collect();
        for command in cli.get_subcommands().filter(|c| !c.is_hide_set()) {
            let name = command.get_name();
            let times = listed.iter().filter(|n| **n == name).count();
            assert_eq!(times, 1, "`{name}` is listed {times} times in help's GROUPS");
        }
        for name in listed {
            assert!(
                cli.find_subcommand(name).is_some(),
                "GROUPS lists `{name}`, no command"
            );
        }
    }
}
