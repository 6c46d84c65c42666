//! What a refusal tells a caller bound to its campaigns: a Soldier it does not know is pointed
//! only to a campaign the caller reaches, never to another group's, whichever door the
//! command came by (the API's commands, a remote's run, the page's forms and pages).

use serde_json::{Value, json};

use super::client::Browser;
use super::harness::{Server, agent, args};
use super::reach::{Community, community};

/// The refusal's words in a JSON answer.
fn error(body: &Value) -> String {
    body["error"].as_str().unwrap_or_default().to_owned()
}

#[test]
fn a_bound_caller_is_not_told_which_other_groups_campaign_enlisted_a_soldier() {
    let Community {
        campaign,
        alice,
        root,
        ..
    } = community();
    let viewer = campaign.ok(&["serve", "token", "add", "vic", "--role", "viewer", "--only", "Op"]);
    let vic = viewer.lines().next().unwrap_or_default().trim().to_owned();
    let server = Server::start(&campaign.db);

    let unknown = "no Soldier named 'Baker' in campaign 'Op'";
    for (token, line) in [
        (&vic, &["roster", "--soldier", "Baker"][..]),
        (&vic, &["blame", "Baker"]),
        (&alice, &["wound", "Baker", "1"]),
    ] {
        let (status, _, body) = server.command("Op", token, &args(line));
        assert_eq!(status, 422, "{line:?}: {body}");
        assert!(error(&body).contains(unknown), "{line:?}: {body}");
        assert!(!error(&body).contains("Juno"), "{line:?}: {body}");
    }
    let mut run = agent()
        .post(format!("{}/api/v1/run", server.url))
        .header("Authorization", format!("Bearer {alice}"))
        .send_json(json!({"args": ["blame", "Baker"], "campaign": "Op", "format": "json", "columns": null}))
        .unwrap();
    let ran: Value = serde_json::from_str(&run.body_mut().read_to_string().unwrap()).unwrap();
    assert!(error(&ran).contains(unknown), "{ran}");
    assert!(!error(&ran).contains("Juno"), "{ran}");

    let phone = Browser::joined(&server, &campaign.player_invite_to("Op"), "Pat");
    let csrf = phone.csrf();
    let wound = [
        ("csrf", csrf.as_str()),
        ("cmd", "wound"),
        ("soldier", "Baker"),
        ("n", "1"),
    ];
    for page in [
        phone.post("/c/Op/do", &wound, &[]),
        phone.get("/c/Op/blame/Baker"),
    ] {
        assert!(page.status >= 400, "{}: {}", page.status, page.body);
        assert!(page.body.contains("Baker"), "the refusal is shown: {}", page.body);
        assert!(!page.body.contains("Juno"), "{}", page.body);
    }

    // A caller of every campaign is still pointed there.
    let (status, _, body) = server.command("Op", &root, &args(&["blame", "Baker"]));
    assert_eq!(status, 422, "{body}");
    assert!(error(&body).contains("'Baker' is in campaign 'Juno'"), "{body}");
}

#[test]
fn a_caller_of_two_campaigns_is_pointed_to_its_own_not_to_another_groups() {
    let Community { campaign, .. } = community();
    campaign.ok(&["campaign", "new", "Kilo", "--game", "wwii"]);
    let enlist = ["enlist", "Baker", "--kind", "player", "--rp", "4"];
    campaign.ok(&[&["--campaign", "Kilo"][..], &enlist].concat());
    let printed = campaign.ok(&[
        "serve", "token", "add", "kim", "--role", "viewer", "--only", "Op", "--only", "Kilo",
    ]);
    let kim = printed.lines().next().unwrap_or_default().trim().to_owned();
    let server = Server::start(&campaign.db);
    let (status, _, body) = server.command("Op", &kim, &args(&["blame", "Baker"]));
    assert_eq!(status, 422, "{body}");
    assert!(error(&body).contains("'Baker' is in campaign 'Kilo'"), "{body}");
    assert!(!error(&body).contains("Juno"), "{body}");
}
