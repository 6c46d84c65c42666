//! `campaign new|list|use`, `enlist`, unknown names and usage errors.

use serde_json::{Value, json};

use crate::support::{LODESTAR, Muster, kinds, num, soldier_in, versions_written};

#[test]
fn campaign_new_creates_and_selects_the_campaign() {
    let m = Muster::new();
    let written = m.json(&["campaign", "new", "Rhine", "--game", "wwii", "--nation", "Canada"]);
    assert_eq!(
        kinds(&written),
        ["campaign_created", "seed_committed"],
        "the dice seed is committed with the campaign, before any roll"
    );
    assert_eq!(versions_written(&written), [1, 2]);
    let roster = m.roster();
    assert_eq!(roster["campaign"], "Rhine");
    assert_eq!(roster["game"], "wwii");
    assert_eq!(roster["as_of"]["version"], written["head"]["version"]);
    assert_eq!(roster["soldiers"], json!([]));
    assert_eq!(roster["head"], written["head"]);
    let commitment = roster["dice_seed_commitment"]
        .as_str()
        .expect("dice_seed_commitment is a string");
    assert!(
        commitment.len() == 64 && commitment.chars().all(|c| c.is_ascii_hexdigit()),
        "{commitment}"
    );
    let seed = m.json(&["show", "2"]);
    assert_eq!(seed["payload"]["commitment"], commitment);
    assert_eq!(
        seed["command_id"],
        m.json(&["show", "1"])["command_id"],
        "the campaign and its seed are one command"
    );

    m.ok(&["campaign", "new", "Lodestar", "--game", "modern"]);
    assert_eq!(
        m.roster()["campaign"],
        "Lodestar",
        "the campaign just created is selected"
    );
}

#[test]
fn campaign_list_shows_every_campaign_and_the_selected_one() {
    let m = Muster::new();
    let text = m.ok(&["campaign", "list"]);
    assert!(text.contains("no campaigns yet"), "{text}");
    let rhine = m.json(&["campaign", "new", "Rhine", "--game", "wwii"]);
    m.ok(&["campaign", "new", "Lodestar", "--game", "modern"]);
    let enlisted = m.json(&["enlist", "Wong", "--kind", "player", "--rp", "8"]);
    let listed = m.json(&["campaign", "list"]);
    let listed = listed.as_array().expect("campaign list --json is an array");
    let entry = |name: &str| {
        listed
            .iter()
            .find(|c| c["name"] == name)
            .cloned()
            .expect("listed")
    };
    assert_eq!(listed.len(), 2);
    assert_eq!(entry("Rhine")["version"], rhine["head"]["version"]);
    assert_eq!(entry("Lodestar")["version"], enlisted["head"]["version"]);
    assert_eq!(
        num(&entry("Lodestar"), "version"),
        num(&entry("Rhine"), "version") + 1,
        "the same creation, plus one enlistment"
    );
    assert_eq!(entry("Lodestar")["selected"], true);
    assert_eq!(entry("Rhine")["selected"], false);
}

#[test]
fn campaign_use_selects_the_campaign_later_commands_work_on() {
    let m = Muster::new();
    m.ok(&["campaign", "new", "Rhine", "--game", "wwii"]);
    m.ok(&["campaign", "new", "Lodestar", "--game", "modern"]);
    let text = m.ok(&["campaign", "use", "Rhine"]);
    assert!(text.contains("Rhine"), "{text}");
    m.ok(&["enlist", "Tommy", "--kind", "squad", "--rp", "3"]);
    let roster = m.roster();
    assert_eq!(roster["campaign"], "Rhine");
    assert_eq!(roster["soldiers"][0]["name"], "Tommy");
    let lodestar = m.json(&["--campaign", "Lodestar", "roster"]);
    assert_eq!(
        lodestar["soldiers"],
        json!([]),
        "the enlistment went to the selected campaign only"
    );
}

