//! `export` and `import` as a player runs them: the trailer, standard input and FIFOs, and
//! files cut short, naming two campaigns or a name `campaign new` refuses, each refused
//! naming its first bad line with the database file left byte for byte as it was.

use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use serde_json::Value;

use super::support::*;

/// The database file's bytes and its write-ahead log's, if any.
fn file_bytes(db: &Path) -> (Vec<u8>, Option<Vec<u8>>) {
    let wal = db.with_extension("db-wal");
    (
        std::fs::read(db).expect("the database reads"),
        // An empty write-ahead log (left by a reader) holds nothing.
        std::fs::read(wal).ok().filter(|wal| !wal.is_empty()),
    )
}

/// Runs `muster ARGS` against `db` at `NOW` with `input` on standard input.
fn run_piped(db: &Path, args: &[&str], input: &[u8]) -> (i32, String, String) {
    Runner::on(db).args(args).stdin(input).run().into_parts()
}

/// The number of events an import's report says it wrote.
fn imported(stdout: &str) -> u64 {
    stdout
        .split("': ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of imported events in {stdout:?}"))
}

/// `roster --json` of `db`.
fn roster_of(db: &Path) -> Value {
    let (code, stdout, stderr) = run_with(db, NOW, &["--json", "roster"]);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).expect("roster JSON")
}

/// Lodestar with a K9 roll paid with Discipline as its last command, so that its export
/// ends with the payment and the roll it paid for.
fn paid_k9_roll() -> Muster {
    let m = Muster::lodestar();
    m.ok(&[
        "mission",
        "start",
        "Hill",
        "--with",
        "Wong",
        "--with",
        "Gizmo",
        "--k9-objective",
        "Find the cache",
    ]);
    m.ok(&["turn"]);
    m.ok(&["k9", "draw", &card("buried-explosive.json")]);
    let written = m.json(&["k9", "roll", "--pay", "discipline", "--die", "4"]);
    assert_eq!(kinds(&written), ["discipline_spent", "k9_roll_made"]);
    m
}

