//! `muster import FILE.jsonl` (or `-` for standard input): read an export into this database.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;

use muster::{app, transfer};

use super::context::Context;
use super::error::CommandError;
use super::output;
use super::progress::Progress;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "The file is read once, to its end, so it may be a pipe or a FIFO. It must hold one campaign whose name `campaign new` would accept. An export ends with a trailer line (the number of events and the last one's version and hash); a file whose trailer disagrees with the lines above it, or with any line after it, is refused. A file without a trailer (written by an older muster) is accepted with a note on standard error: whether it is complete cannot be proven, and of a cut only its ending on a K9's Discipline payment (the roll it paid for missing) is caught. An event dated after this machine's clock is refused (times never go back, so it would refuse every command recorded here before its time). A refused import names the first bad line, writes nothing and exits 1."
)]
pub struct Args {
    /// A file written by `muster export`, or `-` for standard input
    file: PathBuf,
}

pub fn run(ctx: &Context, args: Args) -> Result<(), CommandError> {
    let mut store = ctx.open()?;
    let stdin = args.file.as_os_str() == "-";
    let shown = if stdin {
        "standard input".to_owned()
    } else {
        args.file.display().to_string()
    };
    let input: Box<dyn BufRead> = if stdin {
        Box::new(std::io::stdin().lock())
    } else {
        super::file::refuse_the_database(&args.file, "export file")?;
        let file = File::open(&args.file)
            .map_err(|e| muster::Error::input(format!("cannot read export file {shown}: {e}")))?;
        let kind = file
            .metadata()
            .map_err(|e| muster::Error::input(format!("cannot read export file {shown}: {e}")))?
            .file_type();
        if !(kind.is_file() || is_fifo(&kind)) {
            return Err(CommandError::refused(format!(
                "{shown} is not a file or a pipe (a device or a folder); give a file written by `muster export`, or - for standard input"
            )));
        }
        Box::new(BufReader::with_capacity(1 << 16, file))
    };
    // The import counts the file's events before it checks them: the bar's length is exact.
    let mut progress = Progress::new("importing", 0);
    // An event dated after this machine's clock would refuse every command recorded here
    // until the clock passed it: the import refuses it instead.
    let now = ctx.clock.now();
    let imported = transfer::import_at(&mut store, input, now, &mut |done, of| progress.set_of(done, of))?;
    drop(progress);
    app::witness(
        &store,
        &imported.campaign,
        &imported.file_head,
        &shown,
        ctx.clock.as_ref(),
    )?;
    if !imported.trailer {
        super::colour::note(&format!(
            "{shown} has no trailer line (it was exported by an older muster, or cut short), so whether it holds the whole campaign cannot be proven; export it again with this muster to be sure"
        ));
    }
    // A cache: an index whose state cannot be read is not worth a failed import.
    if let Ok(Some(behind)) = app::blame_index_left(&store, &imported.campaign) {
        super::colour::note(&format!(
            "blame's index of '{}' is {behind} events behind its head, more than a command brings up to date: `muster blame` reads the log meanwhile (the same answers, slower); `muster --campaign {} rebuild` makes it, as does a `muster serve` of this file once it is quiet",
            imported.campaign,
            shell_words::quote(&imported.campaign)
        ));
    }
    output::print(&format!(
        "campaign '{}': {} event{} imported, head v{} {}\n",
        imported.campaign,
        imported.added,
        if imported.added == 1 { "" } else { "s" },
        imported.head.version,
        output::short_hash(&imported.head.hash)
    ))
}

/// Whether `kind` is a named pipe (FIFO), which an import reads to its end like a file.
#[cfg(unix)]
fn is_fifo(kind: &std::fs::FileType) -> bool {
    std::os::unix::fs::FileTypeExt::is_fifo(kind)
}

/// Named pipes are read as files only where the platform has them.
#[cfg(not(unix))]
fn is_fifo(_kind: &std::fs::FileType) -> bool {
    false
}
