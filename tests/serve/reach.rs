//! One server for groups that do not trust one another: a token bound to its campaigns
//! (`--only`) reads, writes and lists no other, learns nothing of another group's campaign
//! (not its head, not its name), and writes nothing when refused; the command line binds
//! tokens and invites. The page's side is `phones.rs`.

use serde_json::{Value, json};

use super::client::Browser;
use super::harness::{Campaign, Server, agent, args, events};

/// Op (Modern, Wong) and another group's Juno (WWII, Baker), Juno selected as the file's
/// default, with a player and a gm bound to Op and a gm of every campaign.
pub struct Community {
    pub campaign: Campaign,
    pub alice: String,
    pub gina: String,
    pub root: String,
}

pub fn community() -> Community {
    let campaign = Campaign::new();
    campaign.ok(&["campaign", "new", "Juno", "--game", "wwii"]);
    campaign.ok(&[
        "--campaign",
        "Juno",
        "enlist",
        "Baker",
        "--kind",
        "player",
        "--rp",
        "4",
    ]);
    let bound = |name: &str, role: &str| -> String {
        let printed = campaign.ok(&["serve", "token", "add", name, "--role", role, "--only", "op"]);
        assert!(printed.contains("(Op)"), "the file's spelling is kept: {printed}");
        printed.lines().next().unwrap().trim().to_owned()
    };
    let (alice, gina) = (bound("alice", "player"), bound("gina", "gm"));
    let root = campaign.token("root", "gm");
    Community {
        campaign,
        alice,
        gina,
        root,
    }
}