/// The export's lines, the trailer last.
fn export_lines(m: &Muster) -> Vec<String> {
    m.ok(&["--campaign", LODESTAR, "export"])
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Writes `lines` to a file in `m`'s directory and gives its path.
fn file(m: &Muster, name: &str, lines: &[String]) -> String {
    let path = m.path(name);
    std::fs::write(&path, lines.join("\n") + "\n").expect("written");
    path.to_str().expect("a UTF-8 path").to_owned()
}

#[test]
fn export_ends_with_a_trailer_naming_the_campaign_the_number_of_events_and_the_head() {
    let m = paid_k9_roll();
    let lines = export_lines(&m);
    let (trailer, events) = lines.split_last().expect("lines");
    let trailer: Value = serde_json::from_str(trailer).expect("the trailer is JSON");
    let head = m.roster()["head"].clone();
    assert_eq!(
        trailer,
        serde_json::json!({"trailer": {"campaign": LODESTAR, "events": events.len(), "head": head}})
    );
    let last: Value = serde_json::from_str(&events[events.len() - 1]).expect("JSON");
    assert_eq!(last["kind"], "k9_roll_made");
}

#[test]
fn import_dash_reads_standard_input_from_a_pipe_and_imports_every_event() {
    let m = paid_k9_roll();
    let export = m.ok(&["export"]);
    let events = m.head_version();
    for (name, source) in [("dash.db", "-"), ("dev.db", "/dev/stdin")] {
        let fresh = m.path(name);
        let (code, stdout, stderr) = run_piped(&fresh, &["import", source], export.as_bytes());
        assert_eq!(code, 0, "import {source}: {stderr}");
        assert_eq!(imported(&stdout), events, "import {source}: {stdout}");
        assert_eq!(roster_of(&fresh), m.roster(), "import {source}");
        assert!(!stderr.contains("no trailer"), "{stderr}");
    }
}

/// Runs `muster ARGS` against `db` at `NOW`, failing the test if it has not ended within
/// `limit` (an import that opened a FIFO a second time would wait for ever).
fn run_within(db: &Path, args: &[&str], limit: Duration) -> (i32, String, String) {
    Runner::on(db).args(args).within(limit).run().into_parts()
}

#[test]
fn import_from_a_fifo_reads_it_once_and_imports_every_event() {
    let m = paid_k9_roll();
    let export = m.ok(&["export"]);
    let fifo = m.path("lodestar.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success(), "mkfifo failed");
    // The writer opens the FIFO once, as `muster export > FIFO` would: a second reading
    // would find no writer and wait for ever.
    let writer = std::thread::spawn({
        let fifo = fifo.clone();
        move || {
            std::fs::OpenOptions::new()
                .write(true)
                .open(&fifo)
                .and_then(|mut f| f.write_all(export.as_bytes()))
        }
    });
    let fresh = m.path("fresh.db");
    let (code, stdout, stderr) = run_within(
        &fresh,
        &["import", fifo.to_str().expect("path")],
        Duration::from_secs(120),
    );
    writer
        .join()
        .expect("the writer ends")
        .expect("the export went into the FIFO");
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(imported(&stdout), m.head_version());
    assert_eq!(roster_of(&fresh), m.roster());
}

#[test]
fn import_of_a_file_naming_two_campaigns_is_refused_and_writes_nothing() {
    let m = paid_k9_roll();
    let mut lines = export_lines(&m);
    let forged = lines[6].replacen(
        &format!("\"campaign\":\"{LODESTAR}\""),
        "\"campaign\":\"Other Front\"",
        1,
    );
    assert_ne!(forged, lines[6]);
    lines[6] = forged;
    let path = file(&m, "mixed.jsonl", &lines);
    let target = Muster::lodestar();
    let before = file_bytes(&target.db);
    let stderr = target.refused(&["import", &path], "line 7 names 'Other Front'");
    assert!(stderr.contains(&format!("line 1 names '{LODESTAR}'")), "{stderr}");
    assert_eq!(file_bytes(&target.db), before, "the database file changed");
}

#[test]
fn a_file_cut_inside_a_k9_roll_is_refused_with_its_trailer_or_without() {
    let m = paid_k9_roll();
    let lines = export_lines(&m);
    let n = lines.len();
    let payment: Value = serde_json::from_str(&lines[n - 3]).expect("JSON");
    assert_eq!(payment["kind"], "discipline_spent");
    let fresh = Muster::new();
    fresh.ok(&["campaign", "new", "Mine", "--game", "wwii"]);
    let before = file_bytes(&fresh.db);

    // The roll cut away, the trailer kept: the trailer names the missing event.
    let kept = [&lines[..n - 2], &lines[n - 1..]].concat();
    let path = file(&m, "cut-trailer.jsonl", &kept);
    let stderr = fresh.refused(&["import", &path], &format!("the trailer on line {}", n - 1));
    assert!(stderr.contains("not the whole export"), "{stderr}");

    // The roll and the trailer cut away: the file ends on the payment.
    let path = file(&m, "cut.jsonl", &lines[..n - 2]);
    let stderr = fresh.refused(&["import", &path], &format!("line {} (version", n - 2));
    assert!(stderr.contains("cut inside a command"), "{stderr}");
    assert_eq!(file_bytes(&fresh.db), before, "the database file changed");
}

#[test]
fn lines_after_the_trailer_are_refused_naming_the_first() {
    let m = paid_k9_roll();
    let mut lines = export_lines(&m);
    let n = lines.len();
    lines.push(lines[n - 2].clone());
    let path = file(&m, "after.jsonl", &lines);
    let fresh = Muster::new();
    fresh.ok(&["campaign", "new", "Mine", "--game", "wwii"]);
    let before = file_bytes(&fresh.db);
    fresh.refused(
        &["import", &path],
        &format!("line {} comes after the trailer on line {n}", n + 1),
    );
    assert_eq!(file_bytes(&fresh.db), before, "the database file changed");
}

#[test]
fn an_export_without_a_trailer_imports_with_a_note_that_its_completeness_is_not_proven() {
    let m = Muster::lodestar();
    let lines = export_lines(&m);
    let path = file(&m, "old.jsonl", &lines[..lines.len() - 1]);
    let fresh = m.path("fresh.db");
    let (code, stdout, stderr) = run_with(&fresh, NOW, &["import", &path]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(imported(&stdout), m.head_version());
    assert!(stderr.contains("has no trailer line"), "{stderr}");
    assert!(stderr.contains("cannot be proven"), "{stderr}");
    assert_eq!(roster_of(&fresh), m.roster());
}

#[test]
fn a_refused_import_names_its_first_bad_line_and_exits_1_leaving_the_file_unchanged() {
    let m = Muster::lodestar();
    let mut lines = export_lines(&m);
    let gizmo = m.enlisted("Gizmo");
    let at = usize::try_from(gizmo - 1).expect("small");
    let edited = lines[at].replace("\"rp\":4", "\"rp\":9");
    assert_ne!(edited, lines[at]);
    lines[at] = edited;
    // A blank first line: the line is not the version.
    lines.insert(0, String::new());
    let path = file(&m, "edited.jsonl", &lines);
    let fresh = Muster::new();
    fresh.ok(&["campaign", "new", "Mine", "--game", "wwii"]);
    let before = file_bytes(&fresh.db);
    fresh.refused(
        &["import", &path],
        &format!(
            "first: line {} (version {gizmo}): its hash does not match",
            gizmo + 1
        ),
    );

    // A campaign name `campaign new` refuses, however well the file hashes.
    let long = "L".repeat(61);
    let renamed: Vec<String> = export_lines(&m)
        .iter()
        .map(|l| {
            l.replace(
                &format!("\"campaign\":\"{LODESTAR}\""),
                &format!("\"campaign\":\"{long}\""),
            )
        })
        .collect();
    let path = file(&m, "renamed.jsonl", &renamed);
    fresh.refused(&["import", &path], "line 1 names the campaign");
    assert_eq!(file_bytes(&fresh.db), before, "the database file changed");
}

#[test]
fn export_output_writes_the_file_only_once_the_export_is_whole() {
    let m = Muster::lodestar();
    let path = m.path("lodestar.jsonl");
    let target = path.to_str().unwrap();
    m.refused(
        &["--campaign", "Nowhere", "export", "--output", target],
        "Nowhere",
    );
    assert!(!path.exists(), "a refused export leaves no file behind");
    m.ok(&["export", "--output", target]);
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        written.lines().map(str::to_owned).collect::<Vec<_>>(),
        export_lines(&m)
    );
    let unwritable = m.refused(&["export", "-o", "/nonexistent-folder/x.jsonl"], "cannot write");
    assert!(unwritable.contains("/nonexistent-folder/x.jsonl"), "{unwritable}");
}

#[test]
fn a_long_import_says_blames_index_is_left_for_rebuild_and_a_short_one_says_nothing() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let source = dir.path().join("source.db");
    let events = (muster::projection::blame::index::CATCH_UP + 500).to_string();
    for (name, events) in [("Long", events.as_str()), ("Short", "300")] {
        let made = Runner::on(&source)
            .args(["dev", "synth", "--events", events, "--name", name])
            .run();
        assert_eq!(made.code(), 0, "{}", made.describe());
    }
    let copy = dir.path().join("copy.db");
    let import = |name: &str| {
        let export = dir.path().join(format!("{name}.jsonl"));
        let exported = Runner::on(&source).args(["--campaign", name, "export"]).run();
        assert_eq!(exported.code(), 0, "{}", exported.describe());
        std::fs::write(&export, &exported.stdout).expect("the export is written");
        let ran = Runner::on(&copy)
            .args(["import", export.to_str().expect("a UTF-8 path")])
            .run();
        assert_eq!(ran.code(), 0, "{}", ran.describe());
        ran.stderr
    };
    assert_eq!(import("Short"), "", "a short import's index is made with it");
    let said = import("Long");
    assert!(
        said.contains("blame's index of 'Long' is") && said.contains("rebuild"),
        "{said}"
    );
    let rebuilt = Runner::on(&copy).args(["--campaign", "Long", "rebuild"]).run();
    assert_eq!(rebuilt.code(), 0, "{}", rebuilt.describe());
    assert_eq!(
        import("Long"),
        "",
        "once rebuilt, importing the same file again says nothing"
    );
}

#[test]
fn an_import_dated_after_this_machines_clock_is_refused_and_lands_once_the_clock_has_passed_it() {
    let m = Muster::lodestar();
    let export = m.ok(&["export"]);
    let fresh = m.path("fresh.db");
    let (code, _, stderr) = run_with(&fresh, NOW, &["campaign", "new", "Mine", "--game", "modern"]);
    assert_eq!(code, 0, "{stderr}");
    let before = file_bytes(&fresh);
    // This machine's clock a second behind the one the file was recorded on.
    let (code, _, stderr) = Runner::on(&fresh)
        .at("2026-11-29T20:59:59Z")
        .args(["import", "-"])
        .stdin(export.as_bytes())
        .run()
        .into_parts();
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains(&format!(
            "line 1 (version 1) was recorded at {NOW}, after this machine's clock (2026-11-29T20:59:59Z); nothing imported"
        )),
        "{stderr}"
    );
    assert_eq!(file_bytes(&fresh), before, "the database file changed");
    let (code, stdout, stderr) = run_piped(&fresh, &["import", "-"], export.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(imported(&stdout), m.head_version(), "{stdout}");
}
