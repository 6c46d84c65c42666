//! `roster` (the JSON contract and `--as-of`), `log` and `show`.

use serde_json::Value;

use crate::support::{LODESTAR, Muster, num, soldier_in};

/// Lodestar plus one Mission: v6 start (Wong, Gizmo, Reyes), v7 turn 1, v8 Gizmo's
/// Discipline, v9 Reyes Suppress, v10 Wong Wound, v11 end, v12 Reyes Suppress cleared,
/// then v13 Price Wound between Missions.
fn one_mission() -> Muster {
    let m = Muster::lodestar();
    m.ok(&[
        "mission",
        "start",
        "Cold Start",
        "--with",
        "Wong",
        "--with",
        "Gizmo",
        "--with",
        "Reyes",
        "--k9-objective",
        "Find the cache",
    ]);
    m.ok(&["turn"]);
    m.ok(&["suppress", "Reyes"]);
    m.ok(&["wound", "Wong"]);
    m.ok(&["mission", "end", "--result", "success"]);
    m.ok(&["wound", "Price"]);
    m
}

fn versions(entries: &[Value]) -> Vec<u64> {
    entries.iter().map(|e| num(e, "version")).collect()
}

#[test]
fn roster_json_has_the_contract_fields() {
    let m = Muster::lodestar();
    m.ok(&[
        "medal",
        "award",
        "Wong",
        "Military Medal",
        "--rp",
        "2",
        "--why",
        "x",
    ]);
    let roster = m.roster();
    assert_eq!(roster["campaign"], LODESTAR);
    assert_eq!(roster["game"], "modern");
    assert_eq!(num(&roster["as_of"], "version"), 6);
    assert_eq!(roster["as_of"]["recorded_at"], "2026-11-29T21:00:00Z");
    assert_eq!(num(&roster["head"], "version"), 6);
    let hash = roster["head"]["hash"].as_str().expect("head.hash");
    assert!(
        hash.len() == 64 && hash.chars().all(|c| c.is_ascii_hexdigit()),
        "{hash}"
    );
    for soldier in roster["soldiers"].as_array().expect("soldiers") {
        for field in [
            "name",
            "kind",
            "status",
            "wounds",
            "suppress",
            "hardy",
            "xp",
            "discipline",
            "medals",
            "rp",
            "medal_rp",
        ] {
            assert!(soldier.get(field).is_some(), "{field} missing from {soldier}");
        }
        assert!(soldier["hardy"].is_object() && soldier["medals"].is_array());
    }
    let wong = soldier_in(&roster, "Wong");
    assert_eq!(wong["medals"][0]["name"], "Military Medal");
    assert_eq!(num(&wong["medals"][0], "rp"), 2);
    assert_eq!(num(&wong, "medal_rp"), 2);
    assert_eq!(wong["handler_of"], "Gizmo");
    assert!(wong.get("handler").is_none());
    let gizmo = soldier_in(&roster, "Gizmo");
    assert_eq!(gizmo["handler"], "Wong");
    assert!(gizmo["discipline"]["current"].is_u64() && gizmo["discipline"]["stat"].is_u64());
    let squad = &roster["squad"];
    assert_eq!((num(squad, "rp"), num(squad, "medal_rp")), (22, 2));
    assert_eq!((num(squad, "hostile_draw_rp"), num(squad, "rp_bank")), (24, 0));
    assert_eq!(roster["team_xp"], Value::Null);
    assert_eq!(roster["pending"], serde_json::json!([]));
    let text = m.ok(&["roster"]);
    assert!(
        text.contains(LODESTAR) && text.contains("Gizmo") && text.contains(&hash[..12]),
        "{text}"
    );
}

#[test]
fn roster_as_of_gives_the_numbers_as_they_were() {
    let m = Muster::new();
    m.ok_at(
        "2026-09-05T19:00:00Z",
        &["campaign", "new", "Lodestar", "--game", "modern"],
    );
    m.ok_at(
        "2026-09-05T19:02:00Z",
        &["enlist", "Wong", "--kind", "player", "--rp", "8"],
    );
    m.ok_at("2026-09-05T19:04:00Z", &["mission", "start", "Cold Start"]);
    m.ok_at("2026-09-05T19:06:00Z", &["wound", "Wong"]);
    m.ok_at(
        "2026-09-05T19:08:00Z",
        &[
            "mission",
            "end",
            "--result",
            "success",
            "--rp-award",
            "3",
            "--why",
            "x",
        ],
    );
    m.ok_at("2026-09-12T19:00:00Z", &["wound", "Wong", "2"]);
    m.ok_at("2026-09-12T19:02:00Z", &["xp", "Wong", "+2", "--why", "x"]);
    let at = |reference: &str| m.json(&["roster", "--as-of", reference]);
    let wong_at = |reference: &str| soldier_in(&at(reference), "Wong");

    let v4 = at("4");
    assert_eq!(num(&v4["as_of"], "version"), 4);
    assert_eq!(v4["as_of"]["recorded_at"], "2026-09-05T19:06:00Z");
    assert_eq!(num(&v4["head"], "version"), 7, "the head is today's");
    assert_eq!(num(&soldier_in(&v4, "Wong"), "wounds"), 1);
    assert_eq!(num(&v4["mission"], "number"), 1);
    assert_eq!(num(&at("2")["squad"], "rp"), 8);
    for instant in [
        "2026-09-05T19:06:00Z",
        "2026-09-05T19:07:59Z",
        "2026-09-05T21:06:00+02:00",
    ] {
        assert_eq!(num(&at(instant)["as_of"], "version"), 4, "as of {instant}");
    }
    let mission_end = at("mission:1");
    assert_eq!(num(&mission_end["as_of"], "version"), 5);
    assert_eq!(mission_end["mission"], Value::Null);
    assert_eq!(num(&mission_end["squad"], "rp_bank"), 3);
    assert_eq!(num(&wong_at("2026-09-05"), "wounds"), 1, "a date means its end");
    assert_eq!(num(&wong_at("2026-09-12T19:01:00Z"), "xp"), 0);
    let now = m.soldier("Wong");
    assert_eq!((num(&now, "wounds"), num(&now, "xp")), (3, 2));
}

