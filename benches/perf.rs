//! The performance tables: the raw limit of reading the log, a full rebuild and `verify`
//! against it, import, and whole-process wall time of `roster` and one appending command on
//! campaigns of 1,000, 100,000 and 1,000,000 events; then every reading command's wall time
//! and peak memory, each run as its own process, at each size, and the floors of reading the
//! largest log on one core (a plain reader of the table, `tests/common/floor.rs`: a scan, a
//! scan with the hash chain, a scan parsing each payload and command, all three), with
//! `verify`, `rebuild` and import as a ratio of the floor of the same work.
//!
//! `cargo bench` prints Markdown tables. `MUSTER_BENCH_MAX` caps the largest campaign
//! (default 1000000); `MUSTER_BENCH_RUNS` sets the runs per figure (default 5, median kept).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use muster::checkpoint;
use muster::domain::codec;
use muster::store::Store;
use muster::{synth, transfer, verify};

#[path = "../tests/common/floor.rs"]
mod floor;

use floor::Work;

// The allocator the `muster` binary runs on (`src/main.rs`), so the figures measured in this
// process are the commands' own.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const CAMPAIGN: &str = "Bench";

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The median of `runs` timings of `f`, in seconds.
fn median(runs: u64, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs.max(1))
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// The peak resident memory of this process so far, in MiB (Linux; 0 elsewhere).
fn peak_rss_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).map(str::to_owned))
        .and_then(|l| l.split_whitespace().nth(1).and_then(|kb| kb.parse::<f64>().ok()))
        .map_or(0.0, |kb| kb / 1024.0)
}

/// The peak resident memory of `muster ARGS` in MiB, by GNU time; `None` where it is not
/// installed.
fn peak_rss_of(db: &Path, args: &[&str]) -> Option<f64> {
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%M"])
        .arg(env!("CARGO_BIN_EXE_muster"))
        .args(["--db", db.to_str().unwrap()])
        .args(args)
        .stdout(std::process::Stdio::null())
        .output()
        .ok()?;
    assert!(out.status.success(), "muster {args:?} failed");
    let text = String::from_utf8_lossy(&out.stderr);
    text.lines()
        .last()?
        .trim()
        .parse::<f64>()
        .ok()
        .map(|kb| kb / 1024.0)
}

