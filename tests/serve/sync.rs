//! pull and push between a copy on this machine and a server: fast-forwards only, checked by
//! the checked fold, a diverged copy refused with nothing written on either side, and every
//! head the other side showed held by `verify`.

use std::path::Path;

use serde_json::Value;

use super::common::Runner;
use super::harness::{Campaign, Server};

/// The system's time, as the server (on the system clock) records it.
fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// `muster ARGS` on `db` at the system's time: (exit code, stdout, stderr).
pub(super) fn on(db: &Path, args: &[&str]) -> (i32, String, String) {
    Runner::on(db).at(&now()).args(args).run().into_parts()
}

pub(super) fn head(db: &Path) -> Value {
    let (code, out, err) = on(db, &["--campaign", "Op", "--json", "roster"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str::<Value>(&out).unwrap()["head"].clone()
}

#[test]
fn a_pull_into_an_empty_database_verifies_at_the_servers_head_and_a_second_adds_nothing() {
    let campaign = Campaign::new();
    campaign.ok(&["wound", "Wong", "1"]);
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");

    let (code, out, err) = on(&copy, &["--json", "pull", &server.url, "--token", &token]);
    assert_eq!(code, 0, "{err}");
    let pulled: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(pulled["added"], 4);
    assert_eq!(pulled["head"], pulled["server_head"]);
    assert_eq!(head(&copy), head(&campaign.db));
    let (code, out, err) = on(&copy, &["--json", "verify"]);
    assert_eq!(code, 0, "{err}");
    let verified: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (verified["ok"].as_bool(), verified["witnessed_heads"].as_u64()),
        (Some(true), Some(1))
    );

    let (code, out, _) = on(&copy, &["--json", "pull", &server.url, "--token", &token]);
    assert_eq!(code, 0);
    assert_eq!(serde_json::from_str::<Value>(&out).unwrap()["added"], 0);

    // The server moves on; the copy fast-forwards by the new events alone.
    campaign.ok(&["heal", "Wong", "1"]);
    campaign.ok(&["xp", "Wong", "+2", "--why", "a good turn"]);
    let (code, out, _) = on(&copy, &["--json", "pull", &server.url, "--token", &token]);
    assert_eq!(code, 0);
    assert_eq!(serde_json::from_str::<Value>(&out).unwrap()["added"], 2);
    assert_eq!(head(&copy), head(&campaign.db));
}

#[test]
fn a_diverged_copy_is_refused_naming_where_it_parts_and_nothing_is_written() {
    let campaign = Campaign::new();
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");
    assert_eq!(on(&copy, &["pull", &server.url, "--token", &token]).0, 0);
    let parted = head(&copy)["version"].as_u64().unwrap();
    campaign.ok(&["wound", "Wong", "1"]);
    let offline = on(&copy, &["xp", "Wong", "+1", "--why", "offline"]);
    assert_eq!(offline.0, 0, "{}", offline.2);
    let before = head(&copy);

    let (code, out, err) = on(&copy, &["pull", &server.url, "--token", &token]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains(&format!("part after v{parted}")), "{err}");
    assert_eq!(head(&copy), before, "nothing pulled");
}

#[test]
fn verify_names_a_head_another_copy_showed_that_the_log_no_longer_holds() {
    let campaign = Campaign::new();
    let dir = tempfile::tempdir().unwrap();
    let export = dir.path().join("op.jsonl");
    campaign.ok(&["export", "--output", &export.to_string_lossy()]);
    let copy = dir.path().join("copy.db");
    assert_eq!(on(&copy, &["import", &export.to_string_lossy()]).0, 0);
    let (code, out, _) = on(&copy, &["verify"]);
    assert_eq!(code, 0);
    assert!(out.contains("head other copies showed this one"), "{out}");

    // The copy's record of what the file showed no longer matches its log: one of them was
    // rewritten since.
    let conn = rusqlite::Connection::open(&copy).unwrap();
    let changed = conn
        .execute(
            "UPDATE witnessed_heads SET hash = (CASE WHEN substr(hash, 1, 1) = '0' THEN '1' ELSE '0' END) || substr(hash, 2)",
            [],
        )
        .unwrap();
    assert_eq!(changed, 1);
    drop(conn);
    let (code, out, _) = on(&copy, &["verify"]);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("[witnessed]") && out.contains("rewrote history"),
        "{out}"
    );
}

/// A copy of `campaign` pulled from `server` into a new database in `dir`.
pub(super) fn pulled_copy(dir: &Path, server: &Server, token: &str) -> std::path::PathBuf {
    let copy = dir.join("copy.db");
    let (code, _, err) = on(&copy, &["pull", &server.url, "--token", token]);
    assert_eq!(code, 0, "{err}");
    copy
}

