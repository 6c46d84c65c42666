//! `backup`: the whole database copied into one file while other processes read and write
//! it, written beside its place, flushed, checked, and only then put in place.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

use crate::Error;
use crate::query::Query;
use crate::store::{Head, Store, StoreError, is_open_here};
use crate::verify::Report;

/// A backup written, flushed, verified and in place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackedUp {
    /// The file, as the caller named it.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// Whether it replaced a file that was there (`--force`).
    pub replaced: bool,
    /// Every campaign the backup holds, oldest first.
    pub campaigns: Vec<CampaignBackedUp>,
}

/// One campaign of a backup: its head in the copy, and the database's when the backup began.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignBackedUp {
    pub name: String,
    pub head: Head,
    /// `None` for a campaign created while the backup was taken.
    pub head_at_start: Option<Head>,
}

/// What a backup came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Backup {
    /// Written, verified and in place.
    Written(BackedUp),
    /// The copy did not verify: these reports list its findings, and nothing was put in place
    /// (a file that was there is as it was).
    Unverified(Vec<Report>),
}

/// Copies the database `store` has open (the file at `database`) into the file `to`, whole
/// and as one snapshot, while other processes (a server included) go on reading and writing.
///
/// The copy is written into a new file of mode 0600 in `to`'s folder, flushed to disk, and
/// verified (SQLite's integrity check; every campaign's chain and rules, as `verify` checks
/// them; each campaign at least at the head it had when the backup began), and only then
/// renamed to `to` and the folder flushed. `to` is refused when it is the database itself
/// (or one of SQLite's files beside it), when its folder does not exist, and when it exists
/// unless `replace`. On any failure the temporary file is removed and `to` left as it was.
/// `progress` is told how many events of how many have been verified, now and then.
pub fn backup(
    store: &Store,
    database: &Path,
    to: &Path,
    replace: bool,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Backup, Error> {
    let target = Target::check(database, to, replace)?;
    // The heads the copy must reach: read before the snapshot, which can only be later.
    let at_start = heads(store)?;
    let unwritable = |what: &str, e: io::Error| {
        Error::Store(StoreError::Unwritable(format!(
            "cannot {what} the backup in {}: {e}",
            target.folder.display()
        )))
    };
    // Beside its place, so the rename is atomic; only its owner may read it from the start,
    // before SQLite writes the seeds and the token hashes into it. Removed when dropped.
    let temporary = tempfile::Builder::new()
        .prefix(".muster-backup-")
        .suffix(".tmp")
        .tempfile_in(&target.folder)
        .and_then(|file| make_private(file.as_file()).map(|()| file))
        .map_err(|e| unwritable("create a temporary file for", e))?
        .into_temp_path();
    store.copy_into(&temporary)?;
    // SQLite does not flush the file `VACUUM INTO` wrote: a power cut could leave it half
    // on disk once renamed.
    File::open(&temporary)
        .and_then(|file| {
            make_private(&file)?;
            file.sync_all()
        })
        .map_err(|e| unwritable("flush", e))?;
    let copy = Store::open_read_only(&temporary)?;
    let checked = check(&copy, &at_start, progress);
    drop(copy);
    // A read of a copy in write-ahead-log mode may leave SQLite's files beside it.
    for beside in ["-wal", "-shm"] {
        let mut path = temporary.as_os_str().to_owned();
        path.push(beside);
        let _gone_or_never_made = fs::remove_file(path);
    }
    let campaigns = match checked? {
        Ok(campaigns) => campaigns,
        Err(reports) => return Ok(Backup::Unverified(reports)),
    };
    let bytes = fs::metadata(&temporary).map_err(|e| unwritable("read", e))?.len();
    let put = match replace {
        true => temporary.persist(&target.path),
        false => temporary.persist_noclobber(&target.path),
    };
    if let Err(e) = put {
        if e.error.kind() == io::ErrorKind::AlreadyExists {
            return Err(Error::input(format!(
                "{} appeared while the backup was written, and was left as it is; pass --force to replace it, or name a new file",
                to.display()
            )));
        }
        return Err(unwritable("rename", e.error));
    }
    // The rename is durable only once the folder that records it is flushed. As SQLite does
    // for its own files, a file system that cannot flush a folder (some network ones) is
    // not taken for a failure: the backup is in place, and nothing better can be done.
    let _flushed_where_it_can_be = File::open(&target.folder).and_then(|folder| folder.sync_all());
    Ok(Backup::Written(BackedUp {
        path: to.to_path_buf(),
        bytes,
        replaced: target.existed,
        campaigns,
    }))
}

/// Where a backup goes: checked before anything is written.
struct Target {
    /// The folder, made absolute (and so never taken by SQLite for a `file:` URI).
    folder: PathBuf,
    /// The folder and the name.
    path: PathBuf,
    /// Whether a file is there, which `replace` allowed.
    existed: bool,
}

impl Target {
    /// Refuses `to` when it names no file in a folder that exists, when it is the database
    /// at `database` or one of SQLite's files beside it, or when it exists and not `replace`.
    fn check(database: &Path, to: &Path, replace: bool) -> Result<Target, Error> {
        let shown = to.display();
        if fs::metadata(to).is_ok_and(|m| m.is_dir()) {
            return Err(Error::input(format!(
                "{shown} is a folder; name a file in it, e.g. {}",
                to.join("muster-backup.db").display()
            )));
        }
        let named = to.file_name().filter(|_| {
            !to.as_os_str()
                .to_string_lossy()
                .ends_with(std::path::MAIN_SEPARATOR)
        });
        let Some(name) = named else {
            return Err(Error::input(format!(
                "{shown} names no file; name the file to write, e.g. muster-backup.db"
            )));
        };
        let folder = to
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let folder = match fs::canonicalize(folder) {
            Ok(folder) if folder.is_dir() => folder,
            _ => {
                return Err(Error::input(format!(
                    "the folder {} does not exist; create it first, or name a file in a folder that exists",
                    folder.display()
                )));
            }
        };
        let path = folder.join(name);
        let itself = || {
            Error::input(format!(
                "{shown} is the muster database itself; name another file, e.g. muster-backup.db beside it"
            ))
        };
        let database = fs::canonicalize(database).unwrap_or_else(|_| database.to_path_buf());
        // However it is named: through a link, or as another name of the same file.
        if fs::canonicalize(&path).is_ok_and(|p| p == database) || is_open_here(&path) {
            return Err(itself());
        }
        for beside in ["-wal", "-shm", "-journal"] {
            let mut sqlite_s = database.as_os_str().to_owned();
            sqlite_s.push(beside);
            if path.as_os_str() == sqlite_s {
                return Err(Error::input(format!(
                    "{shown} is SQLite's {beside} file beside the muster database; name another file, e.g. muster-backup.db"
                )));
            }
        }
        let existed = match fs::symlink_metadata(&path) {
            Err(_) => false,
            Ok(meta) if !(meta.is_file() || meta.file_type().is_symlink()) => {
                return Err(Error::input(format!(
                    "{shown} is not a regular file (a device, a pipe or a socket); name a file"
                )));
            }
            Ok(_) if !replace => {
                return Err(Error::input(format!(
                    "{shown} exists; pass --force to replace it (only once the new backup is written and verified), or name a new file"
                )));
            }
            Ok(_) => true,
        };
        Ok(Target {
            folder,
            path,
            existed,
        })
    }
}

/// Gives `file` the mode of a backup: its owner's to read and write, nobody else's.
fn make_private(file: &File) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(fs::Permissions::from_mode(0o600))
    }
    // Elsewhere a new file takes the access rules of its folder.
    #[cfg(not(unix))]
    {
        let _ = file;
        Ok(())
    }
}

