//! A community on one server: 1,000 synthetic campaigns of 10,000 events each in one file
//! (generated once and kept under the build's temporary directory; fewer events each when
//! `MUSTER_BENCH_MAX` says fewer), with commands from one client, from 20 on one campaign and
//! from 20 spread over 20 campaigns (and how many cores the server and the clients kept busy
//! meanwhile), roster reads spread over all of them, another campaign's commands while each of
//! five 10,000-event pushes lands, and the server's memory.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use muster::store::{Head, Store};

use super::{BIN, CLIENTS, concurrently, one_at_a_time, percentile, serve, token, xp};

/// How many campaigns the community holds.
const CAMPAIGNS: usize = 1_000;
/// How many commands each client sends in each figure.
const EACH: usize = 50;
/// How many events the pushed tail holds.
const PUSHED: u64 = 10_000;
/// How many tails are pushed, one after another, each to a campaign of its own.
const PUSHES: usize = 5;
/// How many commands one client sends alone: the divisor of the push's ratio is their p99,
/// which a couple of hundred would leave to one or two slow commands.
const ALONE: usize = 1_000;

/// The name of the `n`th campaign (from 1), as `dev synth --campaigns` names them.
fn name(n: usize) -> String {
    format!("Community {n:04}")
}

/// The `n`th campaign's name as a URL's path holds it.
fn in_url(n: usize) -> String {
    name(n).replace(' ', "%20")
}

