//! The `muster` binary: parse the command line, run it, set the exit code.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run(cli::parse())
}
