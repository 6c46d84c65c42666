//! `muster backup` beside a busy server: the copy is taken while twenty clients write, and
//! holds every command the server acknowledged before it began; the server never runs it.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::harness::{Campaign, Server, args, muster};

/// Clients writing at once, and how many commands each sends at most.
const CLIENTS: usize = 20;
const EACH: usize = 15;
/// How long the clients may write, all told.
const LIMIT: Duration = Duration::from_secs(120);

/// One acknowledged command: when its answer came, the words that mark it in the log, and the
/// version its event was written at.
struct Acknowledged {
    at: Instant,
    why: String,
    version: u64,
}

#[test]
fn a_backup_taken_while_twenty_clients_write_verifies_and_holds_every_acknowledged_command() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("backup.db");
    let acknowledged: Mutex<Vec<Acknowledged>> = Mutex::new(Vec::new());
    let started = Instant::now();
    let (began, backed_up) = std::thread::scope(|scope| {
        for client in 0..CLIENTS {
            let (server, player, acknowledged) = (&server, &player, &acknowledged);
            scope.spawn(move || {
                for n in 0..EACH {
                    if started.elapsed() > LIMIT {
                        return;
                    }
                    let why = format!("client {client} command {n}");
                    let (status, body) =
                        server.post(Some(player), &args(&["xp", "Wong", "1", "--why", &why]));
                    let at = Instant::now();
                    assert_eq!(status, 201, "{body}");
                    let version = body["written"][0]["version"].as_u64().unwrap();
                    acknowledged
                        .lock()
                        .unwrap()
                        .push(Acknowledged { at, why, version });
                }
            });
        }
        // In the middle: once a fifth of the commands are in, while the rest are being sent.
        while acknowledged.lock().unwrap().len() < CLIENTS * EACH / 5 {
            assert!(started.elapsed() < LIMIT, "the clients write");
            std::thread::sleep(Duration::from_millis(10));
        }
        let began = Instant::now();
        let backed_up = muster(&campaign.db, &["--json", "backup", copy.to_str().unwrap()]);
        (began, backed_up)
    });
    assert!(
        backed_up.status.success(),
        "{}",
        String::from_utf8_lossy(&backed_up.stderr)
    );
    let acknowledged = acknowledged.into_inner().unwrap();
    let before: Vec<&Acknowledged> = acknowledged.iter().filter(|a| a.at < began).collect();
    assert!(
        before.len() >= CLIENTS * EACH / 5,
        "the backup began after {} acknowledgements",
        before.len()
    );
    assert!(
        acknowledged.iter().any(|a| a.at > began),
        "the clients went on writing while the backup was taken"
    );

    let reported: Value = serde_json::from_slice(&backed_up.stdout).unwrap();
    let op = reported["campaigns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Op")
        .unwrap();
    let newest_before = before.iter().map(|a| a.version).max().unwrap();
    assert!(
        op["head_at_start"]["version"].as_u64().unwrap() >= newest_before,
        "{reported}"
    );
    assert!(op["head"]["version"].as_u64() >= op["head_at_start"]["version"].as_u64());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&copy).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }

    let verified = muster(&copy, &["verify"]);
    assert!(
        verified.status.success(),
        "{}",
        String::from_utf8_lossy(&verified.stdout)
    );
    let log = muster(&copy, &["--json", "log"]);
    assert!(log.status.success());
    let copied: Vec<Value> = String::from_utf8(log.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(
        copied.len() as u64,
        op["head"]["version"].as_u64().unwrap(),
        "the copy's log is its head long"
    );
    for ack in before {
        let event = copied
            .iter()
            .find(|e| e["version"].as_u64() == Some(ack.version))
            .unwrap_or_else(|| panic!("v{} ({}) is not in the backup", ack.version, ack.why));
        assert_eq!(event["payload"]["why"], ack.why.as_str(), "{event}");
    }
}

#[test]
fn the_server_never_runs_a_backup() {
    let campaign = Campaign::new();
    let gm = campaign.token("gina", "gm");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("backup.db");
    let (status, answer) = server.post(Some(&gm), &args(&["backup", copy.to_str().unwrap()]));
    assert_eq!((status, answer["exit"].as_u64()), (403, Some(1)), "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("not served"),
        "{answer}"
    );
    assert!(!copy.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
