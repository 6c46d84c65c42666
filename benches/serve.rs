//! The server's figures: commands recorded per second and their latency for 20 concurrent
//! clients, and roster reads' latency, on a synthetic campaign (a million events unless
//! `MUSTER_BENCH_MAX` says fewer). Each client is a thread of blocking HTTP requests against
//! `muster serve` on a loopback port, started as its own process. Then the time from a
//! command's POST to the change arriving on a signed-in page's live stream, and the play
//! page's time and size; last, a community of a thousand campaigns (`community`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use muster::store::Store;

#[path = "serve/community.rs"]
mod community;

const BIN: &str = env!("CARGO_BIN_EXE_muster");
const CAMPAIGN: &str = "Synthetic";
const CLIENTS: usize = 20;
const COMMANDS_EACH: usize = 50;
const READS_EACH: usize = 50;
/// How many commands are timed from their POST to the page's stream.
const STREAMED: usize = 50;

/// The server, killed when dropped.
struct Served(Child);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn main() {
    let events: u64 = std::env::var("MUSTER_BENCH_MAX")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("serve.db");
    {
        let mut store = Store::open(&db).unwrap();
        muster::synth::write(&mut store, CAMPAIGN, events, 7).unwrap();
        muster::app::rebuild_index(&store, CAMPAIGN, &mut |_| {}).unwrap();
    }
    let token = token(&db);
    let (served, url) = serve(&db);
    let agent = agent();

    let command = |client: usize, n: usize| {
        let why = format!("bench {client}/{n}");
        xp(&agent, (&url, &token), CAMPAIGN, "Soldier 01", &why);
    };
    // Each client's first commands warm the server: its threads, the campaign's state.
    let _warm = concurrently(|client, n| command(client, COMMANDS_EACH + n), 5);
    let (writes, wall) = concurrently(command, COMMANDS_EACH);
    let read_roster = || {
        let mut response = agent
            .get(format!("{url}/api/v1/campaigns/{CAMPAIGN}/roster"))
            .header("Authorization", format!("Bearer {token}"))
            .call()
            .unwrap();
        assert_eq!(response.status().as_u16(), 200);
        let _roster = response.body_mut().read_to_string().unwrap();
    };
    let (reads, _) = concurrently(|_, _| read_roster(), READS_EACH);

    // One reader alone, against the command line reading the same file (a process each).
    let alone = one_at_a_time(READS_EACH, |_| read_roster());
    let by_hand = one_at_a_time(READS_EACH, |_| {
        let out = Command::new(BIN)
            .args(["roster", "--json"])
            .env_clear()
            .env("MUSTER_DB", &db)
            .output()
            .unwrap();
        assert!(out.status.success());
    });

    let cookie = sign_in(&url, &token);
    let streamed = to_the_stream(&url, &cookie, &token, &agent);
    let (page, script) = (
        get(&agent, &url, &format!("/c/{CAMPAIGN}"), &cookie),
        get(&agent, &url, "/static/play.js", &cookie),
    );
    let play = one_at_a_time(READS_EACH, |_| {
        let _page = get(&agent, &url, &format!("/c/{CAMPAIGN}"), &cookie);
    });

    let head = Store::open_read_only(&db)
        .unwrap()
        .head(CAMPAIGN)
        .unwrap()
        .version;
    println!("| `muster serve`, {CLIENTS} clients, a campaign of {head} events | value |");
    println!("| --- | --- |");
    println!(
        "| commands recorded | {:.0} per second ({} in {:.2} s) |",
        writes.len() as f64 / wall,
        writes.len(),
        wall
    );
    println!(
        "| a command's latency, p50 / p99 | {:.1} ms / {:.1} ms |",
        percentile(&writes, 50),
        percentile(&writes, 99)
    );
    println!(
        "| a roster read's latency, p50 / p99 | {:.1} ms / {:.1} ms |",
        percentile(&reads, 50),
        percentile(&reads, 99)
    );
    println!(
        "| one client's roster reads, p50 / p99: the API / `muster roster --json` | {:.1} / {:.1} ms / {:.1} / {:.1} ms |",
        percentile(&alone, 50),
        percentile(&alone, 99),
        percentile(&by_hand, 50),
        percentile(&by_hand, 99)
    );
    println!(
        "| a command's POST to a signed-in page's stream event, p50 / p99 | {:.1} ms / {:.1} ms |",
        percentile(&streamed, 50),
        percentile(&streamed, 99)
    );
    println!(
        "| the play page (12 Soldiers, a Mission under way), one client, p50 / p99 | {:.1} ms / {:.1} ms |",
        percentile(&play, 50),
        percentile(&play, 99)
    );
    println!(
        "| the play page's size: HTML with its CSS + its script | {:.1} kB + {:.1} kB = {:.1} kB |",
        page.len() as f64 / 1000.0,
        script.len() as f64 / 1000.0,
        (page.len() + script.len()) as f64 / 1000.0
    );
    drop(served);
    community::measure(events);
}

