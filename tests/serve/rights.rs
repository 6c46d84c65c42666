//! Who may do what, and what a client is told: the rights matrix, retries by command id,
//! a stale head, the server's bounds, and binding beyond loopback.

use serde_json::json;

use super::harness::{Campaign, Server, args, muster};

#[test]
fn each_role_gets_its_rights_and_a_revoked_token_is_refused() {
    let campaign = Campaign::new();
    let gm = campaign.token("gina", "gm");
    let player = campaign.token("pat", "player");
    let viewer = campaign.token("vic", "viewer");
    let server = Server::start(&campaign.db);
    let wound = args(&["wound", "Wong", "1"]);

    let (status, body) = server.post(None, &wound);
    assert_eq!((status, body["exit"].as_u64()), (401, Some(1)), "{body}");
    let (status, _) = server.post(Some("muster_0000"), &wound);
    assert_eq!(status, 401);
    let (status, body) = server.post(Some(&viewer), &wound);
    assert_eq!(status, 403, "{body}");
    let (status, body) = server.post(Some(&player), &args(&["void", "3", "--why", "typo"]));
    assert_eq!(status, 403, "{body}");
    let (status, body) = server.post(Some(&player), &args(&["seed", "reveal"]));
    assert_eq!(status, 403, "{body}");

    let (status, body) = server.post(Some(&gm), &wound);
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["written"][0]["kind"], "wounded");
    assert_eq!(body["head"]["version"], 4);
    let (status, body) = server.post(Some(&player), &args(&["heal", "Wong", "1"]));
    assert_eq!(status, 201, "{body}");
    // A viewer reads, through the API's GETs and a read command alike.
    let (status, body) = server.get(&viewer, "/api/v1/campaigns/Op/roster?as_of=4");
    assert_eq!(status, 200);
    let roster: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(roster["soldiers"][0]["wounds"], 1);
    assert_eq!(
        roster,
        serde_json::from_str::<serde_json::Value>(&campaign.ok(&["roster", "--as-of", "4", "--json"]))
            .unwrap()
    );
    let (status, body) = server.post(Some(&viewer), &args(&["show", "4"]));
    assert_eq!(status, 200, "{body}");

    campaign.ok(&["serve", "token", "revoke", "pat"]);
    let (status, _) = server.post(Some(&player), &args(&["heal", "Wong", "1"]));
    assert_eq!(status, 401);
    let listed = campaign.ok(&["serve", "token", "list"]);
    assert!(listed.contains("gina") && !listed.contains("pat"), "{listed}");
    assert!(!listed.contains(&gm), "a token is never shown again");
}

#[test]
fn refusals_usage_and_the_servers_bounds_have_their_statuses() {
    let campaign = Campaign::new();
    let gm = campaign.token("gina", "gm");
    let server = Server::start(&campaign.db);
    let cases = [
        (args(&["wound", "Nobody", "1"]), 422, 1),
        (args(&["wound"]), 400, 2),
        (args(&["wound", "Wong", "1", "--db", "/tmp/other.db"]), 400, 2),
        (args(&["wound", "Wong", "1", "--campaign", "Other"]), 400, 2),
        (args(&["enlist", "--card", "/etc/passwd"]), 400, 2),
        (args(&["export"]), 403, 1),
        (args(&["serve", "token", "list"]), 403, 1),
        (json!({"args": ["wound"], "extra": 1}), 400, 2),
        (args(&["campaign", "new", "Other", "--game", "wwii"]), 400, 2),
        (args(&["campaign", "use", "Op"]), 403, 1),
        // The server sends a command to no other server, under no other token.
        (
            args(&["--remote", "http://127.0.0.1:9", "wound", "Wong", "1"]),
            400,
            2,
        ),
        (args(&["wound", "Wong", "1", "--token", "muster_other"]), 400, 2),
    ];
    for (body, status, exit) in cases {
        let (got, answer) = server.post(Some(&gm), &body);
        assert_eq!(
            (got, answer["exit"].as_u64()),
            (status, Some(exit)),
            "{body}: {answer}"
        );
        assert!(answer["error"].is_string(), "{answer}");
    }
    assert_eq!(campaign.head(), 3, "nothing was written");
    let run = json!({"args": ["--remote", "table", "--token", "t", "wound", "Wong", "1"], "format": "json"});
    let response = super::harness::agent()
        .post(format!("{}/api/v1/run", server.url))
        .header("Authorization", format!("Bearer {gm}"))
        .send_json(&run)
        .unwrap();
    let status = response.status().as_u16();
    let answer: serde_json::Value =
        serde_json::from_str(&response.into_body().read_to_string().unwrap()).unwrap();
    assert_eq!((status, answer["exit"].as_u64()), (400, Some(2)), "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("--remote is refused by the server"),
        "{answer}"
    );
    assert_eq!(campaign.head(), 3, "nothing was written");
}

