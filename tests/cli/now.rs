//! `muster now`: what the rules allow now, each with a command line that records it.

use serde_json::Value;

use crate::support::Muster;

/// The command lines `now --json` lists as allowed, and the labels of those refused.
fn offered(m: &Muster) -> (Vec<Vec<String>>, Vec<String>) {
    let now = m.json(&["now"]);
    let offers = now["offers"].as_array().cloned().unwrap_or_default();
    let args = |o: &Value| -> Vec<String> {
        o["args"]
            .as_array()
            .map(|a| a.iter().filter_map(|w| w.as_str().map(str::to_owned)).collect())
            .unwrap_or_default()
    };
    let allowed = offers
        .iter()
        .filter(|o| o["refused"].is_null())
        .map(args)
        .collect();
    let refused = offers
        .iter()
        .filter(|o| !o["refused"].is_null())
        .map(|o| o["label"].as_str().unwrap_or_default().to_owned())
        .collect();
    (allowed, refused)
}

#[test]
fn outside_a_mission_nothing_is_offered_and_the_answer_says_how_to_start_one() {
    let m = Muster::lodestar();
    let (allowed, refused) = offered(&m);
    assert_eq!((allowed.len(), refused.len()), (0, 0));
    assert!(m.ok(&["now"]).contains("muster mission start"));
}

#[test]
fn every_command_line_offered_records_and_the_turn_comes_once_nothing_is_owed() {
    // Given turn 1 of a Mission under Environ Cold 6+: Wong and Price owe a roll (Reyes is
    // Enduring)
    let m = Muster::lodestar();
    m.ok(&[
        "mission", "start", "Caen", "--with", "Wong", "--with", "Reyes", "--with", "Price",
    ]);
    m.ok(&["environ", "declare", "--mission", "cold:6"]);
    m.ok(&["turn"]);
    let (allowed, refused) = offered(&m);
    assert!(!allowed.contains(&vec!["turn".to_owned()]), "{allowed:?}");
    assert!(refused.iter().any(|l| l == "Next turn"), "{refused:?}");
    // When each command line offered but the turn and the Mission's end is recorded (a failed
    // roll's Wound taken), until none is left
    for _ in 0..10 {
        let (allowed, _) = offered(&m);
        let Some(next) = allowed.into_iter().find(|a| match a[0].as_str() {
            "turn" | "mission" => false,
            "resolve" => a[2] == "wound",
            _ => true,
        }) else {
            break;
        };
        let mut args: Vec<&str> = next.iter().map(String::as_str).collect();
        if args[0] == "environ" {
            args.extend(["--die", "2"]);
        }
        m.ok(&args);
    }
    // Then nothing is owed, and the next turn is offered
    let (allowed, refused) = offered(&m);
    assert!(
        allowed.contains(&vec!["turn".to_owned()]),
        "{allowed:?} / {refused:?}"
    );
    assert_eq!(refused, Vec::<String>::new());
    m.ok(&["turn"]);
}

#[test]
fn a_soldier_at_his_health_is_offered_downed_or_killed_with_or_without_a_mission() {
    let m = Muster::lodestar();
    m.ok(&["wound", "Price", "2"]);
    // Off a Mission, only his steps: JSON names him; the text lists their command lines.
    let now = m.json(&["now"]);
    let offers = now["offers"].as_array().cloned().unwrap_or_default();
    let his: Vec<(&str, &Value, &Value)> = offers
        .iter()
        .map(|o| {
            (
                o["soldier"].as_str().unwrap_or_default(),
                &o["args"],
                &o["refused"],
            )
        })
        .collect();
    assert_eq!(
        his,
        vec![
            ("Price", &serde_json::json!(["down", "Price"]), &Value::Null),
            ("Price", &serde_json::json!(["kill", "Price"]), &Value::Null),
        ]
    );
    assert!(
        offers
            .iter()
            .all(|o| o["dice"] == 0 && o["sides"] == serde_json::json!([]))
    );
    let text = m.ok(&["now"]);
    assert!(text.contains("muster kill Price"), "{text}");
    // Downed, he may still be Killed; the rules say why not Downed again.
    m.ok(&["down", "Price"]);
    let (allowed, refused) = offered(&m);
    assert_eq!(allowed, vec![vec!["kill".to_owned(), "Price".to_owned()]]);
    assert_eq!(refused.len(), 1, "{refused:?}");
}