/// Prints the community's table: `max` (`MUSTER_BENCH_MAX`) bounds the events of the whole
/// community at ten times it, so the default million gives 10,000 events a campaign.
pub fn measure(max: u64) {
    let each = (max / 100).clamp(100, 10_000);
    // Each run serves a copy of the kept file, so every run starts from the same community.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("community.db");
    std::fs::copy(community(each), &db).unwrap();
    // On disk before the server starts: the copy's pages written back meanwhile (8 GB at
    // 10,000 events a campaign) would be measured as the server's reads.
    std::fs::File::open(&db).unwrap().sync_all().unwrap();
    let token = token(&db);
    let (served, url) = serve(&db);
    let pid = served.0.id();
    let agent = super::agent();
    let command = |campaign: &str, why: String| {
        xp(&agent, (&url, &token), campaign, "Soldier 01", &why);
    };
    // Each client's first commands warm the server (its threads, each campaign's state).
    let _warm = concurrently(
        |client, n| command(&in_url(client + 1), format!("warm {client}/{n}")),
        5,
    );

    let alone = one_at_a_time(ALONE, |n| command(&in_url(1), format!("alone {n}")));
    let busy = Busy::now(pid);
    let (one, one_wall) = concurrently(|c, n| command(&in_url(1), format!("one {c}/{n}")), EACH);
    let one_busy = busy.cores(one_wall);
    let busy = Busy::now(pid);
    let (spread, spread_wall) = concurrently(|c, n| command(&in_url(c + 1), format!("spread {c}/{n}")), EACH);
    let spread_busy = busy.cores(spread_wall);
    let rate = |latencies: &[f64], wall: f64| latencies.len() as f64 / wall;
    let alone_rate = alone.len() as f64 / alone.iter().sum::<f64>() * 1000.0;

    // Roster reads spread over every campaign: most are the first read of their campaign.
    let (rosters, _) = concurrently(
        |c, n| {
            let campaign = in_url(1 + (c * 7919 + n * 104_729) % CAMPAIGNS);
            let response = agent
                .get(format!("{url}/api/v1/campaigns/{campaign}/roster"))
                .header("Authorization", format!("Bearer {token}"))
                .call()
                .unwrap();
            assert_eq!(response.status().as_u16(), 200);
        },
        EACH,
    );

    // Another campaign's commands, one client, while a 10,000-event push lands: several
    // pushes, each to a new campaign, so that the p99 is not the second slowest of a couple
    // of hundred commands.
    let tails: Vec<(String, String)> = (1..=PUSHES)
        .map(|n| {
            let campaign = format!("Pushed {n}");
            let lines = pushed_tail(&campaign, 1_000_000 + n as u64);
            (campaign.replace(' ', "%20"), lines)
        })
        .collect();
    let mut beside = Vec::new();
    let mut push_took = Vec::new();
    for (campaign, lines) in &tails {
        std::thread::scope(|scope| {
            let push = scope.spawn(|| {
                let started = Instant::now();
                let response = agent
                    .post(format!("{url}/api/v1/campaigns/{campaign}/events"))
                    .header("Authorization", format!("Bearer {token}"))
                    .header("If-Match", format!("0:{}", Head::empty().hash))
                    .send(lines)
                    .unwrap();
                let status = response.status().as_u16();
                let body = response.into_body().read_to_string().unwrap_or_default();
                assert_eq!(status, 201, "the push lands: {body}");
                started.elapsed().as_secs_f64()
            });
            while !push.is_finished() {
                let sent = Instant::now();
                command(&in_url(2), format!("beside the push {}", beside.len()));
                beside.push(sent.elapsed().as_secs_f64() * 1000.0);
            }
            push_took.push(push.join().unwrap());
        });
    }
    beside.sort_by(f64::total_cmp);
    push_took.sort_by(f64::total_cmp);
    let memory = memory_of(pid);
    drop(served);

    println!();
    println!("| `muster serve`, a community: {CAMPAIGNS} campaigns of {each} events in one file | value |");
    println!("| --- | --- |");
    println!(
        "| commands recorded, 1 client | {alone_rate:.0} per second, p50 / p99 {:.1} / {:.1} ms |",
        percentile(&alone, 50),
        percentile(&alone, 99)
    );
    println!(
        "| commands recorded, {CLIENTS} clients on one campaign | {:.0} per second, p50 / p99 {:.1} / {:.1} ms |",
        rate(&one, one_wall),
        percentile(&one, 50),
        percentile(&one, 99)
    );
    println!(
        "| commands recorded, {CLIENTS} clients over {CLIENTS} campaigns | {:.0} per second, p50 / p99 {:.1} / {:.1} ms |",
        rate(&spread, spread_wall),
        percentile(&spread, 50),
        percentile(&spread, 99)
    );
    println!(
        "| {CLIENTS} clients over {CLIENTS} campaigns ÷ {CLIENTS} on one; {CLIENTS} clients on one ÷ 1 client | {:.2}; {:.2} |",
        rate(&spread, spread_wall) / rate(&one, one_wall),
        rate(&one, one_wall) / alone_rate
    );
    // Deciding campaigns in parallel can only raise the rate over 20 campaigns if the rate on
    // one left a core idle: how busy the cores were says whether it did.
    println!(
        "| cores busy (of {}) while {CLIENTS} clients record on one campaign / over {CLIENTS}: the server + the bench's own clients | {:.2} + {:.2} / {:.2} + {:.2} |",
        std::thread::available_parallelism().map_or(0, usize::from),
        one_busy.0,
        one_busy.1,
        spread_busy.0,
        spread_busy.1
    );
    println!(
        "| roster reads spread over the {CAMPAIGNS} campaigns, {CLIENTS} clients, p50 / p99 | {:.1} / {:.1} ms |",
        percentile(&rosters, 50),
        percentile(&rosters, 99)
    );
    println!(
        "| another campaign's command while a {PUSHED}-event push lands ({PUSHES} pushes, {:.2}–{:.2} s each), p99 ÷ its p99 alone | {:.1} ms ÷ {:.1} ms = {:.1} |",
        push_took.first().copied().unwrap_or_default(),
        push_took.last().copied().unwrap_or_default(),
        percentile(&beside, 99),
        percentile(&alone, 99),
        percentile(&beside, 99) / percentile(&alone, 99)
    );
    // The p99 passes over the few commands that wait while the push's rows are appended on
    // the writer: the longest wait says what the table feels.
    println!(
        "| the longest of those {} commands, and the longest alone | {:.1} ms; {:.1} ms |",
        beside.len(),
        beside.last().copied().unwrap_or_default(),
        alone.iter().copied().fold(0.0, f64::max)
    );
    println!("| the server's memory, peak / at the end | {memory} |");
}

