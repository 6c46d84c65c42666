//! The server's guards, each tested a second way: the role a command needs (over a table of
//! commands and roles, through both endpoints that run a command line), the CSRF and
//! Origin checks of the page's forms (a Referer, another port, another session's token),
//! a revoked token's sessions (their forms and their open stream), and a command id's
//! retry after the head moved on and the server restarted.

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

use super::client::Browser;
use super::harness::{Campaign, Server, agent, args, events};

/// POSTs `body` to `/api/v1/run` (the remote command line's endpoint) with `token`.
fn run(server: &Server, token: &str, words: &[&str]) -> (u16, Value) {
    let body = json!({"args": words, "campaign": "Op", "format": "json", "columns": null});
    let mut response = agent()
        .post(format!("{}/api/v1/run", server.url))
        .header("Authorization", format!("Bearer {token}"))
        .send_json(&body)
        .unwrap();
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{status} {text:?}: {e}")),
    )
}

/// Each command a role is below is refused 403 naming the role it needs, through the
/// commands endpoint and the remote command line's alike, and writes nothing; the same
/// commands pass for the role they need.
#[test]
fn every_command_above_a_tokens_role_is_refused_by_both_endpoints_and_writes_nothing() {
    let campaign = Campaign::new();
    campaign.ok(&["rp", "grant", "2", "--why", "loot"]);
    let gm = campaign.token("gina", "gm");
    let player = campaign.token("pat", "player");
    let viewer = campaign.token("vic", "viewer");
    let server = Server::start(&campaign.db);
    let amend = [
        "amend", "4", "--why", "typo", "--", "rp", "grant", "3", "--why", "loot",
    ];
    let enlist = ["enlist", "Reyes", "--kind", "player", "--rp", "3"];
    let refused: [(&str, &str, &[&str], &str); 9] = [
        (
            "viewer",
            &viewer,
            &["xp", "Wong", "1", "--why", "drill"],
            "player",
        ),
        ("viewer", &viewer, &["rp", "spend", "1", "--why", "kit"], "player"),
        ("viewer", &viewer, &enlist, "player"),
        ("viewer", &viewer, &["kill", "Wong"], "player"),
        ("viewer", &viewer, &amend, "gm"),
        ("player", &player, &amend, "gm"),
        ("player", &player, &["campaign", "expansion", "add", "k9"], "gm"),
        ("player", &player, &["campaign", "adopt-rules"], "gm"),
        ("player", &player, &["void", "4", "--why", "typo"], "gm"),
    ];
    let before = events(&campaign.db);
    for (role, token, words, needed) in refused {
        for (endpoint, (status, answer)) in [
            ("commands", server.post(Some(token), &args(words))),
            ("run", run(&server, token, words)),
        ] {
            assert_eq!(status, 403, "{role} {words:?} via {endpoint}: {answer}");
            assert_eq!(answer["exit"], 1, "{answer}");
            let said = answer["error"].as_str().unwrap_or_default();
            assert!(
                said.contains(&format!("a {role} token may not"))
                    && said.contains(&format!("needs a {needed} token")),
                "{role} {words:?} via {endpoint}: {said}"
            );
            assert_eq!(events(&campaign.db), before, "{role} {words:?} wrote");
        }
    }

    // The same commands for the roles they need: written (the gate is not shut to all).
    let (status, answer) = server.post(Some(&player), &args(&enlist));
    assert_eq!(status, 201, "{answer}");
    let (status, answer) = run(&server, &player, &["xp", "Wong", "1", "--why", "drill"]);
    assert_eq!((status, &answer["exit"]), (201, &json!(0)), "{answer}");
    let (status, answer) = server.post(Some(&gm), &args(&amend));
    assert_eq!(status, 201, "{answer}");
    let kinds: Vec<&str> = answer["written"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["command_voided", "rp_granted"], "{answer}");
    // A viewer still reads.
    let (status, answer) = server.post(Some(&viewer), &args(&["roster"]));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["squad"]["rp_bank"], 3, "{answer}");
}

/// A form's fields, by name.
type Form = Vec<(&'static str, String)>;

/// Why a form is sent, the form, and the headers it is sent with.
type Case<'a> = (&'a str, Form, Vec<(&'a str, &'a str)>);

