//! The campaign's mark (`commands_kept`): after it, a pulled, pushed or imported tail whose
//! commands do not carry their command is refused, nothing written; and `push --rebase`
//! decides each moved command again, from its stored command, at its new place.

use std::path::Path;

use serde_json::Value;

use super::harness::{Campaign, Server};
use super::sync::{head, on, pulled_copy};
use crate::common::chain::rechain;

/// Takes the stored command off the row at `version` of campaign "Op" in `db` (its trigger
/// dropped) and makes the chain again from it, so that only the missing command is wrong: the
/// rows an older muster, which kept no commands, would have written.
fn strip_command(db: &Path, version: u64) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch("DROP TRIGGER IF EXISTS events_refuse_update")
        .unwrap();
    let changed = conn
        .execute(
            "UPDATE events SET command = NULL WHERE campaign = 'Op' AND version = ?1 AND command IS NOT NULL",
            [version],
        )
        .unwrap();
    assert_eq!(changed, 1, "version {version} carried a command");
    drop(conn);
    rechain(db, "Op");
}

/// The newest entry of the log in `db`, parsed.
fn newest(db: &Path) -> Value {
    let (code, out, err) = on(db, &["--campaign", "Op", "--json", "log", "--reverse", "-n", "1"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(out.lines().next().unwrap()).unwrap()
}

/// `verify --json` of `db`, parsed.
fn verified(db: &Path) -> Value {
    let (_, out, err) = on(db, &["--campaign", "Op", "--json", "verify"]);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{out} {err}: {e}"))
}

#[test]
fn a_new_campaign_is_marked_at_its_creation_and_writes_no_other_mark() {
    let campaign = Campaign::new();
    let log = campaign.ok(&["--json", "log"]);
    let rows: Vec<Value> = log.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(
        rows.iter().all(|r| r["kind"] != "commands_kept"),
        "a new campaign needs no commands_kept event: {log}"
    );
    let shown: Value = serde_json::from_str(&campaign.ok(&["--json", "show", "1"])).unwrap();
    assert_eq!(shown["kind"], "campaign_created", "{shown}");
    assert_eq!(shown["schema"], 3, "{shown}");
    assert_eq!(shown["payload"]["commands_kept"], true, "{shown}");
    let report: Value = serde_json::from_str(&campaign.ok(&["--json", "verify"])).unwrap();
    assert_eq!(report["ok"], true, "{report}");
    assert_eq!(report["decided_from_command"], report["commands"], "{report}");
}

#[test]
fn the_server_answers_that_it_speaks_api_2() {
    let campaign = Campaign::new();
    let pat = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let (status, body) = server.get(&pat, "/api/v1");
    assert_eq!(status, 200, "{body}");
    let version: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(version["api"], 2, "{version}");
}

#[test]
fn after_the_mark_a_pushed_pulled_or_imported_tail_without_its_commands_is_refused_writing_nothing() {
    let campaign = Campaign::new();
    let pat = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = pulled_copy(dir.path(), &server, &pat);

    // Push: the copy's command, its stored command taken off and the chain made again.
    assert_eq!(on(&copy, &["--campaign", "Op", "wound", "Wong", "1"]).0, 0);
    let stripped = head(&copy)["version"].as_u64().unwrap();
    strip_command(&copy, stripped);
    let before = campaign.head();
    let (code, _, err) = on(&copy, &["push", &server.url, "--token", &pat]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("carries no command"),
        "what was wrong is named: {err}"
    );
    assert!(
        err.contains("only commands that carry their command are accepted"),
        "and what would be accepted: {err}"
    );
    assert!(err.contains("since version 1"), "the mark is named: {err}");
    assert_eq!(campaign.head(), before, "nothing was written on the server");

    // The same rows straight to the API: 422, exit 1 in the body.
    let (code, tail, err) = on(&copy, &["--campaign", "Op", "export"]);
    assert_eq!(code, 0, "{err}");
    let server_head = head(&campaign.db);
    let after: Vec<&str> = tail
        .lines()
        .filter(|l| {
            serde_json::from_str::<Value>(l)
                .ok()
                .and_then(|v| v["version"].as_u64())
                .is_some_and(|v| v > server_head["version"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(after.len(), 1, "{tail}");
    let mut response = super::harness::agent()
        .post(format!("{}/api/v1/campaigns/Op/events", server.url))
        .header("Authorization", format!("Bearer {pat}"))
        .header(
            "If-Match",
            format!(
                "{}:{}",
                server_head["version"].as_u64().unwrap(),
                server_head["hash"].as_str().unwrap()
            ),
        )
        .send(format!("{}\n", after[0]))
        .unwrap();
    assert_eq!(response.status().as_u16(), 422);
    let body: Value = serde_json::from_str(&response.body_mut().read_to_string().unwrap()).unwrap();
    assert_eq!(body["exit"], 1, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("carries no command"),
        "{body}"
    );
    assert_eq!(campaign.head(), before, "nothing was written on the server");

    // Import: the copy's export, into a new database.
    let file = dir.path().join("stripped.jsonl");
    std::fs::write(&file, &tail).unwrap();
    let fresh = dir.path().join("fresh.db");
    let (code, _, err) = on(&fresh, &["import", file.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("carries no command"), "{err}");
    let (_, listed, _) = on(&fresh, &["--json", "campaign", "list"]);
    let listed: Value = serde_json::from_str(&listed).unwrap_or(Value::Array(vec![]));
    assert_eq!(
        listed.as_array().map(Vec::len),
        Some(0),
        "nothing imported: {listed}"
    );

    // Pull: the server's own command stripped; a second copy pulls it and is refused.
    let other = dir.path().join("other");
    std::fs::create_dir(&other).unwrap();
    let second = pulled_copy(&other, &server, &pat);
    let second_head = head(&second);
    campaign.ok(&["xp", "Wong", "+1", "--why", "served"]);
    let served = campaign.head();
    strip_command(&campaign.db, served);
    let (code, _, err) = on(&second, &["pull", &server.url, "--token", &pat]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("carries no command"), "{err}");
    assert_eq!(head(&second), second_head, "nothing was written on the copy");
}

/// The campaign of a new [`Campaign`] as a muster before the mark wrote it, imported into
/// `old.db` in `dir`: `campaign_created` at schema 2, no command on any row.
fn older_campaign(dir: &Path) -> std::path::PathBuf {
    let campaign = Campaign::new();
    let (code, export, err) = on(&campaign.db, &["--campaign", "Op", "export"]);
    assert_eq!(code, 0, "{err}");
    // The campaign as a muster before the mark wrote it: schema 2, no commands on its rows.
    let rows: Vec<Value> = export
        .lines()
        .filter(|l| !l.starts_with("{\"trailer\""))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let old = dir.join("old.db");
    let mut prev = muster::store::chain::GENESIS.to_owned();
    let mut lines = Vec::new();
    for mut row in rows {
        if let Some(fields) = row.as_object_mut() {
            fields.remove("command");
        }
        if row["kind"] == "campaign_created" {
            row["schema"] = 2.into();
            if let Some(payload) = row["payload"].as_object_mut() {
                payload.remove("commands_kept");
            }
        }
        let mut parsed: muster::store::StoredRow =
            muster::transfer::parse(&format!("{row}\n")).unwrap().remove(0);
        parsed.prev_hash.clone_from(&prev);
        parsed.hash = muster::store::chain::hash(&prev, &parsed.link()).unwrap();
        prev.clone_from(&parsed.hash);
        row["prev_hash"] = parsed.prev_hash.clone().into();
        row["hash"] = parsed.hash.clone().into();
        lines.push(row.to_string());
    }
    let file = dir.join("old.jsonl");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let (code, _, err) = on(&old, &["import", file.to_str().unwrap()]);
    assert_eq!(code, 0, "an older campaign imports: {err}");
    old
}

#[test]
fn an_older_campaign_is_marked_by_the_first_command_this_muster_records_and_not_by_a_refused_one() {
    let dir = tempfile::tempdir().unwrap();
    let old = older_campaign(dir.path());
    let imported = head(&old)["version"].as_u64().unwrap();

    // A refused command writes nothing, not even the mark.
    let (code, _, _) = on(&old, &["--campaign", "Op", "heal", "Nobody", "1"]);
    assert_ne!(code, 0);
    assert_eq!(head(&old)["version"].as_u64().unwrap(), imported);

    // The first command recorded: the mark, then the command.
    assert_eq!(on(&old, &["--campaign", "Op", "wound", "Wong", "1"]).0, 0);
    let (_, log, _) = on(&old, &["--campaign", "Op", "--json", "log"]);
    let kinds: Vec<Value> = log.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let marks: Vec<&Value> = kinds.iter().filter(|r| r["kind"] == "commands_kept").collect();
    assert_eq!(marks.len(), 1, "{log}");
    assert_eq!(marks[0]["version"].as_u64(), Some(imported + 1));
    assert_eq!(newest(&old)["kind"], "wounded");
    assert_eq!(newest(&old)["version"].as_u64(), Some(imported + 2));
    // The second writes no other mark.
    assert_eq!(on(&old, &["--campaign", "Op", "heal", "Wong", "1"]).0, 0);
    assert_eq!(newest(&old)["version"].as_u64(), Some(imported + 3));
    let report = verified(&old);
    assert_eq!(report["ok"], true, "{report}");
}

#[test]
fn a_copy_that_marked_an_older_campaign_offline_rebases_onto_a_server_that_marked_it_too() {
    let dir = tempfile::tempdir().unwrap();
    let old = older_campaign(dir.path());
    let (code, printed, err) = on(&old, &["serve", "token", "add", "pat", "--role", "player"]);
    assert_eq!(code, 0, "{err}");
    let pat = printed.lines().next().unwrap().trim().to_owned();
    let server = Server::start(&old);
    let other = dir.path().join("other");
    std::fs::create_dir(&other).unwrap();
    let copy = pulled_copy(&other, &server, &pat);
    // Both mark the campaign with their first command: the server, then the copy offline.
    assert_eq!(on(&old, &["--campaign", "Op", "wound", "Wong", "1"]).0, 0);
    let args = [
        "--campaign",
        "Op",
        "xp",
        "Wong",
        "+2",
        "--why",
        "offline",
        "--as",
        "Sam",
    ];
    assert_eq!(on(&copy, &args).0, 0);
    let marks = |db: &Path| {
        let (_, log, _) = on(db, &["--campaign", "Op", "--json", "log"]);
        log.lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .filter(|r| r["kind"] == "commands_kept")
            .count()
    };
    assert_eq!((marks(&old), marks(&copy)), (1, 1));
    // The copy's mark is not moved: the server's stands, and the moved command lands after it.
    let (code, out, err) = on(&copy, &["push", &server.url, "--token", &pat, "--rebase"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        !out.contains("from here on every command carries its command"),
        "{out}"
    );
    assert_eq!(marks(&old), 1);
    let moved = newest(&old);
    assert_eq!(moved["kind"], "xp_adjusted", "{moved}");
    assert_eq!(moved["recorded_by"], "Sam", "{moved}");
    let report = verified(&old);
    assert_eq!(report["ok"], true, "{report}");
}

#[test]
fn a_rebase_keeps_each_moved_command_and_its_recorder_and_the_server_decides_it_again() {
    let campaign = Campaign::new();
    let pat = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = pulled_copy(dir.path(), &server, &pat);
    let args = [
        "--campaign",
        "Op",
        "xp",
        "Wong",
        "+2",
        "--why",
        "offline",
        "--as",
        "Sam",
    ];
    assert_eq!(on(&copy, &args).0, 0);
    campaign.ok(&["wound", "Wong", "1"]);
    let (code, _, err) = on(&copy, &["push", &server.url, "--token", &pat]);
    assert_eq!(code, 1, "the server moved on: {err}");
    let (code, _, err) = on(&copy, &["push", &server.url, "--token", &pat, "--rebase"]);
    assert_eq!(code, 0, "{err}");
    let moved = newest(&campaign.db);
    assert_eq!(moved["kind"], "xp_adjusted", "{moved}");
    assert_eq!(
        moved["recorded_by"], "Sam",
        "the moved command keeps its recorder: {moved}"
    );
    let report = verified(&campaign.db);
    assert_eq!(report["ok"], true, "{report}");
    assert_eq!(
        report["decided_from_command"], report["commands"],
        "every command, the moved one included, is decided from its stored command: {report}"
    );
}

#[test]
fn a_rebase_is_refused_when_a_moved_command_decides_otherwise_at_its_new_place() {
    let campaign = Campaign::new();
    let pat = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = pulled_copy(dir.path(), &server, &pat);
    // Offline: a Mission with every Soldier fit for duty, which here is Wong alone.
    assert_eq!(
        on(&copy, &["--campaign", "Op", "mission", "start", "Night Drop"]).0,
        0
    );
    // Meanwhile the server enlists Reyes: at its new place the same command takes him too.
    // Its event (Wong alone) is allowed there event by event; only deciding the command
    // again shows the difference.
    campaign.ok(&["enlist", "Reyes", "--kind", "player", "--rp", "4"]);
    let before = head(&campaign.db);
    let (code, _, err) = on(&copy, &["push", &server.url, "--token", &pat, "--rebase"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("the rebase is refused"), "{err}");
    assert!(
        err.contains("decided again"),
        "the moved command was decided again: {err}"
    );
    assert!(err.contains("Reyes"), "the difference is named: {err}");
    assert_eq!(head(&campaign.db), before, "nothing was written on the server");
}
