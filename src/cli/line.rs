//! The whole command line as a type the modules below its definition can parse and run.

use clap::ArgMatches;
use muster::app::Needs;

use super::context::Context;
use super::error::CommandError;

/// A whole command line: the command line's own (`Cli`), handed down as a type by the module
/// that defines it to those that parse and run a command line within one (the server's
/// runner, `amend`'s correcting command), so that they sit below the grammar they parse.
pub trait CommandLine: Sized {
    /// The whole grammar, its help grouped.
    fn grammar() -> clap::Command;
    /// The command line the matches give.
    fn from_matches(matches: &ArgMatches) -> Result<Self, clap::Error>;
    /// What it needs, from the library's table: its right through the server, the global
    /// options it honours.
    fn needs(&self) -> Needs;
    /// The campaign it creates, if it is `campaign new`.
    fn creates(&self) -> Option<&str>;
    /// Runs it.
    fn run(self, ctx: &Context) -> Result<(), CommandError>;
}

/// `args` (without `muster`) as a command line of `C`.
pub fn parse<C: CommandLine>(args: impl IntoIterator<Item = String>) -> Result<C, clap::Error> {
    let argv = std::iter::once("muster".to_owned()).chain(args);
    C::from_matches(&C::grammar().try_get_matches_from(argv)?)
}
