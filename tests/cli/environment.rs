//! Environments declared for a Mission, a Location or an Event (rule 002): `mission start
//! --environ`, `environ declare|clear`, the roster's `owed_environment`, and the turn and
//! Mission's end refused (exit 1, the log unchanged) until every owed roll is made and settled.

use serde_json::{Value, json};

use crate::support::{Muster, card, kinds};

/// A WWII campaign in Russia: Petrov (Hardy cold 1), Ivanova (Enduring), Orlov (Fire).
fn winter_storm() -> Muster {
    let m = Muster::new();
    m.ok(&[
        "campaign",
        "new",
        "Winter Storm",
        "--game",
        "wwii",
        "--nation",
        "Soviet Union",
    ]);
    m.ok(&[
        "enlist", "Petrov", "--kind", "player", "--rp", "7", "--hardy", "cold=1",
    ]);
    m.ok(&[
        "enlist",
        "Ivanova",
        "--kind",
        "player",
        "--rp",
        "6",
        "--keyword",
        "enduring",
    ]);
    m.ok(&[
        "enlist",
        "Orlov",
        "--kind",
        "squad",
        "--rp",
        "3",
        "--keyword",
        "fire",
    ]);
    m
}

/// One entry of `owed_environment`.
fn owed(soldier: &str, environment: &str, target: u8, scope: &str, name: Value) -> Value {
    json!({"soldier": soldier, "environment": environment, "target": target,
           "scope": scope, "name": name})
}

#[test]
fn the_roster_lists_each_owed_roll_and_the_turn_waits_until_each_is_rolled_and_resolved() {
    let m = winter_storm();
    // Rule 002: "Missions taking place in Russia have the 'Cold' Environmental condition."
    let started = m.json(&["mission", "start", "Frozen River", "--environ", "cold:6"]);
    assert_eq!(kinds(&started), ["mission_started", "environment_declared"]);
    assert_eq!(
        m.roster()["owed_environment"],
        json!([]),
        "owed from the turn's start"
    );
    m.ok(&["turn"]);
    let roster = m.roster();
    assert_eq!(
        roster["mission"]["environments"],
        json!([{"environment": "cold", "name": null, "scope": "mission", "target": 6}])
    );
    // Ivanova is Enduring: "immune to Environ effects".
    assert_eq!(
        roster["owed_environment"],
        json!([
            owed("Petrov", "cold", 6, "mission", Value::Null),
            owed("Orlov", "cold", 6, "mission", Value::Null),
        ])
    );
    assert!(m.ok(&["roster"]).contains(
        "owed: Petrov owes a roll against Environ cold 6+ of the Mission: `muster environ Petrov cold 6`"
    ));
    m.refused(
        &["turn"],
        "Petrov owes a roll against Environ cold 6+ of the Mission",
    );
    m.refused(&["mission", "end", "--result", "failure"], "Orlov owes a roll");

    // Petrov fails; his roll is made, but its choice still holds up the turn.
    m.ok(&["environ", "Petrov", "cold", "6", "--die", "3"]);
    m.ok(&["environ", "Orlov", "cold", "6", "--die", "9"]);
    assert_eq!(m.roster()["owed_environment"], json!([]));
    m.refused(&["turn"], "awaits a choice");
    m.ok(&["resolve", "Petrov", "hardy"]);

    // The Stream: "When this happens, roll for all of them separately."
    let stream = card("stream.json");
    let declared = m.json(&["environ", "declare", "--card", &stream]);
    assert_eq!(kinds(&declared), ["environment_declared"]);
    m.ok(&["turn"]);
    assert_eq!(
        m.roster()["owed_environment"],
        json!([
            owed("Petrov", "cold", 6, "mission", Value::Null),
            owed("Petrov", "fever", 4, "location", json!("Stream")),
            owed("Orlov", "cold", 6, "mission", Value::Null),
            owed("Orlov", "fever", 4, "location", json!("Stream")),
        ])
    );
    for (soldier, environment, target) in [
        ("Petrov", "cold", "6"),
        ("Petrov", "fever", "4"),
        ("Orlov", "cold", "6"),
    ] {
        m.ok(&["environ", soldier, environment, target, "--die", "10"]);
    }
    m.refused(
        &["turn"],
        "Orlov owes a roll against Environ fever 4+ of the Location Stream",
    );
    m.ok(&["environ", "Orlov", "fever", "4", "--die", "8"]);
    // The squad leaves the Stream: from the next turn only the Mission's Cold is owed.
    let cleared = m.json(&["environ", "clear", "--location", "stream"]);
    assert_eq!(kinds(&cleared), ["environment_cleared"]);
    m.refused(
        &["environ", "clear", "--location", "Stream"],
        "declared no Environment in force",
    );
    m.ok(&["turn"]);
    let owed_now: Vec<String> = m.roster()["owed_environment"]
        .as_array()
        .map(|o| o.iter().map(|e| e["environment"].to_string()).collect())
        .unwrap_or_default();
    assert_eq!(owed_now, ["\"cold\"", "\"cold\""]);
    m.ok(&["environ", "Petrov", "cold", "6", "--die", "7"]);
    m.ok(&["environ", "Orlov", "cold", "6", "--die", "10"]);
    m.ok(&["mission", "end", "--result", "success"]);
    assert_eq!(m.roster()["mission"], Value::Null);
    m.ok(&["verify"]);
}

