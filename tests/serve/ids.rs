//! Command ids belong to their sender: the same id with another command is refused, another
//! token's id never meets yours, and only commands that wrote keep an answer.

use std::path::Path;

use serde_json::{Value, json};

use super::harness::{Campaign, Server, agent, events};

/// How many rows `table` holds.
fn rows(db: &Path, table: &str) -> u64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |row| row.get(0))
        .unwrap()
}

/// A campaign served, with a player's token (pat) and a viewer's (vic).
fn table() -> (Campaign, String, String, Server) {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    let viewer = campaign.token("vic", "viewer");
    let server = Server::start(&campaign.db);
    (campaign, player, viewer, server)
}

/// `{"args": words, "command_id": id}`.
fn sent(words: &[&str], id: &str) -> Value {
    json!({ "args": words, "command_id": id })
}

#[test]
fn an_id_sent_again_with_another_command_or_to_another_campaign_is_refused_and_writes_nothing() {
    let campaign = Campaign::new();
    let player = campaign.token("pat", "player");
    campaign.ok(&["campaign", "new", "Other", "--game", "modern"]);
    campaign.ok(&["enlist", "Wong", "--kind", "player", "--rp", "4"]);
    let server = Server::start(&campaign.db);
    let first = sent(&["xp", "Wong", "1", "--why", "EKIA"], "c-1");
    let (status, replayed, landed) = server.command("Op", &player, &first);
    assert_eq!((status, replayed), (201, false), "{landed}");
    let before = events(&campaign.db);

    let other_args = sent(&["xp", "Wong", "5", "--why", "EKIA"], "c-1");
    let elsewhere = first.clone();
    for (to, body) in [("Op", &other_args), ("Other", &elsewhere)] {
        let (status, replayed, answer) = server.command(to, &player, body);
        assert_eq!((status, replayed), (422, false), "{to}: {answer}");
        assert_eq!(answer["exit"], 1, "{answer}");
        let said = answer["error"].as_str().unwrap();
        assert!(said.contains("this id was used for another command"), "{said}");
        assert_eq!(events(&campaign.db), before, "{to}: nothing written");
    }

    // The remote client's endpoint shares the sender's ids.
    let run = json!({"args": ["xp", "Wong", "5", "--why", "EKIA"], "campaign": "Op",
                     "format": "json", "columns": null, "command_id": "c-1"});
    let mut response = agent()
        .post(format!("{}/api/v1/run", server.url))
        .header("Authorization", format!("Bearer {player}"))
        .send_json(&run)
        .unwrap();
    let status = response.status().as_u16();
    let answer: Value = serde_json::from_str(&response.body_mut().read_to_string().unwrap()).unwrap();
    assert_eq!((status, &answer["exit"]), (422, &json!(1)), "{answer}");
    assert_eq!(events(&campaign.db), before, "run: nothing written");

    // The same command under the same id is its retry: answered again, written once.
    let (status, replayed, again) = server.command("Op", &player, &first);
    assert_eq!((status, replayed), (201, true), "{again}");
    assert_eq!(again, landed);
    assert_eq!(events(&campaign.db), before);
}

#[test]
fn another_tokens_id_never_answers_or_blocks_a_players_command() {
    let (campaign, player, viewer, server) = table();
    let wound = |id: &str| sent(&["wound", "Wong", "1"], id);

    // The viewer takes ids first, with a read and with a command it may not send.
    let (status, _, _) = server.command("Op", &viewer, &sent(&["show", "3"], "taken-1"));
    assert_eq!(status, 200);
    let (status, _, _) = server.command("Op", &viewer, &wound("taken-2"));
    assert_eq!(status, 403);
    for id in ["taken-1", "taken-2"] {
        let (status, replayed, answer) = server.command("Op", &player, &wound(id));
        assert_eq!((status, replayed), (201, false), "{id}: {answer}");
        assert_eq!(answer["written"][0]["kind"], "wounded", "{answer}");
    }
    let head = events(&campaign.db);
    assert_eq!(head.len(), 5, "each of the player's commands landed");

    // The player's id, sent by the viewer, is the viewer's own: refused by its role, and
    // never the player's kept answer.
    let (status, replayed, answer) = server.command("Op", &viewer, &wound("taken-1"));
    assert_eq!((status, replayed), (403, false), "{answer}");
    assert!(answer.get("written").is_none(), "{answer}");
    assert_eq!(events(&campaign.db), head);
}

#[test]
fn only_a_command_that_wrote_keeps_an_answer_and_each_write_keeps_its_actor() {
    let (campaign, player, viewer, server) = table();
    for n in 0..200 {
        let (status, _, answer) = server.command("Op", &viewer, &sent(&["roster"], &format!("r{n}")));
        assert_eq!(status, 200, "{answer}");
    }
    assert_eq!(rows(&campaign.db, "served_answers"), 0, "reads keep nothing");

    // A refused write keeps nothing: its id, sent again, runs again.
    let unknown = sent(&["wound", "Nobody", "1"], "w-1");
    for _ in 0..2 {
        let (status, replayed, answer) = server.command("Op", &player, &unknown);
        assert_eq!((status, replayed), (422, false), "{answer}");
    }
    assert_eq!(rows(&campaign.db, "served_answers"), 0, "refusals keep nothing");

    let (status, _, landed) = server.command("Op", &player, &sent(&["wound", "Wong", "1"], "w-2"));
    assert_eq!(status, 201, "{landed}");
    assert_eq!(
        rows(&campaign.db, "served_answers"),
        1,
        "the write keeps its answer"
    );
    let (status, _, _) = server.command("Op", &player, &json!({"args": ["wound", "Wong", "1"]}));
    assert_eq!(status, 201);
    assert_eq!(rows(&campaign.db, "served_answers"), 1, "no id, no answer kept");

    // Each written command's actor is kept by the log's own command id.
    let conn = rusqlite::Connection::open(&campaign.db).unwrap();
    let actors: Vec<(u64, String)> = conn
        .prepare(
            "SELECT e.version, a.actor FROM served_actors a
             JOIN events e ON e.campaign = a.campaign AND e.command_id = a.command_id
             ORDER BY e.version",
        )
        .unwrap()
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(actors, [(4, "pat".to_owned()), (5, "pat".to_owned())]);
}