#[test]
fn every_answer_tells_the_browser_not_to_guess_its_type() {
    let campaign = Campaign::new();
    let viewer = campaign.token("vic", "viewer");
    let server = Server::start(&campaign.db);
    for path in [
        "/api/v1/campaigns",
        "/api/v1/campaigns/Op/roster",
        "/static/play.js",
        "/api/v1/nothing",
        "/sign-in",
    ] {
        let response = super::harness::agent()
            .get(format!("{}{path}", server.url))
            .header("Authorization", format!("Bearer {viewer}"))
            .call()
            .unwrap();
        let said: Vec<&str> = response
            .headers()
            .get_all("x-content-type-options")
            .iter()
            .map(|v| v.to_str().unwrap())
            .collect();
        assert_eq!(said, ["nosniff"], "{path}: {}", response.status());
    }
}

#[test]
fn a_retried_command_id_is_answered_from_the_record_and_a_stale_head_is_409() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let body = json!({"args": ["xp", "Wong", "2", "--why", "EKIA"], "command_id": "c-1"});
    let first = server.post(Some(&player), &body);
    let again = server.post(Some(&player), &body);
    assert_eq!(first.0, 201, "{}", first.1);
    assert_eq!(first, again, "the same answer");
    assert_eq!(campaign.head(), 4, "written once");

    let (_, roster) = server.get(&player, "/api/v1/campaigns/Op/roster");
    let roster: serde_json::Value = serde_json::from_str(&roster).unwrap();
    let head = format!(
        "{}:{}",
        roster["head"]["version"],
        roster["head"]["hash"].as_str().unwrap()
    );
    let (status, _) = server.post_with(
        Some(&player),
        &args(&["xp", "Wong", "1", "--why", "a"]),
        &[("If-Match", &head)],
    );
    assert_eq!(status, 201);
    let (status, body) = server.post_with(
        Some(&player),
        &args(&["xp", "Wong", "1", "--why", "b"]),
        &[("If-Match", &head)],
    );
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["head"]["version"], 5);
    let again = json!({"args": ["xp", "Wong", "1", "--why", "b"], "decide_again": true});
    let (status, _) = server.post_with(Some(&player), &again, &[("If-Match", &head)]);
    assert_eq!(status, 201);
    assert_eq!(campaign.head(), 6);

    let (status, lines) = server.get(&player, "/api/v1/campaigns/Op/events?after=4");
    assert_eq!(status, 200);
    let versions: Vec<u64> = lines
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["version"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(versions, [5, 6]);
    assert!(!lines.contains("\"seed\":"), "the seed never leaves the server");
    // Without `after`, the whole export, trailer included: the command line's, line for line.
    let (status, whole) = server.get(&player, "/api/v1/campaigns/Op/events");
    assert_eq!(status, 200);
    assert_eq!(whole, campaign.ok(&["--campaign", "Op", "export"]));
}

#[test]
fn binding_beyond_loopback_is_refused_until_a_token_exists() {
    let campaign = Campaign::new();
    let out = muster(&campaign.db, &["serve", "--addr", "0.0.0.0:0"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("token"));
}

#[test]
fn a_read_is_refused_without_a_known_token_and_its_failures_count_toward_the_limit() {
    let campaign = Campaign::new();
    let viewer = campaign.token("vic", "viewer");
    let server = Server::start(&campaign.db);
    let unsigned = super::harness::agent()
        .get(format!("{}/api/v1/campaigns/Op/roster", server.url))
        .call()
        .unwrap();
    assert_eq!(unsigned.status().as_u16(), 401);
    let (status, body) = server.get(&viewer, "/api/v1/campaigns");
    assert_eq!(status, 200, "{body}");
    for path in ["/api/v1/campaigns", "/api/v1/campaigns/Op/roster?as_of=2"] {
        let (status, body) = server.get("muster_guess", path);
        let refused: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!((status, refused["exit"].as_u64()), (401, Some(1)), "{body}");
        assert_eq!(refused["error"], "the token is unknown or revoked");
    }
    for _ in 0..8 {
        assert_eq!(server.get("muster_guess", "/api/v1/campaigns/Op/roster").0, 401);
    }
    // Ten failed reads from this address: even a good token waits now.
    let (status, body) = server.get(&viewer, "/api/v1/campaigns/Op/roster");
    assert_eq!(status, 429, "{body}");
}

#[test]
fn failed_sign_ins_are_limited_and_bodies_are_bounded() {
    let campaign = Campaign::new();
    let gm = campaign.token("gina", "gm");
    let server = Server::start(&campaign.db);
    let big = json!({ "args": ["xp", "Wong", "1", "--why", "x".repeat(100 * 1024)] });
    let response = super::harness::agent()
        .post(format!("{}/api/v1/campaigns/Op/commands", server.url))
        .header("Authorization", format!("Bearer {gm}"))
        .send_json(&big)
        .unwrap();
    assert_eq!(response.status().as_u16(), 413);
    for _ in 0..10 {
        let (status, _) = server.post(Some("muster_guess"), &args(&["roster"]));
        assert_eq!(status, 401);
    }
    let (status, body) = server.post(Some(&gm), &args(&["roster"]));
    assert_eq!(status, 429, "{body}");
}
