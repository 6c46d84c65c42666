//! `mission start|end`, `turn`, `wound|suppress|heal` and `down|recover|kill|discharge`.

use serde_json::{Value, json};

use crate::support::{Muster, kinds, num, soldier_in, versions_written};

#[test]
fn mission_start_takes_the_named_soldiers() {
    let m = Muster::lodestar();
    m.ok(&[
        "mission",
        "start",
        "Cold Start",
        "--with",
        "wong",
        "--with",
        "Gizmo",
        "--with",
        "Reyes",
        "--objectives",
        "2",
        "--k9-objective",
        "Find the cache",
    ]);
    let roster = m.roster();
    let mission = &roster["mission"];
    assert_eq!(num(mission, "number"), 1);
    assert_eq!(mission["name"], "Cold Start");
    assert_eq!(num(mission, "turn"), 0);
    assert_eq!(mission["soldiers"], json!(["Wong", "Gizmo", "Reyes"]));
    assert_eq!(soldier_in(&roster, "Wong")["missions"], json!([1]));
    assert_eq!(soldier_in(&roster, "Price")["missions"], json!([]));
    assert_eq!(
        num(&roster["squad"], "rp"),
        8 + 4 + 6,
        "during a Mission the squad is who went"
    );
}

#[test]
fn mission_start_refusals() {
    let m = Muster::lodestar();
    m.refused(
        &["mission", "start", "Hill", "--with", "Gizmo", "--with", "Reyes"],
        "only go on a Mission with his Handler",
    );
    m.refused(
        &["mission", "start", "Hill", "--with", "Reyes", "--with", "reyes"],
        "named twice",
    );
    m.refused(
        &[
            "mission",
            "start",
            "Hill",
            "--with",
            "Reyes",
            "--k9-objective",
            "x",
        ],
        "only when a K9 goes",
    );
    m.refused(
        &["mission", "start", "Hill", "--with", "Wong", "--with", "Gizmo"],
        "K9 Objective",
    );
    m.refused(&["mission", "start", "Hill", "--objectives", "0"], "Objectives");
    m.ok(&["down", "Price"]);
    m.refused(
        &["mission", "start", "Hill", "--with", "Price"],
        "Price is downed",
    );
    m.ok(&["mission", "start", "Hill", "--with", "Reyes"]);
    m.refused(
        &["mission", "start", "Ridge", "--with", "Wong"],
        "still in progress",
    );
}

#[test]
fn turn_one_sets_k9_discipline_to_its_stat() {
    let m = Muster::lodestar();
    m.refused(&["turn"], "no Mission is in progress");
    m.ok(&[
        "mission",
        "start",
        "Cold Start",
        "--with",
        "Wong",
        "--with",
        "Gizmo",
        "--k9-objective",
        "Find the cache",
    ]);
    let first = m.json(&["turn"]);
    assert_eq!(kinds(&first), ["turn_started", "discipline_reset"]);
    let roster = m.roster();
    assert_eq!(num(&roster["mission"], "turn"), 1);
    let discipline = &soldier_in(&roster, "Gizmo")["discipline"];
    assert_eq!(num(discipline, "current"), 2);
    assert_eq!(num(discipline, "current"), num(discipline, "stat"));
    let reset = m.json(&["show", &versions_written(&first)[1].to_string()]);
    assert_eq!(reset["kind"], "discipline_reset");
    assert_eq!(reset["payload"]["soldier"], "Gizmo");
    assert_eq!(reset["payload"]["discipline"], 2);

    let second = m.json(&["turn"]);
    assert_eq!(kinds(&second), ["turn_started"], "only turn 1 resets Discipline");
    assert_eq!(num(&m.roster()["mission"], "turn"), 2);
}

