//! Reading a file the player names (a card, an export, a certificate), with errors that say
//! why; for a command a remote client sent, the files it read on its own machine and sent
//! with it.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::Path;

use super::error::CommandError;

thread_local! {
    /// The files a remote client sent, by the path it typed, while [`sent`] runs its command
    /// on this thread: no other file is read.
    static SENT: RefCell<Option<BTreeMap<String, String>>> = const { RefCell::new(None) };
}

/// Runs `f` reading the files in `files` (by the path typed) instead of this machine's disk.
pub fn sent<T>(files: BTreeMap<String, String>, f: impl FnOnce() -> T) -> T {
    let outer = SENT.with(|s| s.borrow_mut().replace(files));
    let result = f();
    SENT.with(|s| *s.borrow_mut() = outer);
    result
}

/// The text sent for `path`, when a remote client's command runs: `None` when it runs here.
fn sent_text(path: &Path, what: &str) -> Option<Result<String, CommandError>> {
    SENT.with(|s| {
        let files = s.borrow();
        let files = files.as_ref()?;
        let typed = path.to_string_lossy();
        Some(files.get(typed.as_ref()).cloned().ok_or_else(|| {
            CommandError::refused(format!(
                "the {what} {typed} was not sent with the command; the server reads no file of its own disk"
            ))
        }))
    })
}

/// The most a card or deck file may hold: the largest real one is a few kilobytes.
pub const MAX_CARD_FILE: u64 = 1024 * 1024;

/// The most a PEM file (a certificate chain, its private key, a group's certificate
/// authority) may hold: a long chain is a few tens of kilobytes.
pub const MAX_PEM_FILE: u64 = 1024 * 1024;

/// What a file read within a bound is refused for being larger than `limit`.
fn too_large(path: &Path, what: &str, (limit, kind): (u64, &str)) -> CommandError {
    CommandError::refused(format!(
        "the {what} {} is larger than {} KiB; {kind} is a few kilobytes",
        path.display(),
        limit / 1024
    ))
}

/// The file's text, refused with a clear message when it is missing, not a regular file (a
/// device such as /dev/zero would never end), larger than [`MAX_CARD_FILE`], or not UTF-8.
pub fn read_text(path: &Path, what: &str) -> Result<String, CommandError> {
    let bound = (MAX_CARD_FILE, "a card file");
    if let Some(text) = sent_text(path, what) {
        let text = text?;
        return match text.len() as u64 > MAX_CARD_FILE {
            true => Err(too_large(path, what, bound)),
            false => Ok(text.trim_start_matches('\u{feff}').to_owned()),
        };
    }
    refuse_the_database(path, what)?;
    let mut bytes = read_bounded(path, what, bound)?;
    // A byte-order mark some editors write is not part of the JSON.
    if bytes.starts_with("\u{feff}".as_bytes()) {
        bytes.drain(.."\u{feff}".len());
    }
    String::from_utf8(bytes).map_err(|_| {
        CommandError::refused(format!(
            "the {what} {} is not UTF-8 text; save it as UTF-8",
            path.display()
        ))
    })
}

/// The bytes of the file at `path` (the `what` named), at most `limit` of them: refused with a
/// clear message when it cannot be read, is not a regular file (a device such as /dev/zero
/// would never end) or is larger, before it fills the memory. `kind` says what file is wanted.
pub fn read_bounded(path: &Path, what: &str, (limit, kind): (u64, &str)) -> Result<Vec<u8>, CommandError> {
    let cannot =
        |e: std::io::Error| CommandError::refused(format!("cannot read the {what} {}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(cannot)?;
    let meta = file.metadata().map_err(cannot)?;
    if !meta.is_file() {
        return Err(CommandError::refused(format!(
            "the {what} {} is not a regular file (a device, a folder or a pipe); name {kind} saved on disk",
            path.display()
        )));
    }
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::Read::take(file, limit + 1), &mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(path, what, (limit, kind)));
    }
    Ok(bytes)
}

/// Writes the file at `path` through `write` (given the file and the path as shown), beside
/// its final place, then renames it there: the file appears whole, only once written, and a
/// failure leaves nothing behind.
pub fn write_whole(
    path: &Path,
    write: impl FnOnce(std::fs::File, &str) -> Result<(), CommandError>,
) -> Result<(), CommandError> {
    refuse_the_database(path, "file to write")?;
    let shown = path.display().to_string();
    let unwritable = |e: std::io::Error| {
        CommandError::refused(format!(
            "cannot write {shown}: {e}; give a path in a folder you can write to"
        ))
    };
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let temporary = tempfile::NamedTempFile::new_in(dir).map_err(unwritable)?;
    let file = temporary.as_file().try_clone().map_err(unwritable)?;
    write(file, &shown)?;
    temporary.persist(path).map_err(|e| unwritable(e.error))?;
    Ok(())
}

/// Refuses `path` when it is the database this command has open: reading it outside SQLite
/// would drop this process's locks on it, and replacing it would lose the log.
pub fn refuse_the_database(path: &Path, what: &str) -> Result<(), CommandError> {
    match muster::store::is_open_here(path) {
        true => Err(CommandError::refused(format!(
            "the {what} {} is the muster database itself; name another file",
            path.display()
        ))),
        false => Ok(()),
    }
}
