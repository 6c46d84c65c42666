//! K9 Encounters (`k9 draw|ignore|roll|accept|retry`) and the K9 Objective, with the
//! Buried Explosive card of the K9 rulebook's example.

use serde_json::{Value, json};

use crate::support::{Muster, card, first_version, kinds, num, soldier_in, versions_written};

/// A Modern campaign with Wong and Gizmo from their card files and Reyes, on Mission 1
/// at turn 1 (Gizmo's Discipline set to 2).
fn on_mission() -> Muster {
    let m = Muster::new();
    m.ok(&[
        "campaign",
        "new",
        "Lodestar",
        "--game",
        "modern",
        "--expansion",
        "k9",
    ]);
    m.ok(&["enlist", "--card", &card("wong.json")]);
    m.ok(&["enlist", "--card", &card("gizmo.json")]);
    m.ok(&[
        "enlist", "Reyes", "--kind", "player", "--rp", "6", "--health", "3",
    ]);
    start(&m, "Cold Start", &["Reyes"]);
    m
}

/// Starts a Mission with Wong, Gizmo and `others`, and its turn 1.
fn start(m: &Muster, name: &str, others: &[&str]) {
    let mut args = vec!["mission", "start", name, "--with", "Wong", "--with", "Gizmo"];
    for other in others {
        args.extend(["--with", other]);
    }
    args.extend(["--k9-objective", "Find the cache"]);
    m.ok(&args);
    m.ok(&["turn"]);
}

/// Draws Buried Explosive; returns the version it was drawn at.
fn draw(m: &Muster) -> u64 {
    let drawn = m.json(&["k9", "draw", &card("buried-explosive.json")]);
    assert_eq!(kinds(&drawn), ["k9_encounter_drawn"]);
    first_version(&drawn)
}

/// Roll 1 (Gizmo's Bomb 5+, -1, paying 1 Discipline for +4) on a 4: 7, a success.
fn first_roll(m: &Muster) -> Value {
    let written = m.json(&["k9", "roll", "--pay", "discipline", "--die", "4"]);
    assert_eq!(kinds(&written), ["discipline_spent", "k9_roll_made"]);
    written
}

fn discipline(m: &Muster) -> Value {
    m.soldier("Gizmo")["discipline"].clone()
}

fn pending(m: &Muster) -> Value {
    m.roster()["pending"].clone()
}

fn wounds_and_status(roster: &Value, name: &str) -> (u64, String) {
    let soldier = soldier_in(roster, name);
    let status = soldier["status"].as_str().expect("status").to_owned();
    (num(&soldier, "wounds"), status)
}

#[test]
fn an_encounter_rolled_to_its_reward() {
    let m = on_mission();
    let drawn = draw(&m);
    assert_eq!(
        pending(&m),
        json!([{"kind": "k9_encounter", "version": drawn, "encounter": "Buried Explosive",
                "handler": "Wong", "k9": "Gizmo", "awaiting": "roll 1 of 2"}])
    );
    let rolled = first_roll(&m);
    let shown = m.show(versions_written(&rolled)[1]);
    assert_eq!(
        shown["roll"],
        json!({"who": "Gizmo", "for": "k9 encounter: Buried Explosive, roll 1 (bomb)",
               "die": "d10", "faces": [4], "source": "entered", "target": 5,
               "modifiers": [{"value": -1, "source": "card"},
                             {"value": 4, "source": "paid 1 Discipline"}],
               "costs": [{"resource": "discipline", "amount": 1}],
               "total": 7, "success": true})
    );
    assert_eq!(shown["recomputed"]["agrees"], true);
    assert_eq!(discipline(&m), json!({"current": 1, "stat": 2}));
    assert_eq!(pending(&m)[0]["awaiting"], "roll 2 of 2");

    let second = m.json(&["k9", "roll", "--pay", "discards", "--die", "6"]);
    assert_eq!(kinds(&second), ["k9_roll_made", "k9_encounter_resolved"]);
    let roll = &m.show(versions_written(&second)[0])["roll"];
    assert_eq!(roll["who"], "Wong");
    assert_eq!(roll["costs"], json!([{"resource": "discards", "amount": 2}]));
    assert_eq!((&roll["total"], &roll["success"]), (&json!(9), &json!(true)));
    assert_eq!(m.show(versions_written(&second)[1])["payload"]["end"], "reward");
    let roster = m.roster();
    assert_eq!(roster["pending"], json!([]));
    assert_eq!(wounds_and_status(&roster, "Wong"), (0, "active".to_owned()));
    assert_eq!(wounds_and_status(&roster, "Gizmo"), (0, "active".to_owned()));

    m.ok(&["mission", "end", "--result", "success"]);
    assert_eq!(discipline(&m), json!({"current": 1, "stat": 2}));
    start(&m, "Hill 112", &[]);
    assert_eq!(
        discipline(&m),
        json!({"current": 2, "stat": 2}),
        "turn 1 of the next Mission sets Discipline again"
    );
    m.ok(&["verify"]);
}

