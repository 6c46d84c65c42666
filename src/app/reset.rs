//! `pull --reset`: a copy's campaign that parted from the server's replaced by the server's,
//! once every event only this copy holds is on the server (the same event id and payload
//! bytes, as after `push --rebase`) or written to a file the player names. The log's rows are
//! never deleted: the file is rebuilt into a new one beside it (every other campaign and table
//! copied, this campaign's rows left behind, the server's campaign imported), checked, and
//! renamed over the old one whole.

use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use crate::Error;
use crate::query::Query;
use crate::store::{Store, StoredRow, is_open_here};
use crate::transfer::{self, Imported, Line};

/// This copy's rows of `campaign` after version `parting` that the server's rows after it
/// (`theirs`) do not hold alike: the same event id with the same payload bytes.
pub fn only_here(
    store: &Store,
    campaign: &str,
    parting: u64,
    theirs: &[StoredRow],
) -> Result<Vec<StoredRow>, Error> {
    let on_server: HashMap<&str, &str> = theirs
        .iter()
        .map(|row| (row.event_id.as_str(), row.payload.as_str()))
        .collect();
    let ours = store.rows_between(campaign, parting, None)?;
    Ok(ours
        .into_iter()
        .filter(|row| on_server.get(row.event_id.as_str()) != Some(&row.payload.as_str()))
        .collect())
}

/// Writes `rows` to the new file `file` as export lines (JSON Lines, readable by its owner
/// only), flushed: where the events only this copy holds are kept before the reset.
pub fn keep_rows(rows: &[StoredRow], file: &Path) -> Result<(), Error> {
    let unwritable =
        |e: std::io::Error| Error::input(format!("--keep {}: cannot write it ({e})", file.display()));
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut out = options.open(file).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => Error::input(format!(
            "--keep {} exists; name a new file, so nothing kept there is overwritten",
            file.display()
        )),
        _ => unwritable(e),
    })?;
    for row in rows {
        let line = serde_json::to_string(&Line::of(row))
            .map_err(|e| Error::input(format!("cannot write event v{}: {e}", row.version)))?;
        writeln!(out, "{line}").map_err(unwritable)?;
    }
    out.sync_all().map_err(unwritable)
}

/// The file a reset builds beside `db`.
fn beside(db: &Path) -> PathBuf {
    let name = db
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    db.with_file_name(format!(".{name}.reset-{}", std::process::id()))
}

/// Removes the files a reset of `db` stopped midway left beside it (`.NAME.reset-PID`, with
/// its write-ahead log and shared memory) whose process is gone: each is a near-whole copy of
/// the database, seeds and token hashes too, of no use to anyone once its process ended. A
/// process is known gone where `/proc` says so; elsewhere none is removed.
fn remove_abandoned(db: &Path) {
    let (Some(folder), Some(name)) = (db.parent(), db.file_name()) else {
        return;
    };
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let prefix = format!(".{}.reset-", name.to_string_lossy());
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix(&prefix) else {
            continue;
        };
        let pid = rest.trim_end_matches("-wal").trim_end_matches("-shm");
        let gone = !pid.is_empty()
            && pid.bytes().all(|b| b.is_ascii_digit())
            && Path::new("/proc/self").exists()
            && !Path::new("/proc").join(pid).exists();
        if gone {
            let _removed = fs::remove_file(entry.path());
        }
    }
}

/// SQLite's write-ahead log of `db`: present while any program has the file open.
fn wal_of(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-wal");
    PathBuf::from(name)
}

/// Replaces `campaign` in the database at `db` with the server's whole campaign, read from
/// `export`: a new file beside it holds every other campaign and table, and the server's
/// campaign checked as an import is and verified; it is renamed over `db` only when no
/// program has `db` open (the caller closes its own connections first).
pub fn reset_campaign(
    db: &Path,
    campaign: &str,
    export: impl BufRead,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Imported, Error> {
    if is_open_here(db) {
        return Err(Error::input(
            "the database is still open in this process; the reset needs it closed",
        ));
    }
    remove_abandoned(db);
    let new = beside(db);
    let built = build(db, &new, campaign, export, progress);
    let swapped = built.and_then(|imported| {
        if wal_of(db).exists() {
            return Err(Error::input(format!(
                "another program has {} open (its write-ahead log {} is there): close it (a server serving this copy, a shell) and run the reset again; nothing was changed",
                db.display(),
                wal_of(db).display()
            )));
        }
        fs::rename(&new, db).map_err(|e| Error::input(format!("cannot put the rebuilt file in place: {e}")))?;
        if let Some(folder) = db.parent().filter(|p| !p.as_os_str().is_empty()) {
            // As SQLite does, a folder that cannot be flushed is not taken for a failure.
            let _flushed = File::open(folder).and_then(|folder| folder.sync_all());
        }
        Ok(imported)
    });
    if swapped.is_err() {
        let _removed = fs::remove_file(&new);
        let _removed = fs::remove_file(wal_of(&new));
    }
    swapped
}

/// Builds the new file: every other campaign and table of `db`, then the server's campaign.
fn build(
    db: &Path,
    new: &Path,
    campaign: &str,
    export: impl BufRead,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Imported, Error> {
    let _stale = fs::remove_file(new);
    let mut store = Store::open(new)?;
    store.copy_all_but(db, campaign)?;
    let imported = transfer::import_from(&mut store, export, progress)?;
    let verified = Query::new(&store, campaign).verify(None, &mut |_| {})?;
    if !verified.report.ok {
        return Err(Error::input(format!(
            "the server's '{campaign}' does not verify here ({} finding{}); nothing was changed",
            verified.report.findings.len(),
            if verified.report.findings.len() == 1 {
                ""
            } else {
                "s"
            }
        )));
    }
    // Closed, so its write-ahead log is folded in and removed before it is renamed.
    drop(store);
    if wal_of(new).exists() {
        return Err(Error::input(
            "the rebuilt file's write-ahead log was not folded in; nothing was changed",
        ));
    }
    Ok(imported)
}
