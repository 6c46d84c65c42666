//! Rolls during a Mission: `check`, `environ` and `resolve`, `objective`, and the dice
//! seed that generates faces no one entered.

use serde_json::{Value, json};

use crate::support::{Muster, card, first_version, kinds, num, soldier_in};

/// Lodestar with Mission 1 under way: Wong, Gizmo and Reyes.
fn on_mission() -> Muster {
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
    m
}

/// Runs a rolling command with `--json`; returns the `show --json` of the one event it wrote.
fn rolled(m: &Muster, args: &[&str], kind: &str) -> Value {
    let written = m.json(args);
    assert_eq!(kinds(&written), [kind], "muster {args:?}");
    m.show(first_version(&written))
}

#[test]
fn check_with_an_entered_die_records_the_roll() {
    let m = on_mission();
    let shown = rolled(
        &m,
        &["check", "Wong", "handler", "--mod", "+3:card", "--die", "4"],
        "check_rolled",
    );
    let roll = &shown["roll"];
    assert_eq!(roll["who"], "Wong");
    assert_eq!(roll["die"], "d10");
    assert_eq!(roll["faces"], json!([4]));
    assert_eq!(roll["source"], "entered");
    assert_eq!(roll["target"], 7);
    assert_eq!(roll["modifiers"], json!([{"value": 3, "source": "card"}]));
    assert_eq!(roll["costs"], json!([]));
    assert_eq!((&roll["total"], &roll["success"]), (&json!(7), &json!(true)));
    assert!(roll.get("dice").is_none(), "an entered face has no seed: {roll}");
    assert_eq!(
        shown["recomputed"],
        json!({"total": 7, "success": true, "face_from_seed": null, "seed_held": null, "agrees": true})
    );
    assert_eq!(shown["payload"]["roll"], *roll, "the payload carries the roll");
    assert_eq!(shown["payload"]["soldier"], "Wong");

    let roll = &rolled(
        &m,
        &["check", "wong", "HANDLER", "--mod", "-1:card", "--die", "7"],
        "check_rolled",
    )["roll"];
    assert_eq!(roll["modifiers"], json!([{"value": -1, "source": "card"}]));
    assert_eq!((&roll["total"], &roll["success"]), (&json!(6), &json!(false)));

    let roll = &rolled(
        &m,
        // A K9 has no Actions, so his check is one on entering (a Fail heading).
        &["check", "Gizmo", "threat", "--upgunned", "--fail", "--die", "4"],
        "check_rolled",
    )["roll"];
    assert_eq!((&roll["target"], &roll["success"]), (&json!(4), &json!(true)));
    m.ok(&["verify"]);
}

#[test]
fn check_without_a_die_generates_the_face_from_the_committed_seed() {
    let m = on_mission();
    let written = m.json(&["check", "Wong", "handler"]);
    let version = first_version(&written);
    let shown = m.show(version);
    let roll = &shown["roll"];
    assert_eq!(roll["source"], "generated");
    let faces = roll["faces"].as_array().expect("faces");
    assert_eq!(faces.len(), 1);
    let face = faces[0].as_i64().expect("a face");
    assert!((1..=10).contains(&face), "{face}");
    assert_eq!(roll["total"], face);
    assert_eq!(roll["success"], face >= 7);
    let commitment = m.roster()["dice_seed_commitment"].clone();
    assert!(commitment.is_string(), "{commitment}");
    assert_eq!(roll["dice"]["commitment"], commitment);
    assert_eq!(num(&roll["dice"], "version"), version);
    assert_eq!(num(&roll["dice"], "index"), 0);
    assert_eq!(shown["recomputed"]["agrees"], true);
    assert_eq!(m.json(&["verify"])["ok"], true);
}

