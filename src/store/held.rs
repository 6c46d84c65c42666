//! Which database files this process holds open through SQLite, so that nothing in it opens
//! one of them outside SQLite while it does.
//!
//! POSIX drops every lock a process holds on a file when the process closes *any* descriptor
//! on it. SQLite guards against this among its own connections, but a plain
//! `std::fs::File::open` and close of a database the process has open through SQLite silently
//! drops that connection's locks: another process's SQLite then believes itself the last
//! reader, folds the write-ahead log into the file and deletes it, and every later commit of
//! this process goes into an unlinked `-wal` and is lost with the process ("How To Corrupt An
//! SQLite Database File", §2.2). So a [`Holding`] is taken for every connection, and
//! [`outside_sqlite`] refuses to open a held file.

use std::collections::BTreeMap;
use std::path::Path;
#[cfg(not(unix))]
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

/// What identifies a file however it is named: its device and inode.
#[cfg(unix)]
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct FileId(u64, u64);
/// What identifies a file however it is named: its canonical path.
#[cfg(not(unix))]
type FileId = PathBuf;

/// How many connections this process holds on each file. Also held while a file is opened
/// outside SQLite, so a connection cannot be opened (and take its locks) in the middle.
static HELD: Mutex<BTreeMap<FileId, usize>> = Mutex::new(BTreeMap::new());

fn file_id(path: &Path) -> Option<FileId> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let meta = std::fs::metadata(path).ok()?;
        Some(FileId(meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        std::fs::canonicalize(path).ok()
    }
}

/// One connection's hold on its file, given up when the connection's [`Store`](super::Store)
/// is dropped (after the connection itself, which is declared before it).
#[derive(Debug)]
pub(super) struct Holding(Option<FileId>);

impl Holding {
    /// Takes a hold on the file at `path`, which a connection has just opened and not yet
    /// read (SQLite takes its locks at the first read, after this).
    pub(super) fn take(path: &Path) -> Holding {
        let id = file_id(path);
        if let Some(id) = &id {
            let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
            *held.entry(id.clone()).or_insert(0) += 1;
        }
        Holding(id)
    }
}

impl Drop for Holding {
    fn drop(&mut self) {
        let Some(id) = self.0.take() else {
            return;
        };
        let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = held.get_mut(&id) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                held.remove(&id);
            }
        }
    }
}

/// Whether this process holds the file at `path` open through SQLite: such a file is never
/// to be opened outside it, read as a card file or an export, nor replaced.
pub fn is_held(path: &Path) -> bool {
    file_id(path).is_some_and(|id| {
        HELD.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains_key(&id)
    })
}

/// Runs `read` on the file at `path` opened outside SQLite, unless this process holds it
/// through SQLite (then `None`: the file is not opened). No connection is opened meanwhile.
pub(super) fn outside_sqlite<T>(
    path: &Path,
    read: impl FnOnce(std::fs::File) -> T,
) -> Option<Result<T, std::io::Error>> {
    let held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
    if file_id(path).is_some_and(|id| held.contains_key(&id)) {
        return None;
    }
    let read = std::fs::File::open(path).map(read);
    // The file is closed inside `read`, before the hold on the registry is let go.
    drop(held);
    Some(read)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_file_is_never_opened_outside_sqlite_and_is_let_go_with_its_last_hold() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.db");
        std::fs::write(&path, b"").unwrap();
        let other = dir.path().join("link.db");
        std::fs::hard_link(&path, &other).unwrap();
        assert!(outside_sqlite(&path, |_| ()).is_some());
        let first = Holding::take(&path);
        let second = Holding::take(&path);
        assert!(outside_sqlite(&path, |_| ()).is_none());
        assert!(is_held(&other), "the same file under another name is held too");
        drop(first);
        assert!(is_held(&path), "one hold remains");
        drop(second);
        assert!(!is_held(&path));
        assert!(outside_sqlite(&path, |_| ()).is_some());
    }

    #[test]
    fn a_store_holds_its_file_from_its_first_read_until_it_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.db");
        let store = super::super::Store::open(&path).unwrap();
        assert!(is_held(&path), "a file the open created");
        let reader = super::super::Store::open_read_only(&path).unwrap();
        drop(store);
        assert!(is_held(&path), "the reader still holds it");
        drop(reader);
        assert!(!is_held(&path));
    }
}