/// Roll 1 succeeds and roll 2 (Wong's Handler 7+, +3 for discards) fails on a 2: the card
/// offers accept or retry.
fn failed_second_roll() -> Muster {
    let m = on_mission();
    draw(&m);
    first_roll(&m);
    let failed = m.json(&["k9", "roll", "--pay", "discards", "--die", "2"]);
    assert_eq!(kinds(&failed), ["k9_roll_made"]);
    let pending = pending(&m);
    assert_eq!(pending.as_array().map(Vec::len), Some(1), "{pending}");
    assert_eq!(pending[0]["kind"], "k9_encounter");
    assert_eq!(pending[0]["awaiting"], "accept or retry");
    m
}

#[test]
fn a_failed_roll_accepted_wounds_the_handler_and_the_k9() {
    let m = failed_second_roll();
    m.refused(&["k9", "roll", "--die", "5"], "k9 accept");
    m.refused(&["turn"], "still open");
    m.refused(&["mission", "end", "--result", "failure"], "still open");
    m.refused(&["k9", "objective"], "still open");
    let accepted = m.json(&["k9", "accept"]);
    assert_eq!(kinds(&accepted), ["k9_encounter_resolved", "wounded", "wounded"]);
    assert_eq!(m.show(first_version(&accepted))["payload"]["end"], "failure");
    let roster = m.roster();
    assert_eq!(wounds_and_status(&roster, "Wong"), (1, "active".to_owned()));
    assert_eq!(wounds_and_status(&roster, "Gizmo"), (1, "active".to_owned()));
    assert_eq!(wounds_and_status(&roster, "Reyes"), (0, "active".to_owned()));
    assert_eq!(roster["pending"], json!([]));
    m.refused(&["k9", "accept"], "no K9 Encounter is open");
    m.ok(&["turn"]);
}

#[test]
fn a_failed_retry_kills_the_handler_and_the_k9() {
    let m = failed_second_roll();
    let retried = m.json(&["k9", "retry", "--pay", "discipline", "--die", "1"]);
    let written = kinds(&retried);
    assert_eq!(
        written[..4],
        [
            "discipline_spent",
            "k9_roll_made",
            "k9_encounter_resolved",
            "killed"
        ]
    );
    let resolved = m.show(versions_written(&retried)[2]);
    assert_eq!(resolved["payload"]["end"], "major_failure");
    let roll = &m.show(versions_written(&retried)[1])["roll"];
    assert_eq!((&roll["total"], &roll["success"]), (&json!(4), &json!(false)));
    let roster = m.roster();
    assert_eq!(soldier_in(&roster, "Wong")["status"], "kia");
    assert_eq!(soldier_in(&roster, "Gizmo")["status"], "kia");
    assert_eq!(soldier_in(&roster, "Reyes")["status"], "active");
    assert_eq!(roster["pending"], json!([]));
    m.ok(&["verify"]);
}

#[test]
fn paying_discipline_the_k9_does_not_have_is_refused() {
    let m = on_mission();
    for _ in 0..2 {
        draw(&m);
        first_roll(&m);
        m.ok(&["k9", "roll", "--pay", "discards", "--die", "6"]);
    }
    assert_eq!(discipline(&m), json!({"current": 0, "stat": 2}));
    draw(&m);
    m.refused(
        &["k9", "roll", "--pay", "discipline", "--die", "4"],
        "Gizmo has 0 Discipline",
    );
    m.refused(
        &["k9", "roll", "--pay", "xp", "--die", "4"],
        "offers no option paid with xp",
    );
    m.refused(&["k9", "roll", "--die", "11"], "1 to 10");
    m.refused(&["k9", "accept"], "not awaiting a choice");
    m.usage_error(&["k9", "roll", "--pay", "bones", "--die", "4"]);
    let unpaid = m.json(&["k9", "roll", "--die", "6"]);
    assert_eq!(kinds(&unpaid), ["k9_roll_made"]);
    let roll = &m.show(first_version(&unpaid))["roll"];
    assert_eq!((&roll["total"], &roll["success"]), (&json!(5), &json!(true)));
    assert_eq!(roll["costs"], json!([]));
}

#[test]
fn another_soldier_entering_first_fails_the_encounter() {
    let m = on_mission();
    let drawn = m.json(&["k9", "draw", &card("buried-explosive.json"), "--first", "Reyes"]);
    assert_eq!(
        kinds(&drawn),
        [
            "k9_encounter_drawn",
            "k9_encounter_resolved",
            "wounded",
            "wounded"
        ]
    );
    assert_eq!(m.show(first_version(&drawn))["payload"]["first_in"], "Reyes");
    let roster = m.roster();
    assert_eq!(roster["pending"], json!([]));
    assert_eq!(wounds_and_status(&roster, "Wong"), (1, "active".to_owned()));
    assert_eq!(wounds_and_status(&roster, "Gizmo"), (1, "active".to_owned()));
    assert_eq!(wounds_and_status(&roster, "Reyes"), (0, "active".to_owned()));
    m.refused(&["k9", "roll", "--die", "6"], "no K9 Encounter is open");
}

