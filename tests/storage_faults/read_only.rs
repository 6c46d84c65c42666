//! A read-only database, or a writable one in a read-only directory, made so with permission
//! bits that bind muster (run as `nobody` when the tests run as root).

use std::os::unix::fs::PermissionsExt;

use super::*;

/// The uid and gid of `nobody`, used to run muster unprivileged when the tests run as root.
const NOBODY: u32 = 65534;

/// What is made read-only (chmod), with muster run by a user the permission bits bind: the
/// test's own user, or `nobody` when the tests run as root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seal {
    /// The file (0444) and its directory (0555): no -wal or -shm can be created beside it.
    FileAndDirectory,
    /// Only the file: a reader may create the -wal and -shm beside it.
    File,
    /// Only the directory: the file itself could be written, but nothing beside it created.
    Directory,
}

/// Keeps the data directory sealed for as long as it lives, and undoes it when dropped,
/// even when the test fails, so the temporary directory can be removed.
struct Sealed<'a> {
    fixture: &'a Fixture,
}

impl<'a> Sealed<'a> {
    fn new(fixture: &'a Fixture, seal: Seal) -> Sealed<'a> {
        if seal != Seal::Directory {
            set_mode(&fixture.db, 0o444);
        }
        if seal != Seal::File {
            set_mode(&fixture.dir, 0o555);
        }
        Sealed { fixture }
    }
}

impl Drop for Sealed<'_> {
    fn drop(&mut self) {
        // The -wal and -shm a reader created take the database's mode: restore them too.
        set_mode(&self.fixture.dir, 0o755);
        if let Ok(entries) = fs::read_dir(&self.fixture.dir) {
            for entry in entries.flatten() {
                set_mode(&entry.path(), 0o644);
            }
        }
    }
}

fn set_mode(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode))
        .unwrap_or_else(|e| panic!("chmod {mode:o} {}: {e}", path.display()));
}

/// Whether this process can open `path` for writing once it is chmod 0444: false for an
/// ordinary user, true for root (or anyone with CAP_DAC_OVERRIDE).
fn permissions_ignored(path: &Path) -> bool {
    fs::write(path, b"probe").expect("a probe file");
    set_mode(path, 0o444);
    let writable = fs::OpenOptions::new().append(true).open(path).is_ok();
    set_mode(path, 0o644);
    let _ = fs::remove_file(path);
    writable
}

