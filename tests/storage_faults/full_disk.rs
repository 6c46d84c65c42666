//! A full disk: the process's file-size limit (`ulimit -f`) with SIGXFSZ ignored, so a write
//! past the limit fails with EFBIG the way a full disk fails with ENOSPC.

use std::process::{Command, Stdio};

use super::*;

/// The bytes in one block of `ulimit -f` for /bin/sh (512 for dash and POSIX, 1024 for bash),
/// found by writing past a one-block limit.
fn ulimit_block() -> u64 {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("probe");
    let status = Command::new("/bin/sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 1; printf '%4096s' '' > \"$0\"")
        .arg(&file)
        .env_clear()
        .stderr(Stdio::null())
        .status()
        .expect("/bin/sh runs");
    let size = fs::metadata(&file).map_or(0, |m| m.len());
    assert!(
        size == 512 || size == 1024,
        "ulimit -f 1 let /bin/sh write {size} bytes (status {status}); expected 512 or 1024"
    );
    size
}

/// The `ulimit -f` that lets the database and its log grow by about `slack` bytes.
fn limit_above(fixture: &Fixture, slack: u64) -> u64 {
    let block = ulimit_block();
    (fixture.stored_bytes() + slack).div_ceil(block)
}

/// A Soldier card with thousands of keywords: one event of about 600 KB, more than a new
/// database and its write-ahead log hold together.
fn big_card(fixture: &Fixture, name: &str) -> PathBuf {
    let keywords: Vec<String> = (0..20_000)
        .map(|i| format!("kw{i:05}-padding-padding-pad"))
        .collect();
    let card = serde_json::json!({
        "name": name, "kind": "player", "rp": 5, "health": 3,
        "abilities": {}, "keywords": keywords, "hardy": {}
    });
    let path = fixture.tmp.path().join(format!("{name}.json"));
    fs::write(&path, card.to_string()).expect("the card is written");
    path
}

const FULL_DISK: &[&str] = &["disk", "full", "too large", "space", "i/o"];

#[test]
fn full_disk_refuses_a_big_command_whole_and_the_next_command_works() {
    let fixture = Fixture::new();
    fixture.campaign();
    let before = rows(&fixture.db);
    let card = big_card(&fixture, "Bigs");
    let card = card.to_str().expect("a UTF-8 path");
    let limit = limit_above(&fixture, 4096);

    let run = fixture.run_limited(limit, &["enlist", "--card", card]);
    assert_storage_failure(&run, FULL_DISK);
    assert_not_blamed_on_a_lock(&run);
    assert_eq!(rows(&fixture.db), before, "a failed command left events behind");
    let verify = fixture.run_limited(limit, &["verify"]);
    assert_eq!(verify.code(), 0, "verify under the limit\n{}", verify.describe());

    // Space again: the same command goes through, once.
    let written = fixture.json(&["enlist", "--card", card]);
    let after = rows(&fixture.db);
    assert_one_command_added(&before, &after, &written);
    assert_gapless(&after);
    fixture.verify_ok();
}

#[test]
fn full_disk_filling_over_several_commands_leaves_each_all_or_nothing() {
    let fixture = Fixture::new();
    fixture.campaign();
    let limit = limit_above(&fixture, 4096);
    let mut succeeded = 0;
    let mut failed = None;
    for i in 1..=80 {
        let name = format!("Soldier{i}");
        let keyword = format!("k{:028}", i * 7_919);
        let args = [
            "--json",
            "enlist",
            name.as_str(),
            "--kind",
            "nps",
            "--rp",
            "4",
            "--keyword",
            keyword.as_str(),
        ];
        let before = rows_unsettled(&fixture.db);
        let run = fixture.run_limited(limit, &args);
        let after = rows_unsettled(&fixture.db);
        match run.code() {
            0 => {
                let written: Value = serde_json::from_str(&run.stdout)
                    .unwrap_or_else(|e| panic!("no JSON ({e})\n{}", run.describe()));
                assert_one_command_added(&before, &after, &written);
                succeeded += 1;
            }
            _ => {
                assert_storage_failure(&run, FULL_DISK);
                assert_not_blamed_on_a_lock(&run);
                assert_eq!(
                    after,
                    before,
                    "a failed command left events behind\n{}",
                    run.describe()
                );
                failed = Some(args.map(str::to_owned));
            }
        }
        assert_gapless(&after);
        let verify = fixture.run_limited(limit, &["verify"]);
        assert_eq!(verify.code(), 0, "verify under the limit\n{}", verify.describe());
        if failed.is_some() {
            break;
        }
    }
    let Some(args) = failed else {
        panic!("80 commands fitted under a limit of {limit} blocks; the disk never filled");
    };
    assert!(
        succeeded > 0,
        "the first command already failed; nothing filled up gradually"
    );

    // Space again: the command that failed goes through.
    let args: Vec<&str> = args[1..].iter().map(String::as_str).collect();
    let before = rows(&fixture.db);
    let written = fixture.json(&args);
    let after = rows(&fixture.db);
    assert_one_command_added(&before, &after, &written);
    assert_gapless(&after);
    assert_eq!(after.len(), 3 + succeeded + 1);
    fixture.verify_ok();
}

/// `campaign new` writes a seed, its events and the selection: when the disk fills at any of
/// them, exit 4 must mean no campaign was created, so that running it again works. Scans a
/// range of limits so that each of those writes is, for one of them, the one that does not
/// fit.
#[test]
fn campaign_new_on_a_full_disk_is_all_or_nothing() {
    let block = ulimit_block();
    let mut problems = Vec::new();
    'limits: for blocks in (64..=104).step_by(2) {
        let blocks = blocks * 512 / block;
        let fixture = Fixture::new();
        fixture.ok(&["campaign", "new", "Base", "--game", "modern"]);
        for i in 1..=16 {
            let name = format!("Op{i}");
            let run = fixture.run_limited(blocks, &["campaign", "new", &name, "--game", "modern"]);
            if run.code() == 0 {
                continue;
            }
            assert_storage_failure(&run, FULL_DISK);
            let created: Vec<Row> = rows(&fixture.db)
                .into_iter()
                .filter(|r| r.campaign == name)
                .collect();
            if !created.is_empty() {
                let again = fixture.run(&["campaign", "new", &name, "--game", "modern"]);
                problems.push(format!(
                    "with ulimit -f {blocks}, `campaign new {name}` exited 4 ({}) yet the log holds its {} events; \
                     `campaign list` now shows:\n{}\nand running it again gives exit {:?}: {}",
                    run.stderr.trim(),
                    created.len(),
                    fixture.ok(&["campaign", "list"]),
                    again.status.code(),
                    again.stderr.trim()
                ));
                break 'limits;
            }
            continue 'limits;
        }
    }
    assert!(
        problems.is_empty(),
        "a failed `campaign new` was not all-or-nothing:\n{}",
        problems.join("\n")
    );
}
