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

/// Why a line run inside another (amend's correcting command) does not stand.
#[derive(Debug)]
pub enum Inner {
    /// It does not parse.
    Unread(clap::Error),
    /// It gives a global option (its long name): it runs on the outer line's database,
    /// campaign, server and recorder, so the option would be ignored without a word.
    Global(String),
}

/// `args` as a command line of `C` run inside another, which gives none of the global options
/// (`--db`, `--campaign`, `--remote`, `--as`…) itself: their environment variables, read by
/// the outer line too, are no word of it.
pub fn parse_inner<C: CommandLine>(args: impl IntoIterator<Item = String>) -> Result<C, Inner> {
    let grammar = C::grammar();
    let globals: Vec<(String, String)> = grammar
        .get_arguments()
        .filter(|arg| arg.is_global_set())
        .map(|arg| {
            let id = arg.get_id().to_string();
            let long = arg.get_long().map_or_else(|| id.clone(), str::to_owned);
            (id, long)
        })
        .collect();
    let argv = std::iter::once("muster".to_owned()).chain(args);
    let matches = grammar.try_get_matches_from(argv).map_err(Inner::Unread)?;
    let given = globals
        .into_iter()
        .find(|(id, _)| matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine));
    if let Some((_, long)) = given {
        return Err(Inner::Global(long));
    }
    C::from_matches(&matches).map_err(Inner::Unread)
}