#[test]
fn check_refusals() {
    let m = Muster::lodestar();
    m.refused(
        &["check", "Wong", "handler", "--die", "4"],
        "no Mission is in progress",
    );
    let m = on_mission();
    m.refused(&["check", "Wong", "handler", "--die", "0"], "1 to 10");
    m.refused(&["check", "Wong", "handler", "--die", "11"], "1 to 10");
    m.refused(&["check", "Wong", "handler", "--die", "-3"], "1 to 10");
    m.refused(&["check", "Wong", "handler", "--die", "six"], "--die");
    m.refused(
        &["check", "Wong", "handler", "--upgunned", "--die", "4"],
        "no Upgunned [bracket] target",
    );
    m.refused(&["check", "Wong", "handler", "--mod", "3", "--die", "4"], "N:WHY");
    m.refused(&["check", "Price", "handler", "--die", "4"], "Mission 1");
    m.refused(
        &["check", "Nobody", "handler", "--die", "4"],
        "no Soldier named 'Nobody'",
    );
}

#[test]
fn a_downed_soldiers_check_is_refused_listing_only_those_who_can_check() {
    let m = on_mission();
    m.ok(&["down", "Wong"]);
    m.ok(&["kill", "Reyes"]);
    let refusal = m.refused(
        &["check", "Wong", "handler", "--die", "7"],
        "Wong cannot make a check",
    );
    assert!(
        refusal.contains("only an active Soldier on Mission 1 can (Gizmo)"),
        "{refusal}"
    );
    m.ok(&["kill", "Gizmo"]);
    let refusal = m.refused(
        &["check", "Wong", "handler", "--die", "7"],
        "Wong cannot make a check",
    );
    assert!(refusal.contains("can (none)"), "{refusal}");
}

#[test]
fn check_without_the_ability_fails_and_rolls_nothing() {
    let m = on_mission();
    let shown = rolled(&m, &["check", "Wong", "bomb"], "check_rolled");
    let roll = &shown["roll"];
    assert_eq!(roll["success"], false);
    assert_eq!(roll["faces"], json!([]));
    assert_eq!(roll["source"], Value::Null);
    assert_eq!(roll["target"], Value::Null);
    assert_eq!(roll["total"], Value::Null);
    assert_eq!(shown["recomputed"]["agrees"], true);
    m.refused(&["check", "Wong", "bomb", "--die", "5"], "rolled no die");
}

#[test]
fn a_failed_environment_roll_waits_for_its_choice() {
    let m = on_mission();
    let shown = rolled(
        &m,
        &["environ", "Wong", "cold", "6", "--die", "2"],
        "environment_rolled",
    );
    let version = num(&shown, "version");
    assert_eq!(shown["roll"]["faces"], json!([2]));
    assert_eq!(
        (&shown["roll"]["target"], &shown["roll"]["success"]),
        (&json!(6), &json!(false))
    );
    assert_eq!(
        m.roster()["pending"],
        json!([{"kind": "environment", "version": version, "soldier": "Wong",
                "environment": "cold", "choices": ["hardy", "wound", "suppress"]}])
    );
    m.refused(&["turn"], "awaits a choice");
    m.refused(&["mission", "end", "--result", "failure"], "awaits a choice");
    m.refused(&["resolve", "Reyes", "wound"], "Wong (Environ cold");
    let settled = m.json(&["resolve", "Wong", "wound"]);
    assert_eq!(kinds(&settled), ["environment_resolved", "wounded"]);
    let roster = m.roster();
    let wong = soldier_in(&roster, "Wong");
    assert_eq!(num(&wong, "wounds"), 1);
    assert_eq!(wong["hardy"], json!({"cold": 1}), "a Wound was chosen, not Hardy");
    assert_eq!(roster["pending"], json!([]));
    m.refused(&["resolve", "Wong", "wound"], "no failed Environment roll");
    m.ok(&["turn"]);
    rolled(
        &m,
        &["environ", "Wong", "cold", "6", "--die", "6"],
        "environment_rolled",
    );
    assert_eq!(
        m.roster()["pending"],
        json!([]),
        "a success leaves nothing to settle"
    );
}

