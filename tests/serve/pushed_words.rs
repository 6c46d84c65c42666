//! What `muster push` says when the server refuses it: the server's own words, as `pull`
//! says them, and not that the server is some other program.

use serde_json::Value;

use super::harness::Server;
use super::reach::{Community, community};
use super::sync::on;

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