#[test]
fn mission_end_clears_suppress_and_banks_the_award() {
    let m = Muster::lodestar();
    m.refused(
        &["mission", "end", "--result", "success"],
        "no Mission is in progress",
    );
    m.ok(&[
        "mission",
        "start",
        "Cold Start",
        "--with",
        "Reyes",
        "--with",
        "Price",
    ]);
    m.ok(&["suppress", "Reyes", "2"]);
    m.ok(&["suppress", "Price"]);
    assert_eq!(num(&m.soldier("Reyes"), "suppress"), 2);
    m.refused(
        &[
            "mission",
            "end",
            "--result",
            "success",
            "--rp-award",
            "4",
            "--why",
            " ",
        ],
        "the reason for the RP award",
    );
    let ended = m.json(&[
        "mission",
        "end",
        "--result",
        "success",
        "--rp-award",
        "4",
        "--why",
        "Objectives taken",
    ]);
    assert_eq!(
        kinds(&ended),
        ["mission_ended", "suppress_cleared", "suppress_cleared"]
    );
    let roster = m.roster();
    assert_eq!(roster["mission"], Value::Null);
    assert_eq!(num(&soldier_in(&roster, "Reyes"), "suppress"), 0);
    assert_eq!(num(&soldier_in(&roster, "Price"), "suppress"), 0);
    assert_eq!(num(&roster["squad"], "rp_bank"), 4);

    m.ok(&["mission", "start", "Hill 112", "--with", "Reyes"]);
    m.ok(&["mission", "end", "--result", "failure"]);
    let roster = m.roster();
    assert_eq!(num(&roster["squad"], "rp_bank"), 4, "no award, no change");
    assert_eq!(soldier_in(&roster, "Reyes")["missions"], json!([1, 2]));
}

#[test]
fn wound_suppress_and_heal_move_the_counters() {
    let m = Muster::lodestar();
    m.ok(&["wound", "Wong"]);
    m.ok(&["wound", "WONG", "2"]);
    assert_eq!(num(&m.soldier("Wong"), "wounds"), 3);
    m.ok(&["heal", "Wong", "2"]);
    assert_eq!(num(&m.soldier("Wong"), "wounds"), 1);
    m.refused(&["heal", "Wong", "2"], "Wong has 1 Wound; heal at most 1");
    m.refused(&["heal", "Reyes"], "Reyes has 0 Wounds");
    m.refused(&["wound", "Wong", "0"], "must be from 1 to 20");
    m.refused(&["wound", "Wong", "lots"], "give a whole number");

    m.refused(&["suppress", "Reyes"], "no Mission is in progress");
    m.ok(&["mission", "start", "Cold Start", "--with", "Reyes"]);
    m.ok(&["suppress", "Reyes", "3"]);
    assert_eq!(num(&m.soldier("Reyes"), "suppress"), 3);
    m.refused(&["suppress", "Price"], "Price is not on Mission 1");
}

#[test]
fn down_removes_medal_stickers_and_recover_returns_to_duty() {
    let m = Muster::lodestar();
    m.ok(&[
        "medal",
        "award",
        "Reyes",
        "Bronze Star",
        "--rp",
        "2",
        "--why",
        "Alone against the Rifle Team",
    ]);
    assert_eq!(num(&m.roster()["squad"], "medal_rp"), 2);
    let downed = m.json(&["down", "Reyes"]);
    assert_eq!(kinds(&downed), ["downed", "medal_stickers_removed"]);
    let roster = m.roster();
    let reyes = soldier_in(&roster, "Reyes");
    assert_eq!(reyes["status"], "downed");
    assert_eq!(reyes["medals"], json!([]));
    assert_eq!(num(&reyes, "medal_rp"), 0);
    assert_eq!(num(&roster["squad"], "medal_rp"), 0);
    assert_eq!(
        num(&roster["squad"], "rp"),
        8 + 4 + 4,
        "a downed Soldier is not fit for duty"
    );
    m.refused(&["down", "Reyes"], "applies only to a Soldier who is active");

    m.ok(&["recover", "Reyes"]);
    let reyes = m.soldier("Reyes");
    assert_eq!(reyes["status"], "active");
    assert_eq!(reyes["medals"], json!([]), "the stickers stay lost");
    m.refused(&["recover", "Reyes"], "applies only to a Soldier who is downed");
}

#[test]
fn kill_and_discharge_close_the_record() {
    let m = Muster::lodestar();
    m.ok(&["kill", "Price"]);
    assert_eq!(m.soldier("Price")["status"], "kia");
    m.refused(&["kill", "Price"], "his record is closed");
    m.refused(&["recover", "Price"], "his record is closed");
    m.refused(&["wound", "Price"], "Price is kia");
    m.ok(&["discharge", "Reyes"]);
    let roster = m.roster();
    assert_eq!(soldier_in(&roster, "Reyes")["status"], "discharged");
    assert_eq!(
        num(&roster["squad"], "rp"),
        8 + 4,
        "KIA and discharged Soldiers leave the squad"
    );
    m.refused(&["discharge", "Reyes"], "Reyes is discharged");
    m.refused(&["mission", "start", "Hill", "--with", "Reyes"], "discharged");
}