/// POSTs `body` to `path` with `token` (and `If-Match` when given): the status and JSON.
fn post(server: &Server, (path, token): (&str, &str), if_match: Option<&str>, body: &str) -> (u16, Value) {
    let mut request = agent()
        .post(format!("{}{path}", server.url))
        .header("Authorization", format!("Bearer {token}"))
        .header("Content-Type", "application/json");
    if let Some(head) = if_match {
        request = request.header("If-Match", head);
    }
    let mut response = request.send(body).unwrap();
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// The names `campaign list --json` gave.
fn names(listed: &Value) -> Vec<String> {
    listed
        .as_array()
        .map(|rows| {
            rows.iter()
                .filter_map(|row| row["name"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_token_bound_to_a_campaign_reaches_no_other_and_learns_nothing_of_it() {
    let Community {
        campaign,
        alice,
        gina,
        root,
    } = community();
    let server = Server::start(&campaign.db);
    let wound = args(&["wound", "Wong", "1"]);
    let (status, _, body) = server.command("Op", &alice, &wound);
    assert_eq!(status, 201, "her own campaign: {body}");
    let before = events(&campaign.db);

    // Another group's campaign is refused in the words of one that does not exist.
    let (status, _, juno) = server.command("Juno", &alice, &args(&["wound", "Baker", "1"]));
    let (_, _, nowhere) = server.command("Nowhere", &alice, &args(&["wound", "Baker", "1"]));
    assert_eq!(status, 422, "{juno}");
    let said = |body: &Value, name: &str| body["error"].as_str().unwrap_or("").replace(name, "X");
    assert_eq!(said(&juno, "Juno"), said(&nowhere, "Nowhere"));
    assert!(said(&juno, "Juno").contains("its campaigns: Op"), "{juno}");
    // Pinned to a head, it is still refused, not told the campaign moved (which would say
    // its head).
    let pinned = post(
        &server,
        ("/api/v1/campaigns/Juno/commands", &alice),
        Some(&format!("1:{}", "0".repeat(64))),
        &args(&["wound", "Baker", "1"]).to_string(),
    );
    assert_eq!(pinned.0, 422, "{}", pinned.1);
    assert!(pinned.1.get("head").is_none(), "{}", pinned.1);

    // Reads: the roster, the events, the list of campaigns.
    let (status, roster) = server.get(&alice, "/api/v1/campaigns/Juno/roster");
    assert_eq!(status, 422, "{roster}");
    assert!(!roster.contains("Baker"), "{roster}");
    let (status, _) = server.get(&alice, "/api/v1/campaigns/Juno/events");
    assert_eq!(status, 404);
    let listed = |token: &str| -> Vec<String> {
        let (status, body) = server.get(token, "/api/v1/campaigns");
        assert_eq!(status, 200, "{body}");
        names(&serde_json::from_str(&body).unwrap())
    };
    assert_eq!(listed(&alice), ["Op"]);
    assert_eq!(listed(&root).len(), 2, "a gm of every campaign lists both");

    // A gm bound to Op neither pushes into Juno, nor creates a campaign by a push or a
    // command.
    let line = "{}\n";
    let pushed = post(
        &server,
        ("/api/v1/campaigns/Juno/events", &gina),
        Some(&format!("1:{}", "0".repeat(64))),
        line,
    );
    assert_eq!(pushed.0, 404, "{}", pushed.1);
    let fresh = post(
        &server,
        ("/api/v1/campaigns/Fresh/events", &gina),
        Some(&format!("0:{}", "0".repeat(64))),
        line,
    );
    assert_eq!(fresh.0, 404, "{}", fresh.1);
    let new = args(&["campaign", "new", "Fresh", "--game", "modern"]);
    let (status, _, body) = server.command("Fresh", &gina, &new);
    assert_eq!(status, 403, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap_or("")
            .contains("bound to campaigns"),
        "{body}"
    );

    // A run without a campaign works on hers, not on the file's selected Juno; what lists
    // campaigns lists hers alone.
    let run = |words: &[&str]| -> Value {
        let body = json!({ "args": words, "format": "json" }).to_string();
        let (status, answer) = post(&server, ("/api/v1/run", &alice), None, &body);
        assert_eq!(status, 200, "{words:?}: {answer}");
        serde_json::from_str(answer["output"].as_str().unwrap_or("")).unwrap()
    };
    let soldiers = run(&["roster"])["soldiers"].to_string();
    assert!(
        soldiers.contains("Wong") && !soldiers.contains("Baker"),
        "{soldiers}"
    );
    assert_eq!(names(&run(&["campaign", "list"])), ["Op"]);
    let verified = run(&["verify", "--all"]);
    assert_eq!(verified.as_array().map(Vec::len), Some(1), "{verified}");

    assert_eq!(events(&campaign.db), before, "nothing refused wrote anything");
    let (status, _, body) = server.command("Juno", &root, &args(&["wound", "Baker", "1"]));
    assert_eq!(status, 201, "a gm of every campaign still writes to Juno: {body}");
}

#[test]
fn the_command_line_binds_tokens_and_invites_with_only_and_refuses_what_would_bind_nothing() {
    let Community { campaign, .. } = community();
    let listed = || campaign.ok(&["serve", "token", "list"]);
    let before = listed();
    // Each row's last column says what it reaches.
    let reaches = |name: &str| -> String {
        before
            .lines()
            .find(|row| row.trim_start().starts_with(name))
            .and_then(|row| row.rsplit('|').next())
            .unwrap_or_default()
            .trim()
            .to_owned()
    };
    assert_eq!(
        (reaches("alice"), reaches("root")),
        ("Op".to_owned(), "every campaign".to_owned())
    );

    // A campaign the file lacks: exit 1, naming the file's campaigns; no token is made.
    let unknown = campaign.muster(&[
        "serve", "token", "add", "sam", "--role", "player", "--only", "Nowhere",
    ]);
    let said = String::from_utf8_lossy(&unknown.stderr);
    assert_eq!(unknown.status.code(), Some(1), "{said}");
    assert!(said.contains("'Nowhere'") && said.contains("Juno"), "{said}");
    // The global --campaign binds nothing: a usage error (exit 2) pointing to --only.
    let global = campaign.muster(&[
        "serve",
        "token",
        "add",
        "sam",
        "--role",
        "player",
        "--campaign",
        "Op",
    ]);
    let said = String::from_utf8_lossy(&global.stderr);
    assert_eq!(global.status.code(), Some(2), "{said}");
    assert!(said.contains("--only NAME"), "{said}");
    assert_eq!(listed(), before, "no token was made by a refusal");

    // Two campaigns, named in any case, are kept as the file spells them.
    let printed = campaign.ok(&[
        "serve", "token", "add", "sam", "--role", "viewer", "--only", "juno", "--only", "OP",
    ]);
    assert!(printed.contains("(Juno, Op)"), "{printed}");
    let invited = campaign.ok(&[
        "serve",
        "invite",
        "--role",
        "viewer",
        "--only",
        "juno",
        "--url",
        "http://127.0.0.1:9",
    ]);
    assert!(
        invited.contains("invite") && invited.contains("to Juno:"),
        "{invited}"
    );
}

#[test]
fn a_command_id_answered_in_a_campaign_now_out_of_reach_is_not_described() {
    let Community { campaign, .. } = community();
    let server = Server::start(&campaign.db);
    let baker = args(&["wound", "Baker", "1"]);
    let with_id = |body: &serde_json::Value| {
        let mut body = body.clone();
        body["command_id"] = "c-1".into();
        body
    };
    // pat reached every campaign and recorded c-1 in Juno; the keeper then bound pat to Op.
    let pat = campaign.token("pat", "player");
    let (status, _, body) = server.command("Juno", &pat, &with_id(&baker));
    assert_eq!(status, 201, "{body}");
    campaign.ok(&["serve", "token", "revoke", "pat"]);
    let printed = campaign.ok(&["serve", "token", "add", "pat", "--role", "player", "--only", "Op"]);
    let pat = printed.lines().next().unwrap_or_default().trim().to_owned();
    let before = events(&campaign.db);
    let (status, _, body) = server.command("Op", &pat, &with_id(&args(&["wound", "Wong", "1"])));
    assert_eq!(status, 422, "{body}");
    let said = body["error"].as_str().unwrap_or_default();
    assert!(said.contains("c-1"), "{said}");
    assert!(
        !said.contains("Juno") && !said.contains("Baker"),
        "nothing of a campaign out of reach is told: {said}"
    );
    assert_eq!(events(&campaign.db), before, "nothing ran");
}

#[test]
fn another_groups_damaged_campaign_leaves_a_players_list_whole_and_a_gm_is_told_it_is_damaged() {
    let Community {
        campaign,
        alice,
        root,
        ..
    } = community();
    // Juno's enlistment edited in place, as a damaged disk or a careless hand would leave it:
    // its log no longer folds.
    let conn = rusqlite::Connection::open(&campaign.db).unwrap();
    conn.execute_batch("DROP TRIGGER events_refuse_update").unwrap();
    let edited = conn
        .execute(
            "UPDATE events SET payload = '{}' WHERE campaign = 'Juno' AND kind = 'soldier_enlisted'",
            [],
        )
        .unwrap();
    assert_eq!(edited, 1);
    drop(conn);
    let server = Server::start(&campaign.db);
    let listed = |token: &str| -> Value {
        let (status, body) = server.get(token, "/api/v1/campaigns");
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    };
    // The player's list folds only the player's own campaign.
    let own = listed(&alice);
    assert_eq!(names(&own), ["Op"]);
    assert_eq!(
        (&own[0]["game"], &own[0]["damaged"]),
        (&json!("modern"), &Value::Null)
    );
    // A gm of every campaign is told which does not fold, and why; the rest as ever.
    let all = listed(&root);
    let juno = all
        .as_array()
        .and_then(|rows| rows.iter().find(|row| row["name"] == "Juno"))
        .unwrap();
    assert!(
        juno["damaged"]
            .as_str()
            .unwrap_or_default()
            .contains("soldier_enlisted"),
        "{juno}"
    );
    assert_eq!(
        juno["game"],
        Value::Null,
        "its game is not known without its fold"
    );
    assert_eq!(
        juno["version"], juno["head"]["version"],
        "its head is listed: {juno}"
    );
    let op = all
        .as_array()
        .and_then(|rows| rows.iter().find(|row| row["name"] == "Op"))
        .unwrap();
    assert_eq!((&op["game"], &op["damaged"]), (&json!("modern"), &Value::Null));

    // The page's list says so beside the campaign, and only beside it.
    let mut browser = Browser::new(&server);
    browser.signed_in(&root);
    let page = browser.get("/");
    assert_eq!(page.status, 200, "{}", page.body);
    let html = scraper::Html::parse_document(&page.body);
    let items = scraper::Selector::parse("#campaigns li").unwrap();
    let marked: Vec<String> = html
        .select(&items)
        .map(|li| li.text().collect::<String>())
        .filter(|text| text.contains("damaged"))
        .collect();
    assert_eq!(marked.len(), 1, "{marked:?}");
    assert!(
        marked[0].contains("Juno") && marked[0].contains("verify"),
        "{marked:?}"
    );
    // Its own pages answer as the API does for a log that does not fold (500, naming
    // `muster verify`), never "not found"; to a player of another group it does not exist.
    for path in [
        "/c/Juno",
        "/c/Juno/log",
        "/c/Juno/chronicle",
        "/c/Juno/mission/1",
        "/c/Juno/print",
    ] {
        let page = browser.get(path);
        assert_eq!(page.status, 500, "{path}: {}", page.body);
        assert!(
            page.body.contains("damaged") && page.body.contains("muster verify"),
            "{path}: {}",
            page.body
        );
    }
    let mut player = Browser::new(&server);
    player.signed_in(&alice);
    let page = player.get("/c/Juno");
    assert_eq!(page.status, 404, "{}", page.body);
    assert!(!page.body.contains("damaged"), "{}", page.body);
}

#[test]
fn a_servers_list_of_campaigns_shows_each_write_whichever_connection_answers_it() {
    let campaign = Campaign::new();
    campaign.ok(&["campaign", "new", "Juno", "--game", "wwii"]);
    let root = campaign.token("root", "gm");
    let server = Server::start(&campaign.db);
    // The Missions of each campaign, as lists answered side by side (so by several of the
    // server's connections, each keeping what it folded) tell them.
    let missions = || -> Vec<Vec<(String, Value)>> {
        std::thread::scope(|scope| {
            let lists: Vec<_> = (0..12)
                .map(|_| {
                    scope.spawn(|| {
                        let (status, body) = server.get(&root, "/api/v1/campaigns");
                        assert_eq!(status, 200, "{body}");
                        let listed: Value = serde_json::from_str(&body).unwrap();
                        listed
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|c| (c["name"].as_str().unwrap().to_owned(), c["missions"].clone()))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            lists.into_iter().map(|list| list.join().unwrap()).collect()
        })
    };
    let before = vec![("Op".to_owned(), json!(0)), ("Juno".to_owned(), json!(0))];
    assert!(missions().iter().all(|list| *list == before));
    let started = server.command(
        "Op",
        &root,
        &args(&["mission", "start", "Dawn", "--with", "Wong"]),
    );
    assert_eq!(started.0, 201, "{}", started.2);
    let after = vec![("Op".to_owned(), json!(1)), ("Juno".to_owned(), json!(0))];
    for list in missions() {
        assert_eq!(list, after, "every connection's list shows the Mission started");
    }
}
