//! `pull --reset`: a copy that parted from the server's (after `push --rebase`) becomes the
//! server's, verifies, and pulls as usual again, its other campaigns untouched; an event only
//! the copy holds is never lost: the reset is refused naming it, or it is written to `--keep`.

use std::path::Path;

use serde_json::Value;

use super::harness::{Campaign, Server};
use super::sync::{head, on};

/// `muster --json ARGS` on `db`, which must succeed, parsed.
fn json(db: &Path, args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let (code, out, err) = on(db, &all);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// The words of `muster --campaign Op pull URL --token TOKEN`, with `more` after them.
fn pull_op(server: &Server, token: &str, more: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["--campaign", "Op", "pull", &server.url, "--token", token]
        .iter()
        .map(|a| (*a).to_owned())
        .collect();
    args.extend(more.iter().map(|a| (*a).to_owned()));
    args
}

/// `args` as the runner takes them.
fn refs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// The campaign's export lines on `db`, without the trailer.
fn events(db: &Path, campaign: &str) -> Vec<String> {
    let (code, out, err) = on(db, &["--campaign", campaign, "export"]);
    assert_eq!(code, 0, "{err}");
    out.lines()
        .filter(|l| l.contains("\"event_id\""))
        .map(str::to_owned)
        .collect()
}

#[test]
fn after_a_rebase_a_reset_makes_the_copy_the_servers_and_keeps_its_other_campaigns() {
    let campaign = Campaign::new();
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");
    assert_eq!(on(&copy, &["pull", &server.url, "--token", &token]).0, 0);
    // A campaign of the copy's own, which the reset must leave as it is.
    assert_eq!(on(&copy, &["campaign", "new", "Side", "--game", "wwii"]).0, 0);
    assert_eq!(
        on(
            &copy,
            &[
                "--campaign",
                "Side",
                "enlist",
                "Baker",
                "--kind",
                "player",
                "--rp",
                "4"
            ]
        )
        .0,
        0
    );
    let side = events(&copy, "Side");

    assert_eq!(
        on(
            &copy,
            &["--campaign", "Op", "xp", "Wong", "+2", "--why", "offline"]
        )
        .0,
        0
    );
    campaign.ok(&["wound", "Wong", "1"]);
    let (code, _, err) = on(
        &copy,
        &[
            "--campaign",
            "Op",
            "push",
            &server.url,
            "--token",
            &token,
            "--rebase",
        ],
    );
    assert_eq!(code, 0, "{err}");
    // The copy keeps its branch: a plain pull is refused, and its hint leads to the reset.
    let (code, _, err) = on(
        &copy,
        &["--campaign", "Op", "pull", &server.url, "--token", &token],
    );
    assert_eq!(code, 1);
    assert!(err.contains("--reset"), "{err}");

    let reset = json(&copy, &refs(&pull_op(&server, &token, &["--reset"])));
    assert_eq!(reset["reset"], true);
    assert_eq!(
        reset["kept_events"], 0,
        "every event of the copy's is on the server"
    );
    assert_eq!(
        events(&copy, "Op"),
        events(&campaign.db, "Op"),
        "the server's campaign, row for row"
    );
    assert_eq!(head(&copy), head(&campaign.db));
    let verified = json(&copy, &["--campaign", "Op", "verify"]);
    assert_eq!(verified["ok"], true, "{verified}");
    assert_eq!(
        events(&copy, "Side"),
        side,
        "the copy's other campaign is untouched"
    );
    assert_eq!(json(&copy, &["--campaign", "Side", "verify"])["ok"], true);

    // From here the copy follows the server again.
    campaign.ok(&["heal", "Wong", "1"]);
    let pulled = json(
        &copy,
        &["--campaign", "Op", "pull", &server.url, "--token", &token],
    );
    assert_eq!(pulled["added"], 1);
    // A copy that has not parted has nothing to reset.
    let (code, _, err) = on(&copy, &refs(&pull_op(&server, &token, &["--reset"])));
    assert_eq!(code, 1);
    assert!(err.contains("has not parted"), "{err}");
    assert!(
        !dir.path()
            .read_dir()
            .unwrap()
            .any(|f| f.unwrap().file_name().to_string_lossy().contains(".reset-"))
    );
}

#[test]
fn an_event_only_the_copy_holds_is_named_and_never_lost() {
    let campaign = Campaign::new();
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");
    assert_eq!(on(&copy, &["pull", &server.url, "--token", &token]).0, 0);
    let parted = head(&copy)["version"].as_u64().unwrap();
    assert_eq!(on(&copy, &["xp", "Wong", "+1", "--why", "only here"]).0, 0);
    campaign.ok(&["wound", "Wong", "1"]);
    let before = std::fs::read(&copy).unwrap();
    let mine = events(&copy, "Op");

    let (code, out, err) = on(&copy, &["pull", &server.url, "--token", &token, "--reset"]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(
        err.contains(&format!("v{}", parted + 1)) && err.contains("not on the server"),
        "{err}"
    );
    assert!(err.contains("--keep FILE") && err.contains("--rebase"), "{err}");
    assert_eq!(std::fs::read(&copy).unwrap(), before, "nothing changed");

    let kept = dir.path().join("kept.jsonl");
    let reset = json(
        &copy,
        &[
            "pull",
            &server.url,
            "--token",
            &token,
            "--reset",
            "--keep",
            &kept.to_string_lossy(),
        ],
    );
    assert_eq!(reset["kept_events"], 1);
    let lines: Vec<Value> = std::fs::read_to_string(&kept)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let ours: Value = serde_json::from_str(&mine[usize::try_from(parted).unwrap()]).unwrap();
    assert_eq!(lines.len(), 1);
    assert_eq!(
        lines[0]["event_id"], ours["event_id"],
        "the copy's own event, kept whole"
    );
    assert_eq!(lines[0]["payload"], ours["payload"]);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            std::fs::metadata(&kept).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
    assert_eq!(events(&copy, "Op"), events(&campaign.db, "Op"));
    // A --keep file that exists is never overwritten.
    assert_eq!(on(&copy, &["xp", "Wong", "+1", "--why", "again"]).0, 0);
    campaign.ok(&["heal", "Wong", "1"]);
    let (code, _, err) = on(
        &copy,
        &[
            "pull",
            &server.url,
            "--token",
            &token,
            "--reset",
            "--keep",
            &kept.to_string_lossy(),
        ],
    );
    assert_eq!(code, 1);
    assert!(err.contains("exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&kept).unwrap().lines().count(), 1);
}

/// `muster --campaign Op push URL --token TOKEN --rebase` on `copy`: its exit code and output.
fn rebase(copy: &Path, server: &Server, token: &str) -> (i32, String, String) {
    on(
        copy,
        &[
            "--campaign",
            "Op",
            "push",
            &server.url,
            "--token",
            token,
            "--rebase",
        ],
    )
}

#[test]
fn a_second_rebase_places_only_what_the_first_did_not_and_then_the_reset_follows() {
    let campaign = Campaign::new();
    let token = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");
    assert_eq!(on(&copy, &["pull", &server.url, "--token", &token]).0, 0);
    let offline = |why: &str| {
        let (code, _, err) = on(&copy, &["--campaign", "Op", "xp", "Wong", "+1", "--why", why]);
        assert_eq!(code, 0, "{err}");
    };
    offline("first evening");
    campaign.ok(&["wound", "Wong", "1"]);
    let (code, _, err) = rebase(&copy, &server, &token);
    assert_eq!(code, 0, "{err}");
    let server_head = head(&campaign.db);
    // One more offline command before the reset: the next rebase places it alone, leaving out
    // what the first placed there (the same events, by id and payload).
    offline("second evening");
    let (code, out, err) = rebase(&copy, &server, &token);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("this copy's 1 event after"), "{out}");
    assert!(out.contains("1 of this copy's is there already"), "{out}");
    assert_eq!(
        head(&campaign.db)["version"].as_u64(),
        server_head["version"].as_u64().map(|v| v + 1),
        "one event landed"
    );
    // Asked again, nothing is left to place, and it says where to go on.
    let (code, out, err) = rebase(&copy, &server, &token);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("on the server already"), "{out}");
    assert!(out.contains("--reset"), "{out}");
    assert_eq!(
        head(&campaign.db)["version"].as_u64(),
        server_head["version"].as_u64().map(|v| v + 1),
        "nothing more landed"
    );
    // A reset stopped midway left its file, and its log, beside the copy; another's is running.
    let abandoned = dir.path().join(".copy.db.reset-999999999");
    let abandoned_wal = dir.path().join(".copy.db.reset-999999999-wal");
    let running = dir.path().join(format!(".copy.db.reset-{}", std::process::id()));
    for file in [&abandoned, &abandoned_wal, &running] {
        std::fs::write(file, b"a copy of the database").unwrap();
    }
    // The reset loses nothing, and the copy is the server's; what the stopped one left is gone.
    let reset = json(&copy, &refs(&pull_op(&server, &token, &["--reset"])));
    assert_eq!(reset["kept_events"], 0, "{reset}");
    assert!(!abandoned.exists() && !abandoned_wal.exists());
    assert!(running.exists(), "a running process's file is its own");
    assert_eq!(events(&copy, "Op"), events(&campaign.db, "Op"));
    let verified = json(&campaign.db, &["--campaign", "Op", "verify"]);
    assert_eq!(verified["ok"], true, "{verified}");
}
