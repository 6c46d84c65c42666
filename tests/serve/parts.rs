//! A push lands in parts, each ending where a command ends: a command on the pushed campaign
//! waits until the last part has landed (none slips between two parts), and a server killed
//! midway keeps whole commands only, which the copy's next push completes.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::harness::{Campaign, Server, muster};
use super::sync::on;

/// How many events the copy's campaign holds: some twenty parts.
const EVENTS: &str = "3000";

/// A copy holding a campaign `Pushed` of [`EVENTS`] synthetic events, none of them on a
/// server yet.
fn copy(dir: &Path) -> PathBuf {
    let db = dir.join("copy.db");
    let synth = muster(&db, &["dev", "synth", "--events", EVENTS, "--name", "Pushed"]);
    assert!(
        synth.status.success(),
        "{}",
        String::from_utf8_lossy(&synth.stderr)
    );
    db
}

/// The command id of each row of `campaign` in `db`, in version order.
fn command_ids(db: &Path, campaign: &str) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut statement = conn
        .prepare("SELECT command_id FROM events WHERE campaign = ?1 ORDER BY version")
        .unwrap();
    statement
        .query_map([campaign], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// `muster --json --campaign Pushed push URL --token TOKEN` on `copy`: its exit code, stdout
/// and stderr.
fn push_json(copy: &Path, url: &str, token: &str) -> (i32, String, String) {
    on(
        copy,
        &["--json", "--campaign", "Pushed", "push", url, "--token", token],
    )
}

#[test]
fn a_command_on_a_campaign_being_pushed_waits_for_the_last_part_and_lands_after_it() {
    let campaign = Campaign::new();
    let gm = campaign.token("gm", "gm");
    let dir = tempfile::tempdir().unwrap();
    let copy = copy(dir.path());
    let pushed = command_ids(&copy, "Pushed").len() as u64;
    let server = Server::start(&campaign.db);
    let (push, answers) = std::thread::scope(|scope| {
        let push = scope.spawn(|| push_json(&copy, &server.url, &gm));
        // Commands on the campaign being pushed, sent until the push ends: refused before its
        // first part makes the campaign, held while it lands, recorded after it.
        let mut answers = Vec::new();
        let deadline = Instant::now() + Duration::from_secs(60);
        while !push.is_finished() && Instant::now() < deadline {
            let body =
                json!({ "args": ["xp", "Soldier 01", "+1", "--why", format!("beside {}", answers.len())] });
            answers.push(server.command("Pushed", &gm, &body));
        }
        (push.join().unwrap(), answers)
    });
    assert_eq!(push.0, 0, "the push lands whole: {}", push.2);
    let said: Value = serde_json::from_str(&push.1).unwrap();
    assert_eq!(said["head"]["version"].as_u64(), Some(pushed), "{said}");
    assert_eq!(said["added"].as_u64(), Some(pushed));
    // Every command recorded went after the whole push: none between its parts.
    let recorded: Vec<u64> = answers
        .iter()
        .filter(|(status, _, _)| *status == 201)
        .map(|(_, _, answer)| answer["written"][0]["version"].as_u64().unwrap())
        .collect();
    assert!(
        recorded.iter().all(|v| *v > pushed),
        "{recorded:?} after v{pushed}"
    );
    let on_server = command_ids(&campaign.db, "Pushed");
    assert_eq!(on_server[..pushed as usize], command_ids(&copy, "Pushed")[..]);
    assert!(campaign.muster(&["verify", "--all"]).status.success());
}

#[test]
fn a_server_killed_while_a_push_lands_keeps_whole_commands_and_the_next_push_sends_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let copy = copy(dir.path());
    let ids = command_ids(&copy, "Pushed");
    let mut partial = 0;
    for (round, moment) in [0_u64, 1, 3, 8, 20].into_iter().enumerate() {
        let campaign = Campaign::new();
        let gm = campaign.token("gm", "gm");
        let mut server = Server::start(&campaign.db);
        let url = server.url.clone();
        let pushing = std::thread::spawn({
            let copy = copy.clone();
            let gm = gm.clone();
            move || on(&copy, &["--campaign", "Pushed", "push", &url, "--token", &gm])
        });
        // Once the first part is on the server, at a moment into the rest.
        let deadline = Instant::now() + Duration::from_secs(60);
        while command_ids(&campaign.db, "Pushed").is_empty() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_millis(moment));
        // SIGKILL: whatever part is being written stops where it is.
        server.child.kill().unwrap();
        server.child.wait().unwrap();
        let _answered = pushing.join().unwrap();
        let landed = command_ids(&campaign.db, "Pushed");
        // What landed is the copy's log up to the end of a command.
        assert_eq!(landed[..], ids[..landed.len()], "round {round}");
        if let Some(next) = ids.get(landed.len()) {
            assert!(
                landed.last().is_none_or(|last| last != next),
                "round {round}: v{} ends no command",
                landed.len()
            );
        }
        if (1..ids.len()).contains(&landed.len()) {
            partial += 1;
        }
        let verified = campaign.muster(&["verify", "--all"]);
        assert!(
            verified.status.success(),
            "round {round}: {}",
            String::from_utf8_lossy(&verified.stdout)
        );
        // The copy's next push sends what is missing.
        let server = Server::start(&campaign.db);
        let again = push_json(&copy, &server.url, &gm);
        assert_eq!(again.0, 0, "round {round}: {}", again.2);
        let said: Value = serde_json::from_str(&again.1).unwrap();
        assert_eq!(
            said["head"]["version"].as_u64(),
            Some(ids.len() as u64),
            "round {round}"
        );
        drop(server);
        assert_eq!(command_ids(&campaign.db, "Pushed"), ids, "round {round}");
        assert!(
            campaign.muster(&["verify", "--all"]).status.success(),
            "round {round}"
        );
    }
    // Killed as soon as its first part was seen, a push of some twenty parts is cut short.
    assert!(
        partial > 0,
        "no kill fell between the push's first and last parts"
    );
}
