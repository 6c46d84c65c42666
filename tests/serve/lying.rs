//! A server that lies: canned HTTP answers on a loopback port, standing in for `muster serve`,
//! to show that the remote client trusts only what it checked. A push answered with a head
//! it never sent witnesses nothing; an export that is not one (a page, raw escapes, a line
//! past the limit) writes nothing; an answer past its cap is refused, naming the cap.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::common::{NOW, Runner};
use super::harness::Campaign;

/// How long a fake server answers before it stops on its own.
const LIFETIME: Duration = Duration::from_secs(60);
/// The most requests a fake server answers.
const MAX_REQUESTS: usize = 20;

/// What a fake server answers a request (method, path) with: status, content type, body.
type Answers = dyn Fn(&str, &str) -> (u16, &'static str, Vec<u8>) + Send + Sync;

/// A fake server on 127.0.0.1, answering at most [`MAX_REQUESTS`] requests for at most
/// [`LIFETIME`]; stopped, and its thread joined, when dropped.
struct Liar {
    url: String,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Liar {
    fn start(answers: impl Fn(&str, &str) -> (u16, &'static str, Vec<u8>) + Send + Sync + 'static) -> Liar {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let answers: Arc<Answers> = Arc::new(answers);
        let thread = std::thread::spawn(move || {
            let started = Instant::now();
            let mut answered = 0;
            while !stopped.load(Ordering::Relaxed) && started.elapsed() < LIFETIME && answered < MAX_REQUESTS
            {
                match listener.accept() {
                    Ok((stream, _)) => {
                        answered += 1;
                        answer(stream, &*answers);
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(10)),
                }
            }
        });
        Liar {
            url,
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for Liar {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Reads one request (its head, and its body by Content-Length) and writes the answer.
fn answer(stream: TcpStream, answers: &Answers) {
    stream.set_nonblocking(false).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    stream.set_write_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut request = String::new();
    if reader.read_line(&mut request).is_err() {
        return;
    }
    let mut length = 0;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) == 0 || header.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut body = vec![0; length];
    let _ = reader.read_exact(&mut body);
    let mut words = request.split_whitespace();
    let (method, path) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let (status, content_type, body) = answers(method, path);
    // The content type `cut` stands for an answer whose connection closes before its end.
    let (content_type, length) = match content_type {
        CUT => ("application/x-ndjson", body.len() + 100),
        _ => (content_type, body.len()),
    };
    let head = format!(
        "HTTP/1.1 {status} Canned\r\nContent-Type: {content_type}\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n"
    );
    let mut stream = stream;
    // The client may hang up on an answer it refuses: that is not the test's failure.
    let _ = stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(&body));
}

/// `muster ARGS` at the fixed time: (exit code, stdout, stderr).
fn run(db: &Path, args: &[&str]) -> (i32, String, String) {
    Runner::on(db)
        .at(NOW)
        .args(args)
        .within(Duration::from_secs(60))
        .run()
        .into_parts()
}

const JSON: &str = "application/json";
/// Not a content type: the answer is cut short by its connection closing.
const CUT: &str = "cut";

#[test]
fn a_push_answered_with_a_head_never_pushed_is_refused_naming_both_and_nothing_is_witnessed() {
    let campaign = Campaign::new();
    let liar = Liar::start(|method, path| match (method, path) {
        ("GET", "/api/v1/campaigns") => (200, JSON, b"[]".to_vec()),
        ("POST", "/api/v1/campaigns/Op/events") => {
            let head = serde_json::json!({"added": 2, "head": {"version": 999, "hash": "ab".repeat(32)}});
            (201, JSON, head.to_string().into_bytes())
        }
        _ => (404, JSON, br#"{"error": "no such route"}"#.to_vec()),
    });
    let pushed = format!("the head pushed is v{}", campaign.head());
    let (code, out, err) = run(&campaign.db, &["push", &liar.url, "--token", "t"]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(
        err.contains("v999 abababababab") && err.contains(&pushed),
        "{err}"
    );
    let conn = rusqlite::Connection::open(&campaign.db).unwrap();
    let witnessed: i64 = conn
        .query_row("SELECT COUNT(*) FROM witnessed_heads", [], |row| row.get(0))
        .unwrap();
    assert_eq!(witnessed, 0, "a head the server only claimed is not witnessed");
    let (code, _, err) = run(&campaign.db, &["verify"]);
    assert_eq!(code, 0, "the copy still verifies: {err}");
}

/// The local export of the campaign at `db`, as `muster export` prints it.
fn exported(db: &Path) -> String {
    let (code, out, err) = run(db, &["export"]);
    assert_eq!(code, 0, "{err}");
    out
}

/// Runs `--remote export` against a server answering the export with `body`, to standard
/// output and to a file: gives each run's (exit code, stdout, stderr) and whether the file
/// was written.
fn remote_export(db: &Path, body: Vec<u8>, content_type: &'static str) -> [(i32, String, String, bool); 2] {
    let liar = Liar::start(move |_, path| match path {
        "/api/v1/campaigns/Op/events" => (200, content_type, body.clone()),
        _ => (404, JSON, br#"{"error": "no such route"}"#.to_vec()),
    });
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("op.jsonl");
    let remote = [
        "--remote",
        &liar.url,
        "--token",
        "t",
        "--campaign",
        "Op",
        "export",
    ];
    let (code, out, err) = run(db, &remote);
    let to_stdout = (code, out, err, false);
    let mut with_file = remote.to_vec();
    let shown = file.to_string_lossy().into_owned();
    with_file.extend(["--output", &shown]);
    let (code, out, err) = run(db, &with_file);
    [to_stdout, (code, out, err, file.exists())]
}

#[test]
fn an_export_answered_with_a_page_raw_escapes_or_a_line_past_the_limit_writes_nothing() {
    let campaign = Campaign::new();
    let export = exported(&campaign.db);
    let page = b"<!doctype html><html><body>Sign in</body></html>\n".to_vec();
    // An escape sequence raw in a Soldier's name: no export muster writes holds one.
    let escaped = export.replacen("\"Wong\"", "\"\u{1b}]0;pwned\u{7}\u{1b}[2JWong\"", 1);
    assert_ne!(escaped, export);
    // A cut export: its trailer gone.
    let cut: String = export.lines().take(1).map(|l| format!("{l}\n")).collect();
    let long = format!("{}\n{export}", "x".repeat(5 * 1024 * 1024));
    for (what, body, content_type, says) in [
        ("a page", page, "text/html", "line 1 is not an exported event"),
        (
            "raw escapes",
            escaped.into_bytes(),
            "application/x-ndjson",
            "is not an exported event",
        ),
        (
            "a cut export",
            cut.into_bytes(),
            "application/x-ndjson",
            "without the trailer",
        ),
        (
            "a long line",
            long.into_bytes(),
            "application/x-ndjson",
            "longer than 4 MiB",
        ),
    ] {
        for (code, out, err, written) in remote_export(&campaign.db, body, content_type) {
            assert_eq!((code, out.as_str(), written), (1, "", false), "{what}: {err}");
            assert!(
                err.contains(says) && err.contains("nothing written"),
                "{what}: {err}"
            );
        }
    }
}

#[test]
fn an_export_cut_short_by_its_connection_is_a_transport_failure_and_writes_nothing() {
    let campaign = Campaign::new();
    let export = exported(&campaign.db).into_bytes();
    for (code, out, err, written) in remote_export(&campaign.db, export, CUT) {
        assert_eq!((code, out.as_str(), written), (4, "", false), "{err}");
        assert!(err.contains("cannot reach the server"), "{err}");
    }
}

#[test]
fn a_checked_remote_export_is_written_byte_for_byte_as_the_local_export_whatever_its_spacing() {
    let campaign = Campaign::new();
    let export = exported(&campaign.db);
    // Carriage returns and tabs are JSON's whitespace, but on a terminal a carriage return
    // writes over what the line printed.
    let spaced = export
        .replace("\"payload\":{", "\"payload\":\r\t{\r")
        .replace(",\"hash\"", "\r,\"hash\"");
    assert_ne!(spaced, export);
    for (code, out, err, written) in remote_export(&campaign.db, spaced.into_bytes(), "application/x-ndjson")
    {
        assert_eq!(code, 0, "{err}");
        if !written {
            assert_eq!(out, export, "standard output holds the local export's bytes");
        }
    }
}

#[test]
fn an_answer_past_the_cap_is_refused_naming_the_cap() {
    let campaign = Campaign::new();
    let huge = Arc::new(vec![b' '; 17 * 1024 * 1024]);
    let liar = Liar::start(move |_, _| (200, JSON, huge.to_vec()));
    let (code, out, err) = run(
        &campaign.db,
        &[
            "--remote",
            &liar.url,
            "--token",
            "t",
            "--campaign",
            "Op",
            "roster",
        ],
    );
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("more than 16 MiB"), "{err}");
}
