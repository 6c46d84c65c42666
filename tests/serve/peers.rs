//! Slow and greedy peers: half-sent heads and silent connections are closed in time, an open
//! page's live stream is kept alive, the connection over the cap waits for a free place, and a
//! stop ends in bounded time while still answering the request in flight. Raw sockets play
//! the peers, each read bounded by a deadline.

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::TcpStream;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::harness::{Campaign, Server, agent, args};

/// The server's `host:port`.
fn address(server: &Server) -> String {
    server.url.trim_start_matches("http://").to_owned()
}

/// Reads until the server closes the connection (end of stream or an error), giving the bytes
/// read and whether it closed before `deadline`.
fn read_to_close(stream: &mut TcpStream, deadline: Instant) -> (Vec<u8>, bool) {
    let mut read = Vec::new();
    let mut buffer = [0_u8; 4096];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return (read, false);
        }
        stream.set_read_timeout(Some(left)).unwrap();
        match stream.read(&mut buffer) {
            Ok(0) => return (read, true),
            Ok(n) => read.extend_from_slice(&buffer[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => return (read, true),
        }
    }
}

/// Whether `stream` gives nothing (neither bytes nor its end) for `wait`.
fn silent(stream: &mut TcpStream, wait: Duration) -> bool {
    stream.set_read_timeout(Some(wait)).unwrap();
    let mut byte = [0_u8; 1];
    matches!(stream.read(&mut byte), Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut))
}

/// Sends `request` and reads one answer (its head and `Content-Length` body) within
/// `within`, giving its status and body; the connection stays open.
fn exchange(stream: &mut TcpStream, request: &str, within: Duration) -> (u16, Vec<u8>) {
    stream.write_all(request.as_bytes()).unwrap();
    answer(stream, within)
}

/// Reads one answer already asked for, as [`exchange`] does.
fn answer(stream: &mut TcpStream, within: Duration) -> (u16, Vec<u8>) {
    stream.set_read_timeout(Some(within)).unwrap();
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    let status: u16 = line.split(' ').nth(1).unwrap().parse().unwrap();
    let mut length = 0;
    loop {
        line.clear();
        reader.read_line(&mut line).unwrap();
        if line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap();
            }
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    (status, body)
}

/// A GET of `path` on a kept-alive connection.
fn get(path: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: muster\r\n\r\n")
}

/// Signs in with `token` on the page and gives the session cookie (`name=value`).
fn session(server: &Server, token: &str) -> String {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(0)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into();
    let signed = agent
        .post(format!("{}/sign-in", server.url))
        .send_form([("token", token)])
        .unwrap();
    assert_eq!(signed.status().as_u16(), 303);
    let cookie = signed.headers().get("set-cookie").unwrap().to_str().unwrap();
    cookie.split(';').next().unwrap().trim().to_owned()
}

/// Opens the page's live stream of Op with `cookie`, giving each line it sends, then `None`
/// when it ends.
fn live(server: &Server, cookie: &str) -> mpsc::Receiver<Option<String>> {
    let response = agent()
        .get(format!("{}/c/Op/events/stream", server.url))
        .header("Cookie", cookie)
        .call()
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let reader = BufReader::new(response.into_body().into_reader());
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in reader.lines() {
            let Ok(line) = line else { break };
            if send.send(Some(line)).is_err() {
                return;
            }
        }
        let _ = send.send(None);
    });
    lines
}

#[test]
fn fifty_half_sent_heads_are_closed_within_twenty_seconds_while_a_client_is_served() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let opened = Instant::now();
    let mut peers: Vec<TcpStream> = (0..50)
        .map(|_| {
            let mut peer = TcpStream::connect(address(&server)).unwrap();
            peer.write_all(b"GET /api/v1/campaigns HTTP/1.1\r\nHost: muster\r\nAccept: ")
                .unwrap();
            peer
        })
        .collect();
    let (status, body) = server.get(&player, "/api/v1/campaigns/Op/roster");
    assert_eq!(status, 200, "{body}");
    let roster: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(roster["soldiers"][0]["name"], "Wong");
    // They were waited for, not turned away at once.
    assert!(silent(&mut peers[0], Duration::from_millis(200)));
    let deadline = opened + Duration::from_secs(20);
    for (n, peer) in peers.iter_mut().enumerate() {
        let (_, closed) = read_to_close(peer, deadline);
        assert!(closed, "half-sent head {n} still open after 20 s");
    }
}

#[test]
fn a_head_trickled_a_byte_at_a_time_is_closed_at_the_header_timeout() {
    let campaign = Campaign::new();
    let server = Server::start_flagged(&campaign.db, &["--header-timeout", "2"]);
    let mut peer = TcpStream::connect(address(&server)).unwrap();
    let opened = Instant::now();
    // A byte every 200 ms: never idle, never done. A write fails once the server has closed.
    let closed = "GET /api/v1 HTTP/1.1\r\nHost: muster\r\nAccept: */*\r\nX-Padding: "
        .bytes()
        .chain(std::iter::repeat(b'x'))
        .take_while(|_| opened.elapsed() < Duration::from_secs(8))
        .any(|byte| {
            std::thread::sleep(Duration::from_millis(200));
            peer.write_all(&[byte]).is_err() || !silent(&mut peer, Duration::from_millis(1))
        });
    let after = opened.elapsed();
    assert!(closed, "a trickled head still open after 8 s");
    assert!(
        (Duration::from_millis(1500)..Duration::from_secs(6)).contains(&after),
        "closed after {after:?}, not at the header timeout of 2 s"
    );
}