#[test]
fn roster_refuses_a_bad_as_of() {
    let m = one_mission();
    m.refused(&["roster", "--as-of", "bogus"], "is not a point in the log");
    m.refused(&["roster", "--as-of", "0"], "version 0 does not exist");
    m.refused(&["roster", "--as-of", "14"], "runs from 1 to 13");
    m.refused(&["roster", "--as-of", "mission:x"], "mission:N");
    m.refused(&["roster", "--as-of", "mission:2"], "there is no Mission 2");
    m.refused(
        &["roster", "--as-of", "2026-01-01T00:00:00Z"],
        "before the campaign began",
    );
    m.ok(&["mission", "start", "Hill 112", "--with", "Reyes"]);
    m.refused(&["roster", "--as-of", "mission:2"], "has not ended yet");
}

#[test]
fn log_json_is_one_object_per_event() {
    let m = one_mission();
    let entries = m.json_lines(&["log"]);
    assert_eq!(versions(&entries), (1..=13).collect::<Vec<_>>());
    for entry in &entries {
        assert!(entry["kind"].is_string(), "{entry}");
        assert_eq!(entry["recorded_at"], "2026-11-29T21:00:00Z");
        assert_eq!(entry["voided"], false);
        assert!(entry["payload"].is_object(), "{entry}");
    }
    assert_eq!(entries[9]["kind"], "wounded");
    assert_eq!(entries[9]["payload"]["soldier"], "Wong");
    let text = m.ok(&["log"]);
    assert!(text.contains("Wong suffers 1 Wound"), "{text}");
}

#[test]
fn log_filters_by_soldier_and_mission() {
    let m = one_mission();
    assert_eq!(versions(&m.json_lines(&["log", "--soldier", "gizmo"])), [3, 6, 8]);
    assert_eq!(versions(&m.json_lines(&["log", "--soldier", "Price"])), [5, 13]);
    let mission = m.json_lines(&["log", "--mission", "1"]);
    let listed = versions(&mission);
    assert!((6..=11).all(|v| listed.contains(&v)), "{listed:?}");
    assert!(!listed.contains(&5) && !listed.contains(&13), "{listed:?}");
    m.refused(&["log", "--soldier", "Nobody"], "no Soldier named 'Nobody'");
    m.refused(&["log", "--mission", "one"], "--mission");
}

/// `mission end` writes the end of Mission 1 and, in the same command, the clearing of
/// its Suppress; `roster --as-of mission:1` counts both as the Mission's end, but
/// `log --mission 1` drops the clearing (and `log --json` gives it `"mission": null`).
#[test]
fn regression_log_mission_filter_kept_suppress_cleared_by_mission_end() {
    let m = one_mission();
    assert_eq!(
        num(&m.json(&["roster", "--as-of", "mission:1"])["as_of"], "version"),
        12
    );
    let listed = versions(&m.json_lines(&["log", "--mission", "1"]));
    assert!(
        listed.contains(&12),
        "v12 (Reyes Suppress cleared at the end of Mission 1) missing: {listed:?}"
    );
}

#[test]
fn show_explains_one_event() {
    let m = one_mission();
    let shown = m.json(&["show", "10"]);
    assert_eq!(num(&shown, "version"), 10);
    assert_eq!(shown["kind"], "wounded");
    assert_eq!(shown["voided"], false);
    assert_eq!(shown["voided_by"], Value::Null);
    assert_eq!(shown["payload"]["soldier"], "Wong");
    assert_eq!(shown["prev_hash"], m.json(&["show", "9"])["hash"]);
    assert_eq!(shown["command"].as_array().map(Vec::len), Some(1));
    let end = m.json(&["show", "11"]);
    let siblings: Vec<u64> = end["command"]
        .as_array()
        .expect("command")
        .iter()
        .map(|s| num(s, "version"))
        .collect();
    assert_eq!(
        siblings,
        [11, 12],
        "mission end and its Suppress clearing are one command"
    );
    assert_eq!(m.json(&["show", "13"])["hash"], m.head().as_str());
    assert_eq!(m.json(&["show", "1"])["prev_hash"], "0".repeat(64));
    let text = m.ok(&["show", "10"]);
    assert!(
        text.contains("Wong suffers 1 Wound") && text.contains("voided"),
        "{text}"
    );
    m.refused(&["show", "14"], "version 14 does not exist");
    m.refused(&["show", "0"], "version 0 does not exist");
}
