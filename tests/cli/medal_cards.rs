//! A Medal card in one place at a time (rules 10, rule 004): a sticker carried over or awarded
//! takes its card out of the deck, a face-down card's turn limit runs from its reveal, Hostile
//! and Medal names are read however spaced.

use serde_json::{Value, json};

use crate::support::{Muster, card, kinds, soldier_in};

/// A WWII Canada campaign with the Medals expansion, Able, Baker and Charlie enlisted, no deck.
fn canada() -> Muster {
    let m = Muster::new();
    m.ok(&[
        "campaign",
        "new",
        "E4",
        "--game",
        "wwii",
        "--nation",
        "Canada",
        "--expansion",
        "medals",
    ]);
    for name in ["Able", "Baker", "Charlie"] {
        m.ok(&["enlist", name, "--kind", "player", "--rp", "8"]);
    }
    m
}

/// `roster --json`'s `medal_deck`.
fn deck(m: &Muster) -> Value {
    m.roster()["medal_deck"].clone()
}

#[test]
fn a_medal_carried_over_is_neither_drawn_nor_carried_over_again() {
    let m = canada();
    m.ok(&[
        "carry-over",
        "Able",
        "--medal",
        "Military Cross=3",
        "--why",
        "sheet",
    ]);
    m.ok(&["medal", "deck", &card("medals-canada.json")]);
    let shuffled = deck(&m);
    assert_eq!(shuffled["in_deck"], 3);
    assert_eq!(shuffled["earned"], json!(["Military Cross"]));
    assert_eq!(
        shuffled["held"],
        json!([{"medal": "Military Cross", "soldier": "Able"}])
    );
    m.refused(
        &[
            "carry-over",
            "Baker",
            "--medal",
            "Military Cross=3",
            "--why",
            "sheet",
        ],
        "Able holds the Military Cross sticker",
    );
    m.ok(&["mission", "start", "M1"]);
    m.refused(
        &["medal", "draw", "Military Cross", "--trigger", "start"],
        "it was earned (Able holds its sticker)",
    );
    assert_eq!(m.json(&["verify"])["ok"], true);
}

#[test]
fn a_medal_carried_over_after_the_deck_is_counted_and_named_as_printed() {
    let m = canada();
    m.ok(&["medal", "deck", &card("medals-canada.json")]);
    m.ok(&[
        "carry-over",
        "Able",
        "--medal",
        "Military Cross=3",
        "--why",
        "sheet",
    ]);
    let written = m.json(&[
        "medal",
        "award",
        "Baker",
        "military  medal",
        "--rp",
        "2",
        "--why",
        "citation",
    ]);
    assert_eq!(kinds(&written), ["medal_awarded"]);
    let baker = soldier_in(&m.roster(), "Baker");
    assert_eq!(baker["medals"], json!([{"name": "Military Medal", "rp": 2}]));
    let line = deck(&m);
    assert_eq!(line["in_deck"], 2);
    assert_eq!(line["earned"], json!(["Military Cross", "Military Medal"]));
    assert_eq!(line["held"].as_array().map(Vec::len), Some(2));
    m.refused(
        &[
            "medal",
            "award",
            "Charlie",
            "Military Cross",
            "--rp",
            "3",
            "--why",
            "x",
        ],
        "Able holds the Military Cross sticker",
    );
}

#[test]
fn a_face_down_medals_turn_limit_runs_from_its_reveal() {
    let m = canada();
    let file = m.path("hidden.json");
    let hidden = json!({"nation": "Canada", "medals": [{"name": "Hidden Star", "rp": 1,
        "condition": "Draw and leave face down", "requirement": "Hold the ridge",
        "benefit": "Gain 1 XP", "face_down": true, "turn_limit": 1}]});
    std::fs::write(&file, hidden.to_string()).expect("the deck file is written");
    m.ok(&["medal", "deck", &file.display().to_string()]);
    m.ok(&["mission", "start", "M1"]);
    m.ok(&["turn"]);
    m.ok(&["medal", "draw", "Hidden Star", "--trigger", "t1"]);
    assert_eq!(kinds(&m.json(&["turn"])), ["turn_started"]);
    assert_eq!(deck(&m)["drawn"][0]["name"], "Hidden Star");
    m.ok(&["medal", "reveal", "Hidden Star"]);
    assert_eq!(kinds(&m.json(&["turn"])), ["medal_lost", "turn_started"]);
    assert_eq!(deck(&m)["in_deck"], 1);
}

#[test]
fn a_doubled_space_in_a_hostiles_name_still_costs_the_eliminate_medal() {
    let m = canada();
    m.ok(&["medal", "deck", &card("medals-canada.json")]);
    m.ok(&["mission", "start", "M1"]);
    m.ok(&["turn"]);
    let dcm = "Distinguished Conduct Medal";
    m.ok(&[
        "medal",
        "draw",
        dcm,
        "--trigger",
        "wounded",
        "--hostile",
        "MG Nest",
    ]);
    m.ok(&["medal", "recipient", dcm, "--die", "3"]);
    let written = m.json(&["ekia", "Able", "--hostile", "MG  Nest", "--value", "1"]);
    assert_eq!(kinds(&written), ["ekia_recorded", "medal_lost"]);
    assert_eq!(deck(&m)["drawn"], json!([]));
}
