//! What `muster push` says when the server refuses it: the server's own words, as `pull`
//! says them, and not that the server is some other program; each said once, times in
//! muster's own form, and the copy pushing never taken for the server.

use serde_json::Value;

use super::harness::{Campaign, Server};
use super::reach::{Community, community};
use super::sync::{head, on, pulled_copy};
use crate::common::chain::rechain;

#[test]
fn a_push_of_a_campaign_the_token_does_not_reach_says_what_the_server_said() {
    let Community { campaign, gina, .. } = community();
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");
    // A copy of the copy's own Juno: the server's Juno is another group's, out of gina's reach.
    let (code, _, err) = on(&copy, &["campaign", "new", "Juno", "--game", "wwii"]);
    assert_eq!(code, 0, "{err}");
    let (status, body) = server.get(&gina, "/api/v1/campaigns/Juno/events");
    assert_eq!(status, 404, "{body}");
    let said: Value = serde_json::from_str(&body).unwrap();
    let said = said["error"].as_str().unwrap();
    assert!(said.contains("its campaigns: Op"), "{said}");

    let (code, out, err) = on(
        &copy,
        &["--campaign", "Juno", "push", &server.url, "--token", &gina],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains(said), "the server's words: {err}");
    assert!(!err.contains("API v"), "{err}");
}

/// POSTs `body` as a push to Op's events with `token`, continuing `head` (`VERSION:HASH`).
fn pushed(server: &Server, token: &str, head: &str, body: &str) -> (u16, String) {
    let mut response = super::harness::agent()
        .post(format!("{}/api/v1/campaigns/Op/events", server.url))
        .header("Authorization", format!("Bearer {token}"))
        .header("If-Match", head)
        .header("Content-Type", "application/x-ndjson")
        .send(body)
        .unwrap();
    let status = response.status().as_u16();
    let said: Value =
        serde_json::from_str(&response.body_mut().read_to_string().unwrap()).unwrap_or_default();
    (status, said["error"].as_str().unwrap_or_default().to_owned())
}

#[test]
fn a_push_refused_says_what_differs_once_and_in_musters_own_words() {
    let campaign = Campaign::new();
    let token = campaign.token("gina", "gm");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = pulled_copy(dir.path(), &server, &token);
    let at = head(&copy);
    let (version, hash) = (
        at["version"].as_u64().unwrap(),
        at["hash"].as_str().unwrap().to_owned(),
    );

    // The server's version with another hash: not "at v3, not the v3".
    let (status, said) = pushed(&server, &token, &format!("{version}:{}", "a".repeat(64)), "");
    assert_eq!(status, 409, "{said}");
    assert!(said.contains("hash") && said.contains("parted"), "{said}");
    assert!(!said.contains(&format!("not the v{version}")), "{said}");

    // A line whose command id is not one: "nothing written" once.
    assert_eq!(
        on(
            &copy,
            &["--campaign", "Op", "xp", "Wong", "+1", "--why", "offline"]
        )
        .0,
        0
    );
    let (_, exported, _) = on(&copy, &["--campaign", "Op", "export"]);
    let line: Value =
        serde_json::from_str(exported.lines().nth(usize::try_from(version).unwrap()).unwrap()).unwrap();
    let mut bad = line.clone();
    bad["command_id"] = Value::from("not an id!");
    let (status, said) = pushed(&server, &token, &format!("{version}:{hash}"), &format!("{bad}\n"));
    assert_eq!(status, 422, "{said}");
    assert_eq!(said.matches("nothing written").count(), 1, "{said}");

    // An event dated before the server's head: its time in muster's form, and the server is
    // not "this copy".
    let conn = rusqlite::Connection::open(&copy).unwrap();
    conn.execute_batch("DROP TRIGGER IF EXISTS events_refuse_update")
        .unwrap();
    let sql = "UPDATE events SET recorded_at = '2001-01-01T00:00:00Z' WHERE campaign = 'Op' AND version = ?1";
    assert_eq!(conn.execute(sql, [version + 1]).unwrap(), 1);
    drop(conn);
    rechain(&copy, "Op");
    let (code, out, err) = on(
        &copy,
        &["--campaign", "Op", "push", &server.url, "--token", &token],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("earlier than the event before it"), "{err}");
    assert!(!err.contains("+00:00") && !err.contains("this copy"), "{err}");
}