/// The wound form's fields with `csrf`.
fn wound(csrf: &str) -> Form {
    vec![
        ("csrf", csrf.to_owned()),
        ("cmd", "wound".to_owned()),
        ("soldier", "Wong".to_owned()),
        ("n", "1".to_owned()),
    ]
}

fn borrowed<'a>(form: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    form.iter().map(|(k, v)| (*k, v.as_str())).collect()
}

/// A form another site sent (a Referer without an Origin, an Origin on another port or
/// scheme-less), or one carrying another session's CSRF token, is refused 403 and writes
/// nothing; the sign-out and sign-in forms are held to the same checks; the form with its
/// own token from its own page is written.
#[test]
fn forms_from_another_origin_or_with_another_sessions_token_are_refused() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let other = campaign.token("oscar", "player");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&player);
    let mut second = Browser::new(&server);
    second.signed_in(&other);
    let token = browser.csrf();
    let theirs = second.csrf();
    assert_ne!(token, theirs, "each session has its own CSRF token");
    let host = server.url.strip_prefix("http://").unwrap().to_owned();
    let (ip, port) = host.rsplit_once(':').unwrap();
    let other_port = format!("http://{ip}:{}", port.parse::<u16>().unwrap() ^ 1);
    let other_site_page = format!("http://evil.example/{host}/c/Op");
    let before = events(&campaign.db);

    let ours = wound(&token);
    let cases: Vec<Case<'_>> = vec![
        ("another session's csrf", wound(&theirs), vec![]),
        (
            "another site's Referer",
            ours.clone(),
            vec![("Referer", &other_site_page)],
        ),
        ("another port", ours.clone(), vec![("Origin", &other_port)]),
        ("no scheme", ours.clone(), vec![("Origin", &host)]),
        (
            "another Origin before a same-site Referer",
            ours.clone(),
            vec![("Origin", "https://evil.example"), ("Referer", &server.url)],
        ),
    ];
    for (why, form, headers) in &cases {
        let sent = browser.post("/c/Op/do", &borrowed(form), headers);
        assert_eq!(sent.status, 403, "{why}: {}", sent.body);
        assert_eq!(events(&campaign.db), before, "{why}: written");
    }

    // Signing out with a forged form keeps the session; signing in from another site opens none.
    let out = browser.post("/sign-out", &[("csrf", &theirs)], &[]);
    assert_eq!(out.status, 403, "{}", out.body);
    let out = browser.post(
        "/sign-out",
        &[("csrf", &token)],
        &[("Origin", "http://evil.example")],
    );
    assert_eq!(out.status, 403, "{}", out.body);
    assert_eq!(browser.get("/c/Op").status, 200, "still signed in");
    let mut stranger = Browser::new(&server);
    let signed = stranger.post(
        "/sign-in",
        &[("token", &player)],
        &[("Origin", "http://evil.example")],
    );
    assert_eq!(signed.status, 403, "{}", signed.body);
    stranger.cookie = None;
    assert_eq!(stranger.get("/c/Op").location, "/sign-in");

    // The page's own form, from its own origin and with its own token, is written once.
    let sent = browser.post(
        "/c/Op/do",
        &borrowed(&ours),
        &[("Origin", &server.url), ("Referer", &server.url)],
    );
    assert_eq!(
        (sent.status, sent.location.split('?').next().unwrap_or_default()),
        (303, "/c/Op"),
        "{}",
        sent.body
    );
    assert_eq!(events(&campaign.db).len(), before.len() + 1);
}

