//! The `muster` binary: parse the command line, run it, set the exit code.

mod cli;
mod serve;
mod url;

use std::process::ExitCode;

// The long reads (`verify`, `rebuild`, blame's index, `export`) allocate on one thread and
// free on another, row after row, where the system allocator spent a quarter of `verify`'s
// time. mimalloc's version 2 (it hands freed memory back within milliseconds, version 3
// after a second) without transparent huge pages keeps every command's peak memory within
// a few MiB of the system allocator's (README, Performance).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    cli::complete_if_asked();
    cli::run(cli::parse())
}
