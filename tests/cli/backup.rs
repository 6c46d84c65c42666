//! `muster backup FILE`: the whole database in one private file that verifies and reads as
//! the original; every refusal leaves the database and FILE as they were.

use std::fs;
use std::path::Path;

use serde_json::Value;

use super::support::{LODESTAR, Muster, Runner, num};

/// Lodestar with a generated roll (its seed is needed to check it), a second campaign and a
/// server's token: all of it is what a backup must hold.
fn two_campaigns() -> Muster {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Patrol", "--k9-objective", "Find the cache"]);
    m.ok(&["check", "Wong", "handler"]);
    m.ok(&["campaign", "new", "Red Dawn", "--game", "wwii"]);
    m.ok(&["enlist", "Miller", "--kind", "player", "--rp", "5"]);
    m.ok(&["serve", "token", "add", "pat", "--role", "player"]);
    m
}

/// The same command on the database and on the copy, as `--db` names them.
fn on(db: &Path, args: &[&str]) -> (i32, String) {
    let ran = Runner::on(db).args(args).run();
    (ran.code(), ran.stdout)
}

/// The names of the files in `dir`, sorted, but for the database's own (`muster.db` and the
/// files SQLite keeps beside it, which come and go as connections open and close).
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with("muster.db"))
        .collect();
    names.sort();
    names
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn a_backup_of_two_campaigns_is_private_verifies_and_reads_as_the_original() {
    let m = two_campaigns();
    let copy = m.path("backup.db");
    let copy_arg = copy.to_str().unwrap();
    let backed_up = m.json(&["backup", copy_arg]);
    assert_eq!(backed_up["backup"], copy_arg);
    assert_eq!(
        backed_up["bytes"].as_u64(),
        Some(fs::metadata(&copy).unwrap().len())
    );
    assert_eq!(backed_up["replaced"], false);
    let campaigns = backed_up["campaigns"].as_array().unwrap();
    let names: Vec<&str> = campaigns.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, [LODESTAR, "Red Dawn"]);
    for campaign in campaigns {
        let name = campaign["name"].as_str().unwrap();
        let roster = m.json(&["--campaign", name, "roster"]);
        assert_eq!(campaign["head"], roster["head"], "{name}");
        assert_eq!(
            campaign["head_at_start"], roster["head"],
            "nobody wrote meanwhile"
        );
    }
    #[cfg(unix)]
    assert_eq!(mode(&copy), 0o600, "a backup holds seeds and token hashes");
    // Nothing else is left beside it: no temporary file, no SQLite file of the copy's.
    let dir = copy.parent().unwrap();
    assert_eq!(listing(dir), ["backup.db"]);

    for name in [LODESTAR, "Red Dawn"] {
        for args in [
            &["--json", "--campaign", name, "verify"][..],
            &["--json", "--campaign", name, "roster"],
            &["--json", "--campaign", name, "log"],
        ] {
            let (code, original) = on(&m.db, args);
            assert_eq!(code, 0, "{args:?}");
            let (code, copied) = on(&copy, args);
            assert_eq!(code, 0, "{args:?} on the copy");
            let parse = |text: &str| -> Vec<Value> {
                text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
            };
            assert_eq!(parse(&copied), parse(&original), "{args:?}");
        }
    }
    // The seed that generated Wong's roll, and the token, came along.
    let (_, log) = on(&copy, &["--json", "--campaign", LODESTAR, "log"]);
    let rolled = log
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|e| e["payload"]["roll"]["source"] == "generated")
        .expect("the check generated its face");
    let version = num(&rolled, "version").to_string();
    let (code, shown) = on(&copy, &["--json", "--campaign", LODESTAR, "show", &version]);
    assert_eq!(code, 0);
    let shown: Value = serde_json::from_str(&shown).unwrap();
    assert_eq!(shown["recomputed"]["seed_held"], true, "{shown}");
    assert_eq!(
        on(&copy, &["serve", "token", "list"]),
        on(&m.db, &["serve", "token", "list"])
    );
}

