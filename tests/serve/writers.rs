//! No writer passes for another: a phone joining and a token made are refused a name that
//! reads as a token's or as the command line's, spaces and all.

use super::client::Browser;
use super::harness::{Campaign, Server, events};

/// Makes a player's invite on the command line and gives its code (after the link's #).
fn invite(campaign: &Campaign) -> String {
    let printed = campaign.ok(&[
        "serve",
        "invite",
        "--role",
        "player",
        "--url",
        "http://127.0.0.1:9",
    ]);
    let link = printed.lines().next().unwrap_or_default().to_owned();
    link.rsplit('#').next().unwrap_or_default().to_owned()
}

/// The "Used" column of the first invite `muster serve invite list` prints.
fn used(campaign: &Campaign) -> String {
    let printed = campaign.ok(&["serve", "invite", "list"]);
    let row = printed.lines().nth(2).unwrap_or_default().to_owned();
    row.split('|').nth(2).unwrap_or_default().trim().to_owned()
}

#[test]
fn a_name_that_differs_from_the_command_lines_or_a_tokens_only_in_its_spaces_is_refused() {
    let campaign = Campaign::new();
    let _gm = campaign.token("gina smith", "gm");
    let code = invite(&campaign);
    let server = Server::start(&campaign.db);
    let before = events(&campaign.db);
    let browser = Browser::new(&server);
    for (name, said) in [
        (
            "command  line",
            "what the log calls commands recorded on the server",
        ),
        (
            "command\u{a0}line",
            "what the log calls commands recorded on the server",
        ),
        (
            "Command\u{3000}Line",
            "what the log calls commands recorded on the server",
        ),
        ("gina  smith", "is the name of one of the server"),
        ("gina\u{2003}Smith", "is the name of one of the server"),
    ] {
        let joined = browser.post("/join", &[("invite", &code), ("name", name)], &[]);
        assert_eq!(joined.status, 422, "{name:?}: {}", joined.body);
        assert!(joined.body.contains(said), "{name:?}: {}", joined.body);
        assert_eq!(used(&campaign), "0 of 1", "{name:?}: a refused name uses nothing");
    }
    assert_eq!(events(&campaign.db), before, "the log changed");

    // Nor may a token take such a name on the server's machine.
    for name in ["command\u{a0}line", "command  line", "gina\u{a0}smith"] {
        let out = campaign.muster(&["serve", "token", "add", name, "--role", "player"]);
        assert_eq!(out.status.code(), Some(1), "{name:?}: {out:?}");
    }
    let listed = campaign.ok(&["serve", "token", "list"]);
    assert!(
        !listed.contains("command") && listed.matches("gina").count() == 1,
        "{listed}"
    );

    // A name of its own joins.
    let joined = browser.post("/join", &[("invite", &code), ("name", "Ann Lee")], &[]);
    assert_eq!(joined.status, 303, "{}", joined.body);
    assert_eq!(events(&campaign.db), before, "the log changed");
}
