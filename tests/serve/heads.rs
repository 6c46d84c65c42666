//! A head named by a client must be the server's own, version and hash: a command's or a
//! push's `If-Match` with the right version and another hash, and a pushed tail that starts
//! at the server's next version from another event, are answered 409 and nothing is written;
//! a push whose bytes are not UTF-8 is answered 400, nothing written.

use serde_json::Value;

use super::harness::{Campaign, Server, agent, args};
use super::sync::{head, on, pulled_copy};

/// A hash of the right shape that no event of these logs has.
const ANOTHER_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// `VERSION:HASH` of `head` (a roster's `head`).
fn if_match(head: &Value) -> String {
    format!("{}:{}", head["version"], head["hash"].as_str().unwrap())
}

/// POSTs `lines` (export lines) to the campaign's events with `token` and `If-Match`: the
/// status and the JSON answer.
fn push(server: &Server, token: &str, expected: &str, lines: impl ureq::AsSendBody) -> (u16, Value) {
    let mut response = agent()
        .post(format!("{}/api/v1/campaigns/Op/events", server.url))
        .header("Authorization", format!("Bearer {token}"))
        .header("If-Match", expected)
        .send(lines)
        .unwrap();
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().unwrap();
    (status, serde_json::from_str(&text).unwrap())
}

/// The server's log, as `muster export` writes it.
fn exported(campaign: &Campaign) -> String {
    campaign.ok(&["export"])
}

#[test]
fn a_command_whose_if_match_has_the_heads_version_and_another_hash_is_answered_409_with_the_head() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let now = head(&campaign.db);
    let wrong = format!("{}:{ANOTHER_HASH}", now["version"]);
    let before = exported(&campaign);
    let (status, body) = server.post_with(
        Some(&player),
        &args(&["xp", "Wong", "1", "--why", "a"]),
        &[("If-Match", &wrong)],
    );
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["head"], now, "the answer names the head to decide on");
    assert_eq!(head(&campaign.db), now);
    assert_eq!(exported(&campaign), before, "nothing written");
}

#[test]
fn a_commands_if_match_off_the_head_says_whether_the_logs_parted_or_the_version_is_not_reached() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let now = head(&campaign.db);
    let (version, hash) = (now["version"].as_u64().unwrap(), now["hash"].as_str().unwrap());
    let refused = |if_match: &str| {
        let (status, body) = server.post_with(
            Some(&player),
            &args(&["xp", "Wong", "1", "--why", "a"]),
            &[("If-Match", if_match)],
        );
        assert_eq!(status, 409, "{if_match}: {body}");
        assert_eq!(body["head"], now, "{if_match}: the answer names the head");
        body["error"].as_str().unwrap().to_owned()
    };
    // The head's version with another hash: the logs have parted, both hashes named.
    let parted = refused(&format!("{version}:{ANOTHER_HASH}"));
    assert!(!parted.contains("moved on"), "{parted}");
    for said in [
        format!("v{version}"),
        hash[..20].to_owned(),
        ANOTHER_HASH[..20].to_owned(),
        "parted".to_owned(),
    ] {
        assert!(parted.contains(&said), "{said}: {parted}");
    }
    // A version the campaign has not reached, and its head named.
    let ahead = refused(&format!("{}:{ANOTHER_HASH}", version + 5));
    assert!(!ahead.contains("moved on"), "{ahead}");
    for said in [
        format!("has not reached v{}", version + 5),
        format!("v{version} with hash {}", &hash[..20]),
    ] {
        assert!(ahead.contains(&said), "{said}: {ahead}");
    }
    // An older head: moved on from it.
    let older = refused(&format!("{}:{ANOTHER_HASH}", version - 1));
    assert!(
        older.contains(&format!("moved on from v{} to v{version}", version - 1)),
        "{older}"
    );
    assert_eq!(head(&campaign.db), now, "nothing written");
}

/// A served campaign, a player's token, and a copy pulled from it into `_dir`.
struct Served {
    campaign: Campaign,
    token: String,
    server: Server,
    _dir: tempfile::TempDir,
    copy: std::path::PathBuf,
}

impl Served {
    fn with_a_copy() -> Served {
        let campaign = Campaign::new();
        let token = campaign.token("pat", "player");
        let server = Server::start(&campaign.db);
        let _dir = tempfile::tempdir().unwrap();
        let copy = pulled_copy(_dir.path(), &server, &token);
        Served {
            campaign,
            token,
            server,
            _dir,
            copy,
        }
    }
}