#[test]
fn a_backup_in_words_names_the_file_its_campaigns_and_the_warning() {
    let m = two_campaigns();
    let text = m.ok(&["backup", m.path("b.db").to_str().unwrap()]);
    for said in [
        "b.db",
        LODESTAR,
        "Red Dawn",
        "verified",
        "keep it private",
        "seeds",
    ] {
        assert!(text.contains(said), "{said:?} in:\n{text}");
    }
}

#[test]
fn refusals_exit_1_and_leave_the_database_and_the_file_as_they_were() {
    let m = two_campaigns();
    let there = m.path("there.db");
    fs::write(&there, "an earlier backup").unwrap();
    let folder = m.path("folder");
    fs::create_dir(&folder).unwrap();
    let database = fs::read(&m.db).unwrap();
    let before = listing(m.db.parent().unwrap());
    let wal = format!("{}-wal", m.db.display());
    let missing_folder = m.path("nowhere").join("b.db");
    for (args, phrase) in [
        (vec!["backup", there.to_str().unwrap()], "--force"),
        (
            vec!["backup", m.db.to_str().unwrap()],
            "the muster database itself",
        ),
        (vec!["backup", &wal], "-wal"),
        (vec!["backup", missing_folder.to_str().unwrap()], "does not exist"),
        (vec!["backup", folder.to_str().unwrap()], "is a folder"),
    ] {
        let stderr = m.refused(&args, phrase);
        assert!(stderr.contains("name"), "says what is accepted: {stderr}");
        assert_eq!(fs::read(&there).unwrap(), b"an earlier backup");
        assert_eq!(fs::read(&m.db).unwrap(), database, "{args:?}");
        assert_eq!(listing(m.db.parent().unwrap()), before, "{args:?}");
        assert!(listing(&folder).is_empty(), "{args:?}");
    }
    assert!(!m.path("nowhere").exists());
    // The whole file, whatever campaign is selected; and never another machine's.
    m.usage_error(&["backup", "--campaign", LODESTAR, m.path("b.db").to_str().unwrap()]);
    m.usage_error(&[
        "backup",
        "--remote",
        "http://127.0.0.1:9",
        m.path("b.db").to_str().unwrap(),
    ]);
    assert!(!m.path("b.db").exists());
}

#[test]
fn a_backup_of_no_database_is_refused_and_creates_nothing() {
    let m = Muster::new();
    m.refused(
        &["backup", m.path("b.db").to_str().unwrap()],
        "no muster database",
    );
    assert!(!m.db.exists() && !m.path("b.db").exists());
}

#[test]
fn force_replaces_a_file_with_a_private_verified_backup() {
    let m = two_campaigns();
    let there = m.path("there.db");
    fs::write(&there, "an earlier backup").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&there, fs::Permissions::from_mode(0o644)).unwrap();
    }
    let backed_up = m.json(&["backup", there.to_str().unwrap(), "--force"]);
    assert_eq!(backed_up["replaced"], true);
    #[cfg(unix)]
    assert_eq!(mode(&there), 0o600);
    let (code, _) = on(&there, &["--campaign", "Red Dawn", "verify"]);
    assert_eq!(code, 0);
}

#[test]
fn a_database_that_does_not_verify_leaves_no_backup_and_the_file_as_it_was() {
    let m = two_campaigns();
    let db = rusqlite::Connection::open(&m.db).unwrap();
    db.execute_batch("DROP TRIGGER events_refuse_update").unwrap();
    let edited = db
        .execute(
            "UPDATE events SET payload = replace(payload, '\"rp\":4', '\"rp\":9') WHERE campaign = ?1 AND version = ?2",
            rusqlite::params![LODESTAR, m.enlisted("Gizmo")],
        )
        .unwrap();
    assert_eq!(edited, 1);
    drop(db);
    let there = m.path("there.db");
    fs::write(&there, "an earlier backup").unwrap();
    let before = listing(m.db.parent().unwrap());
    let (code, _, stderr) = m.run(&["backup", there.to_str().unwrap(), "--force"]);
    assert_eq!(code, 3, "a copy that does not verify: {stderr}");
    assert!(
        stderr.contains(LODESTAR) && stderr.contains("did not verify"),
        "{stderr}"
    );
    assert_eq!(fs::read(&there).unwrap(), b"an earlier backup");
    assert_eq!(listing(m.db.parent().unwrap()), before, "no temporary file left");
}
