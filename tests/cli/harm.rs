//! Who may be hurt, and how far, from rules 10: during a Mission only a Soldier taken on it is
//! wounded, Downed or Killed, and a Wound never takes a Soldier past the Health on his card.

use serde_json::Value;

use crate::support::{Muster, kinds};

/// The labels and refusals `now --json` gives for `soldier` alone.
fn offers_for(m: &Muster, soldier: &str) -> Vec<(String, Option<String>)> {
    let now = m.json(&["now"]);
    now["offers"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .filter(|o| o["soldier"] == soldier)
        .map(|o| {
            (
                o["label"].as_str().unwrap_or_default().to_owned(),
                o["refused"].as_str().map(str::to_owned),
            )
        })
        .collect()
}

#[test]
fn during_a_mission_a_soldier_left_behind_is_not_hurt_and_the_chronicle_lists_none() {
    // Given Price (Health 2) wounded to his Health between Missions, and Mission 1 with Reyes
    let m = Muster::lodestar();
    m.ok(&["wound", "Price", "2"]);
    m.ok(&["mission", "start", "M1", "--with", "Reyes"]);
    // When Price, or Wong, left behind, is hurt, each is refused naming who is on it
    for args in [
        &["wound", "Wong", "2"][..],
        &["kill", "Price"],
        &["down", "Price"],
        &["down", "Wong"],
    ] {
        m.refused(args, "is not on Mission 1 (on it: Reyes)");
    }
    // and a Soldier enlisted during the Mission is not on it either
    m.ok(&["enlist", "Mace", "--kind", "squad", "--rp", "3"]);
    m.refused(&["wound", "Mace"], "Mace is not on Mission 1 (on it: Reyes)");
    // Then `now` gives the rules' reason for Price's offers rather than offering them
    let price = offers_for(&m, "Price");
    assert_eq!(price.len(), 2, "{price:?}");
    assert!(
        price
            .iter()
            .all(|(_, refused)| refused.as_deref().is_some_and(|r| r.contains("not on Mission 1"))),
        "{price:?}"
    );
    // and Reyes, on it, is hurt as before; the chronicle's casualties are his alone
    assert_eq!(kinds(&m.json(&["wound", "Reyes"])), ["wounded"]);
    m.ok(&["mission", "end", "--result", "success"]);
    let chronicle = m.json(&["chronicle"]);
    let casualties: Vec<&Value> = chronicle["missions"][0]["casualties"]
        .as_array()
        .map(|c| c.iter().map(|c| &c["soldier"]).collect())
        .unwrap_or_default();
    assert_eq!(casualties, [&Value::from("Reyes")], "{chronicle}");
    // Between Missions Price is Downed as before
    assert_eq!(kinds(&m.json(&["down", "Price"])), ["downed"]);
}

#[test]
fn a_wound_past_his_health_is_refused_saying_how_many_he_can_take() {
    // Given Wong, Health 3, with 1 Wound
    let m = Muster::lodestar();
    m.ok(&["wound", "Wong"]);
    // When he is given 5 more, or his paper sheet carried Price past his Health 2
    let refusal = m.refused(&["wound", "Wong", "5"], "Wong has 1 Wound of his Health 3");
    // Then each is refused, naming what he can still take and his Downed or Killed result
    assert!(refusal.contains("he can take 2 more"), "{refusal}");
    assert!(refusal.contains("muster down Wong"), "{refusal}");
    m.refused(
        &["carry-over", "Price", "--wounds", "5", "--why", "sheet"],
        "0 to 2 Wounds, not 5",
    );
    // while Wounds up to his Health, and any on a card with no Health, are taken
    assert_eq!(kinds(&m.json(&["wound", "Wong", "2"])), ["wounded"]);
    m.refused(&["wound", "Wong"], "he can take no more");
    m.ok(&["enlist", "Mace", "--kind", "squad", "--rp", "3"]);
    assert_eq!(kinds(&m.json(&["wound", "Mace", "20"])), ["wounded"]);
}
