//! The page's live streams are bounded: one session holds at most four (a fifth closes its
//! oldest), and all of them together at most half the server's connections (one more is
//! refused, 503), so a read-only link's session opening stream after stream never keeps the
//! server from answering everyone else. Raw sockets play the pages, each read bounded by a
//! deadline.

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::client::Browser;
use super::harness::{Campaign, Server};

/// An open stream's socket and what it has sent so far.
struct Page {
    socket: TcpStream,
    read: Vec<u8>,
}

impl Page {
    /// Reads what comes within `wait`, giving false once the server has closed the socket.
    fn read_for(&mut self, wait: Duration) -> bool {
        let until = Instant::now() + wait;
        let mut buffer = [0_u8; 4096];
        loop {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return true;
            }
            self.socket.set_read_timeout(Some(left)).unwrap();
            match self.socket.read(&mut buffer) {
                Ok(0) => return false,
                Ok(n) => self.read.extend_from_slice(&buffer[..n]),
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
                Err(_) => return false,
            }
            if self.ended() {
                return true;
            }
        }
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.read).into_owned()
    }

    /// The answer's status, once its first line has come.
    fn status(&self) -> Option<u16> {
        self.text().split(' ').nth(1)?.parse().ok()
    }

    /// Whether its chunked body has ended (the last chunk, empty).
    fn ended(&self) -> bool {
        self.text().contains("\r\n0\r\n\r\n")
    }
}

/// Opens Op's live stream with `cookie`, giving it once its status came (and, when 200, its
/// first `head` event), within ten seconds.
fn open(server: &Server, cookie: &str) -> Page {
    let address = server.url.trim_start_matches("http://");
    let mut socket = TcpStream::connect(address).unwrap();
    let request = format!("GET /c/Op/events/stream HTTP/1.1\r\nHost: muster\r\nCookie: {cookie}\r\n\r\n");
    socket.write_all(request.as_bytes()).unwrap();
    let mut page = Page {
        socket,
        read: Vec::new(),
    };
    let until = Instant::now() + Duration::from_secs(10);
    while Instant::now() < until {
        let done = match page.status() {
            Some(200) => page.text().contains("event: head"),
            Some(_) => page.text().contains("\r\n\r\n"),
            None => false,
        };
        if done || !page.read_for(Duration::from_millis(100)) {
            return page;
        }
    }
    panic!("the stream answered nothing in 10 s: {:?}", page.text());
}

/// A signed-in session's cookie (`name=value`) for `token`.
fn session(server: &Server, token: &str) -> String {
    let mut browser = Browser::new(server);
    browser.signed_in(token);
    browser.cookie.unwrap()
}

/// `GET /api/v1` on a new connection, answered within `within`, or `None`.
fn api_within(server: &Server, within: Duration) -> Option<Value> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(within))
        .build()
        .into();
    let mut answer = agent.get(format!("{}/api/v1", server.url)).call().ok()?;
    serde_json::from_str(&answer.body_mut().read_to_string().ok()?).ok()
}

#[test]
fn one_sessions_streams_past_four_close_its_oldest_and_never_hold_every_connection() {
    let campaign = Campaign::new();
    let viewer = campaign.token("vic", "viewer");
    // Eight connections: the streams may hold four of them.
    let server = Server::start_flagged(
        &campaign.db,
        &[
            "--max-connections",
            "8",
            "--header-timeout",
            "2",
            "--idle-timeout",
            "4",
        ],
    );
    let group_chat = session(&server, &viewer);
    let mut pages: Vec<Page> = (0..8).map(|_| open(&server, &group_chat)).collect();
    for (n, page) in pages.iter().enumerate() {
        assert_eq!(page.status(), Some(200), "stream {n}: {}", page.text());
    }
    // The first four were closed, each as a newer one opened; the four newest stay open.
    for (n, page) in pages.iter_mut().enumerate().take(4) {
        page.read_for(Duration::from_secs(5));
        assert!(page.ended(), "stream {n} still open: {}", page.text());
    }
    let newest = pages.split_off(4);
    drop(pages);
    assert!(
        api_within(&server, Duration::from_secs(5)).is_some_and(|v| v["api"].is_u64()),
        "the API is answered beside one session's streams"
    );
    let mut oldest_open = newest;
    assert!(oldest_open[0].read_for(Duration::from_millis(1500)));
    assert!(!oldest_open[0].ended(), "{}", oldest_open[0].text());

    // Another session finds the streams' half of the connections full: refused at once.
    let other = session(&server, &viewer);
    let refused = open(&server, &other);
    assert_eq!(refused.status(), Some(503), "{}", refused.text());
    assert!(
        api_within(&server, Duration::from_secs(5)).is_some(),
        "the API is answered with the streams' half full"
    );

    // The first session's pages close: their places are given back.
    oldest_open.clear();
    let until = Instant::now() + Duration::from_secs(15);
    loop {
        let page = open(&server, &other);
        if page.status() == Some(200) {
            break;
        }
        assert!(
            Instant::now() < until,
            "the places of closed streams were not given back: {}",
            page.text()
        );
        std::thread::sleep(Duration::from_millis(250));
    }
}
