//! Behind a reverse proxy, a small one in this test process that adds the client's address to
//! `X-Forwarded-For` as Caddy and nginx do: with `--public-url` the page's forms are judged
//! same-site by the public address (not the `Host` the proxy sends on) and invite links are
//! made on it; with `--trust-proxy` the sign-in limit counts each client's address, and
//! without it, the proxy's. Clients call the proxy from addresses of their own on loopback.

use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use super::client::Browser;
use super::harness::{Campaign, Server};

const PUBLIC: &str = "https://muster.example";
const WAIT: Duration = Duration::from_secs(10);

/// A reverse proxy to a server, stopped when dropped.
struct Proxy {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    accepting: Option<JoinHandle<()>>,
}

impl Proxy {
    fn to(server: &Server) -> Proxy {
        let upstream = server.url.trim_start_matches("http://").to_owned();
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = Arc::clone(&stop);
        let accepting = std::thread::spawn(move || {
            for client in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    break;
                }
                let (Ok(client), upstream) = (client, upstream.clone()) else {
                    continue;
                };
                std::thread::spawn(move || forward(client, &upstream));
            }
        });
        Proxy {
            addr,
            stop,
            accepting: Some(accepting),
        }
    }

    fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // One last connection wakes the accept loop to see it is stopped.
        let _woken = TcpStream::connect(self.addr);
        if let Some(accepting) = self.accepting.take() {
            let _ = accepting.join();
        }
    }
}

/// Forwards one connection (one request: the test's clients close after it): its head with
/// the client's address added to `X-Forwarded-For`, then bytes both ways.
fn forward(mut client: TcpStream, upstream: &str) {
    let _ = client.set_read_timeout(Some(WAIT));
    let Ok(peer) = client.peer_addr() else { return };
    let mut read = Vec::new();
    let mut chunk = [0u8; 4096];
    let end = loop {
        if let Some(at) = read.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        match client.read(&mut chunk) {
            Ok(0) | Err(_) => return,
            Ok(n) => read.extend_from_slice(&chunk[..n]),
        }
    };
    let head = String::from_utf8_lossy(&read[..end]).into_owned();
    let mut lines: Vec<String> = head.split("\r\n").map(str::to_owned).collect();
    match lines
        .iter_mut()
        .find(|l| l.to_ascii_lowercase().starts_with("x-forwarded-for:"))
    {
        Some(line) => line.push_str(&format!(", {}", peer.ip())),
        None => lines.push(format!("X-Forwarded-For: {}", peer.ip())),
    }
    let Ok(mut server) = TcpStream::connect(upstream) else {
        return;
    };
    let _ = server.set_read_timeout(Some(WAIT));
    let sent = server
        .write_all(format!("{}\r\n\r\n", lines.join("\r\n")).as_bytes())
        .and_then(|()| server.write_all(&read[end + 4..]));
    if sent.is_err() {
        return;
    }
    let (Ok(mut from_server), Ok(mut to_client)) = (server.try_clone(), client.try_clone()) else {
        return;
    };
    let answers = std::thread::spawn(move || {
        let _ = std::io::copy(&mut from_server, &mut to_client);
        let _ = to_client.shutdown(std::net::Shutdown::Write);
    });
    let _ = std::io::copy(&mut client, &mut server);
    let _ = answers.join();
}

/// A wrong token sent to the proxy from `from` (a loopback address of its own): the status.
fn wrong_token_from(proxy: SocketAddr, from: Ipv4Addr) -> u16 {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    socket.bind(&SocketAddr::new(from.into(), 0).into()).unwrap();
    socket.connect_timeout(&proxy.into(), WAIT).unwrap();
    let mut stream: TcpStream = socket.into();
    stream.set_read_timeout(Some(WAIT)).unwrap();
    let body = "token=muster_wrong";
    write!(
        stream,
        "POST /sign-in HTTP/1.1\r\nHost: {proxy}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0)
}

/// Ten wrong tokens from client A through the proxy, then: an eleventh from A, and one from B.
fn ten_failures_then(proxy: &Proxy) -> (u16, u16) {
    let (a, b) = (Ipv4Addr::new(127, 0, 0, 3), Ipv4Addr::new(127, 0, 0, 4));
    for _ in 0..10 {
        assert_eq!(wrong_token_from(proxy.addr, a), 401);
    }
    (wrong_token_from(proxy.addr, a), wrong_token_from(proxy.addr, b))
}

#[test]
fn behind_a_proxy_forms_follow_the_public_url_and_the_limit_counts_each_client() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let gm = campaign.token("gina", "gm");
    let server = Server::start_flagged(
        &campaign.db,
        &["--public-url", PUBLIC, "--trust-proxy", "127.0.0.1"],
    );
    let proxy = Proxy::to(&server);
    let mut browser = Browser::at(&proxy.url());
    let signed = browser.sign_in(&player);
    assert_eq!(signed.status, 303, "{}", signed.body);
    assert!(
        signed.set_cookie.contains("; Secure"),
        "reached over https: {}",
        signed.set_cookie
    );
    let csrf = browser.csrf();
    let wound = [
        ("csrf", csrf.as_str()),
        ("cmd", "wound"),
        ("soldier", "Wong"),
        ("n", "1"),
    ];
    let head = campaign.head();
    let json = ("Accept", "application/json");
    let public = browser.post("/c/Op/do", &wound, &[("Origin", PUBLIC), json]);
    assert_eq!(public.status, 200, "{}", public.body);
    // The address the proxy forwards to is not where players are: a form from it is refused.
    let local = browser.post("/c/Op/do", &wound, &[("Origin", &proxy.url()), json]);
    assert_eq!(local.status, 403);
    let lookalike = browser.post(
        "/c/Op/do",
        &wound,
        &[("Origin", "https://muster.example.evil"), json],
    );
    assert_eq!(lookalike.status, 403);
    assert_eq!(campaign.head(), head + 1);

    // A gm's invite is made on the public address.
    let mut desk = Browser::at(&proxy.url());
    desk.signed_in(&gm);
    let gm_csrf = desk.csrf();
    let made = desk.post(
        "/c/Op/invite",
        &[
            ("csrf", &gm_csrf),
            ("role", "viewer"),
            ("uses", "1"),
            ("expires", "1d"),
        ],
        &[("Origin", PUBLIC)],
    );
    assert_eq!(made.status, 200, "{}", made.body);
    assert!(made.body.contains(&format!("{PUBLIC}/join#")), "{}", made.body);

    // Each client's failures are its own: A is held back, B is not.
    assert_eq!(ten_failures_then(&proxy), (429, 401));
    // What a client claims before the proxy's own hop is not believed.
    let spoofed = Browser::at(&server.url).post(
        "/sign-in",
        &[("token", "muster_wrong")],
        &[("X-Forwarded-For", "127.0.0.4, 127.0.0.3")],
    );
    assert_eq!(spoofed.status, 429, "the last hop, the proxy's word, is A");
}

#[test]
fn without_trust_proxy_every_client_counts_as_the_proxy() {
    let campaign = Campaign::new();
    let server = Server::start(&campaign.db);
    let proxy = Proxy::to(&server);
    assert_eq!(ten_failures_then(&proxy), (429, 429));
    let bad = campaign.muster(&["serve", "--public-url", "muster.example/play"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--public-url"));
}
