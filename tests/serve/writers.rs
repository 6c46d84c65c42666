//! No writer passes for another: a phone joining and a token made are refused a name that
//! reads as a token's or as the command line's, spaces and all, and a pushed command one that
//! reads as another token's or signed-in phone's of its campaign.

use super::client::Browser;
use super::harness::{Campaign, Server, events};
use super::sync::on;

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
    let code = campaign.player_invite();
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

/// A copy pulled afresh by `token` into a folder of its own, with one command recorded on it
/// offline, `--as recorder` when one is given; then pushed with `token`: its exit code and
/// standard error.
fn pushed_as(server: &Server, token: &str, recorder: Option<&str>) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");
    let (code, _, err) = on(
        &copy,
        &["--campaign", "Op", "pull", &server.url, "--token", token],
    );
    assert_eq!(code, 0, "{err}");
    let mut args = vec!["--campaign", "Op", "xp", "Wong", "+5", "--why", "a bonus"];
    if let Some(recorder) = recorder {
        args.extend(["--as", recorder]);
    }
    let (code, _, err) = on(&copy, &args);
    assert_eq!(code, 0, "{recorder:?}: {err}");
    let (code, _, err) = on(&copy, &["push", &server.url, "--token", token]);
    (code, err)
}

#[test]
fn a_pushed_command_may_not_be_recorded_in_another_tokens_or_phones_name() {
    let campaign = Campaign::new();
    let gina = campaign.token("gina", "gm");
    let pat = campaign.token("pat", "player");
    // A token of another group's campaign reads as no writer of this one.
    campaign.ok(&["campaign", "new", "Other", "--game", "modern"]);
    campaign.ok(&[
        "serve", "token", "add", "olga", "--role", "player", "--only", "Other",
    ]);
    let code = campaign.player_invite();
    let server = Server::start(&campaign.db);
    let joined = Browser::new(&server).post("/join", &[("invite", &code), ("name", "mallory")], &[]);
    assert_eq!(joined.status, 303, "{}", joined.body);

    let before = events(&campaign.db);
    for (token, recorder, reads_as) in [
        (&pat, "gina", "another token of this campaign"),
        (&pat, "GINA", "another token of this campaign"),
        (&pat, "g\u{ff49}na", "another token of this campaign"),
        (&pat, "Mallory", "a phone signed in to this campaign"),
        (&pat, "command\u{a0}line", "the server's own command line"),
        (&pat, "PAT", "this token's name, 'pat', spelled otherwise"),
        // A gm's push is held to the same: it may not say a player recorded its command.
        (&gina, "pat", "another token of this campaign"),
    ] {
        let (code, err) = pushed_as(&server, token, Some(recorder));
        assert_eq!(code, 1, "{recorder:?}: {err}");
        assert!(
            err.contains(&format!("recorded by '{recorder}', which reads as"))
                && err.contains(reads_as)
                && err.contains("nothing written"),
            "{recorder:?}: {err}"
        );
        assert_eq!(events(&campaign.db), before, "{recorder:?}: the log changed");
    }

    // The pusher's own name, the command line's, and a name no writer of the campaign goes
    // by are carried.
    for (token, recorder) in [
        (&pat, Some("pat")),
        (&pat, None),
        (&pat, Some("Sam")),
        (&pat, Some("olga")),
        (&gina, Some("gina")),
    ] {
        let (code, err) = pushed_as(&server, token, recorder);
        assert_eq!(code, 0, "{recorder:?}: {err}");
    }
    let (code, out, err) = on(&campaign.db, &["--campaign", "Op", "--json", "log"]);
    assert_eq!(code, 0, "{err}");
    let recorders: Vec<String> = out
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["recorded_by"].to_string())
        .collect();
    assert_eq!(
        recorders[recorders.len() - 5..],
        ["\"pat\"", "\"command line\"", "\"Sam\"", "\"olga\"", "\"gina\""],
        "{out}"
    );
}
