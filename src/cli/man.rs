//! `muster man [--dir DIR]`: the manual page, or a page for every command written to a folder.

use std::path::{Path, PathBuf};

use clap::Command;

use super::error::CommandError;
use super::help::Grammar;
use super::output;

/// `muster man`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Write muster.1 and a page for every command (muster-campaign-new.1…) into DIR
    /// (created if missing) instead of printing the main page. `man muster` finds them in
    /// ~/.cargo/share/man/man1 (for each directory on PATH, as ~/.cargo/bin, man also searches
    /// ../share/man); `manpath` shows where it looks
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

pub fn run(args: Args, grammar: Grammar) -> Result<(), CommandError> {
    // `help` is clap's own command, given no page of its own: no page lists it either.
    let Some(dir) = args.dir else {
        let mut page = Vec::new();
        clap_mangen::Man::new(grammar().disable_help_subcommand(true))
            .render(&mut page)
            .map_err(|e| CommandError::storage(format!("cannot write the manual page: {e}")))?;
        return output::print(&String::from_utf8_lossy(&page));
    };
    std::fs::create_dir_all(&dir).map_err(|e| cannot_write(&dir, &e))?;
    let mut command = grammar().disable_help_subcommand(true);
    command.build();
    let mut written = 0;
    write_pages(&command, &dir, &mut written)?;
    output::print(&format!(
        "wrote {written} manual pages to {} (muster.1 and muster-COMMAND.1 for each command)\n",
        dir.display()
    ))
}

/// Writes the page of `command` and of every command under it, counting them in `written`.
fn write_pages(command: &Command, dir: &Path, written: &mut usize) -> Result<(), CommandError> {
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub, dir, written)?;
    }
    let page = clap_mangen::Man::new(command.clone());
    page.generate_to(dir)
        .map_err(|e| cannot_write(&dir.join(page.get_filename()), &e))?;
    *written += 1;
    Ok(())
}

fn cannot_write(path: &Path, error: &std::io::Error) -> CommandError {
    CommandError::storage(format!(
        "cannot write the manual page {}: {error}",
        path.display()
    ))
}