#[test]
fn declaring_is_refused_with_a_bad_pair_outside_a_mission_or_under_the_first_rules() {
    let m = winter_storm();
    m.refused(
        &["environ", "declare", "cold:6", "--mission"],
        "no Mission is in progress",
    );
    m.refused(
        &["mission", "start", "Thaw", "--environ", "cold6"],
        "write TYPE:TARGET",
    );
    m.refused(
        &["mission", "start", "Thaw", "--environ", "cold:11"],
        "the Environ target",
    );
    m.usage_error(&["environ", "declare", "cold:6"]);
    m.usage_error(&["environ", "declare", "cold:6", "--mission", "--event", "Blizzard"]);

    // The bundled demo was played under rules 1: nothing is declared, so nothing is owed.
    let old = Muster::new();
    let demo = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/campaigns/demo.jsonl");
    old.ok(&["import", demo]);
    old.ok(&["campaign", "use", "Operation Lodestar"]);
    old.refused(
        &[
            "mission",
            "start",
            "Thaw",
            "--with",
            "Reyes",
            "--environ",
            "cold:6",
        ],
        "under rules 1",
    );
    old.ok(&["mission", "start", "Thaw", "--with", "Reyes"]);
    old.ok(&["turn"]);
    assert_eq!(old.roster()["owed_environment"], json!([]));
    old.ok(&["turn"]);
    old.ok(&["verify"]);
}

#[test]
fn two_failed_rolls_are_each_settled_by_naming_its_version() {
    let m = winter_storm();
    m.ok(&["mission", "start", "Frozen River", "--environ", "cold:6"]);
    m.ok(&["environ", "declare", "--card", &card("stream.json")]);
    m.ok(&["turn"]);
    let cold = crate::support::first_version(&m.json(&["environ", "Petrov", "cold", "6", "--die", "3"]));
    let fever = crate::support::first_version(&m.json(&["environ", "Petrov", "fever", "4", "--die", "1"]));
    // Each failed roll's offers name it: `resolve` alone settles his oldest.
    let now = m.json(&["now"]);
    let lines: Vec<Vec<String>> = now["offers"]
        .as_array()
        .map(|offers| {
            offers
                .iter()
                .filter(|o| o["refused"].is_null())
                .filter_map(|o| serde_json::from_value(o["args"].clone()).ok())
                .collect()
        })
        .unwrap_or_default();
    let line = |choice: &str, version: u64| -> Vec<String> {
        ["resolve", "Petrov", choice, "--roll", &version.to_string()]
            .map(str::to_owned)
            .to_vec()
    };
    for expected in [line("hardy", cold), line("wound", fever), line("suppress", fever)] {
        assert!(lines.contains(&expected), "{expected:?} in {lines:?}");
    }
    assert!(
        !lines.contains(&line("hardy", fever)),
        "he holds no Hardy fever counter"
    );
    // The fever roll is settled first; the cold one still waits, then takes his counter.
    let settled = m.json(&["resolve", "Petrov", "wound", "--roll", &fever.to_string()]);
    assert_eq!(kinds(&settled), ["environment_resolved", "wounded"]);
    m.refused(
        &["turn"],
        &format!("Petrov's failed Environ cold roll (v{cold}) awaits a choice"),
    );
    m.refused(
        &["resolve", "Petrov", "wound", "--roll", &fever.to_string()],
        &format!("v{fever} is not a failed Environment roll of Petrov awaiting a choice"),
    );
    m.ok(&["resolve", "Petrov", "hardy"]);
    m.ok(&["verify"]);
}

#[test]
fn a_soldier_downed_and_recovered_in_the_turn_owes_his_roll_and_any_is_no_environ_type() {
    let m = winter_storm();
    m.ok(&["mission", "start", "Frozen River", "--environ", "cold:6"]);
    m.ok(&["turn"]);
    let owes = |m: &Muster| -> Vec<String> {
        m.roster()["owed_environment"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|o| o["soldier"].as_str().map(str::to_owned))
            .collect()
    };
    assert_eq!(owes(&m), ["Petrov", "Orlov"]);
    m.ok(&["down", "Orlov"]);
    assert_eq!(owes(&m), ["Petrov"]);
    m.ok(&["recover", "Orlov"]);
    assert_eq!(
        owes(&m),
        ["Petrov", "Orlov"],
        "active at the turn's start, he owes it"
    );
    // "Any" names the Hardy Any counter, not an Environment.
    m.refused(
        &["environ", "declare", "any:5", "--location", "Ford"],
        "'any' is no Environ type",
    );
    // A Hardy type on the paper sheet is read as every command reads one.
    m.refused(&["assert", "Petrov", "hardy.colt=3"], "did you mean 'cold'?");
    m.ok(&["verify"]);
}