#[test]
fn multiple_objectives_are_offered_left_to_right_until_success_is() {
    // Given a Mission of two Objectives in turn 1
    let m = Muster::lodestar();
    m.ok(&[
        "mission",
        "start",
        "Caen",
        "--with",
        "Wong",
        "--with",
        "Reyes",
        "--objectives",
        "2",
    ]);
    m.ok(&["turn"]);
    let success = vec!["mission", "end", "--result", "success"];
    let (allowed, _) = offered(&m);
    assert!(
        allowed.contains(&words(&["objective", "activate", "1"])),
        "{allowed:?}"
    );
    assert!(!allowed.contains(&words(&success)), "{allowed:?}");
    // When each Objective step offered is recorded, in turn
    let mut taken = Vec::new();
    for _ in 0..6 {
        let (allowed, _) = offered(&m);
        let Some(step) = allowed.into_iter().find(|a| a[0] == "objective") else {
            break;
        };
        let args: Vec<&str> = step.iter().map(String::as_str).collect();
        m.ok(&args);
        taken.push(step.join(" "));
    }
    // Then both were activated and completed, left to right, and success is offered
    assert_eq!(
        taken,
        [
            "objective activate 1",
            "objective complete 1",
            "objective activate 2",
            "objective complete 2"
        ]
    );
    let (allowed, _) = offered(&m);
    assert!(allowed.contains(&words(&success)), "{allowed:?}");
}

fn words(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| (*w).to_owned()).collect()
}

#[test]
fn a_failed_environ_roll_offers_his_hardy_any_counter_while_he_holds_one() {
    // Given Wong's failed Cold roll, and no Hardy Any counter
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Caen", "--with", "Wong"]);
    m.ok(&["turn"]);
    m.ok(&["environ", "Wong", "cold", "6", "--die", "1"]);
    let any = words(&["resolve", "Wong", "hardy", "--any"]);
    let (allowed, _) = offered(&m);
    assert!(!allowed.contains(&any), "{allowed:?}");
    // When he gains one, it is offered, and recorded
    m.ok(&["hardy", "Wong", "any", "+1", "--why", "Service Record"]);
    let (allowed, _) = offered(&m);
    assert!(allowed.contains(&any), "{allowed:?}");
    let args: Vec<&str> = any.iter().map(String::as_str).collect();
    m.ok(&args);
    assert!(m.roster()["pending"].as_array().is_some_and(Vec::is_empty));
}

#[test]
fn an_offer_naming_a_soldier_whose_name_begins_with_a_dash_records_as_offered() {
    // Given "-x", Wounded to his Health, on a Mission
    let m = Muster::lodestar();
    m.ok(&[
        "enlist", "--kind", "player", "--rp", "4", "--health", "1", "--", "-x",
    ]);
    m.ok(&["mission", "start", "Caen", "--with", "Wong", "--with=-x"]);
    m.ok(&["turn"]);
    m.ok(&["wound", "--", "-x", "1"]);
    // When the Downed his Wounds allow is offered, it is a command line that records it
    let (allowed, _) = offered(&m);
    let down = words(&["down", "--", "-x"]);
    assert!(allowed.contains(&down), "{allowed:?}");
    let args: Vec<&str> = down.iter().map(String::as_str).collect();
    m.ok(&args);
    assert_eq!(m.soldier("-x")["status"], "downed");
}

#[test]
fn a_k9_objective_is_offered_beside_the_missions_other_ends_until_resolved() {
    // Given a Mission with a K9 and its Objective
    let m = Muster::lodestar();
    m.ok(&[
        "mission",
        "start",
        "Night Run",
        "--with",
        "Wong",
        "--with",
        "Gizmo",
        "--k9-objective",
        "Find the cache",
    ]);
    let objective = vec!["k9".to_owned(), "objective".to_owned()];
    // Then resolving it is offered, in the game's words, and recorded by its command line
    let now = m.json(&["now"]);
    let label = now["offers"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["args"] == serde_json::json!(objective)))
        .map(|o| o["label"].as_str().unwrap_or_default().to_owned());
    assert_eq!(
        label.as_deref(),
        Some("K9 Objective 'Find the cache' resolved: Mission 1 ends, a success")
    );
    assert!(offered(&m).0.contains(&objective));
    m.ok(&["k9", "objective"]);
    // Once resolved the Mission has ended: nothing is offered
    assert_eq!(offered(&m), (Vec::new(), Vec::new()));
}
