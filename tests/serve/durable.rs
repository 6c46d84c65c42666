//! Acknowledged means durable: a server recording commands while other programs read its file
//! keeps every command it answered, even killed; and its write-ahead log stays bounded while a
//! slow client holds an export stream open, and is folded into the file itself while it runs.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde_json::Value;

use super::harness::{Campaign, Server, args};

/// The server's descriptors that name its write-ahead log or shared memory as deleted.
fn deleted_wal_files(pid: u32) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| std::fs::read_link(entry.ok()?.path()).ok())
        .map(|target| target.display().to_string())
        .filter(|target| {
            target.ends_with("(deleted)") && (target.contains("-wal") || target.contains("-shm"))
        })
        .collect()
}

/// Opens, reads and closes the file as a user's `sqlite3` shell does (the system's SQLite, a
/// separate process, whose last connection then checkpoints and deletes the write-ahead log
/// if it finds no lock held on the file), and with a plain connection of this process.
fn read_as_other_programs(db: &Path) -> Result<i64, String> {
    let shell = Command::new("sqlite3")
        .arg(db)
        .arg("SELECT count(*) FROM events;")
        .output()
        .map_err(|e| format!("the sqlite3 shell did not run ({e}): install the Debian package sqlite3"))?;
    if !shell.status.success() {
        return Err(format!(
            "the sqlite3 shell failed: {}",
            String::from_utf8_lossy(&shell.stderr)
        ));
    }
    let conn = rusqlite::Connection::open(db).map_err(|e| e.to_string())?;
    let count = conn
        .query_row("SELECT count(*) FROM events", [], |row| row.get(0))
        .map_err(|e| e.to_string())?;
    conn.close().map_err(|(_, e)| e.to_string())?;
    Ok(count)
}

/// The head version a command's 201 answer names.
fn head_of(answer: &Value) -> u64 {
    answer["head"]["version"]
        .as_u64()
        .unwrap_or_else(|| panic!("no head in {answer}"))
}

#[test]
fn every_command_answered_201_survives_other_readers_of_the_file_and_a_sigkill() {
    let campaign = Campaign::new();
    if let Err(reason) = read_as_other_programs(&campaign.db) {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must not skip the lost-write test: {reason}"
        );
        eprintln!("skipped: {reason}");
        return;
    }
    let player = campaign.token("pat", "player");
    let mut server = Server::start(&campaign.db);
    let pid = server.child.id();
    let mut acknowledged = 0;
    let mut reads = Vec::new();
    let mut deleted = Vec::new();
    for round in 0..12 {
        // Authenticated reads: the server checks the token and opens its reader connections.
        reads.push(server.get(&player, "/api/v1/campaigns/Op/roster").0);
        reads.push(server.get(&player, "/api/v1/campaigns").0);
        let why = format!("round {round}");
        let (status, answer) = server.post(Some(&player), &args(&["xp", "Wong", "1", "--why", &why]));
        assert_eq!(status, 201, "{answer}");
        acknowledged = head_of(&answer);
        let read = read_as_other_programs(&campaign.db);
        assert!(read.as_ref().is_ok_and(|count| *count > 0), "{read:?}");
        deleted.extend(deleted_wal_files(pid));
    }
    // SIGKILL: no graceful stop checkpoints what the server still holds.
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    assert_eq!(
        campaign.head(),
        acknowledged,
        "every acknowledged command is in the log"
    );
    assert!(
        reads.iter().all(|status| *status == 200),
        "every read answered: {reads:?}"
    );
    if cfg!(target_os = "linux") {
        assert!(
            deleted.is_empty(),
            "the server's write-ahead log was deleted under it: {deleted:?}"
        );
    }
    let roster: Value = serde_json::from_str(&campaign.ok(&["roster", "--json"])).unwrap();
    assert_eq!(roster["soldiers"][0]["xp"], 12);
    let verified = campaign.muster(&["verify"]);
    assert!(
        verified.status.success(),
        "{}",
        String::from_utf8_lossy(&verified.stdout)
    );
    // A new server goes on from there.
    let server = Server::start(&campaign.db);
    let (status, answer) = server.post(Some(&player), &args(&["xp", "Wong", "1", "--why", "after"]));
    assert_eq!(status, 201, "{answer}");
    assert_eq!(head_of(&answer), acknowledged + 1);
}

/// The size of the file's write-ahead log now (0 when there is none).
fn wal_bytes(db: &Path) -> u64 {
    let mut wal: PathBuf = db.to_owned();
    wal.set_extension("db-wal");
    std::fs::metadata(wal).map_or(0, |m| m.len())
}

#[test]
fn a_stalled_export_stream_does_not_let_the_write_ahead_log_grow_without_bound() {
    let campaign = Campaign::new();
    campaign.ok(&["dev", "synth", "--events", "20000", "--name", "Big"]);
    campaign.ok(&["campaign", "use", "Op"]);
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    // A client asks for the long export and then reads no more than its first bytes: the
    // rest waits in the server, which must not keep the file's snapshot meanwhile.
    let address = server.url.trim_start_matches("http://");
    let mut stalled = TcpStream::connect(address).unwrap();
    stalled.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        stalled,
        "GET /api/v1/campaigns/Big/events HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {player}\r\n\r\n"
    )
    .unwrap();
    let mut first = [0u8; 4096];
    let read = stalled.read(&mut first).unwrap();
    assert!(
        String::from_utf8_lossy(&first[..read]).starts_with("HTTP/1.1 200"),
        "the export began"
    );
    let mut largest = 0;
    for n in 0..400 {
        let why = format!("while the export waits {n}");
        let (status, answer) = server.post(Some(&player), &args(&["xp", "Wong", "1", "--why", &why]));
        assert_eq!(status, 201, "{answer}");
        largest = largest.max(wal_bytes(&campaign.db));
    }
    // Folded by the server every 100 ms, the log holds a few commands' worth; this is the
    // writer's own fold's bound (4,000 pages of 4 KiB), should the server's stop.
    let bound = 20 * 1024 * 1024;
    assert!(
        largest <= bound,
        "the write-ahead log reached {largest} bytes (bound {bound}) while an export stalled"
    );
    drop(stalled);
}

/// Whether the database file itself (not its write-ahead log) holds `text`.
fn file_holds(db: &Path, text: &str) -> bool {
    let bytes = std::fs::read(db).unwrap();
    bytes.windows(text.len()).any(|w| w == text.as_bytes())
}

#[test]
fn a_recorded_command_is_folded_into_the_file_itself_soon_while_the_server_runs() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let why = "folded into the file 5e1b";
    let (status, answer) = server.post(Some(&player), &args(&["xp", "Wong", "1", "--why", why]));
    assert_eq!(status, 201, "{answer}");
    // A few commands write far fewer than the thousand pages past which SQLite folds the log
    // itself: only the server's own fold puts the command in the file while it runs.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !file_holds(&campaign.db, why) && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        file_holds(&campaign.db, why),
        "the command is still in the write-ahead log only, 10 s after it was answered"
    );
}