/// Every campaign of `store` and its head.
fn heads(store: &Store) -> Result<Vec<(String, Head)>, Error> {
    let mut heads = Vec::new();
    for campaign in store.campaigns()? {
        let head = store.head(&campaign.name)?;
        heads.push((campaign.name, head));
    }
    Ok(heads)
}

/// Checks the copy: SQLite's integrity check, each campaign of `at_start` at least at its
/// head then (the same event at that version), and every campaign verified. Gives the
/// campaigns, or the reports of the ones that do not verify.
fn check(
    copy: &Store,
    at_start: &[(String, Head)],
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Result<Vec<CampaignBackedUp>, Vec<Report>>, Error> {
    let problems = copy.integrity_problems()?;
    if !problems.is_empty() {
        return Err(Error::Store(StoreError::Damaged(format!(
            "the backup failed SQLite's integrity check ({}), so it was not kept",
            problems.join("; ")
        ))));
    }
    let copied = heads(copy)?;
    for (name, head) in at_start {
        let held = copy.row_at(name, head.version)?.map(|row| row.hash);
        if held.as_deref() != Some(head.hash.as_str()) {
            return Err(Error::Store(StoreError::Damaged(format!(
                "the backup lacks campaign '{name}' as it stood when the backup began (v{}), so it was not kept",
                head.version
            ))));
        }
    }
    let total: u64 = copied.iter().map(|(_, head)| head.version).sum();
    let mut before = 0;
    let mut failed = Vec::new();
    for (name, head) in &copied {
        let verified = Query::new(copy, name).verify(None, &mut |done| progress(before + done, total))?;
        before += head.version;
        // A paper sheet the log disagrees with is backed up with the log, as any fact of it.
        let damaged = verified
            .report
            .findings
            .iter()
            .any(|f| !f.is_a_sheets_disagreement());
        if damaged {
            failed.push(verified.report);
        }
    }
    if !failed.is_empty() {
        return Ok(Err(failed));
    }
    Ok(Ok(copied
        .into_iter()
        .map(|(name, head)| CampaignBackedUp {
            head_at_start: at_start.iter().find(|(n, _)| *n == name).map(|(_, h)| h.clone()),
            name,
            head,
        })
        .collect()))
}