/// `xp SOLDIER +1 --why WHY` sent to `campaign` (as a URL's path holds it) of the server at
/// `url` with `token`, recorded: its answer.
fn xp(
    agent: &ureq::Agent,
    (url, token): (&str, &str),
    campaign: &str,
    soldier: &str,
    why: &str,
) -> ureq::http::Response<ureq::Body> {
    let body = serde_json::json!({ "args": ["xp", soldier, "+1", "--why", why] });
    let response = agent
        .post(format!("{url}/api/v1/campaigns/{campaign}/commands"))
        .header("Authorization", format!("Bearer {token}"))
        .send_json(body)
        .unwrap();
    assert_eq!(response.status().as_u16(), 201);
    response
}

/// A client that reads every status as an answer and gives up on a request after 60 s.
fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into()
}

/// Signs a page in with `token`: its session cookie.
fn sign_in(url: &str, token: &str) -> String {
    let signing: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(0)
        .build()
        .into();
    let signed = signing
        .post(format!("{url}/sign-in"))
        .header("Origin", url)
        .send_form([("token", token)])
        .unwrap();
    signed
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .unwrap()
        .to_owned()
}

/// A signed-in page's GET of `path`: its body.
fn get(agent: &ureq::Agent, url: &str, path: &str, cookie: &str) -> String {
    let mut response = agent
        .get(format!("{url}{path}"))
        .header("Cookie", cookie)
        .call()
        .unwrap();
    assert_eq!(response.status().as_u16(), 200, "{path}");
    response.body_mut().read_to_string().unwrap()
}

/// Opens a signed-in page's live stream (its session `cookie`), and times `STREAMED` commands
/// sent with `token`, one after another, from the start of each POST to the stream's event of
/// the head it wrote: each in milliseconds, sorted.
fn to_the_stream(url: &str, cookie: &str, token: &str, agent: &ureq::Agent) -> Vec<f64> {
    // A stream is answered for as long as it is open: no overall timeout.
    let streaming: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let stream = streaming
        .get(format!("{url}/c/{CAMPAIGN}/events/stream"))
        .header("Cookie", cookie)
        .call()
        .unwrap();
    let (heads, arrivals) = std::sync::mpsc::channel::<(u64, Instant)>();
    std::thread::spawn(move || {
        let lines = BufReader::new(stream.into_body().into_reader()).lines();
        for line in lines.map_while(Result::ok) {
            if let Some(head) = line.strip_prefix("data:").and_then(|d| d.trim().parse().ok()) {
                if heads.send((head, Instant::now())).is_err() {
                    return;
                }
            }
        }
    });
    // The first event is the head as the stream opened.
    arrivals.recv_timeout(Duration::from_secs(30)).unwrap();
    let mut latencies: Vec<f64> = (0..STREAMED)
        .map(|n| {
            let start = Instant::now();
            let response = xp(
                agent,
                (url, token),
                CAMPAIGN,
                "Soldier 02",
                &format!("streamed {n}"),
            );
            let written: serde_json::Value = response.into_body().read_json().unwrap();
            let head = written["head"]["version"].as_u64().unwrap();
            loop {
                let (seen, at) = arrivals.recv_timeout(Duration::from_secs(30)).unwrap();
                if seen >= head {
                    return at.duration_since(start).as_secs_f64() * 1000.0;
                }
            }
        })
        .collect();
    latencies.sort_by(f64::total_cmp);
    latencies
}

/// Runs `request(n)` for `n` below `times`, one after another: each latency in milliseconds,
/// sorted.
fn one_at_a_time(times: usize, request: impl Fn(usize)) -> Vec<f64> {
    let mut latencies: Vec<f64> = (0..times)
        .map(|n| {
            let sent = Instant::now();
            request(n);
            sent.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    latencies.sort_by(f64::total_cmp);
    latencies
}

/// Runs `request(client, n)` `each` times on each of the clients at once: every request's
/// latency in milliseconds, sorted, and the wall time in seconds.
fn concurrently(request: impl Fn(usize, usize) + Sync, each: usize) -> (Vec<f64>, f64) {
    let started = Instant::now();
    let mut latencies: Vec<f64> = std::thread::scope(|scope| {
        let clients: Vec<_> = (0..CLIENTS)
            .map(|client| {
                let request = &request;
                scope.spawn(move || {
                    (0..each)
                        .map(|n| {
                            let sent = Instant::now();
                            request(client, n);
                            sent.elapsed().as_secs_f64() * 1000.0
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        clients.into_iter().flat_map(|c| c.join().unwrap()).collect()
    });
    latencies.sort_by(f64::total_cmp);
    (latencies, started.elapsed().as_secs_f64())
}

/// The `p`th percentile of sorted `values`.
fn percentile(values: &[f64], p: usize) -> f64 {
    let at = (values.len() * p / 100).min(values.len().saturating_sub(1));
    values.get(at).copied().unwrap_or(0.0)
}

/// A new gm token on `db`, as `muster serve token add` prints it.
fn token(db: &Path) -> String {
    let out = Command::new(BIN)
        .args(["serve", "token", "add", "bench", "--role", "gm"])
        .env_clear()
        .env("MUSTER_DB", db)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    // The token is the first line; what follows explains it.
    text.lines().next().unwrap().trim().to_owned()
}

/// `muster serve` on a free loopback port of `db`, and its address.
fn serve(db: &Path) -> (Served, String) {
    let mut child = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env_clear()
        .env("MUSTER_DB", db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line.trim().strip_prefix("listening on ").unwrap().to_owned();
    (Served(child), url)
}
