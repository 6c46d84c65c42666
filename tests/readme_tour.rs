//! The README's tour, typed as a new user would: every `muster` line of its tour block is
//! run against a fresh database, and the roster must match the events typed.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use serde_json::Value;

/// The `muster` command lines of the README's tour block, split as a shell would.
fn tour_commands() -> Vec<Vec<String>> {
    block_commands("<!-- tour")
}

/// The `muster` command lines of the README's block after `marker`.
fn block_commands(marker: &str) -> Vec<Vec<String>> {
    let readme = include_str!("../README.md");
    let start = readme.find(marker).expect("the README marks its block");
    let block = &readme[start..];
    let block = &block[block.find("```sh").expect("the tour is a sh block") + 5..];
    let block = &block[..block.find("```").expect("the tour block ends")];
    block
        .lines()
        .filter_map(|line| line.strip_prefix("muster "))
        .map(|line| shell_words::split(line).expect("each tour line splits like a shell's"))
        .collect()
}

fn muster(db: &std::path::Path, args: &[String]) -> (i32, String, String) {
    common::run_with(db, common::NOW, args)
}

fn roster(db: &std::path::Path, campaign: &str) -> Value {
    let (code, stdout, stderr) = muster(
        db,
        &["--campaign", campaign, "--json", "roster"].map(String::from),
    );
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

fn soldier<'a>(roster: &'a Value, name: &str) -> &'a Value {
    roster["soldiers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("{name} is on the roster"))
}