#[test]
fn an_id_longer_than_a_pushed_commands_may_be_is_refused_before_the_command_runs() {
    let (campaign, player, _, server) = table();
    let before = events(&campaign.db);
    let long = "c".repeat(65);
    let wound = ["wound", "Wong", "1"];
    let (status, _, said) = server.command("Op", &player, &sent(&wound, &long));
    assert_eq!(status, 400, "{said}");
    assert_eq!(said["exit"], 2, "{said}");
    assert!(
        said["error"].as_str().unwrap_or("").contains("at most 64"),
        "{said}"
    );
    let mut run = agent()
        .post(format!("{}/api/v1/run", server.url))
        .header("Authorization", format!("Bearer {player}"))
        .send_json(
            json!({"args": wound, "campaign": "Op", "format": "json", "columns": null, "command_id": long}),
        )
        .unwrap();
    assert_eq!(run.status().as_u16(), 400);
    let ran: Value = serde_json::from_str(&run.body_mut().read_to_string().unwrap()).unwrap();
    assert!(
        ran["error"].as_str().unwrap_or("").contains("at most 64"),
        "{ran}"
    );
    let mut phone = super::client::Browser::new(&server);
    phone.signed_in(&player);
    let csrf = phone.csrf();
    let tapped = phone.post(
        "/c/Op/do",
        &[
            ("csrf", csrf.as_str()),
            ("cmd", "wound"),
            ("soldier", "Wong"),
            ("n", "1"),
            ("command_id", &"p".repeat(3000)),
        ],
        &[("Accept", "application/json")],
    );
    assert_eq!(tapped.status, 400, "{}", tapped.body);
    assert_eq!(events(&campaign.db), before, "nothing ran");
    assert_eq!(rows(&campaign.db, "served_answers"), 0);
    let (status, _, said) = server.command("Op", &player, &sent(&wound, &"c".repeat(64)));
    assert_eq!(status, 201, "64 is the most: {said}");
}

/// What a POST of `body` to `/api/v1/run` with `token` answered: its status, whether it was
/// a replay (`Muster-Replayed`), and its JSON.
fn run(server: &Server, token: &str, body: &Value) -> (u16, bool, Value) {
    let mut response = agent()
        .post(format!("{}/api/v1/run", server.url))
        .header("Authorization", format!("Bearer {token}"))
        .send_json(body)
        .unwrap();
    let replayed = response
        .headers()
        .get("muster-replayed")
        .is_some_and(|v| v == "true");
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().unwrap();
    (status, replayed, serde_json::from_str(&text).unwrap())
}

#[test]
fn a_kept_answer_is_replayed_only_on_its_endpoint_in_its_format_and_said_to_be() {
    let (campaign, player, _, server) = table();
    let words = ["xp", "Wong", "1", "--why", "EKIA"];
    let ran = |id: &str, format: &str| json!({"args": words, "campaign": "Op", "format": format, "columns": null, "command_id": id});

    // Kept by …/commands: a run under its id is refused, naming where it was used.
    let (status, _, _) = server.command("Op", &player, &sent(&words, "k-1"));
    assert_eq!(status, 201);
    let before = events(&campaign.db);
    let (status, replayed, answer) = run(&server, &player, &ran("k-1", "json"));
    assert_eq!(
        (status, replayed, &answer["exit"]),
        (422, false, &json!(1)),
        "{answer}"
    );
    let said = answer["error"].as_str().unwrap();
    for words in ["…/commands", "new command_id"] {
        assert!(said.contains(words), "{words}: {said}");
    }
    assert!(
        answer.get("written").is_none(),
        "not the other's answer: {answer}"
    );
    assert_eq!(events(&campaign.db), before, "nothing written");

    // Kept by a run: its retry is replayed in its shape, and says so.
    let (status, replayed, landed) = run(&server, &player, &ran("r-1", "json"));
    assert_eq!((status, replayed), (201, false), "{landed}");
    assert!(
        landed.get("api").is_some() && landed.get("output").is_some(),
        "{landed}"
    );
    let before = events(&campaign.db);
    let (status, replayed, again) = run(&server, &player, &ran("r-1", "json"));
    assert_eq!((status, replayed), (201, true), "{again}");
    assert_eq!(again, landed);

    // …/commands under a run's id is refused, naming the run.
    let (status, replayed, answer) = server.command("Op", &player, &sent(&words, "r-1"));
    assert_eq!((status, replayed), (422, false), "{answer}");
    let said = answer["error"].as_str().unwrap();
    assert!(said.contains("/api/v1/run"), "{said}");
    assert!(answer.get("api").is_none(), "not the run's answer: {answer}");

    // The run again in another format: refused, naming the format its answer was kept in.
    let (status, replayed, answer) = run(&server, &player, &ran("r-1", "table"));
    assert_eq!(
        (status, replayed, &answer["exit"]),
        (422, false, &json!(1)),
        "{answer}"
    );
    let said = answer["error"].as_str().unwrap();
    assert!(said.contains("\"format\": \"json\""), "{said}");
    assert_eq!(events(&campaign.db), before, "nothing written");
}
