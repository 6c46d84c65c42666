//! `xp`, `hardy`, `ekia`, `rp grant|spend` and `medal award`.

use serde_json::json;

use crate::support::{Muster, num, soldier_in};

#[test]
fn xp_takes_signed_amounts_as_players_type_them() {
    let m = Muster::lodestar();
    m.ok(&["xp", "Wong", "+3", "--why", "Skill card"]);
    assert_eq!(num(&m.soldier("Wong"), "xp"), 3);
    m.ok(&["xp", "Wong", "-2", "--why", "paid for a roll"]);
    assert_eq!(num(&m.soldier("Wong"), "xp"), 1);
    m.ok(&["xp", "Wong", "4", "--why", "x"]);
    assert_eq!(num(&m.soldier("Wong"), "xp"), 5);
}

#[test]
fn xp_refusals() {
    let m = Muster::lodestar();
    m.ok(&["xp", "Wong", "+1", "--why", "x"]);
    m.refused(
        &["xp", "Wong", "-2", "--why", "x"],
        "Wong has 1 XP; cannot take away 2",
    );
    m.refused(&["xp", "Wong", "0", "--why", "x"], "records nothing");
    m.refused(&["xp", "Wong", "+1", "--why", ""], "the reason (--why) is empty");
    m.refused(&["xp", "Wong", "1.5", "--why", "x"], "give a whole number");
    m.refused(&["xp", "team", "+1", "--why", "x"], "only in Zero Dark");
    assert_eq!(num(&m.soldier("Wong"), "xp"), 1);
    assert_eq!(m.roster()["team_xp"], serde_json::Value::Null);
}

#[test]
fn xp_team_is_the_zero_dark_pool() {
    let m = Muster::new();
    m.ok(&["campaign", "new", "Night", "--game", "zero-dark"]);
    m.ok(&[
        "enlist",
        "Ash",
        "--kind",
        "hero",
        "--rp",
        "5",
        "--stat",
        "M=3",
        "--stat",
        "F=4",
        "--stat",
        "A=3",
        "--stat",
        "D=5",
        "--specialism",
        "spook",
    ]);
    m.ok(&["xp", "team", "+3", "--why", "Objective"]);
    let roster = m.roster();
    assert_eq!(roster["game"], "zero_dark");
    assert_eq!(num(&roster, "team_xp"), 3);
    assert_eq!(
        soldier_in(&roster, "Ash")["stats"],
        json!({"m": 3, "f": 4, "a": 3, "d": 5})
    );
    m.refused(&["xp", "team", "-4", "--why", "x"], "the team has 3 XP");
}

#[test]
fn hardy_adds_and_expends_counters() {
    let m = Muster::lodestar();
    m.ok(&[
        "hardy",
        "Wong",
        "hot",
        "+2",
        "--why",
        "Service Record: Desert Training",
    ]);
    m.ok(&["hardy", "Wong", "cold", "-1", "--why", "Environ Cold failed"]);
    let hardy = &m.soldier("Wong")["hardy"];
    assert_eq!(hardy["hot"], 2);
    assert_eq!(
        hardy.get("cold").and_then(serde_json::Value::as_u64).unwrap_or(0),
        0
    );
    m.refused(
        &["hardy", "Wong", "hot", "-3", "--why", "x"],
        "Wong has 2 Hardy hot counters; cannot take away 3",
    );
    m.refused(
        &["hardy", "Wong", "cold", "-1", "--why", "x"],
        "at most 0 can be spent",
    );
    m.refused(
        &["hardy", "Wong", "Cold Snap", "+1", "--why", "x"],
        "not accepted as a Hardy type",
    );
    assert_eq!(m.soldier("Wong")["hardy"]["hot"], 2);
}