/// A revoked token ends every session it opened, and only those: a form posted with a good
/// CSRF token writes nothing and goes to sign-in, the open head stream ends, the token no
/// longer signs in or calls the API, and a new token under the same name does not revive
/// the old session; another token's session goes on.
#[test]
fn a_revoked_tokens_sessions_write_nothing_and_its_open_stream_ends() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let other = campaign.token("oscar", "player");
    let server = Server::start(&campaign.db);
    let mut browser = Browser::new(&server);
    browser.signed_in(&player);
    let mut bystander = Browser::new(&server);
    bystander.signed_in(&other);
    let token = browser.csrf();

    // The stream, read on a thread that says each head and then that it ended.
    let response = browser
        .agent
        .get(format!("{}/c/Op/events/stream", server.url))
        .header("Cookie", browser.cookie.as_deref().unwrap())
        .call()
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let reader = BufReader::new(response.into_body().into_reader());
    let (send, said) = mpsc::channel();
    std::thread::spawn(move || {
        for line in reader.lines() {
            let Ok(line) = line else { break };
            if let Some(data) = line.strip_prefix("data: ") {
                let _ = send.send(Some(data.to_owned()));
            }
        }
        let _ = send.send(None);
    });
    let first = said.recv_timeout(Duration::from_secs(10)).unwrap();
    assert_eq!(first.as_deref(), Some("3"), "the head at once");

    campaign.ok(&["serve", "token", "revoke", "pat"]);
    let before = events(&campaign.db);
    let sent = browser.post("/c/Op/do", &borrowed(&wound(&token)), &[("Origin", &server.url)]);
    assert_eq!(
        (sent.status, sent.location.as_str()),
        (303, "/sign-in"),
        "{}",
        sent.body
    );
    assert_eq!(events(&campaign.db), before, "a revoked session wrote");

    // The stream checks its session every 20 polls of 250 ms: it ends within seconds.
    match said.recv_timeout(Duration::from_secs(20)) {
        Ok(Some(head)) => panic!("the revoked session's stream sent head {head}"),
        Ok(None) => {}
        Err(e) => panic!("the revoked session's stream did not end within 20 s: {e}"),
    }

    let (status, _) = server.get(&player, "/api/v1/campaigns/Op/roster");
    assert_eq!(status, 401);
    let again = browser.post("/sign-in", &[("token", &player)], &[]);
    assert_eq!(again.status, 401, "{}", again.body);
    campaign.token("pat", "player");
    assert_eq!(
        browser.get("/c/Op").location,
        "/sign-in",
        "a new pat is not the old session"
    );

    // Oscar's session is untouched: his form is written.
    let theirs = bystander.csrf();
    let sent = bystander.post("/c/Op/do", &borrowed(&wound(&theirs)), &[("Origin", &server.url)]);
    assert_eq!(
        (sent.status, sent.location.split('?').next().unwrap_or_default()),
        (303, "/c/Op"),
        "{}",
        sent.body
    );
    assert_eq!(events(&campaign.db).len(), before.len() + 1);
}

/// A retry of a command id after other commands moved the head on, and after the server
/// restarted, is answered with the first answer (its head, not today's) and writes nothing;
/// its command written only once even though it would be accepted again.
#[test]
fn a_command_id_retried_after_the_head_moved_and_the_server_restarted_writes_nothing() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let body = json!({"args": ["rp", "grant", "2", "--why", "loot"], "command_id": "retry-7"});
    let server = Server::start(&campaign.db);
    let (status, replayed, first) = server.command("Op", &player, &body);
    assert_eq!((status, replayed), (201, false), "{first}");
    assert_eq!(first["head"]["version"], 4);
    let (status, _) = server.post(Some(&player), &args(&["rp", "grant", "5", "--why", "more"]));
    assert_eq!(status, 201);
    drop(server);

    let server = Server::start(&campaign.db);
    let before = events(&campaign.db);
    for _ in 0..2 {
        let (status, replayed, again) = server.command("Op", &player, &body);
        assert_eq!((status, replayed), (201, true), "{again}");
        assert_eq!(again, first, "the first answer, its head v4 included");
        assert_eq!(events(&campaign.db), before, "a retry wrote");
    }
    let roster: Value = serde_json::from_str(&campaign.ok(&["roster", "--json"])).unwrap();
    assert_eq!(
        roster["squad"]["rp_bank"], 7,
        "2 + 5, the 2 granted once: {roster}"
    );
    // A new id for the same command is a new command.
    let fresh = json!({"args": ["rp", "grant", "2", "--why", "loot"], "command_id": "retry-8"});
    let (status, replayed, answer) = server.command("Op", &player, &fresh);
    assert_eq!((status, replayed), (201, false), "{answer}");
    assert_eq!(answer["head"]["version"], 6);
}
