//! Many clients at once, and a server killed mid-write: the log stays gapless and verifies.

use std::time::{Duration, Instant};

use serde_json::Value;

use super::harness::{Campaign, Server, args};

#[test]
fn twenty_clients_of_fifty_commands_each_write_a_thousand_commands_gaplessly() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let before = campaign.head();
    std::thread::scope(|scope| {
        for client in 0..20 {
            let (server, player) = (&server, &player);
            scope.spawn(move || {
                for n in 0..50 {
                    let why = format!("client {client} command {n}");
                    let (status, body) =
                        server.post(Some(player), &args(&["xp", "Wong", "1", "--why", &why]));
                    assert_eq!(status, 201, "{body}");
                }
            });
        }
    });
    assert_eq!(campaign.head(), before + 1000);
    let (status, lines) = server.get(&player, "/api/v1/campaigns/Op/events");
    assert_eq!(status, 200);
    let versions: Vec<u64> = lines
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).unwrap()["version"].as_u64())
        .collect();
    assert_eq!(versions, (1..=before + 1000).collect::<Vec<_>>(), "gapless");
    let roster: Value = serde_json::from_str(&campaign.ok(&["roster", "--json"])).unwrap();
    assert_eq!(roster["soldiers"][0]["xp"], 1000);
    let verified = campaign.muster(&["verify"]);
    assert!(
        verified.status.success(),
        "{}",
        String::from_utf8_lossy(&verified.stdout)
    );
}

#[test]
fn a_server_killed_mid_write_leaves_a_log_that_verifies_and_a_new_one_goes_on() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let mut server = Server::start(&campaign.db);
    // Each client's command cut off by the kill: its id and the words that mark it in the log.
    let cut_off: Vec<Option<(String, String)>> = std::thread::scope(|scope| {
        let clients: Vec<_> = (0..4)
            .map(|client| {
                let (url, player) = (server.url.clone(), &player);
                scope.spawn(move || {
                    let agent = super::harness::agent();
                    for n in 0.. {
                        let (id, why) = (format!("c{client}-{n}"), format!("{client}/{n}"));
                        let mut body = args(&["xp", "Wong", "1", "--why", &why]);
                        body["command_id"] = Value::from(id.clone());
                        let sent = agent
                            .post(format!("{url}/api/v1/campaigns/Op/commands"))
                            .header("Authorization", format!("Bearer {player}"))
                            .send_json(body);
                        if sent.is_err() {
                            return Some((id, why));
                        }
                    }
                    None
                })
            })
            .collect();
        let started = Instant::now();
        while campaign.head() < 20 && started.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(20));
        }
        server.child.kill().unwrap();
        server.child.wait().unwrap();
        clients.into_iter().map(|c| c.join().unwrap()).collect()
    });
    let written = campaign.head();
    assert!(
        written >= 20,
        "commands were recorded before the kill: head {written}"
    );
    let verified = campaign.muster(&["verify"]);
    assert!(
        verified.status.success(),
        "{}",
        String::from_utf8_lossy(&verified.stdout)
    );

    let mut again = Server::start(&campaign.db);
    // A command cut off by the kill, sent again under its id, is never recorded twice: it is
    // answered from its record (the answer, or that whether it landed is not known), or, if
    // it never reached the log, recorded now.
    for (id, why) in cut_off.into_iter().flatten() {
        let mut body = args(&["xp", "Wong", "1", "--why", &why]);
        body["command_id"] = Value::from(id.clone());
        let (status, answer) = again.post(Some(&player), &body);
        assert!([201, 500].contains(&status), "{id}: {status} {answer}");
        let log = campaign.muster(&["--json", "log"]);
        let times = String::from_utf8_lossy(&log.stdout)
            .lines()
            .map(|line| serde_json::from_str::<Value>(line).unwrap())
            .filter(|e| e["payload"]["why"] == why.as_str())
            .count();
        assert!(times <= 1, "{id} ({why}) is in the log {times} times");
    }
    let (status, body) = again.post(Some(&player), &args(&["xp", "Wong", "1", "--why", "after"]));
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["head"]["version"].as_u64(), Some(campaign.head()));
    assert!(campaign.muster(&["verify"]).status.success());

    // SIGTERM: the server stops by itself, with success.
    let stopped = std::process::Command::new("kill")
        .args(["-TERM", &again.child.id().to_string()])
        .status()
        .unwrap();
    assert!(stopped.success());
    let started = Instant::now();
    loop {
        if let Some(status) = again.child.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the server stops on SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn reads_on_kept_connections_see_every_write_before_them_and_a_cli_writer_s_too() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let server = Server::start(&campaign.db);
    let wounds = || {
        let (status, body) = server.get(&player, "/api/v1/campaigns/Op/roster");
        assert_eq!(status, 200, "{body}");
        let roster: serde_json::Value = serde_json::from_str(&body).unwrap();
        (
            roster["head"]["version"].as_u64().unwrap(),
            roster["soldiers"][0]["wounds"].as_u64().unwrap(),
        )
    };
    let (mut head, _) = wounds();
    // More reads than connections kept, between writes by the server and by the command line.
    for round in 0..12_u64 {
        let (word, wounded_after) = if round % 2 == 0 { ("wound", 1) } else { ("heal", 0) };
        if (round / 2) % 2 == 0 {
            let (status, body) = server.post(Some(&player), &args(&[word, "Wong", "1"]));
            assert_eq!(status, 201, "{body}");
        } else {
            campaign.ok(&[word, "Wong", "1"]);
        }
        let (now, wounded) = wounds();
        assert_eq!((now, wounded), (head + 1, wounded_after), "round {round}");
        head = now;
        // The same reads again, on whichever kept connection answers.
        for _ in 0..3 {
            assert_eq!(wounds(), (now, wounded));
        }
    }
}