#[test]
fn the_readme_tour_runs_and_its_roster_matches_the_events_typed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tour.db");
    let commands = tour_commands();
    assert!(
        commands.len() > 55,
        "the tour has its three Missions and the winter"
    );
    for args in &commands {
        let (code, _, stderr) = muster(&db, args);
        assert_eq!(code, 0, "`muster {}` failed: {stderr}", args.join(" "));
    }

    let lodestar = roster(&db, "Operation Lodestar");
    assert_eq!(lodestar["head"]["version"], 45);
    let wong = soldier(&lodestar, "Wong");
    assert_eq!((wong["wounds"].as_u64(), wong["xp"].as_u64()), (Some(1), Some(1)));
    assert_eq!(wong["hardy"], serde_json::json!({"cold": 1}));
    assert_eq!(wong["handler_of"], "Gizmo");
    let gizmo = soldier(&lodestar, "Gizmo");
    assert_eq!(gizmo["wounds"], 1, "the accepted Failure wounds the K9 too");
    assert_eq!(gizmo["discipline"], serde_json::json!({"current": 1, "stat": 2}));
    assert_eq!(gizmo["xp"], 0, "no XP for an Encounter's Hostile value");
    let reyes = soldier(&lodestar, "Reyes");
    assert_eq!(
        (reyes["wounds"].as_u64(), reyes["xp"].as_u64()),
        (Some(2), Some(5))
    );
    assert_eq!(reyes["status"], "active");
    assert_eq!(reyes["medals"], serde_json::json!([]));
    assert_eq!(
        soldier(&lodestar, "Kowalski")["wounds"],
        0,
        "the voided Wounds are gone"
    );
    assert_eq!(lodestar["squad"]["rp"], 21);
    assert_eq!(lodestar["squad"]["rp_bank"], 9);
    assert_eq!(lodestar["pending"], serde_json::json!([]));

    let winter = roster(&db, "Winter Storm");
    assert_eq!(winter["head"]["version"], 23);
    let petrov = soldier(&winter, "Petrov");
    assert_eq!(petrov["wounds"], 1, "the Stream's Fever cost a Wound");
    assert_eq!(
        petrov["hardy"],
        serde_json::json!({}),
        "the Hardy cold counter was expended"
    );
    assert_eq!(
        soldier(&winter, "Orlov")["hardy"],
        serde_json::json!({}),
        "Hardy Any expended"
    );
    assert_eq!(soldier(&winter, "Ivanova")["wounds"], 0, "Enduring: immune");
    assert_eq!(winter["squad"]["rp_bank"], 3);

    // Juno Beach: the Medals rulebook's example, 30 RP + 5 RP of Medals, ending at 20.
    let juno = roster(&db, "Juno Beach");
    assert_eq!(juno["elite_hostiles"], true);
    let boucher = soldier(&juno, "Boucher");
    assert_eq!(boucher["status"], "kia");
    assert_eq!(
        boucher["rp"], 10,
        "his card's 8 RP and the Military Medal's 2 RP Skill"
    );
    assert_eq!(
        boucher["medals"],
        serde_json::json!([]),
        "KIA removed his sticker"
    );
    let hale = soldier(&juno, "Hale");
    assert_eq!(
        hale["medals"],
        serde_json::json!([]),
        "Downed removed his sticker"
    );
    assert_eq!(
        hale["hardy"],
        serde_json::json!({"any": 1}),
        "the Military Cross's benefit"
    );
    assert_eq!(
        juno["squad"]["rp_bank"], 14,
        "10 computed in Mission 2, 4 named in Mission 3"
    );
    assert_eq!(
        juno["medal_deck"]["earned"],
        serde_json::json!(["Military Medal", "Military Cross"])
    );
    assert_eq!(juno["medal_deck"]["in_deck"], 2);
    let (code, stdout, _) = muster(
        &db,
        &["--campaign", "Juno Beach", "--json", "mission", "show", "2"].map(String::from),
    );
    assert_eq!(code, 0);
    let hill = serde_json::from_str::<Value>(&stdout).unwrap();
    assert_eq!(
        (
            hill["start_rp"].clone(),
            hill["start_medal_rp"].clone(),
            hill["hostile_draw_rp"].clone()
        ),
        (serde_json::json!(30), serde_json::json!(5), serde_json::json!(35))
    );
    assert_eq!(hill["surviving_rp"], 20);
    assert_eq!(hill["rp_award"]["amount"], 10, "30 - 20, Medal RP excluded");

    // Night Shift: the Spook's XP and the team's XP as the rule text's arithmetic gives them.
    let night = roster(&db, "Night Shift");
    assert_eq!(night["team_xp"], 1, "Rescue failed while Vega had no XP: 2 - 1");
    let vega = soldier(&night, "Vega");
    assert_eq!(vega["xp"], 5, "Observation succeeded: +5");
    assert_eq!(vega["specialism"], "spook");
    let kato = soldier(&night, "Kato");
    assert_eq!(kato["state"], serde_json::json!({"state": "wounded", "n": 1}));
    assert_eq!(
        kato["allies"],
        serde_json::json!([{"name": "Sentry", "dependent": true, "dead": true}])
    );

    // Gizmo's first roll, as `muster show 12` explains it: 4 - 1 + 4 = 7 against Bomb 5+.
    let (_, stdout, _) = muster(
        &db,
        &["--campaign", "Operation Lodestar", "--json", "show", "12"].map(String::from),
    );
    let shown: Value = serde_json::from_str(&stdout).unwrap();
    let roll = &shown["roll"];
    assert_eq!(roll["who"], "Gizmo");
    assert_eq!(
        (roll["faces"].clone(), roll["target"].clone()),
        (serde_json::json!([4]), serde_json::json!(5))
    );
    assert_eq!(roll["total"], 7);
    assert_eq!(roll["success"], true);
    assert_eq!(
        roll["costs"],
        serde_json::json!([{"resource": "discipline", "amount": 1}])
    );
    assert_eq!(shown["recomputed"]["agrees"], true);

    for campaign in ["Operation Lodestar", "Winter Storm", "Juno Beach", "Night Shift"] {
        let (code, stdout, _) = muster(
            &db,
            &["--campaign", campaign, "--json", "verify"].map(String::from),
        );
        assert_eq!(code, 0, "{campaign} verifies");
        let report: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(report["ok"], true);
    }
}

#[test]
fn the_readme_shows_the_roster_the_tour_prints() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tour.db");
    for args in tour_commands() {
        muster(&db, &args);
    }
    let (_, printed, _) = muster(
        &db,
        &["--campaign", "Operation Lodestar", "roster"].map(String::from),
    );
    let readme = include_str!("../README.md");
    // The head hash differs from run to run (event ids are random); every other line of
    // the roster must appear in the README as printed, trailing spaces aside.
    for line in printed.lines().filter(|l| !l.starts_with("head ")) {
        assert!(
            readme.lines().any(|r| r.trim_end() == line.trim_end()),
            "the README's roster lacks the line {line:?}"
        );
    }
}