/// The community's file, of `each` events a campaign: kept from an earlier run, or written
/// now (beside it first, so a run stopped halfway leaves no half a community to reuse). Its
/// name holds the page size and the schema version a new file gets, so a file kept from
/// before a change of either (a migration that makes the log's table again leaves the old
/// table's pages free in it) is not measured as one muster writes now; its checkpoints and
/// blame's indexes are brought up to this build's.
fn community(each: u64) -> PathBuf {
    let (page_size, schema) = new_file_shape();
    let kept = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("community-{CAMPAIGNS}x{each}-p{page_size}-s{schema}.db"));
    if kept.exists() {
        caught_up(&kept);
        return kept;
    }
    let partial = kept.with_extension("partial");
    for stale in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{stale}", partial.display()));
    }
    eprintln!(
        "writing the community's file once ({CAMPAIGNS} campaigns of {each} events): {}",
        kept.display()
    );
    let started = Instant::now();
    {
        let mut store = Store::open(&partial).unwrap();
        for n in 1..=CAMPAIGNS {
            muster::synth::write(&mut store, &name(n), each, n as u64).unwrap();
            muster::app::rebuild_index(&store, &name(n), &mut |_| {}).unwrap();
            if n % 100 == 0 {
                eprintln!("  {n} campaigns in {:.0} s", started.elapsed().as_secs_f64());
            }
        }
    }
    // Its last connection closed, the file holds everything: no write-ahead log to carry.
    std::fs::rename(&partial, &kept).unwrap();
    kept
}

/// Brings the checkpoints and blame's indexes of the kept file up to date, as `muster
/// rebuild` leaves them: a file kept from a build with other projection or blame code would
/// otherwise have each roster read fold its campaign's whole log, and each campaign's first
/// command make its index again, which is not what a served community's commands cost.
fn caught_up(kept: &Path) {
    let store = Store::open(kept).unwrap();
    let started = Instant::now();
    let written = (1..=CAMPAIGNS)
        .filter(|&n| muster::checkpoint::catch_up(&store, &name(n)).unwrap())
        .count();
    for n in 1..=CAMPAIGNS {
        muster::projection::blame::index::catch_up(&store, &name(n)).unwrap();
    }
    let took = started.elapsed().as_secs_f64();
    // Up to date already, both take a few reads a campaign.
    if written > 0 || took > 1.0 {
        eprintln!(
            "brought the kept community's checkpoints ({written} written) and blame's indexes up to date in {took:.1} s"
        );
    }
}

/// The page size and the schema version muster gives a new file.
fn new_file_shape() -> (i64, i64) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("new.db");
    drop(Store::open(&db).unwrap());
    rusqlite::Connection::open(&db)
        .unwrap()
        .query_row(
            "SELECT page_size, user_version FROM pragma_page_size, pragma_user_version",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap()
}

/// A campaign of [`PUSHED`] events named `campaign`, synthesized from `seed`, as `muster
/// export` writes it, to push as a new campaign.
fn pushed_tail(campaign: &str, seed: u64) -> String {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("pushed.db");
    {
        let mut store = Store::open(&db).unwrap();
        // A seed no campaign of the community was written with: its ids are new to the file.
        muster::synth::write(&mut store, campaign, PUSHED, seed).unwrap();
    }
    let out = Command::new(BIN)
        .args(["export", "--campaign", campaign])
        .env_clear()
        .env("MUSTER_DB", &db)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The processor time spent so far by the server and by this process (the bench, its clients
/// included), to tell how many cores a figure kept busy.
struct Busy {
    server: u32,
    at: (f64, f64),
}

impl Busy {
    /// The processor time the server and this process have spent until now.
    fn now(server: u32) -> Busy {
        Busy {
            server,
            at: (cpu_seconds(&server.to_string()), cpu_seconds("self")),
        }
    }

    /// How many cores the server and this process each kept busy on average over `wall`
    /// seconds since [`Busy::now`].
    fn cores(&self, wall: f64) -> (f64, f64) {
        let (server, bench) = (cpu_seconds(&self.server.to_string()), cpu_seconds("self"));
        ((server - self.at.0) / wall, (bench - self.at.1) / wall)
    }
}

/// The user and system processor time of process `pid` (or `self`) so far, in seconds, from
/// Linux's `/proc/PID/stat` (0 where it cannot be read).
fn cpu_seconds(pid: &str) -> f64 {
    // Its clock ticks, which Linux counts at 100 a second for every program (USER_HZ).
    const TICKS: f64 = 100.0;
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the program's name, which is in brackets and may hold spaces: the
    // user time is the 12th of them, the system time the 13th.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / TICKS
}

/// The peak and present resident memory of process `pid`, as Linux reports them.
fn memory_of(pid: u32) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |key: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
            .map_or_else(|| "?".to_owned(), |kb| format!("{:.0} MiB", kb / 1024.0))
    };
    format!("{} / {}", field("VmHWM:"), field("VmRSS:"))
}
