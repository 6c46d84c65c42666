//! `muster completions bash|zsh|fish`: shell integration.

use clap::ValueEnum;

use super::error::CommandError;
use super::help::Grammar;
use super::output;

/// A shell to complete for.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ShellArg {
    Bash,
    Zsh,
    Fish,
}

/// `muster completions SHELL`.
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell, e.g. `muster completions bash > /etc/bash_completion.d/muster`
    #[arg(value_enum)]
    shell: ShellArg,
}

pub fn completions(args: CompletionsArgs, grammar: Grammar) -> Result<(), CommandError> {
    let shell = match args.shell {
        ShellArg::Bash => clap_complete::Shell::Bash,
        ShellArg::Zsh => clap_complete::Shell::Zsh,
        ShellArg::Fish => clap_complete::Shell::Fish,
    };
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut grammar(), "muster", &mut script);
    output::print(&String::from_utf8_lossy(&script))
}
