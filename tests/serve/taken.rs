//! A new token's name against the names already writing: one that reads as a signed-in
//! phone's of a campaign it would reach is refused, as a phone may not join under a token's,
//! and a group's gm is told only that a name is taken when another group's token has it.

use scraper::Html;

use super::client::Browser;
use super::harness::Server;
use super::page::texts;
use super::reach::{Community, community};

/// What the phones page's form to make a token said, and its status.
fn made_on_page(desk: &Browser, name: &str) -> (u16, String) {
    let csrf = desk.csrf();
    let made = desk.post(
        "/c/Op/tokens",
        &[("csrf", csrf.as_str()), ("name", name), ("role", "player")],
        &[],
    );
    let said = texts(&Html::parse_document(&made.body), "#said")
        .pop()
        .unwrap_or_default();
    (made.status, said)
}

#[test]
fn a_token_may_not_take_the_name_of_a_phone_signed_in_to_its_campaign() {
    let Community { campaign, gina, .. } = community();
    let server = Server::start(&campaign.db);
    let _dave = Browser::joined(&server, &campaign.player_invite_to("Op"), "dave");
    for name in ["dave", "Dave", "ｄａｖｅ", " dave "] {
        let out = campaign.muster(&["serve", "token", "add", name, "--role", "player", "--only", "Op"]);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name:?}: {said}");
        assert!(
            said.contains("reads as 'dave', a phone signed in") && said.contains("give the token a name"),
            "{name:?}: {said}"
        );
    }
    let every = campaign.muster(&["serve", "token", "add", "DAVE", "--role", "viewer"]);
    assert_eq!(
        every.status.code(),
        Some(1),
        "a token of every campaign reaches Op too"
    );
    let listed = campaign.ok(&["serve", "token", "list"]);
    assert!(!listed.to_lowercase().contains("dave"), "{listed}");

    // Made on the page by Op's gm, the same.
    let mut desk = Browser::new(&server);
    desk.signed_in(&gina);
    let (status, said) = made_on_page(&desk, "Dave");
    assert_eq!(status, 422, "{said}");
    assert!(said.contains("reads as 'dave', a phone signed in"), "{said}");

    // Another group's token may go by it: its commands are never in Op's log.
    campaign.ok(&[
        "serve", "token", "add", "dave", "--role", "player", "--only", "Juno",
    ]);
}

#[test]
fn a_groups_gm_is_told_only_that_another_groups_token_name_is_taken() {
    let Community { campaign, gina, .. } = community();
    campaign.ok(&[
        "serve", "token", "add", "bob", "--role", "player", "--only", "Juno",
    ]);
    let server = Server::start(&campaign.db);
    let mut desk = Browser::new(&server);
    desk.signed_in(&gina);
    for name in ["bob", "BOB"] {
        let (status, said) = made_on_page(&desk, name);
        assert_eq!(status, 422, "{said}");
        assert_eq!(
            said,
            format!("Not made: the name '{name}' is taken; choose another")
        );
    }
    let listed = campaign.ok(&["serve", "token", "list"]);
    assert_eq!(
        listed
            .lines()
            .filter(|row| row.to_lowercase().contains("bob"))
            .count(),
        1,
        "{listed}"
    );
}
