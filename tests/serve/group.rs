//! Group commit under load: commands from many clients over several campaigns share the
//! server's flushes, and whatever stops the server, nothing answered 201 is lost or written
//! twice; a refusal among them costs the others nothing, and a disk that fills answers a
//! command 500 only when nothing of it was kept.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::harness::{BIN, Campaign, Server, agent, indexed_and_head};

const CAMPAIGNS: [&str; 4] = ["Op", "Two", "Three", "Four"];
const CLIENTS: usize = 20;
const KILLS: u64 = 50;

/// `Op` and three more campaigns, each with a Soldier named Wong.
fn community() -> Campaign {
    let campaign = Campaign::new();
    for name in &CAMPAIGNS[1..] {
        campaign.ok(&["campaign", "new", name, "--game", "modern"]);
        campaign.ok(&[
            "--campaign",
            name,
            "enlist",
            "Wong",
            "--kind",
            "player",
            "--rp",
            "4",
        ]);
    }
    campaign
}

/// One client's command: the campaign it goes to, its command id, and the reason it gives,
/// which no other command gives (`w.` client `.` number `.`, so none is inside another).
#[derive(Clone)]
struct Sent {
    campaign: &'static str,
    id: String,
    why: String,
}

impl Sent {
    fn new(client: usize, n: usize) -> Sent {
        Sent {
            campaign: CAMPAIGNS[client % CAMPAIGNS.len()],
            id: format!("client-{client}-{n}"),
            why: format!("w.{client}.{n}."),
        }
    }

    fn body(&self) -> Value {
        json!({
            "args": ["xp", "Wong", "+1", "--why", self.why],
            "command_id": self.id,
        })
    }
}

/// What a POST of `sent` answered: its status, or `None` when the server was gone.
fn post(url: &str, token: &str, sent: &Sent) -> Option<(u16, Value)> {
    let mut response = agent()
        .post(format!("{url}/api/v1/campaigns/{}/commands", sent.campaign))
        .header("Authorization", format!("Bearer {token}"))
        .send_json(sent.body())
        .ok()?;
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().ok()?;
    Some((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
}

/// Runs `send(client, n)` for ten `n` on each of [`CLIENTS`] threads at once: every outcome.
fn burst<T: Send>(send: impl Fn(usize, usize) -> T + Sync) -> Vec<T> {
    std::thread::scope(|scope| {
        let clients: Vec<_> = (0..CLIENTS)
            .map(|client| {
                let send = &send;
                scope.spawn(move || (1..=10).map(|n| send(client, n)).collect::<Vec<_>>())
            })
            .collect();
        clients.into_iter().flat_map(|c| c.join().unwrap()).collect()
    })
}

/// How many events of the log give each reason.
fn reasons(db: &Path) -> BTreeMap<String, usize> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare("SELECT payload FROM events WHERE kind = 'xp_adjusted'")
        .unwrap();
    let mut counted = BTreeMap::new();
    let payloads = stmt.query_map([], |row| row.get::<_, String>(0)).unwrap();
    for payload in payloads {
        let payload: Value = serde_json::from_str(&payload.unwrap()).unwrap();
        if let Some(why) = payload["why"].as_str() {
            *counted.entry(why.to_owned()).or_insert(0) += 1;
        }
    }
    counted
}

/// A small generator of the kill moments, the same every run.
fn moments(seed: u64) -> impl Iterator<Item = Duration> {
    let mut state = seed;
    std::iter::repeat_with(move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        Duration::from_millis((state >> 33) % 120)
    })
}