#[test]
fn campaign_refusals() {
    let m = Muster::new();
    m.ok(&["campaign", "new", "Rhine", "--game", "wwii"]);
    m.refused(
        &["campaign", "new", "Rhine", "--game", "modern"],
        "already exists",
    );
    m.refused(
        &["campaign", "new", "  ", "--game", "modern"],
        "not accepted as a campaign name",
    );
    // A name that prints as another's is refused, naming it.
    m.ok(&["campaign", "new", "Hale's Raid", "--game", "wwii"]);
    for alike in ["Hale\u{2019}s Raid", "Hale's  Raid"] {
        m.refused(
            &["campaign", "new", alike, "--game", "wwii"],
            "reads as the campaign 'Hale's Raid'",
        );
    }
    // A Soldier's name too, from rules 10.
    m.ok(&[
        "--campaign",
        "Rhine",
        "enlist",
        "Sgt. O'Brien",
        "--kind",
        "player",
        "--rp",
        "4",
    ]);
    m.refused(
        &[
            "--campaign",
            "Rhine",
            "enlist",
            "Sgt. O\u{2019}Brien",
            "--kind",
            "player",
            "--rp",
            "4",
        ],
        "reads as Sgt. O'Brien's, already enlisted",
    );
    let stderr = m.refused(&["campaign", "use", "Nope"], "no campaign named 'Nope'");
    assert!(
        stderr.contains("Rhine"),
        "the refusal lists the campaigns: {stderr}"
    );
    m.usage_error(&["campaign", "new", "Other", "--game", "chess"]);
    m.usage_error(&["campaign", "new", "Other"]);
}

#[test]
fn unknown_campaign_is_refused_and_the_campaigns_listed() {
    let m = Muster::lodestar();
    let stderr = m.refused(&["--campaign", "Nope", "roster"], "no campaign named 'Nope'");
    assert!(stderr.contains(LODESTAR), "{stderr}");
    m.refused(&["--campaign", "Nope", "wound", "Wong"], LODESTAR);
}

#[test]
fn unknown_soldier_is_refused_and_the_soldiers_listed() {
    let m = Muster::lodestar();
    let stderr = m.refused(&["wound", "Nobody"], "no Soldier named 'Nobody'");
    for name in ["Wong", "Gizmo", "Reyes", "Price"] {
        assert!(stderr.contains(name), "{name} missing from: {stderr}");
    }
    m.refused(&["xp", "Nobody", "+1", "--why", "x"], "Soldiers here: Wong");
}

#[test]
fn usage_errors_exit_2() {
    let m = Muster::lodestar();
    m.usage_error(&["frobnicate"]);
    m.usage_error(&["xp", "Wong", "+1"]);
    m.usage_error(&["ekia", "Wong", "--value", "2"]);
    m.usage_error(&["mission", "end"]);
    m.usage_error(&["mission", "end", "--result", "success", "--rp-award", "4"]);
    m.usage_error(&["enlist", "Kim", "--rp", "3"]);
    m.usage_error(&["rp", "grant", "3"]);
    m.usage_error(&["--format", "yaml", "roster"]);
}

#[test]
fn enlist_from_flags_puts_the_card_on_the_roster() {
    let m = Muster::lodestar();
    let roster = m.roster();
    let wong = soldier_in(&roster, "Wong");
    assert_eq!(wong["kind"], "player");
    assert_eq!(wong["status"], "active");
    assert_eq!(num(&wong, "rp"), 8);
    assert_eq!(wong["hardy"], json!({"cold": 1}));
    assert_eq!(wong["discipline"], Value::Null);
    assert_eq!(wong["handler_of"], "Gizmo");
    let gizmo = soldier_in(&roster, "Gizmo");
    assert_eq!(gizmo["kind"], "k9");
    assert_eq!(gizmo["handler"], "Wong");
    assert_eq!(num(&gizmo["discipline"], "stat"), 2);
    assert_eq!(soldier_in(&roster, "Price")["kind"], "nps");
    assert_eq!(num(&roster["squad"], "rp"), 8 + 4 + 6 + 4);
    let log = m.json_lines(&["log"]);
    let logged: Vec<&str> = log.iter().map(|e| e["kind"].as_str().expect("kind")).collect();
    assert_eq!(
        logged,
        [
            "campaign_created",
            "seed_committed",
            "soldier_enlisted",
            "soldier_enlisted",
            "soldier_enlisted",
            "soldier_enlisted"
        ]
    );
    assert_eq!(roster["head"]["version"], log[log.len() - 1]["version"]);
    assert_eq!(m.enlisted("Price"), num(&roster["head"], "version"));
}