#[test]
fn an_offline_tail_is_pushed_and_a_push_after_the_server_moved_on_writes_nothing_on_either_side() {
    let campaign = Campaign::new();
    campaign.ok(&["rp", "grant", "6", "--why", "start"]);
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = pulled_copy(dir.path(), &server, &token);
    assert_eq!(on(&copy, &["xp", "Wong", "+2", "--why", "offline"]).0, 0);
    assert_eq!(on(&copy, &["rp", "spend", "2", "--why", "offline"]).0, 0);

    let viewer = campaign.token("vic", "viewer");
    let (code, _, err) = on(&copy, &["push", &server.url, "--token", &viewer]);
    assert_eq!(code, 1, "a viewer does not push: {err}");
    assert!(err.contains("needs a player token"), "{err}");

    let (code, out, err) = on(&copy, &["--json", "push", &server.url, "--token", &token]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(serde_json::from_str::<Value>(&out).unwrap()["added"], 2);
    assert_eq!(head(&campaign.db), head(&copy));
    assert!(campaign.muster(&["verify"]).status.success());
    // Who pushed is kept for each pushed command, by the log's own command id.
    let conn = rusqlite::Connection::open(&campaign.db).unwrap();
    let pushers: Vec<String> = conn
        .prepare(
            "SELECT a.actor FROM served_actors a JOIN events e
             ON e.campaign = a.campaign AND e.command_id = a.command_id ORDER BY e.version",
        )
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(pushers, ["pat", "pat"]);

    // The server moves on; the copy's next offline event is refused, nothing written there.
    campaign.ok(&["wound", "Wong", "1"]);
    assert_eq!(on(&copy, &["xp", "Wong", "+1", "--why", "later"]).0, 0);
    let (server_before, copy_before) = (head(&campaign.db), head(&copy));
    let (code, out, err) = on(&copy, &["push", &server.url, "--token", &token]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(
        err.contains("nothing pushed") && err.contains("--rebase"),
        "{err}"
    );
    assert_eq!((head(&campaign.db), head(&copy)), (server_before, copy_before));
}

#[test]
fn a_rebase_shows_where_each_event_goes_and_is_refused_when_an_outcome_would_change() {
    let campaign = Campaign::new();
    campaign.ok(&["rp", "grant", "6", "--why", "start"]);
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = pulled_copy(dir.path(), &server, &token);
    let parted = head(&copy)["version"].as_u64().unwrap();
    assert_eq!(on(&copy, &["rp", "spend", "4", "--why", "offline"]).0, 0);
    campaign.ok(&["rp", "spend", "3", "--why", "at the server"]);
    let server_before = head(&campaign.db);

    // After the server's spend, the copy's would overdraw the bank: refused, nothing written.
    let (code, out, err) = on(&copy, &["push", &server.url, "--token", &token, "--rebase"]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(
        err.contains(&format!("v{} -> v{}", parted + 1, parted + 2)),
        "the plan is shown: {err}"
    );
    assert!(err.contains("the rebase is refused"), "{err}");
    assert_eq!(head(&campaign.db), server_before);

    // A copy whose events stand after the server's: shown by a dry run, then pushed.
    let other = dir.path().join("other");
    std::fs::create_dir(&other).unwrap();
    let copy = pulled_copy(&other, &server, &token);
    assert_eq!(on(&copy, &["xp", "Wong", "+2", "--why", "offline"]).0, 0);
    campaign.ok(&["wound", "Wong", "1"]);
    let (code, out, err) = on(
        &copy,
        &["push", &server.url, "--token", &token, "--rebase", "--dry-run"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("the same outcome there; nothing written"), "{out}");
    let (code, out, err) = on(&copy, &["push", &server.url, "--token", &token, "--rebase"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("pushed, head v"), "{out}");
    let log = campaign.ok(&["--json", "log", "-n", "1", "--reverse"]);
    let last: Value = serde_json::from_str(log.lines().next().unwrap()).unwrap();
    assert_eq!(last["summary"], "Wong XP +2: offline");
    assert!(campaign.muster(&["verify"]).status.success());
}

#[test]
fn a_push_racing_a_remote_command_leaves_the_log_whole_with_each_landed_at_most_once() {
    for round in 0..4 {
        let campaign = Campaign::new();
        let token = campaign.token("pat", "player");
        let server = Server::start(&campaign.db);
        let dir = tempfile::tempdir().unwrap();
        let copy = pulled_copy(dir.path(), &server, &token);
        let branch = head(&copy)["version"].as_u64().unwrap();
        assert_eq!(on(&copy, &["xp", "Wong", "+2", "--why", "offline"]).0, 0);
        let url = server.url.clone();
        let remote_token = token.clone();
        let racing = std::thread::spawn(move || {
            Runner::new()
                .at(&now())
                .args(["--remote", &url, "--token", &remote_token, "wound", "Wong", "1"])
                .run()
                .into_parts()
        });
        let pushed = on(&copy, &["push", &server.url, "--token", &token]);
        let wounded = racing.join().unwrap();
        assert_eq!(wounded.0, 0, "the remote command always lands: {}", wounded.2);
        let log = campaign.ok(&["--json", "log"]);
        let kinds: Vec<String> = log
            .lines()
            .map(|l| {
                serde_json::from_str::<Value>(l).unwrap()["kind"]
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect();
        assert_eq!(
            kinds.iter().filter(|k| *k == "wounded").count(),
            1,
            "round {round}"
        );
        let xp = kinds.iter().filter(|k| *k == "xp_adjusted").count();
        match pushed.0 {
            0 => assert_eq!(
                (xp, kinds.len() as u64),
                (1, branch + 2),
                "round {round}: both landed"
            ),
            1 => assert_eq!(
                (xp, kinds.len() as u64),
                (0, branch + 1),
                "round {round}: the push was refused"
            ),
            other => panic!("round {round}: push exited {other}: {}", pushed.2),
        }
        assert!(campaign.muster(&["verify"]).status.success(), "round {round}");
    }
}

#[test]
fn events_dated_after_the_servers_clock_are_refused_so_a_fast_clock_cannot_block_the_table() {
    let campaign = Campaign::new();
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = pulled_copy(dir.path(), &server, &token);
    let ahead = Runner::on(&copy)
        .at("2031-01-01T00:00:00Z")
        .args(["xp", "Wong", "+1", "--why", "a fast clock"])
        .run();
    assert_eq!(ahead.into_parts().0, 0);
    let before = head(&campaign.db);
    let (code, _, err) = on(&copy, &["push", &server.url, "--token", &token]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("after the server's clock"), "{err}");
    assert_eq!(head(&campaign.db), before);
    campaign.ok(&["wound", "Wong", "1"]);
}

#[test]
fn the_servers_seed_is_never_pulled_and_its_generated_rolls_verify_once_it_is_revealed() {
    let campaign = Campaign::new();
    campaign.ok(&["mission", "start", "Night Drop", "--with", "Wong"]);
    campaign.ok(&["turn"]);
    // No --die: the server rolls with its own seed.
    campaign.ok(&["environ", "Wong", "cold", "6"]);
    let token = campaign.token("gina", "gm");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = pulled_copy(dir.path(), &server, &token);
    let seeds = |db: &Path| -> i64 {
        let conn = rusqlite::Connection::open(db).unwrap();
        conn.query_row("SELECT count(*) FROM seeds", [], |row| row.get(0))
            .unwrap()
    };
    assert_eq!(seeds(&copy), 0, "the copy holds no seed");
    assert!(seeds(&campaign.db) > 0);
    assert_eq!(on(&copy, &["verify"]).0, 0);

    let (code, _, err) = on(
        &copy,
        &["--remote", &server.url, "--token", &token, "seed", "reveal"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(on(&copy, &["pull", &server.url, "--token", &token]).0, 0);
    assert_eq!(head(&copy), head(&campaign.db));
    let (code, out, err) = on(&copy, &["--json", "verify"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(serde_json::from_str::<Value>(&out).unwrap()["ok"], true);
    // The revealed seed is in the log now: the roll's face is checked against it.
    let (_, shown, _) = on(&copy, &["--json", "log"]);
    assert!(shown.contains("seed_revealed"), "{shown}");
}

#[test]
fn a_pushed_void_needs_a_gm_token_as_the_void_command_does() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let gm = campaign.token("gina", "gm");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = pulled_copy(dir.path(), &server, &player);
    assert_eq!(on(&copy, &["xp", "Wong", "+2", "--why", "offline"]).0, 0);
    let slip = head(&copy)["version"].as_u64().unwrap().to_string();
    let (code, _, err) = on(&copy, &["void", &slip, "--why", "a slip"]);
    assert_eq!(code, 0, "{err}");
    let before = head(&campaign.db);

    let (code, _, err) = on(&copy, &["push", &server.url, "--token", &player]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("need a gm token"), "{err}");
    assert_eq!(head(&campaign.db), before, "nothing written");
    let (code, _, err) = on(&copy, &["push", &server.url, "--token", &gm]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(head(&campaign.db), head(&copy));
}