fn find_program(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .chain(["/usr/bin", "/bin", "/usr/sbin", "/sbin"].map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// A fixture whose muster runs are bound by permission bits: run directly when they bind
/// this process, else (root) through `setpriv` as `nobody`, owning the data directory. A
/// scenario that cannot be set up fails, rather than pass having checked nothing.
fn permission_bound_fixture() -> Fixture {
    let mut fixture = Fixture::new();
    if !permissions_ignored(&fixture.tmp.path().join("probe")) {
        return fixture;
    }
    let setpriv = find_program("setpriv").unwrap_or_else(|| {
        panic!(
            "the tests run as root, which ignores permission bits, and setpriv is not installed \
             to drop root: apt-get install util-linux (.ci/run does)"
        )
    });
    let nobody = NOBODY.to_string();
    fixture.prefix = vec![
        setpriv.into_os_string(),
        "--reuid".into(),
        nobody.clone().into(),
        "--regid".into(),
        nobody.into(),
        "--clear-groups".into(),
    ];
    std::os::unix::fs::chown(&fixture.dir, Some(NOBODY), Some(NOBODY))
        .unwrap_or_else(|e| panic!("cannot give the data directory to nobody: {e}"));
    set_mode(fixture.tmp.path(), 0o755);
    let probe = fixture.run(&["--version"]);
    assert_eq!(
        probe.status.code(),
        Some(0),
        "the tests run as root, which ignores permission bits, and muster cannot run as nobody \
         through setpriv:\n{}",
        probe.describe()
    );
    fixture
}

/// The words a read-only database's failure may name it by.
const READ_ONLY: &[&str] = &["database", "read-only", "readonly", "permission"];

/// Under `seal`: every write fails with exit 4 and a message that does not blame a lock,
/// `roster` works or fails cleanly, the database file is not touched, and nothing new
/// appears beside it when the directory is sealed. Once unsealed, the write goes through.
fn writes_refused_while_sealed(fixture: &Fixture, seal: Seal, writes: &[&[&str]]) {
    let start = rows(&fixture.db);
    let bytes = fs::read(&fixture.db).expect("the database reads");
    let sidecars = fixture.sidecars();
    {
        let _sealed = Sealed::new(fixture, seal);
        for args in writes {
            let run = fixture.run(args);
            assert_storage_failure(&run, READ_ONLY);
            assert_not_blamed_on_a_lock(&run);
        }
        let roster = fixture.run(&["roster"]);
        match roster.code() {
            0 => assert!(roster.stdout.contains("Wong"), "{}", roster.describe()),
            _ => {
                assert_storage_failure(&roster, READ_ONLY);
                assert_not_blamed_on_a_lock(&roster);
            }
        }
        assert_eq!(
            fs::read(&fixture.db).unwrap(),
            bytes,
            "{seal:?} read-only: the database file changed"
        );
        if seal != Seal::File {
            assert_eq!(
                fixture.sidecars(),
                sidecars,
                "{seal:?} read-only: files appeared in a read-only directory"
            );
        }
    }
    let written = fixture.json(writes[0]);
    let end = rows(&fixture.db);
    assert_one_command_added(&start, &end, &written);
    assert_gapless(&end);
    fixture.verify_ok();
}

/// With the file and its directory read-only, then with only the file: writes (of a
/// campaign's events, a new campaign, the selection) fail with exit 4, and the file is left
/// as it was until permissions are restored.
#[test]
fn read_only_database_refuses_writes_cleanly_and_works_once_writable_again() {
    let fixture = permission_bound_fixture();
    fixture.campaign();
    assert!(
        fixture.sidecars().is_empty(),
        "a clean close leaves no -wal or -shm"
    );
    writes_refused_while_sealed(
        &fixture,
        Seal::FileAndDirectory,
        &[
            &["enlist", "Reyes", "--kind", "player", "--rp", "6"],
            &["xp", "Wong", "1", "--why", "a storage test"],
            &["campaign", "new", "Second Front", "--game", "wwii"],
            &["campaign", "use", "Operation Lodestar"],
        ],
    );
    writes_refused_while_sealed(
        &fixture,
        Seal::File,
        &[&["enlist", "Price", "--kind", "nps", "--rp", "4"]],
    );
}

/// A writable database in a read-only directory (a shared folder, a mount point): with no
/// -wal or -shm to be made beside it, writes fail with exit 4 and the file, though it could
/// be written, is left byte for byte as it was.
#[test]
fn writable_database_in_a_read_only_directory_refuses_writes_and_is_left_unchanged() {
    let fixture = permission_bound_fixture();
    fixture.campaign();
    writes_refused_while_sealed(
        &fixture,
        Seal::Directory,
        &[
            &["enlist", "Reyes", "--kind", "player", "--rp", "6"],
            &["campaign", "new", "Second Front", "--game", "wwii"],
        ],
    );
}

/// An archived campaign on read-only media (the file and its directory read-only) can still
/// be read and checked: `roster`, `log`, `verify` and `export` succeed, and nothing in the
/// directory changes.
#[test]
fn a_campaign_on_read_only_media_is_read_and_verified() {
    let fixture = permission_bound_fixture();
    fixture.campaign();
    let bytes = fs::read(&fixture.db).expect("the database reads");
    let sidecars = fixture.sidecars();
    let _sealed = Sealed::new(&fixture, Seal::FileAndDirectory);
    for args in [
        &["roster"][..],
        &["log"],
        &["verify"],
        &["export"],
        &["campaign", "list"],
    ] {
        let run = fixture.run(args);
        assert_eq!(
            run.code(),
            0,
            "muster {args:?} on read-only media:\n{}",
            run.describe()
        );
    }
    assert!(fixture.run(&["roster"]).stdout.contains("Wong"));
    assert_eq!(fs::read(&fixture.db).unwrap(), bytes, "the database file changed");
    assert_eq!(fixture.sidecars(), sidecars, "files appeared on read-only media");
}