#[test]
fn enlist_refusals() {
    let m = Muster::lodestar();
    m.refused(
        &["enlist", "wong", "--kind", "player", "--rp", "3"],
        "already enlisted",
    );
    m.refused(
        &["enlist", "Rex", "--kind", "k9", "--rp", "3", "--handler", "Reyes"],
        "needs his Discipline",
    );
    m.refused(
        &["enlist", "Rex", "--kind", "k9", "--rp", "3", "--discipline", "2"],
        "needs his Handler",
    );
    m.refused(
        &[
            "enlist",
            "Rex",
            "--kind",
            "k9",
            "--rp",
            "3",
            "--discipline",
            "2",
            "--handler",
            "Wong",
        ],
        "already handles the K9 'Gizmo'",
    );
    m.refused(&["enlist", "Ash", "--kind", "hero", "--rp", "3"], "Zero Dark");
    m.refused(&["enlist", "Kim", "--kind", "player", "--rp", "many"], "--rp");
    m.refused(
        &[
            "enlist", "Kim", "--kind", "player", "--rp", "3", "--hardy", "cold",
        ],
        "KEY=VALUE",
    );
    m.refused(
        &[
            "enlist",
            "Kim",
            "--kind",
            "player",
            "--rp",
            "3",
            "--discipline",
            "2",
        ],
        "only a K9",
    );
    // A key given twice is refused, as a card file's is, not kept at its last value.
    for (flag, first, again) in [
        ("--ability", "medic=6", "MEDIC=9"),
        ("--hardy", "cold=1", "Cold=2"),
    ] {
        m.refused(
            &[
                "enlist", "Kim", "--kind", "player", "--rp", "3", flag, first, flag, again,
            ],
            "is given twice (keys are compared without case); give each once",
        );
    }
}

#[test]
fn enlist_from_a_card_file() {
    let m = Muster::lodestar();
    let card = m.path("kowalski.json");
    let text = r#"{"name": "Kowalski", "kind": "squad", "rp": 3, "health": 2,
                   "abilities": {"rifle": "5+ [4+]", "grenade": 6},
                   "keywords": ["Fire"], "hardy": {"hot": 2}}"#;
    std::fs::write(&card, text).expect("card written");
    let card = card.to_str().expect("UTF-8 path");
    let written = m.json(&["enlist", "--card", card]);
    assert_eq!(written["written"][0]["kind"], "soldier_enlisted");
    let kowalski = m.soldier("Kowalski");
    assert_eq!(kowalski["kind"], "squad");
    assert_eq!(num(&kowalski, "rp"), 3);
    assert_eq!(kowalski["hardy"], json!({"hot": 2}));

    m.ok(&["enlist", "--card", card, "--name", "Novak"]);
    let roster = m.roster();
    assert_eq!(soldier_in(&roster, "Novak")["kind"], "squad");
    assert_eq!(num(&roster["squad"], "rp"), 22 + 3 + 3);

    m.refused(&["enlist", "--card", card], "already enlisted");
    m.usage_error(&["enlist", "--card", card, "--kind", "player"]);
}

