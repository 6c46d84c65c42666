//! Behind a reverse proxy: with `--public-url` the page's forms are judged same-site by the
//! public address (not the `Host` the proxy sends on) and invite links are made on it; with
//! `--trust-proxy` the sign-in limit counts the client's address from the proxy's
//! `X-Forwarded-For` (its last hop), and only when the proxy sent it. The test client plays
//! the proxy: it calls from 127.0.0.1, the trusted address, adding the header a proxy adds.

use super::client::Browser;
use super::harness::{Campaign, Server};

const PUBLIC: &str = "https://muster.example";

/// Ten wrong tokens from `client` (as the proxy forwards them), then the status of an
/// eleventh and of one from `other`.
fn failed_sign_ins(browser: &Browser, client: &str, other: &str) -> (u16, u16) {
    let from = |ip: &str| {
        browser
            .post(
                "/sign-in",
                &[("token", "muster_wrong")],
                &[("X-Forwarded-For", ip)],
            )
            .status
    };
    for _ in 0..10 {
        assert_eq!(from(client), 401);
    }
    (from(client), from(other))
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
    let mut browser = Browser::new(&server);
    let signed = browser.sign_in(&player);
    assert_eq!(signed.status, 303);
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
    // The Host the proxy forwards to is not where players are: a form from it is refused.
    let local = browser.post("/c/Op/do", &wound, &[("Origin", &server.url), json]);
    assert_eq!(local.status, 403);
    let lookalike = browser.post(
        "/c/Op/do",
        &wound,
        &[("Origin", "https://muster.example.evil"), json],
    );
    assert_eq!(lookalike.status, 403);
    assert_eq!(campaign.head(), head + 1);

    // A gm's invite is made on the public address.
    let mut desk = Browser::new(&server);
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

    // Each client's failures are its own; a client's claimed address before the proxy's hop
    // is not believed.
    assert_eq!(
        failed_sign_ins(&browser, "203.0.113.5", "203.0.113.6"),
        (429, 401)
    );
    let spoofed = browser.post(
        "/sign-in",
        &[("token", "muster_wrong")],
        &[("X-Forwarded-For", "203.0.113.9, 203.0.113.5")],
    );
    assert_eq!(spoofed.status, 429, "the proxy's last hop is the client");
}

#[test]
fn without_trust_proxy_the_header_is_not_believed() {
    let campaign = Campaign::new();
    let server = Server::start(&campaign.db);
    let browser = Browser::new(&server);
    // Every failure counts against the peer itself, whatever the header says.
    assert_eq!(
        failed_sign_ins(&browser, "203.0.113.5", "203.0.113.6"),
        (429, 429)
    );
    let bad = campaign.muster(&["serve", "--public-url", "muster.example/play"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--public-url"));
}