#[test]
fn an_idle_kept_alive_connection_is_closed_but_an_open_live_stream_is_not() {
    let campaign = Campaign::new();
    let viewer = campaign.token("vic", "viewer");
    let server = Server::start_flagged(&campaign.db, &["--idle-timeout", "2", "--header-timeout", "30"]);
    let cookie = session(&server, &viewer);
    let stream = live(&server, &cookie);

    let mut idle = TcpStream::connect(address(&server)).unwrap();
    let (status, body) = exchange(&mut idle, &get("/api/v1"), Duration::from_secs(10));
    assert_eq!(status, 200);
    assert!(serde_json::from_slice::<Value>(&body).unwrap()["api"].is_u64());
    let answered = Instant::now();
    let (_, closed) = read_to_close(&mut idle, answered + Duration::from_secs(10));
    let waited = answered.elapsed();
    assert!(closed, "an idle connection still open after 10 s");
    assert!(
        waited >= Duration::from_secs(1),
        "closed after {waited:?}, before its idle timeout"
    );

    // Six seconds, three idle timeouts, on the stream opened before: its keep-alives (a
    // comment line, ':') hold it open.
    let until = Instant::now() + Duration::from_secs(6);
    let mut pulses = 0;
    while let Some(left) = until.checked_duration_since(Instant::now()) {
        match stream.recv_timeout(left) {
            Ok(Some(line)) if line.starts_with(':') => pulses += 1,
            Ok(Some(_)) => {}
            Ok(None) => panic!("the live stream was closed after {pulses} keep-alives"),
            Err(_) => break,
        }
    }
    assert!(
        pulses >= 4,
        "{pulses} keep-alives in 6 s at an idle timeout of 2 s"
    );
}

#[test]
fn the_connection_over_the_cap_waits_until_one_closes_and_an_open_page_holds_one() {
    let campaign = Campaign::new();
    let viewer = campaign.token("vic", "viewer");
    let server = Server::start_flagged(
        &campaign.db,
        &[
            "--max-connections",
            "2",
            "--header-timeout",
            "30",
            "--idle-timeout",
            "30",
        ],
    );
    let within = Duration::from_secs(10);
    let cookie = session(&server, &viewer);
    let mut page = TcpStream::connect(address(&server)).unwrap();
    let live = format!("GET /c/Op/events/stream HTTP/1.1\r\nHost: muster\r\nCookie: {cookie}\r\n\r\n");
    assert_eq!(exchange(&mut page, &live, within).0, 200);
    let mut kept = TcpStream::connect(address(&server)).unwrap();
    assert_eq!(exchange(&mut kept, &get("/api/v1"), within).0, 200);

    let mut third = TcpStream::connect(address(&server)).unwrap();
    third.write_all(get("/api/v1").as_bytes()).unwrap();
    assert!(
        silent(&mut third, Duration::from_secs(2)),
        "the third connection was served over a cap of two"
    );
    // Closing the page frees its place.
    drop(page);
    assert_eq!(answer(&mut third, within).0, 200);

    drop(kept);
    let mut response = agent().get(format!("{}/api/v1", server.url)).call().unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let version: Value = serde_json::from_str(&response.body_mut().read_to_string().unwrap()).unwrap();
    assert!(version["api"].is_u64());
}

#[test]
fn a_stop_answers_the_command_in_flight_and_ends_while_a_live_stream_is_open() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let mut server = Server::start(&campaign.db);
    let stream = live(&server, &session(&server, &player));
    assert!(matches!(
        stream.recv_timeout(Duration::from_secs(10)),
        Ok(Some(_))
    ));
    let head = campaign.head();

    // A command whose body is still on its way when the server is told to stop.
    let body = args(&["wound", "Wong", "1"]).to_string();
    let mut command = TcpStream::connect(address(&server)).unwrap();
    let request = format!(
        "POST /api/v1/campaigns/Op/commands HTTP/1.1\r\nHost: muster\r\nAuthorization: Bearer {player}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    command.write_all(request.as_bytes()).unwrap();
    command.write_all(&body.as_bytes()[..5]).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let stopped = Instant::now();
    let term = std::process::Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(term.success());
    std::thread::sleep(Duration::from_millis(300));
    command.write_all(&body.as_bytes()[5..]).unwrap();
    let (status, answered) = answer(&mut command, Duration::from_secs(10));
    let answered: Value = serde_json::from_slice(&answered).unwrap();
    assert_eq!(status, 201, "{answered}");
    assert_eq!(answered["head"]["version"].as_u64(), Some(head + 1));

    loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(
            stopped.elapsed() < Duration::from_secs(20),
            "the server still runs 20 s after SIGTERM with a live stream open"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(campaign.head(), head + 1);
}

#[test]
fn a_limit_out_of_its_range_is_refused_naming_the_range() {
    let campaign = Campaign::new();
    for (flag, value, range) in [
        ("--max-connections", "0", "from 1 to 65536"),
        ("--idle-timeout", "a minute", "from 1 to 86400"),
        ("--header-timeout", "3601", "from 1 to 3600"),
    ] {
        // An address it cannot listen on, so a limit let through ends the server at once (1).
        let refused = campaign.muster(&["serve", "--addr", "nowhere", flag, value]);
        assert_eq!(refused.status.code(), Some(2), "{flag} {value}");
        let said = String::from_utf8_lossy(&refused.stderr);
        assert!(
            said.contains(flag) && said.contains(range),
            "{flag} {value}: {said}"
        );
    }
}