#[test]
fn enlist_refuses_a_malformed_card_file() {
    let m = Muster::lodestar();
    let broken = m.path("broken.json");
    std::fs::write(&broken, r#"{"name": "Kim", "kind": "player","#).expect("written");
    m.refused(
        &["enlist", "--card", broken.to_str().expect("path")],
        "is not a Soldier card",
    );
    let dragon = m.path("dragon.json");
    std::fs::write(&dragon, r#"{"name": "Kim", "kind": "dragon", "rp": 3}"#).expect("written");
    m.refused(&["enlist", "--card", dragon.to_str().expect("path")], "dragon");
    let missing = m.path("missing.json");
    m.refused(
        &["enlist", "--card", missing.to_str().expect("path")],
        "cannot read the card file",
    );
    assert!(
        m.roster()["soldiers"]
            .as_array()
            .expect("array")
            .iter()
            .all(|s| s["name"] != "Kim")
    );
}

#[test]
fn campaign_list_lists_a_campaign_whose_log_does_not_fold_saying_so_and_the_rest_as_ever() {
    let m = Muster::lodestar();
    m.ok(&["campaign", "new", "Side", "--game", "zero-dark"]);
    let conn = rusqlite::Connection::open(&m.db).expect("the file opens");
    conn.execute_batch("DROP TRIGGER events_refuse_update")
        .expect("the trigger drops");
    let edited = conn
        .execute(
            "UPDATE events SET payload = '{}' WHERE campaign = 'Side' AND kind = 'campaign_created'",
            [],
        )
        .expect("the row is edited");
    assert_eq!(edited, 1);
    drop(conn);

    let (code, stdout, stderr) = m.run(&["--json", "campaign", "list"]);
    assert_eq!(code, 0, "{stderr}");
    let listed: Value = serde_json::from_str(&stdout).expect("list JSON");
    let row = |name: &str| {
        listed
            .as_array()
            .and_then(|rows| rows.iter().find(|row| row["name"] == name))
            .cloned()
            .unwrap_or_else(|| panic!("{name} listed: {listed}"))
    };
    let side = row("Side");
    assert!(side["damaged"].is_string(), "{side}");
    assert_eq!((&side["game"], &side["missions"]), (&Value::Null, &json!(0)));
    let lodestar = row(LODESTAR);
    assert_eq!(
        (&lodestar["game"], &lodestar["damaged"]),
        (&json!("modern"), &Value::Null)
    );
    assert!(
        stderr.contains("'Side'") && stderr.contains("verify"),
        "the note names the campaign and what reports it: {stderr}"
    );

    let (code, table, _) = m.run(&["campaign", "list"]);
    assert_eq!(code, 0);
    let side_line = table.lines().find(|l| l.contains("Side")).unwrap_or_default();
    assert!(
        !side_line.contains("Zero Dark") && side_line.contains('–'),
        "{table}"
    );
    assert!(table.contains("Warfighter Modern"), "{table}");
}

#[test]
fn campaign_list_shows_each_campaigns_game_missions_last_recording_and_head() {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Dawn", "--with", "Wong"]);
    m.ok(&["mission", "end", "--result", "success"]);
    let roster = m.roster();
    let last = m.json_lines(&["log", "-n", "1"]);
    m.ok(&["campaign", "new", "Side", "--game", "zero-dark"]);
    let listed = m.json(&["campaign", "list"]);
    let all = listed.as_array().expect("an array");
    let lodestar = all
        .iter()
        .find(|c| c["name"] == LODESTAR)
        .expect("Lodestar listed");
    assert_eq!(
        (&lodestar["game"], &lodestar["missions"], &lodestar["head"]),
        (&json!("modern"), &json!(1), &roster["head"])
    );
    assert_eq!(lodestar["last_recorded_at"], last[0]["recorded_at"]);
    let side = all.iter().find(|c| c["name"] == "Side").expect("Side listed");
    assert_eq!(
        (&side["game"], &side["missions"]),
        (&json!("zero_dark"), &json!(0))
    );
    let text = m.ok(&["campaign", "list"]);
    assert!(
        text.contains("Warfighter Modern") && text.contains("Zero Dark"),
        "{text}"
    );
    let head = roster["head"]["hash"].as_str().unwrap_or_default();
    assert!(text.contains(&head[..20]), "{text}");
}