/// The wall time (s) and peak memory (MiB) of `muster ARGS` on `db`'s campaign, run once as
/// its own process by GNU time; `None` where it is not installed.
fn process(db: &Path, args: &[&str]) -> Option<(f64, f64)> {
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%e %M"])
        .arg(env!("CARGO_BIN_EXE_muster"))
        .args(["--db", db.to_str().unwrap(), "--campaign", CAMPAIGN])
        .args(args)
        .stdout(std::process::Stdio::null())
        .output()
        .ok()?;
    assert!(
        out.status.success(),
        "muster {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stderr);
    let mut fields = text.lines().last()?.split_whitespace();
    let wall = fields.next()?.parse::<f64>().ok()?;
    let kb = fields.next()?.parse::<f64>().ok()?;
    Some((wall, kb / 1024.0))
}

/// The reading commands measured at a campaign of `n` events, as their command lines.
fn reads(n: u64) -> Vec<Vec<String>> {
    let words = |line: &str| line.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
    vec![
        words("log"),
        words("log --json"),
        words("log -n 20"),
        words(&format!("diff {} {}", (n / 1000).max(2), n * 9 / 10)),
        words(&format!("roster --as-of {}", n / 2)),
        words("roster --format html"),
        words("mission show 1"),
        vec!["blame".to_owned(), "Soldier 01".to_owned()],
        words(&format!("show {}", n / 2)),
        words("export"),
        words("chronicle --format json"),
        words("verify"),
        words("rebuild"),
    ]
}

/// The floors of reading `store`'s campaign in version order on one core, in events/s, by
/// the plain reader of `tests/common/floor.rs`: a scan of the columns `verify` reads, a scan
/// with the hash chain, a scan parsing each payload and command, and all three.
fn floors(store: &Store, runs: u64, events: f64) -> [(&'static str, f64); 4] {
    let scan = |chain: bool, parse: bool| {
        median(runs, || {
            let read = floor::read(store.connection(), CAMPAIGN, Work { chain, parse }).unwrap();
            assert_eq!(read.rows as f64, events, "the floor reads every row");
        })
    };
    [
        ("scan", events / scan(false, false)),
        ("scan + chain", events / scan(true, false)),
        ("scan + parse", events / scan(false, true)),
        ("scan + chain + parse", events / scan(true, true)),
    ]
}

fn muster(db: &Path, args: &[&str]) {
    let status = Command::new(env!("CARGO_BIN_EXE_muster"))
        .env_clear()
        .env("MUSTER_DB", db)
        .args(["--campaign", CAMPAIGN])
        .args(args)
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "muster {args:?} failed");
}

fn main() {
    let max = env("MUSTER_BENCH_MAX", 1_000_000);
    let runs = env("MUSTER_BENCH_RUNS", 5);
    let dir = tempfile::tempdir().unwrap();
    let sizes: Vec<u64> = [1_000, 100_000, 1_000_000]
        .into_iter()
        .filter(|n| *n <= max)
        .collect();
    let mut walls = Vec::new();
    let mut per_size = Vec::new();
    for &n in &sizes {
        let db = dir.path().join(format!("bench-{n}.db"));
        let mut store = Store::open(&db).unwrap();
        let started = Instant::now();
        synth::write(&mut store, CAMPAIGN, n, 7).unwrap();
        // Blame's index, as play keeps it.
        muster::app::rebuild_index(&store, CAMPAIGN, &mut |_| {}).unwrap();
        eprintln!(
            "synthetic campaign of {n} events written in {:.1} s",
            started.elapsed().as_secs_f64()
        );
        drop(store);
        let roster = median(runs, || muster(&db, &["roster"]));
        let mut i = 0;
        let command = median(runs, || {
            i += 1;
            muster(&db, &["xp", "Soldier 01", "+1", "--why", &format!("bench {i}")]);
        });
        walls.push((n, roster, command));
        let measured: Vec<(String, Option<(f64, f64)>)> = reads(n)
            .iter()
            .map(|args| {
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                (args.join(" "), process(&db, &args))
            })
            .collect();
        per_size.push((n, measured));
    }

    let largest = *sizes.last().unwrap();
    let db = dir.path().join(format!("bench-{largest}.db"));
    let store = Store::open(&db).unwrap();
    let events = store.head(CAMPAIGN).unwrap().version;
    let rate = |secs: f64| events as f64 / secs;
    // The raw limit: every row handed over by SQLite, its payload parsed into the event type.
    let raw = median(runs, || {
        store
            .for_each_row(CAMPAIGN, 0, None, |row| {
                codec::decode(&row.kind, row.schema, &row.payload).unwrap();
                Ok(())
            })
            .unwrap();
    });
    let rebuild = median(runs, || {
        checkpoint::rebuild(&store, CAMPAIGN, None).unwrap();
    });
    let indexed = median(runs.min(1), || {
        muster::app::rebuild_index(&store, CAMPAIGN, &mut |_| {}).unwrap();
    });
    let verified = median(runs, || {
        assert!(verify::verify_store(&store, CAMPAIGN, &mut |_| {}).unwrap().ok);
    });
    let export_file = dir.path().join("export.jsonl");
    {
        let mut out = std::io::BufWriter::new(std::fs::File::create(&export_file).unwrap());
        store
            .for_each_row(CAMPAIGN, 0, None, |row| {
                serde_json::to_writer(&mut out, &transfer::Line::of(&row)).unwrap();
                out.write_all(b"\n").unwrap();
                Ok(())
            })
            .unwrap();
        // The trailer `muster export` ends with, which the import checks.
        let head = store.head(CAMPAIGN).unwrap();
        let trailer = transfer::Trailer::of(CAMPAIGN, head.version, &head);
        writeln!(out, "{}", trailer.line()).unwrap();
        out.flush().unwrap();
    }
    let mut imports: Vec<f64> = (0..runs.clamp(1, 3))
        .map(|_| {
            // The benchmark's own earlier writes (a million-event database and its export)
            // are flushed first, untimed, so that their write-back does not land here.
            let _flushed = Command::new("sync").status();
            let target = tempfile::tempdir().unwrap();
            let start = Instant::now();
            let mut fresh = Store::open(&target.path().join("import.db")).unwrap();
            let input = std::io::BufReader::new(std::fs::File::open(&export_file).unwrap());
            transfer::import_from(&mut fresh, input, &mut |_, _| {}).unwrap();
            drop(fresh);
            start.elapsed().as_secs_f64()
        })
        .collect();
    imports.sort_by(f64::total_cmp);
    let import = imports[imports.len() / 2];
    // Peak memory of the commands themselves, each in its own process.
    let target = tempfile::tempdir().unwrap();
    let import_db = target.path().join("import.db");
    let rss_import = peak_rss_of(&import_db, &["import", export_file.to_str().unwrap()]);
    let rss_verify = peak_rss_of(&import_db, &["--campaign", CAMPAIGN, "verify"]);
    let rss_rebuild = peak_rss_of(&import_db, &["--campaign", CAMPAIGN, "rebuild"]);

    println!("| figure | value |");
    println!("| --- | --- |");
    println!("| events in the log | {events} |");
    println!("| raw limit (SELECT + parse) | {:.0} events/s |", rate(raw));
    println!(
        "| rebuild, no checkpoint | {:.0} events/s ({:.2} of the limit) |",
        rate(rebuild),
        raw / rebuild
    );
    println!(
        "| blame's index made from the whole log (`rebuild --index`) | {:.0} events/s |",
        rate(indexed)
    );
    println!(
        "| verify, hashing included | {:.0} events/s ({:.2} of the limit) |",
        rate(verified),
        raw / verified
    );
    println!("| import, chain checked | {:.0} events/s |", rate(import));
    for (n, roster, command) in &walls {
        println!(
            "| `roster` / `xp` at {n} events | {:.1} ms / {:.1} ms |",
            roster * 1000.0,
            command * 1000.0
        );
    }
    let mib =
        |rss: Option<f64>| rss.map_or_else(|| "n/a (no /usr/bin/time)".to_owned(), |m| format!("{m:.0} MiB"));
    println!(
        "| peak RSS of `muster import` / `verify` / `rebuild` | {} / {} / {} |",
        mib(rss_import),
        mib(rss_verify),
        mib(rss_rebuild)
    );
    println!(
        "| peak RSS of this benchmark process | {:.0} MiB |",
        peak_rss_mib()
    );

    let floors = floors(&store, runs, events as f64);
    println!();
    println!("| floor at {events} events, one core | events/s |");
    println!("| --- | --- |");
    for (what, per_second) in &floors {
        println!("| {what} | {per_second:.0} |");
    }
    let all_three = floors[3].1;
    println!(
        "| `verify` ÷ scan + chain + parse / `rebuild` ÷ scan + parse / import ÷ scan + chain + parse | {:.2} / {:.2} / {:.2} |",
        rate(verified) / all_three,
        rate(rebuild) / floors[2].1,
        rate(import) / all_three
    );
    println!(
        "| blame's index ÷ scan + parse | {:.2} |",
        rate(indexed) / floors[2].1
    );

    println!();
    let header: Vec<String> = per_size.iter().map(|(n, _)| format!("{n} events")).collect();
    println!("| command (wall s / peak MiB) | {} |", header.join(" | "));
    println!("| --- |{}", " --- |".repeat(per_size.len()));
    if let Some((_, largest)) = per_size.last() {
        for (i, (line, _)) in largest.iter().enumerate() {
            // The numbers in a command line grow with the size: the largest names it.
            let cells: Vec<String> = per_size
                .iter()
                .map(|(_, measured)| {
                    measured
                        .get(i)
                        .and_then(|(_, m)| *m)
                        .map_or_else(|| "n/a".to_owned(), |(wall, mib)| format!("{wall:.2} / {mib:.0}"))
                })
                .collect();
            println!("| `{line}` | {} |", cells.join(" | "));
        }
    }
}