#[test]
fn ignoring_an_encounter() {
    let m = on_mission();
    m.refused(&["k9", "ignore", "--die", "3"], "no K9 Encounter is open");
    draw(&m);
    let ignored = m.json(&["k9", "ignore", "--die", "3"]);
    assert_eq!(kinds(&ignored), ["k9_roll_made", "k9_encounter_resolved"]);
    let roll = &m.show(first_version(&ignored))["roll"];
    assert_eq!((&roll["target"], &roll["success"]), (&json!(3), &json!(true)));
    assert_eq!(
        m.show(versions_written(&ignored)[1])["payload"]["end"],
        "discarded"
    );
    let roster = m.roster();
    assert_eq!(roster["pending"], json!([]));
    assert_eq!(wounds_and_status(&roster, "Wong"), (0, "active".to_owned()));

    draw(&m);
    first_roll(&m);
    m.refused(&["k9", "ignore", "--die", "3"], "rolls have begun");
}

#[test]
fn resolving_the_k9_objective_ends_the_mission() {
    let m = on_mission();
    let resolved = m.json(&["k9", "objective"]);
    let written = kinds(&resolved);
    assert_eq!(written[..2], ["k9_objective_resolved", "mission_ended"]);
    let shown = m.show(first_version(&resolved));
    assert_eq!(shown["payload"]["objective"], "Find the cache");
    let roster = m.roster();
    assert_eq!(roster["mission"], Value::Null);
    assert_eq!(soldier_in(&roster, "Wong")["missions"], json!([1]));
    m.refused(&["k9", "objective"], "no Mission is in progress");

    m.ok(&["mission", "start", "Hill", "--with", "Reyes"]);
    m.refused(&["k9", "objective"], "no K9 Objective");
    m.refused(
        &["k9", "draw", &card("buried-explosive.json")],
        "has not begun its first turn",
    );
    m.ok(&["turn"]);
    m.refused(
        &["k9", "draw", &card("buried-explosive.json")],
        "no K9 is on Mission 2",
    );
}

/// The options of the Encounter roll the rules offer now, as `now --json` lists them.
fn offered_pays(m: &Muster, args: &[&str]) -> Value {
    let now = m.json(&["now"]);
    let offers = now["offers"].as_array().cloned().unwrap_or_default();
    offers
        .into_iter()
        .find(|o| o["args"] == json!(args))
        .map(|o| o["pays"].clone())
        .unwrap_or(Value::Null)
}

#[test]
fn the_encounter_roll_offered_now_lists_what_its_card_lets_it_be_paid_with() {
    // Given Buried Explosive drawn: roll 1 is Gizmo's, "pay 1 Discipline: +4"
    let m = on_mission();
    draw(&m);
    assert_eq!(
        offered_pays(&m, &["k9", "roll"]),
        json!([{"amount": 1, "bonus": 4, "resource": "discipline"}])
    );
    assert!(m.ok(&["now"]).contains("--pay discipline"));
    // When it is made, roll 2 is Wong's: "pay 1 XP: +1" and "discard 2 cards: +3"; Wong has
    // no XP, so only the discards are offered, until he gains one
    first_roll(&m);
    let resources = |m: &Muster| -> Vec<String> {
        offered_pays(m, &["k9", "roll"])
            .as_array()
            .map(|p| {
                p.iter()
                    .filter_map(|o| o["resource"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(resources(&m), ["discards"]);
    m.ok(&["xp", "Wong", "+1", "--why", "Service Record"]);
    assert_eq!(resources(&m), ["xp", "discards"]);
    assert!(m.ok(&["now"]).contains("discard 2 cards: +3"));
    // And the retry is refused now (no roll failed), so it offers nothing to pay
    assert_eq!(offered_pays(&m, &["k9", "retry"]), json!([]));
}

#[test]
fn each_encounter_step_offered_says_who_rolls_against_what_and_what_it_risks() {
    let m = on_mission();
    draw(&m);
    let labels: Vec<String> = m.json(&["now"])["offers"]
        .as_array()
        .map(|all| {
            all.iter()
                .filter(|o| o["args"][0] == "k9" && o["args"][1] != "objective")
                .filter_map(|o| o["label"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(
        labels,
        [
            "Roll 1 of 'Buried Explosive': Gizmo's bomb 5+, -1 on the card",
            "Ignore 'Buried Explosive' (the Handler rolls 3+; below, its Failure)",
            "Accept the Failure of 'Buried Explosive': The Handler and the K9 each suffer 1 Wound",
            "Retry 'Buried Explosive' (failed: The explosive detonates: the Handler and the K9 are Killed)",
        ]
    );
}
