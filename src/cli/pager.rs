//! Standard output for a long listing: on a terminal, through a pager (`$PAGER`, else
//! `less -FRX`), so `muster log` can be read from its start; piped or redirected, or with
//! `--no-pager`, straight to standard output.

use std::env;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::{Child, ChildStdin, Command, Stdio};

use super::error::CommandError;

/// Where a listing is written: a pager's input or standard output, buffered.
pub struct Paged {
    out: BufWriter<Sink>,
    pager: Option<Child>,
}

enum Sink {
    Pager(ChildStdin),
    Stdout(super::output::Stdout),
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Pager(pipe) => pipe.write(buf),
            Sink::Stdout(out) => out.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Pager(pipe) => pipe.flush(),
            Sink::Stdout(out) => out.flush(),
        }
    }
}

impl Paged {
    /// A pager when standard output is a terminal and `no_pager` is false and one starts;
    /// otherwise standard output itself.
    pub fn start(no_pager: bool) -> Paged {
        let pager = (!no_pager && !super::output::capturing() && io::stdout().is_terminal())
            .then(spawn)
            .flatten();
        match pager {
            Some((child, stdin)) => Paged {
                out: BufWriter::new(Sink::Pager(stdin)),
                pager: Some(child),
            },
            None => Paged {
                out: BufWriter::new(Sink::Stdout(super::output::Stdout)),
                pager: None,
            },
        }
    }

    /// The writer to print to.
    pub fn out(&mut self) -> &mut dyn Write {
        &mut self.out
    }

    /// Flushes what is left and waits for the pager to be closed. `written` is how the
    /// writing went: a closed pager or pipe (`muster log | head`) is not an error.
    pub fn finish(self, written: io::Result<()>) -> Result<(), CommandError> {
        let Paged { out, pager } = self;
        let flushed = written.and_then(|()| out.into_inner().map_err(|e| e.into_error()).map(drop));
        // The pager's input is closed (dropped above) before it is waited for.
        if let Some(mut child) = pager {
            let _closed_by_the_reader = child.wait();
        }
        match flushed {
            Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(CommandError::storage(format!(
                "cannot write to standard output: {e}"
            ))),
            _ => Ok(()),
        }
    }
}

/// Starts the pager: `$PAGER` (its words split on spaces; empty for none), else, or when it
/// does not start, `less -FRX` (quit when the text fits, colours kept, no screen clearing).
fn spawn() -> Option<(Child, ChildStdin)> {
    let asked = env::var("PAGER").ok();
    if asked
        .as_deref()
        .is_some_and(|p| p.trim().is_empty() || p.trim() == "cat")
    {
        return None;
    }
    let words = |line: &str| line.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
    let tries = asked.iter().map(|p| words(p)).chain([words("less -FRX")]);
    tries.into_iter().find_map(|words| {
        let (program, args) = words.split_first()?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .spawn()
            .ok()?;
        let stdin = child.stdin.take()?;
        Some((child, stdin))
    })
}