#[test]
fn environ_from_a_location_card() {
    let m = on_mission();
    let stream = card("stream.json");
    let shown = rolled(
        &m,
        &["environ", "Wong", "--location", &stream, "--die", "3"],
        "environment_rolled",
    );
    assert_eq!(shown["payload"]["location"], "Stream");
    assert_eq!(shown["payload"]["environment"], "fever");
    assert_eq!(
        (&shown["roll"]["target"], &shown["roll"]["success"]),
        (&json!(4), &json!(false))
    );
    let pending = &m.roster()["pending"];
    assert_eq!(pending[0]["kind"], "environment");
    assert_eq!(pending[0]["environment"], "fever");
    assert_eq!(pending[0]["choices"], json!(["wound", "suppress"]));
    m.refused(&["resolve", "Wong", "hardy"], "no Hardy fever counter");
    m.refused(&["resolve", "Wong", "hardy", "--any"], "no Hardy any counter");
    let settled = m.json(&["resolve", "Wong", "suppress"]);
    assert_eq!(kinds(&settled), ["environment_resolved", "suppressed"]);
    assert_eq!(num(&m.soldier("Wong"), "suppress"), 1);
    m.usage_error(&["environ", "Wong", "--location", &stream, "cold", "6"]);
}

#[test]
fn resolve_with_hardy_spends_a_counter_of_the_type_or_any() {
    let m = Muster::lodestar();
    m.ok(&[
        "enlist", "Kim", "--kind", "squad", "--rp", "3", "--hardy", "any=1",
    ]);
    m.ok(&["mission", "start", "Ridge", "--with", "Reyes", "--with", "Kim"]);
    m.refused(&["resolve", "Kim", "wound"], "awaiting: nothing");
    m.ok(&["environ", "Kim", "hot", "7", "--die", "1"]);
    let pending = &m.roster()["pending"][0];
    assert_eq!(pending["choices"], json!(["hardy --any", "wound", "suppress"]));
    m.refused(&["resolve", "Kim", "hardy"], "no Hardy hot counter");
    m.refused(&["resolve", "Kim", "wound", "--any"], "--any goes with hardy");
    let settled = m.json(&["resolve", "Kim", "hardy", "--any"]);
    assert_eq!(kinds(&settled), ["environment_resolved", "hardy_adjusted"]);
    let roster = m.roster();
    let kim = soldier_in(&roster, "Kim");
    assert_eq!(kim["hardy"].get("any").and_then(Value::as_u64).unwrap_or(0), 0);
    assert_eq!(num(&kim, "wounds"), 0);
    assert_eq!(roster["pending"], json!([]));

    let m = on_mission();
    m.ok(&["environ", "Wong", "cold", "6", "--die", "5"]);
    m.ok(&["resolve", "Wong", "hardy"]);
    let wong = m.soldier("Wong");
    assert_eq!(wong["hardy"].get("cold").and_then(Value::as_u64).unwrap_or(0), 0);
    assert_eq!((num(&wong, "wounds"), num(&wong, "suppress")), (0, 0));
}

#[test]
fn an_enduring_soldier_rolls_no_die_for_environment() {
    let m = on_mission();
    let shown = rolled(&m, &["environ", "Reyes", "cold", "6"], "environment_rolled");
    assert_eq!(shown["payload"]["immune"], true);
    assert_eq!(shown["roll"], Value::Null);
    assert_eq!(m.roster()["pending"], json!([]));
    m.refused(&["environ", "Reyes", "cold", "6", "--die", "3"], "rolled no die");
    m.refused(
        &[
            "environ",
            "Reyes",
            "--location",
            &card("stream.json"),
            "--die",
            "3",
        ],
        "rolled no die",
    );
}