#[test]
fn a_push_whose_if_match_has_the_heads_version_and_another_hash_is_answered_409_with_the_head() {
    let s = Served::with_a_copy();
    let now = head(&s.campaign.db);
    assert_eq!(on(&s.copy, &["xp", "Wong", "+2", "--why", "offline"]).0, 0);
    let tail = export_after(&s.copy, now["version"].as_u64().unwrap());
    let before = exported(&s.campaign);
    let wrong = format!("{}:{ANOTHER_HASH}", now["version"]);
    let (status, body) = push(&s.server, &s.token, &wrong, &tail);
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["head"], now, "the answer names the server's head");
    assert_eq!(exported(&s.campaign), before, "nothing written");
    // The same tail with the right head lands: only the hash was wrong.
    let (status, body) = push(&s.server, &s.token, &if_match(&now), &tail);
    assert_eq!(status, 201, "{body}");
}

#[test]
fn a_pushed_tail_branching_at_the_servers_next_version_is_answered_409_does_not_continue() {
    let s = Served::with_a_copy();
    let parted = head(&s.campaign.db)["version"].as_u64().unwrap();
    // Both sides write v(parted + 1), each its own; the copy goes on to v(parted + 2).
    s.campaign.ok(&["wound", "Wong", "1"]);
    assert_eq!(on(&s.copy, &["xp", "Wong", "+2", "--why", "offline"]).0, 0);
    assert_eq!(on(&s.copy, &["rp", "grant", "1", "--why", "offline"]).0, 0);
    let now = head(&s.campaign.db);
    assert_eq!(now["version"], parted + 1);
    // The copy's v(parted + 2) is the server's next version, chained to another v(parted + 1).
    let tail = export_after(&s.copy, parted + 1);
    let before = exported(&s.campaign);
    let (status, body) = push(&s.server, &s.token, &if_match(&now), &tail);
    assert_eq!(status, 409, "a branch, not tampering: {body}");
    let error = body["error"].as_str().unwrap();
    assert!(error.contains("do not continue"), "{error}");
    assert_eq!(exported(&s.campaign), before, "nothing written");
}

/// The export lines of the campaign in `db` after version `after`, trailer left out.
fn export_after(db: &std::path::Path, after: u64) -> String {
    let (code, out, err) = on(db, &["--campaign", "Op", "export"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out
        .lines()
        .filter(|line| {
            let row: Value = serde_json::from_str(line).unwrap();
            row["version"].as_u64().is_some_and(|v| v > after)
        })
        .collect();
    assert!(!lines.is_empty(), "the copy holds events after v{after}");
    lines.join("\n")
}

#[test]
fn a_push_that_is_not_utf8_is_answered_400_and_nothing_is_written() {
    let served = Served::with_a_copy();
    let now = head(&served.campaign.db);
    let before = exported(&served.campaign);
    // An export line saved as Latin-1: its "é" is one byte that UTF-8 never ends a text with.
    let mut latin1 = before.lines().last().unwrap().as_bytes().to_vec();
    latin1.extend_from_slice(b" caf\xe9\n");
    let (status, body) = push(&served.server, &served.token, &if_match(&now), &latin1[..]);
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["error"], "the events are not UTF-8 JSON Lines");
    assert_eq!(body["exit"], 2);
    assert_eq!(exported(&served.campaign), before, "nothing written");
}

/// An `If-Match` that names no head (no hash, or one not of 64 hex digits) is a malformed
/// request (400, exit 2), not a head the campaign moved on from (409); so is a query string
/// the route cannot read. Both answer in the API's JSON, and nothing is written.
#[test]
fn a_malformed_if_match_or_query_string_is_a_400_in_the_apis_json() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let before = exported(&campaign);
    let version = head(&campaign.db)["version"].clone();
    for hash in ["", "zzzz", "<x>", "abcd"] {
        let bad = format!("{version}:{hash}");
        let (status, body) = server.post_with(
            Some(&player),
            &args(&["xp", "Wong", "1", "--why", "a"]),
            &[("If-Match", &bad)],
        );
        assert_eq!((status, &body["exit"]), (400, &Value::from(2)), "{bad}: {body}");
        let (status, body) = push(&server, &player, &bad, "{}\n");
        assert_eq!((status, &body["exit"]), (400, &Value::from(2)), "{bad}: {body}");
    }
    for query in ["after=abc", "after=-1"] {
        let (status, text) = server.get(&player, &format!("/api/v1/campaigns/Op/events?{query}"));
        assert_eq!(status, 400, "{query}: {text}");
        let body: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(body["exit"], 2, "{body}");
        assert!(body["error"].as_str().unwrap().contains("query string"), "{body}");
    }
    // A method the path does not take is refused in the same JSON.
    let mut response = agent()
        .put(format!("{}/api/v1/campaigns/Op/commands", server.url))
        .header("Authorization", format!("Bearer {player}"))
        .send("{}")
        .unwrap();
    assert_eq!(response.status().as_u16(), 405);
    let body: Value = serde_json::from_str(&response.body_mut().read_to_string().unwrap()).unwrap();
    assert_eq!(body["exit"], 2, "{body}");
    assert_eq!(exported(&campaign), before, "nothing written");
}