#[test]
fn group_commit_killed_fifty_times_keeps_every_command_answered_201_once() {
    let campaign = community();
    let token = campaign.token("table", "player");
    // Each client's command not yet answered, sent again (same id) after the next start.
    let pending: Vec<Mutex<Option<Sent>>> = (0..CLIENTS).map(|_| Mutex::new(None)).collect();
    let mut sent_count = [0usize; CLIENTS];
    let acknowledged = Mutex::new(Vec::new());
    for moment in moments(32).take(KILLS as usize) {
        let mut server = Server::start(&campaign.db);
        let landed = acknowledged.lock().unwrap().len();
        std::thread::scope(|scope| {
            for (client, count) in sent_count.iter_mut().enumerate() {
                let (url, token, pending, acknowledged) =
                    (&server.url, &token, &pending[client], &acknowledged);
                scope.spawn(move || {
                    loop {
                        let sent = pending.lock().unwrap().take().unwrap_or_else(|| {
                            *count += 1;
                            Sent::new(client, *count)
                        });
                        match post(url, token, &sent) {
                            Some((201, _)) => acknowledged.lock().unwrap().push(sent.why),
                            Some((status, answer)) => panic!("{status} for {}: {answer}", sent.why),
                            None => {
                                *pending.lock().unwrap() = Some(sent);
                                return;
                            }
                        }
                    }
                });
            }
            // Once commands land, at a moment into the burst.
            let waited = Instant::now();
            while acknowledged.lock().unwrap().len() == landed && waited.elapsed() < Duration::from_secs(30) {
                std::thread::sleep(Duration::from_millis(1));
            }
            std::thread::sleep(moment);
            // SIGKILL: whatever flush is under way stops where it is.
            server.child.kill().unwrap();
            server.child.wait().unwrap();
        });
    }
    let acknowledged = acknowledged.into_inner().unwrap();
    let logged = reasons(&campaign.db);
    assert!(
        acknowledged.len() > KILLS as usize,
        "the clients had commands answered: {}",
        acknowledged.len()
    );
    for why in &acknowledged {
        assert_eq!(logged.get(why), Some(&1), "{why} was answered 201");
    }
    let doubled: Vec<_> = logged.iter().filter(|(_, n)| **n > 1).collect();
    assert!(doubled.is_empty(), "written twice: {doubled:?}");
    let verified = campaign.muster(&["verify", "--all"]);
    assert!(
        verified.status.success(),
        "{}",
        String::from_utf8_lossy(&verified.stdout)
    );
}

#[test]
fn refusals_among_a_burst_of_commands_cost_the_others_nothing() {
    let campaign = community();
    let token = campaign.token("table", "player");
    let server = Server::start(&campaign.db);
    let answers = burst(|client, n| {
        let sent = Sent::new(client, n);
        // Every third a command the rules refuse: there is no Soldier Nobody.
        let refused = (client + n) % 3 == 0;
        let mut body = sent.body();
        if refused {
            body["args"][1] = json!("Nobody");
        }
        let status = agent()
            .post(format!(
                "{}/api/v1/campaigns/{}/commands",
                server.url, sent.campaign
            ))
            .header("Authorization", format!("Bearer {token}"))
            .send_json(body)
            .unwrap()
            .status()
            .as_u16();
        (sent, refused, status)
    });
    let logged = reasons(&campaign.db);
    for (sent, refused, status) in &answers {
        match refused {
            true => {
                assert_eq!(*status, 422, "{} was refused", sent.why);
                assert_eq!(logged.get(&sent.why), None, "a refusal wrote {}", sent.why);
            }
            false => {
                assert_eq!(*status, 201, "{}", sent.why);
                assert_eq!(logged.get(&sent.why), Some(&1), "{} was answered 201", sent.why);
            }
        }
    }
    // Blame's index, let lag while the writer is busy, covers each campaign's last event once
    // the writer has been quiet a moment.
    let lagging = || {
        CAMPAIGNS
            .iter()
            .filter(|name| {
                let (indexed, head) = indexed_and_head(&campaign.db, name);
                indexed != Some(head)
            })
            .count()
    };
    let deadline = Instant::now() + Duration::from_secs(10);
    while lagging() > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(lagging(), 0, "every campaign's index reaches its head");
    let verified = campaign.muster(&["verify", "--all"]);
    assert!(verified.status.success());
}

/// `muster serve` on `db` under a file-size limit of `blocks` (`ulimit -f`, SIGXFSZ ignored):
/// past it, a write fails as on a full disk.
fn serve_limited(db: &Path, blocks: u64) -> Server {
    let child = Command::new("/bin/sh")
        .arg("-c")
        .arg(format!(
            "trap '' XFSZ; ulimit -f {blocks}; exec \"$0\" serve --addr 127.0.0.1:0"
        ))
        .arg(BIN)
        .env_clear()
        .env("MUSTER_DB", db)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    Server::listening(child)
}