#[test]
fn objectives_are_activated_left_to_right_and_success_needs_them_all() {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Hill", "--with", "Reyes"]);
    let mission = &m.roster()["mission"];
    assert_eq!(
        (&mission["objectives"], &mission["inactive_at"]),
        (&json!([]), &Value::Null)
    );
    m.refused(
        &["objective", "activate", "1"],
        "does not track Multiple Objectives",
    );
    m.ok(&["mission", "end", "--result", "success"]);

    m.ok(&[
        "mission",
        "start",
        "Ridge",
        "--with",
        "Reyes",
        "--objectives",
        "2",
    ]);
    let mission = &m.roster()["mission"];
    assert_eq!(mission["objectives"], json!(["waiting", "waiting"]));
    assert_eq!(mission["inactive_at"], 1);
    m.refused(&["objective", "activate", "2"], "Objective 1 does");
    m.refused(&["objective", "complete", "1"], "not activated yet");
    m.refused(&["objective", "activate", "3"], "from 1 to 2");
    let activated = m.json(&["objective", "activate", "1"]);
    assert_eq!(kinds(&activated), ["objective_activated"]);
    let mission = &m.roster()["mission"];
    assert_eq!(mission["objectives"], json!(["activated", "waiting"]));
    assert_eq!(mission["inactive_at"], 2);
    m.refused(&["mission", "end", "--result", "success"], "Objectives 1, 2");
    m.ok(&["objective", "complete", "1"]);
    m.refused(&["objective", "complete", "1"], "already completed");
    m.refused(&["mission", "end", "--result", "success"], "Objective 2");
    m.ok(&["objective", "activate", "2"]);
    assert_eq!(m.roster()["mission"]["inactive_at"], Value::Null);
    m.refused(&["objective", "activate", "2"], "already activated");
    m.ok(&["objective", "complete", "2"]);
    assert_eq!(
        m.roster()["mission"]["objectives"],
        json!(["completed", "completed"])
    );
    let ended = m.json(&["mission", "end", "--result", "success"]);
    assert_eq!(kinds(&ended), ["mission_ended"]);
    assert_eq!(m.roster()["mission"], Value::Null);
}

/// Exports Lodestar on a Mission and imports it into a fresh database, whose file does
/// not hold the seed (it stays on the machine that made it).
fn imported_elsewhere() -> (Muster, Muster) {
    let m = on_mission();
    let file = m.path("lodestar.jsonl");
    std::fs::write(&file, m.ok(&["export"])).expect("export written");
    let copy = Muster::new();
    copy.ok(&["import", file.to_str().expect("path")]);
    (m, copy)
}

#[test]
fn a_generated_roll_on_an_imported_campaign_commits_a_fresh_seed() {
    let (m, copy) = imported_elsewhere();
    let before = copy.roster();
    assert_eq!(before["dice_seed_commitment"], m.roster()["dice_seed_commitment"]);
    copy.ok(&["check", "Wong", "handler", "--die", "5"]);
    assert_eq!(
        copy.roster()["dice_seed_commitment"],
        before["dice_seed_commitment"],
        "an entered face needs no seed"
    );
    let written = copy.json(&["check", "Wong", "handler"]);
    let roster = copy.roster();
    assert_ne!(roster["dice_seed_commitment"], before["dice_seed_commitment"]);
    // The commitment is logged in the same command, before the roll it makes.
    assert_eq!(kinds(&written), ["seed_committed", "check_rolled"]);
    let commit = copy.show(first_version(&written));
    assert_eq!(commit["payload"]["commitment"], roster["dice_seed_commitment"]);
    let roll = &copy.show(first_version(&written) + 1)["roll"];
    assert_eq!(roll["source"], "generated");
    assert_eq!(roll["dice"]["commitment"], roster["dice_seed_commitment"]);
    assert_eq!(
        roll["dice"]["version"],
        first_version(&written),
        "the command's first version"
    );
    assert_eq!(copy.json(&["verify"])["ok"], true);
}

/// A rolling command that needs a generated face, on a campaign whose seed this file does
/// not hold, must commit a fresh seed first; when the roll is refused, that commitment is
/// not written either, as exit 1 promises nothing was.
#[test]
fn a_refused_roll_on_an_imported_campaign_writes_no_seed_commitment() {
    let (_, copy) = imported_elsewhere();
    copy.refused(&["check", "Nobody", "handler"], "no Soldier named 'Nobody'");
}

/// `environ --location` rolls each of the card's Environments; when a later one is refused
/// (here a target off the d10), none of the card's rolls is written, as exit 1 promises.
#[test]
fn environ_location_refused_at_a_later_environment_writes_none_of_its_rolls() {
    let m = on_mission();
    let swamp = m.path("swamp.json");
    let text = r#"{"name": "Swamp", "environments": [{"environment": "cold", "target": 4},
                                                   {"environment": "hot", "target": 11}]}"#;
    std::fs::write(&swamp, text).expect("card written");
    m.refused(
        &["environ", "Wong", "--location", swamp.to_str().expect("path")],
        "from 1 to 10",
    );
}
