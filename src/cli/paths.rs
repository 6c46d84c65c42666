//! The paths a command line names (card files, deck files, an output file), found by their
//! clap value parser: the server reads only those a remote client sent, and the client
//! sends the files they name.

use std::path::PathBuf;

use clap::ArgMatches;
use clap::parser::ValueSource;

/// Each path typed on the command line: the option that names it (`--card`, or the
/// argument's name for a positional one) and the path as typed.
pub fn given(command: &clap::Command, matches: &ArgMatches) -> Vec<(String, PathBuf)> {
    let path_type = clap::builder::ValueParser::path_buf().type_id();
    let mut found = Vec::new();
    for arg in command.get_arguments() {
        let id = arg.get_id().as_str();
        let typed = matches!(matches.value_source(id), Some(ValueSource::CommandLine));
        if !typed || arg.get_value_parser().type_id() != path_type {
            continue;
        }
        let flag = match arg.get_long() {
            Some(long) => format!("--{long}"),
            None => id.to_uppercase(),
        };
        if let Ok(Some(paths)) = matches.try_get_many::<PathBuf>(id) {
            found.extend(paths.map(|p| (flag.clone(), p.clone())));
        }
    }
    if let Some((name, sub)) = matches.subcommand()
        && let Some(command) = command.find_subcommand(name)
    {
        found.extend(given(command, sub));
    }
    found
}
