//! A command the server runs is recorded by its caller: the token's name, which the log keeps
//! with the command; `--as` cannot name another.

use serde_json::Value;

use super::harness::{Campaign, Server, args};
use crate::common::chain::rechain;

/// The newest entry of the log, as the command line reads it.
fn newest(campaign: &Campaign) -> Value {
    let printed = campaign.ok(&["log", "--json", "--reverse", "-n", "1"]);
    serde_json::from_str(printed.lines().next().unwrap()).unwrap()
}

#[test]
fn a_served_command_is_recorded_by_its_tokens_name_and_as_is_refused() {
    let campaign = Campaign::new();
    let pat = campaign.token("pat", "player");
    let quinn = campaign.token("quinn", "player");
    let server = Server::start(&campaign.db);
    let (status, answer) = server.post(Some(&pat), &args(&["xp", "Wong", "1", "--why", "EKIA"]));
    assert_eq!(status, 201, "{answer}");
    assert_eq!(newest(&campaign)["recorded_by"], "pat");
    let (status, answer) = server.post(Some(&quinn), &args(&["wound", "Wong", "1"]));
    assert_eq!(status, 201, "{answer}");
    assert_eq!(
        newest(&campaign)["recorded_by"],
        "quinn",
        "each turn names its own caller"
    );

    let head = campaign.head();
    let (status, answer) = server.post(Some(&pat), &args(&["heal", "Wong", "1", "--as", "quinn"]));
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer.to_string().contains("--as is refused by the server"),
        "{answer}"
    );
    assert_eq!(campaign.head(), head, "nothing was written");

    // The command line on the same file records its own name.
    campaign.ok(&["heal", "Wong", "1"]);
    assert_eq!(newest(&campaign)["recorded_by"], "command line");
    let verified: Value = serde_json::from_str(&campaign.ok(&["verify", "--json"])).unwrap();
    assert_eq!(verified["ok"], true, "{verified}");
    assert_eq!(
        verified["decided_from_command"], verified["commands"],
        "{verified}"
    );
}

/// Rewrites the stored command of `version` in `db` with `edit` (its triggers dropped) and
/// makes the chain again from it, so that only the command is wrong.
fn edit_command(db: &std::path::Path, version: u64, edit: impl Fn(&mut Value)) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch("DROP TRIGGER events_refuse_update").unwrap();
    let text: String = conn
        .query_row(
            "SELECT command FROM events WHERE campaign = 'Op' AND version = ?1",
            [version],
            |row| row.get(0),
        )
        .unwrap();
    let mut command: Value = serde_json::from_str(&text).unwrap();
    edit(&mut command);
    conn.execute(
        "UPDATE events SET command = ?1 WHERE campaign = 'Op' AND version = ?2",
        rusqlite::params![command.to_string(), version],
    )
    .unwrap();
    drop(conn);
    rechain(db, "Op");
}

#[test]
fn pull_and_push_carry_who_recorded_each_command_and_a_pushed_command_is_decided_again() {
    use super::sync::{head, on};
    let campaign = Campaign::new();
    let pat = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let (status, answer) = server.post(Some(&pat), &args(&["xp", "Wong", "1", "--why", "EKIA"]));
    assert_eq!(status, 201, "{answer}");
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");
    let (code, _, err) = on(&copy, &["pull", &server.url, "--token", &pat]);
    assert_eq!(code, 0, "{err}");
    let pulled_log = on(
        &copy,
        &["--campaign", "Op", "--json", "log", "--reverse", "-n", "1"],
    )
    .1;
    let pulled: Value = serde_json::from_str(pulled_log.lines().next().unwrap()).unwrap();
    assert_eq!(
        pulled["recorded_by"], "pat",
        "a pulled command keeps its recorder"
    );

    // Offline, on the copy: recorded by Sam, pushed, and the server's log names Sam.
    let (code, _, err) = on(
        &copy,
        &[
            "--campaign",
            "Op",
            "xp",
            "Wong",
            "+1",
            "--why",
            "offline",
            "--as",
            "Sam",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = on(&copy, &["push", &server.url, "--token", &pat]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(newest(&campaign)["recorded_by"], "Sam");

    // A command whose stored form was edited, its chain made again, is refused by the server.
    let (code, _, err) = on(&copy, &["--campaign", "Op", "wound", "Wong", "1"]);
    assert_eq!(code, 0, "{err}");
    let edited = head(&copy)["version"].as_u64().unwrap();
    edit_command(&copy, edited, |c| c["command"]["harm"]["amount"] = 2.into());
    let before = campaign.head();
    let (code, _, err) = on(&copy, &["push", &server.url, "--token", &pat]);
    assert_ne!(code, 0, "the edited command is refused");
    assert!(err.contains("decided again"), "{err}");
    assert_eq!(campaign.head(), before, "nothing was written on the server");
}

#[test]
fn a_player_undoes_their_own_last_command_and_never_anothers_and_a_gm_voids_any() {
    let campaign = Campaign::new();
    let pat = campaign.token("pat", "player");
    let quinn = campaign.token("quinn", "player");
    let gm = campaign.token("gale", "gm");
    let viewer = campaign.token("val", "viewer");
    let server = Server::start(&campaign.db);
    let (status, answer) = server.post(Some(&pat), &args(&["xp", "Wong", "1", "--why", "EKIA"]));
    assert_eq!(status, 201, "{answer}");
    let pats = campaign.head();
    let (status, answer) = server.post(Some(&quinn), &args(&["wound", "Wong", "1"]));
    assert_eq!(status, 201, "{answer}");
    let quinns = campaign.head();

    // Pat's undo takes back Pat's last command, not the head (Quinn's).
    let (status, answer) = server.post(Some(&pat), &args(&["undo", "--why", "no EKIA"]));
    assert_eq!(status, 201, "{answer}");
    assert!(
        answer
            .to_string()
            .contains(&format!("voids the command of version {pats}")),
        "{answer}"
    );
    assert_eq!(newest(&campaign)["recorded_by"], "pat");

    // Pat may not undo Quinn's; a viewer may not undo at all: nothing is written.
    let head = campaign.head();
    let quinns_arg = quinns.to_string();
    let (status, answer) = server.post(Some(&pat), &args(&["undo", &quinns_arg, "--why", "x"]));
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer.to_string().contains("recorded by quinn, not by pat"),
        "{answer}"
    );
    let (status, answer) = server.post(Some(&viewer), &args(&["undo", "--why", "x"]));
    assert_eq!(status, 403, "{answer}");
    assert_eq!(campaign.head(), head, "nothing was written");

    // A gm voids Quinn's with `void`.
    let (status, answer) = server.post(Some(&gm), &args(&["void", &quinns_arg, "--why", "x"]));
    assert_eq!(status, 201, "{answer}");
    let verified: Value = serde_json::from_str(&campaign.ok(&["verify", "--json"])).unwrap();
    assert_eq!(verified["ok"], true, "{verified}");
}