#[test]
fn a_disk_that_fills_under_a_burst_answers_500_only_for_commands_not_kept() {
    let campaign = community();
    let token = campaign.token("table", "player");
    let stored: u64 = ["", "-wal"]
        .iter()
        .map(|end| std::fs::metadata(format!("{}{end}", campaign.db.display())).map_or(0, |m| m.len()))
        .sum();
    // Room for some of the burst's flushes, each of which adds pages to the write-ahead log
    // (blocks of 512 bytes, or bash's 1024: either leaves room).
    let server = serve_limited(&campaign.db, (stored + 400_000) / 512);
    let answers = burst(|client, n| {
        let sent = Sent::new(client, n);
        let status = post(&server.url, &token, &sent).map_or(0, |(status, _)| status);
        (sent.why, status)
    });
    drop(server);
    let logged = reasons(&campaign.db);
    let failed = answers.iter().filter(|(_, status)| *status == 500).count();
    assert!(failed > 0, "the disk filled");
    assert!(
        answers.iter().any(|(_, status)| *status == 201),
        "some landed first"
    );
    for (why, status) in &answers {
        let kept = logged.get(why).copied().unwrap_or(0);
        match status {
            201 => assert_eq!(kept, 1, "answered 201 and kept once"),
            500 => assert_eq!(kept, 0, "answered 500 and kept nothing"),
            other => panic!("answered {other}"),
        }
    }
    let verified = campaign.muster(&["verify", "--all"]);
    assert!(verified.status.success());
}

#[test]
fn a_push_of_several_steps_lands_whole_and_its_index_is_made_a_step_at_a_time_beside_commands() {
    let campaign = community();
    let gm = campaign.token("gm", "gm");
    // A copy's campaign of about 3,000 events (three of the writer's index steps).
    let copy = tempfile::tempdir().unwrap();
    let source = copy.path().join("copy.db");
    let synth = super::harness::muster(&source, &["dev", "synth", "--events", "3000", "--name", "Pushed"]);
    assert!(
        synth.status.success(),
        "{}",
        String::from_utf8_lossy(&synth.stderr)
    );
    let exported = super::harness::muster(&source, &["--campaign", "Pushed", "export"]);
    assert!(exported.status.success());
    let lines = String::from_utf8(exported.stdout).unwrap();
    let server = Server::start(&campaign.db);
    let genesis = format!("0:{}", muster::store::chain::GENESIS);
    let (status, landed, beside) = std::thread::scope(|scope| {
        let push = scope.spawn(|| {
            let mut response = agent()
                .post(format!("{}/api/v1/campaigns/Pushed/events", server.url))
                .header("Authorization", format!("Bearer {gm}"))
                .header("If-Match", &genesis)
                .send(&lines)
                .unwrap();
            let status = response.status().as_u16();
            let body: Value = serde_json::from_str(&response.body_mut().read_to_string().unwrap()).unwrap();
            (status, body)
        });
        // Another campaign's commands land while the push is checked and after it.
        let beside: Vec<u16> = (0..20)
            .map(|n| {
                let body = json!({ "args": ["xp", "Wong", "+1", "--why", format!("beside {n}")] });
                server.command("Two", &gm, &body).0
            })
            .collect();
        let (status, landed) = push.join().unwrap();
        (status, landed, beside)
    });
    assert_eq!(status, 201, "{landed}");
    assert!(beside.iter().all(|s| *s == 201), "{beside:?}");
    let (_, head) = indexed_and_head(&campaign.db, "Pushed");
    assert_eq!(
        landed["head"]["version"].as_u64(),
        Some(head),
        "the whole tail landed"
    );
    assert!(head > 2 * 1_024, "the push needs several steps: {head} events");
    let deadline = Instant::now() + Duration::from_secs(20);
    while indexed_and_head(&campaign.db, "Pushed").0 != Some(head) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(
        indexed_and_head(&campaign.db, "Pushed").0,
        Some(head),
        "the index reaches the head"
    );
    // Made in steps, the index says what one made whole says: blame reads the same lines.
    drop(server);
    let here = campaign.ok(&["--campaign", "Pushed", "blame", "Soldier 01"]);
    let there = super::harness::muster(&source, &["--campaign", "Pushed", "blame", "Soldier 01"]);
    assert_eq!(here, String::from_utf8(there.stdout).unwrap());
    assert!(campaign.muster(&["verify", "--all"]).status.success());
}