#[test]
fn the_readme_dispute_walkthrough_answers_its_three_questions() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tour.db");
    for args in tour_commands() {
        muster(&db, &args);
    }
    let dispute = block_commands("<!-- dispute");
    for args in &dispute {
        let (code, _, stderr) = muster(&db, args);
        assert_eq!(code, 0, "`muster {}` failed: {stderr}", args.join(" "));
    }
    let json = |args: &[&str]| -> Value {
        let mut all = vec!["--json"];
        all.extend_from_slice(args);
        let (_, stdout, _) = muster(&db, &all.iter().map(|a| a.to_string()).collect::<Vec<_>>());
        serde_json::from_str(&stdout).unwrap()
    };
    // Was the roll fair? The generated face is the one the revealed seed gives.
    let shown = json(&["show", "48"]);
    assert_eq!(shown["roll"]["source"], "generated");
    assert_eq!(shown["recomputed"]["face_from_seed"], shown["roll"]["faces"][0]);
    assert_eq!(shown["recomputed"]["agrees"], true);
    // Why does Wong have one Wound? Two were recorded, one of them healed.
    let blame = json(&["blame", "Wong"]);
    assert_eq!(blame["fields"]["wounds"]["value"], "1");
    let adds: i64 = blame["fields"]["wounds"]["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["voided"] == false)
        .map(|l| l["change"]["add"].as_i64().unwrap())
        .sum();
    assert_eq!(adds, 1, "the blame adds up to the roster's number");
    // Was the log edited? It verifies, the paper sheet's assertion included.
    assert_eq!(json(&["verify"])["ok"], true);
    // Before its void, the mistaken Wound was not voided yet.
    assert_eq!(json(&["show", "26", "--as-of", "26"])["voided"], false);
    assert_eq!(json(&["show", "26"])["voided"], true);
}

/// Every `VERSION:HASH` the README offers to `verify --head`, and every roster head line it
/// shows: the hashes they note.
fn readme_noted_hashes() -> Vec<String> {
    let readme = include_str!("../README.md");
    let mut hashes = Vec::new();
    for (i, _) in readme.match_indices("verify --head") {
        let rest = readme[i + "verify --head".len()..].trim_start();
        if let Some((_, hash)) = rest.split_once(':').filter(|(v, _)| v.parse::<u64>().is_ok()) {
            hashes.push(hash.chars().take_while(char::is_ascii_hexdigit).collect());
        }
    }
    for line in readme.lines().filter(|l| l.starts_with("head v")) {
        hashes.push(line.split_whitespace().nth(2).unwrap().to_owned());
    }
    hashes
}

#[test]
fn the_readme_notes_heads_of_at_least_twenty_hex_digits_as_verify_accepts() {
    let hashes = readme_noted_hashes();
    assert!(hashes.len() >= 3, "the README shows heads to note: {hashes:?}");
    for hash in &hashes {
        assert!((20..=64).contains(&hash.len()), "{hash} is 20 to 64 hex digits");
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tour.db");
    for args in tour_commands() {
        muster(&db, &args);
    }
    let lodestar = roster(&db, "Operation Lodestar");
    let hash = lodestar["head"]["hash"].as_str().unwrap();
    let (_, printed, _) = muster(
        &db,
        &["--campaign", "Operation Lodestar", "roster"].map(String::from),
    );
    let head_line = printed.lines().find(|l| l.starts_with("head v45 ")).unwrap();
    assert!(
        head_line.starts_with(&format!("head v45 {} |", &hash[..20])),
        "{head_line}"
    );
    // The head as the roster prints it is what `verify --head` takes.
    let noted = format!("45:{}", &hash[..20]);
    let (code, stdout, stderr) = muster(
        &db,
        &[
            "--campaign",
            "Operation Lodestar",
            "--json",
            "verify",
            "--head",
            &noted,
        ]
        .map(String::from),
    );
    assert_eq!(code, 0, "{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["noted_head"]["version"], 45);
}