#[test]
fn ekia_gives_the_hostiles_value_in_xp() {
    let m = Muster::lodestar();
    m.refused(
        &["ekia", "Reyes", "--hostile", "Rifle Team", "--value", "2"],
        "no Mission is in progress",
    );
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
    m.ok(&["ekia", "Reyes", "--hostile", "Rifle Team", "--value", "2"]);
    m.ok(&["ekia", "reyes", "--hostile", "Sniper", "--value", "3"]);
    assert_eq!(num(&m.soldier("Reyes"), "xp"), 5);
    m.refused(
        &["ekia", "Gizmo", "--hostile", "Sniper", "--value", "3"],
        "is a K9",
    );
    m.refused(
        &["ekia", "Price", "--hostile", "Sniper", "--value", "3"],
        "Price is not on Mission 1",
    );
    m.refused(
        &["ekia", "Reyes", "--hostile", "Sniper", "--value", "-1"],
        "the Hostile's value must be from 0 to 30",
    );
    assert_eq!(num(&m.soldier("Reyes"), "xp"), 5);
}

#[test]
fn rp_grant_and_spend_move_the_bank() {
    let m = Muster::lodestar();
    m.refused(
        &["rp", "spend", "1", "--why", "Grenades"],
        "the squad's bank holds 0 RP",
    );
    m.ok(&["rp", "grant", "5", "--why", "Campaign bonus"]);
    m.ok(&["rp", "spend", "3", "--why", "Equipment: 2 Grenades"]);
    let squad = &m.roster()["squad"];
    assert_eq!(num(squad, "rp_bank"), 2);
    assert_eq!(num(squad, "rp"), 22, "the bank is apart from the Soldiers' RP");
    m.refused(
        &["rp", "spend", "3", "--why", "x"],
        "cannot spend 3; spend at most 2",
    );
    m.refused(
        &["rp", "grant", "0", "--why", "x"],
        "the RP amount must be from 1",
    );
    m.refused(
        &["rp", "grant", "-2", "--why", "x"],
        "the RP amount must be from 1",
    );
    assert_eq!(num(&m.roster()["squad"], "rp_bank"), 2);
}

#[test]
fn medal_award_puts_a_sticker_on_the_soldier() {
    let m = Muster::lodestar();
    m.ok(&[
        "medal",
        "award",
        "Price",
        "Silver Star",
        "--rp",
        "3",
        "--why",
        "Held the crest",
    ]);
    let roster = m.roster();
    let price = soldier_in(&roster, "Price");
    assert_eq!(price["medals"], json!([{"name": "Silver Star", "rp": 3}]));
    assert_eq!(num(&price, "medal_rp"), 3);
    assert_eq!(num(&roster["squad"], "medal_rp"), 3);
    assert_eq!(num(&roster["squad"], "hostile_draw_rp"), 22 + 3);
    m.refused(
        &["medal", "award", "Price", "Star", "--rp", "21", "--why", "x"],
        "the Medal's RP must be from 0 to 20",
    );
    m.ok(&["down", "Reyes"]);
    m.refused(
        &["medal", "award", "Reyes", "Star", "--rp", "1", "--why", "x"],
        "goes only on an active Soldier",
    );
}

#[test]
fn mid_mission_after_a_kia_hostiles_are_drawn_at_the_missions_start_value_everywhere() {
    // Rule 004: Hostiles are drawn at the squad's value at the Mission's start, Medal RP
    // included, for the whole Mission.
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Ridge", "--k9-objective", "Find the cache"]);
    m.ok(&["turn"]);
    m.ok(&["kill", "Price"]);
    let roster = m.roster();
    let start = num(&roster["mission"], "start_hostile_draw_rp");
    assert_eq!(start, 22, "Wong 8, Gizmo 4, Reyes 6 and Price 4 at the start");
    assert_eq!(num(&roster["squad"], "hostile_draw_rp"), start);
    assert_eq!(
        num(&roster["squad"], "rp"),
        18,
        "the squad's RP now leaves Price out"
    );
    let text = m.ok(&["roster"]);
    assert!(text.contains("Hostiles drawn at 22 RP"), "{text}");
    assert!(text.contains("Hostile-draw RP 22"), "{text}");
}
