//! The `muster` binary: parse the command line, run it, set the exit code.

mod cli;
mod serve;
mod url;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::complete_if_asked();
    cli::run(cli::parse())
}
