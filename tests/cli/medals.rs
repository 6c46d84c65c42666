//! The Medals expansion (WWII Expansion #44): the Canadian deck, drawing, the recipient
//! roll, earning and losing, stickers, RP cards, the rulebook's RP example and `mission show`.
//!
//! Commands are written as one line, split on spaces; 'single quotes' keep a name together,
//! and DCM, MM, MC and MiD stand for the Canadian deck's four cards.

use serde_json::{Value, json};

use crate::support::{Muster, card, first_version, kinds, num, soldier_in, versions_written};

/// The Canadian deck's cards, by the abbreviations a command line may use for them.
const CARDS: [(&str, &str); 4] = [
    ("DCM", "Distinguished Conduct Medal"),
    ("MM", "Military Medal"),
    ("MC", "Military Cross"),
    ("MiD", "Mention in Despatches"),
];

/// Splits a command line on spaces, keeping 'quoted words' together and spelling out
/// the abbreviated card names.
fn words(line: &str) -> Vec<String> {
    line.split('\'')
        .enumerate()
        .flat_map(|(i, part)| {
            if i % 2 == 1 {
                vec![part.to_owned()]
            } else {
                part.split_whitespace().map(spelled).collect()
            }
        })
        .collect()
}

/// `word`, or the card name it abbreviates.
fn spelled(word: &str) -> String {
    let card = CARDS.iter().find(|(short, _)| *short == word);
    card.map_or(word, |c| c.1).to_owned()
}

/// Runs `f` with the words of `line` as arguments.
fn with<T>(line: &str, f: impl FnOnce(&[&str]) -> T) -> T {
    let owned = words(line);
    let args: Vec<&str> = owned.iter().map(String::as_str).collect();
    f(&args)
}

fn ok(m: &Muster, line: &str) {
    with(line, |args| m.ok(args));
}

fn json_of(m: &Muster, line: &str) -> Value {
    with(line, |args| m.json(args))
}

/// Runs `line` with `--json` and returns the kinds of the events it wrote, and the report.
fn wrote(m: &Muster, line: &str) -> (Vec<String>, Value) {
    let written = json_of(m, line);
    (kinds(&written), written)
}

fn refused(m: &Muster, line: &str, phrase: &str) -> String {
    with(line, |args| m.refused(args, phrase))
}

/// A WWII Canada campaign with the Medals expansion and the Canadian deck shuffled: Baker
/// and Dubois (players, 10 RP each), Fraser (nps, 6 RP) and Gauthier (nps, 4 RP).
fn ortona() -> Muster {
    let m = Muster::new();
    ok(
        &m,
        "campaign new Ortona --game wwii --nation Canada --expansion medals",
    );
    ok(&m, "enlist Baker --kind player --rp 10 --health 3");
    ok(&m, "enlist Dubois --kind player --rp 10 --health 3");
    ok(&m, "enlist Fraser --kind nps --rp 6 --health 2");
    ok(&m, "enlist Gauthier --kind nps --rp 4 --health 2");
    let deck = m.json(&["medal", "deck", &card("medals-canada.json")]);
    assert_eq!(kinds(&deck), ["medal_deck_loaded"]);
    m
}

fn deck(m: &Muster) -> Value {
    m.roster()["medal_deck"].clone()
}

fn in_deck(m: &Muster) -> u64 {
    num(&deck(m), "in_deck")
}

fn stickers(m: &Muster, name: &str) -> Value {
    m.soldier(name)["medals"].clone()
}

/// `medal draw LINE`, which must write one `medal_drawn`.
fn draw(m: &Muster, line: &str) {
    assert_eq!(wrote(m, &format!("medal draw {line}")).0, ["medal_drawn"]);
}

/// `medal recipient LINE`; returns the roll `show` explains (checked to recompute).
fn recipient(m: &Muster, line: &str) -> Value {
    let (kinds, rolled) = wrote(m, &format!("medal recipient {line}"));
    assert_eq!(kinds, ["medal_recipient_rolled"]);
    let shown = m.show(first_version(&rolled));
    assert_eq!(shown["recomputed"]["agrees"], true, "{shown}");
    shown["roll"].clone()
}

/// `mission show N --json`.
fn mission_show(m: &Muster, number: u32) -> Value {
    json_of(m, &format!("mission show {number}"))
}

/// Mission 1, the rulebook's example: card RP 30 with 5 RP of Medal stickers draws
/// Hostiles at 35; KIA take the squad down to 20, so 10 RP are gained for purchases.
fn mission_1(m: &Muster) {
    let (awarded, _) = wrote(m, "medal award Baker DSO --rp 3 --why Italy");
    assert_eq!(awarded, ["medal_awarded"]);
    ok(m, "medal award Fraser CVSM --rp 2 --why volunteered");
    ok(m, "mission start Ortona");
    let roster = m.roster();
    assert_eq!(roster["elite_hostiles"], true);
    let fresh =
        json!({"nation": "Canada", "in_deck": 4, "drawn": [], "discarded": [], "earned": [], "held": []});
    assert_eq!(roster["medal_deck"], fresh);
    let mission = &roster["mission"];
    assert_eq!(num(mission, "start_rp"), 30);
    assert_eq!(num(mission, "start_medal_rp"), 5);
    assert_eq!(num(mission, "start_hostile_draw_rp"), 35);
    assert_eq!(soldier_in(&roster, "Baker")["rp_cards"], json!([]));
    ok(m, "turn");

    let (killed, written) = wrote(m, "kill Fraser");
    assert_eq!(killed, ["killed", "medal_stickers_removed"]);
    let removed = m.show(versions_written(&written)[1])["payload"].clone();
    assert_eq!(removed["medals"], json!([{"name": "CVSM", "rp": 2}]));
    assert_eq!(removed["because"], "kia");
    assert_eq!(stickers(m, "Fraser"), json!([]));
    assert_eq!(wrote(m, "kill Gauthier").0, ["killed"], "no stickers to remove");

    let bank = num(&m.roster()["squad"], "rp_bank");
    let (ended, written) = wrote(m, "mission end --result success");
    assert_eq!(ended, ["mission_ended"]);
    let payload = m.show(first_version(&written))["payload"].clone();
    assert_eq!(payload["rp_award"]["amount"], 10);
    let shown = mission_show(m, 1);
    let rp = |field: &str| num(&shown, field);
    assert_eq!(
        (rp("start_rp"), rp("start_medal_rp"), rp("hostile_draw_rp")),
        (30, 5, 35)
    );
    assert_eq!(rp("surviving_rp"), 20);
    assert_eq!(num(&shown["rp_award"], "amount"), 10, "{shown}");
    assert_eq!(rp("rp_bank"), bank + 10);
    assert_eq!(num(&m.roster()["squad"], "rp_bank"), bank + 10);
    let text = m.ok(&["mission", "show", "1"]);
    assert!(text.contains("Ortona"), "{text}");
}

/// The Medal step `step` (`recipient`, `reveal`) that `now --json` offers, or null.
fn medal_offer(m: &Muster, step: &str) -> Value {
    m.json(&["now"])["offers"]
        .as_array()
        .and_then(|all| {
            all.iter()
                .find(|o| o["args"][0] == "medal" && o["args"][1] == step)
        })
        .cloned()
        .unwrap_or_default()
}

/// Mission 2: an Eliminate Medal lost to another Soldier's Suppression, the Military Medal
/// earned with its Skill, and a generated recipient roll for the Distinguished Conduct Medal.
fn mission_2(m: &Muster) {
    ok(m, "mission start 'Moro River'");
    let mission = m.roster()["mission"].clone();
    assert_eq!(mission["soldiers"], json!(["Baker", "Dubois"]));
    assert_eq!(num(&mission, "start_medal_rp"), 3, "Baker's sticker stays");
    ok(m, "turn");

    draw(m, "DCM --trigger 'Dubois was Wounded' --hostile Sniper");
    assert_eq!(in_deck(m), 3);
    assert_eq!(deck(m)["drawn"][0]["hostile"], "Sniper");
    // `now` offers the recipient's roll on a die of as many sides as Soldiers on the Mission.
    let roll = medal_offer(m, "recipient");
    assert_eq!(
        (&roll["dice"], &roll["sides"]),
        (&json!(1), &json!([2])),
        "{roll}"
    );
    // Its label says whom each face picks.
    let label = roll["label"].as_str().unwrap_or_default();
    assert!(label.ends_with("(1 Baker, 2 Dubois)"), "{label}");
    let roll = recipient(m, "DCM --die 2");
    assert_eq!((&roll["who"], &roll["die"]), (&json!("Dubois"), &json!("d2")));
    assert_eq!(
        (&roll["faces"], &roll["source"]),
        (&json!([2]), &json!("entered"))
    );
    let (suppressed, written) = wrote(m, "suppress-hostile Baker --hostile sniper");
    assert_eq!(suppressed, ["hostile_suppressed", "medal_lost"]);
    assert_eq!(m.show(versions_written(&written)[1])["payload"]["to"], "deck");
    let now = deck(m);
    assert_eq!((num(&now, "in_deck"), &now["drawn"]), (4, &json!([])), "{now}");

    draw(m, "'military medal' --trigger 'played the Mill Location'");
    assert_eq!(
        deck(m)["drawn"][0]["name"],
        "Military Medal",
        "as the card spells it"
    );
    assert_eq!(recipient(m, "MM --die 1")["who"], "Baker");
    let (earned, _) = wrote(m, "medal earn MM");
    assert_eq!(earned, ["medal_earned", "medal_awarded", "rp_card_gained"]);
    let baker = m.soldier("Baker");
    let both = json!([{"name": "DSO", "rp": 3}, {"name": "Military Medal", "rp": 2}]);
    assert_eq!(baker["medals"], both);
    let veteran = json!([{"kind": "skill", "name": "Veteran", "rp": 2}]);
    assert_eq!(baker["rp_cards"], veteran);
    assert_eq!((num(&baker, "rp"), num(&baker, "medal_rp")), (12, 5));

    // A recipient rolled from the committed seed, who then Eliminates the MG Nest himself.
    draw(m, "DCM --trigger 'Baker was Wounded' --hostile 'MG Nest'");
    let roll = recipient(m, "DCM");
    assert_eq!(
        (&roll["source"], &roll["die"]),
        (&json!("generated"), &json!("d2"))
    );
    assert_eq!(roll["dice"]["commitment"], m.roster()["dice_seed_commitment"]);
    let who = roll["who"].as_str().expect("the recipient is named").to_owned();
    assert_eq!(deck(m)["drawn"][0]["recipient"], who.as_str());
    refused(m, "medal earn DCM", "no Suppression or EKIA on the MG Nest");
    let xp = num(&m.soldier(&who), "xp");
    ok(m, &format!("suppress-hostile {who} --hostile 'MG Nest'"));
    let (earned, _) = wrote(m, "medal earn DCM");
    assert_eq!(earned, ["medal_earned", "medal_awarded", "xp_adjusted"]);
    assert_eq!(num(&m.soldier(&who), "xp"), xp + 2);
    let now = deck(m);
    let earned = json!(["Military Medal", "Distinguished Conduct Medal"]);
    assert_eq!(now["earned"], earned);
    assert_eq!(num(&now, "in_deck"), 2);

    ok(m, "mission end --result success");
    let shown = mission_show(m, 2);
    // Survivors count at their starting RP: a Skill gained on the way changes nothing.
    assert_eq!((num(&shown, "start_rp"), num(&shown, "surviving_rp")), (20, 20));
    assert_eq!(num(&shown["rp_award"], "amount"), 0);
    assert_eq!(num(&shown, "rp_bank"), 10);
}

/// Mission 3: a turn limit runs out, a Medal is discarded and reshuffled, and a Downed
/// result strips Baker's stickers.
fn mission_3(m: &Muster) {
    let (gained, _) = wrote(m, "rp-card gain Dubois equipment 'Thompson SMG' --rp 1");
    assert_eq!(gained, ["rp_card_gained"]);
    assert_eq!(num(&m.soldier("Dubois"), "rp"), 11);
    ok(m, "mission start Cassino");
    let mission = m.roster()["mission"].clone();
    let rp = |field: &str| num(&mission, field);
    assert_eq!(
        (rp("start_rp"), rp("start_medal_rp"), rp("start_hostile_draw_rp")),
        (23, 8, 31)
    );
    ok(m, "turn");

    draw(m, "MiD --trigger 'played the Church Objective'");
    assert_eq!(in_deck(m), 1);
    let (turned, written) = wrote(m, "turn");
    assert_eq!(turned, ["medal_lost", "turn_started"], "its 1-turn limit ran out");
    assert_eq!(m.show(first_version(&written))["payload"]["to"], "deck");
    assert_eq!((in_deck(m), deck(m)["drawn"].clone()), (2, json!([])));

    draw(m, "MiD --trigger 'played the Orchard Objective'");
    let (lost, _) = wrote(m, "medal lose MiD --discard --why 'no EKIA'");
    assert_eq!(lost, ["medal_lost"]);
    let now = deck(m);
    assert_eq!(num(&now, "in_deck"), 1);
    assert_eq!(now["discarded"], json!(["Mention in Despatches"]));
    assert_eq!(wrote(m, "medal reshuffle").0, ["medals_reshuffled"]);
    let now = deck(m);
    assert_eq!((num(&now, "in_deck"), &now["discarded"]), (2, &json!([])));
    refused(m, "medal reshuffle", "no Medal is discarded");

    let dubois = stickers(m, "Dubois");
    let (downed, written) = wrote(m, "down Baker");
    assert_eq!(downed, ["downed", "medal_stickers_removed"]);
    let removed = m.show(versions_written(&written)[1])["payload"].clone();
    assert_eq!(removed["because"], "downed");
    assert_eq!(stickers(m, "Baker"), json!([]));
    assert_eq!(stickers(m, "Dubois"), dubois, "another Soldier's stickers stay");
    ok(m, "mission end --result failure");
    ok(m, "recover Baker");
    assert_eq!(stickers(m, "Baker"), json!([]), "recovering gives none back");
    assert_eq!(num(&m.soldier("Baker"), "rp"), 12, "the Veteran Skill stays");
    let (lost, _) = wrote(m, "rp-card lose Dubois equipment 'Thompson SMG'");
    assert_eq!(lost, ["rp_card_lost"]);
    let dubois = m.soldier("Dubois");
    assert_eq!((num(&dubois, "rp"), &dubois["rp_cards"]), (10, &json!([])));
}

#[test]
fn three_missions_hold_the_rulebook_rp_example_and_the_medal_deck() {
    let m = ortona();
    mission_1(&m);
    mission_2(&m);
    mission_3(&m);
    let first = mission_show(&m, 1);
    assert_eq!(num(&first["rp_award"], "amount"), 10);
    assert_eq!(num(&first, "rp_bank"), 10);
    assert_eq!(num(&mission_show(&m, 3), "number"), 3);
    refused(&m, "mission show 9", "no Mission 9");
    ok(&m, "verify");
}

#[test]
fn deck_files_are_refused_when_wrong() {
    let canada = card("medals-canada.json");
    let m = Muster::new();
    ok(&m, "campaign new Plain --game wwii --nation Canada");
    let roster = m.roster();
    assert_eq!(roster["elite_hostiles"], false);
    assert_eq!(roster["medal_deck"], Value::Null);
    m.refused(
        &["medal", "deck", &canada],
        "muster campaign expansion add medals",
    );

    ok(
        &m,
        "campaign new Warsaw --game wwii --nation Poland --expansion medals",
    );
    m.refused(&["medal", "deck", &canada], "campaign commands Poland");
    let bad = m.path("missing-fields.json");
    let text = r#"{"nation": "Poland", "medals": [{"name": "Cross of Valour", "rp": 2}]}"#;
    std::fs::write(&bad, text).expect("the bad deck file is written");
    let bad = bad.to_str().expect("a UTF-8 path");
    let stderr = m.refused(&["medal", "deck", bad], "is not a Medal deck");
    assert!(stderr.contains("condition"), "names the missing field:\n{stderr}");
    refused(&m, "medal draw MM --trigger x", "no Medal deck is shuffled");

    let m = ortona();
    m.refused(&["medal", "deck", &canada], "already shuffled");
}

#[test]
fn drawing_and_earning_are_refused_when_wrong() {
    let m = ortona();
    refused(&m, "medal draw MM --trigger x", "no Mission is in progress");
    ok(
        &m,
        "mission start Ortona --with Baker --with Dubois --with Fraser",
    );
    ok(&m, "turn");
    refused(&m, "medal earn MM", "is not drawn");
    refused(&m, "medal draw VC --trigger x", "not in the Medal deck");
    refused(&m, "medal draw DCM --trigger x", "--hostile");

    draw(&m, "MM --trigger 'played the Farmhouse Location'");
    refused(&m, "medal draw MM --trigger again", "not in the Medal deck");
    let same = "medal draw MiD --trigger 'played the Farmhouse Location'";
    refused(&m, same, "one card per trigger");
    refused(&m, "medal earn MM", "no recipient yet");
    refused(&m, "medal recipient MM --die 4", "a d3 shows 1 to 3");
    refused(&m, "medal recipient MM --die 0", "a d3 shows 1 to 3");
    assert_eq!(recipient(&m, "MM --die 3")["who"], "Fraser");
    refused(&m, "medal recipient MM --die 1", "already has its recipient");

    draw(&m, "MC --trigger 'the Mission started'");
    refused(&m, "medal recipient MC --die 1", "held face down");
    // `now` offers its reveal, which the table records once its condition is met.
    let reveal = medal_offer(&m, "reveal");
    assert_eq!(
        reveal["args"],
        json!(["medal", "reveal", "Military Cross"]),
        "{reveal}"
    );
    assert!(reveal["refused"].is_null(), "{reveal}");
    // muster cannot see the condition met: the offer says when, not that it is.
    assert_eq!(
        reveal["label"],
        "Reveal 'Military Cross' once its condition is met"
    );
    assert_eq!(wrote(&m, "medal reveal MC").0, ["medal_revealed"]);
    refused(&m, "medal reveal MC", "already face up");
    draw(&m, "MiD --trigger 'played the Orchard Objective'");
    draw(&m, "DCM --trigger 'Baker was Wounded' --hostile Sniper");
    assert_eq!(in_deck(&m), 0);
    refused(&m, "medal draw MM --trigger 'the next Location'", "deck is empty");

    ok(&m, "kill Fraser");
    refused(&m, "medal earn MM", "only on an active Soldier");
    let (ended, _) = wrote(&m, "mission end --result failure");
    assert_eq!(ended[..4], ["medal_lost"; 4]);
    assert_eq!(ended[4..], ["mission_ended"]);
    assert_eq!(in_deck(&m), 4, "Medals not earned go back into the deck");
}

/// The Eliminate requirement is that the recipient inflicts every Suppression and EKIA on
/// the Hostile. Baker suppressed the Sniper after the Medal was drawn but before its
/// recipient, Dubois, was rolled: the recipient roll itself records the Medal lost, and
/// earning it is refused.
#[test]
fn an_eliminate_medal_is_lost_at_the_recipient_roll_after_another_soldier_hit_its_hostile() {
    let m = ortona();
    ok(&m, "mission start Ortona --with Baker --with Dubois");
    ok(&m, "turn");
    draw(&m, "DCM --trigger 'Dubois was Wounded' --hostile Sniper");
    ok(&m, "suppress-hostile Baker --hostile Sniper");
    let (kinds, _) = wrote(&m, "medal recipient DCM --die 2");
    assert_eq!(kinds, ["medal_recipient_rolled", "medal_lost"]);
    assert_eq!(in_deck(&m), 4, "shuffled back into the deck");
    ok(&m, "suppress-hostile Dubois --hostile Sniper");
    let before = m.head();
    let (code, _, stderr) = m.run(&["medal", "earn", "Distinguished Conduct Medal"]);
    let outcome = (code, stickers(&m, "Dubois"), m.head() == before);
    assert_eq!(outcome, (1, json!([]), true), "{stderr}");
    assert!(stderr.contains("not drawn"), "{stderr}");
}

#[test]
fn drawing_a_medal_shows_its_printed_condition_and_earning_it_the_requirement_met() {
    let m = ortona();
    ok(&m, "mission start Ortona");
    ok(&m, "turn");
    let drawn = json_of(
        &m,
        "medal draw 'Military Medal' --trigger 'played the Farmhouse Location'",
    );
    let notes = drawn["notes"].as_array().expect("the card's words");
    let note = notes[0].as_str().unwrap_or_default();
    assert!(
        note.contains("drawn when \"Draw when you play a Location\""),
        "{drawn}"
    );
    assert!(note.contains("benefit: \"Gain 2 RP of Skills\""), "{drawn}");
    recipient(&m, "'Military Medal' --die 1");
    let earned = with("medal earn 'Military Medal'", |args| m.ok(args));
    assert!(
        earned.contains("requirement met: \"Place 2 EKIA on a Rifle Team this turn\""),
        "{earned}"
    );
    let plain = json_of(&m, "xp Baker +1 --why patrol");
    assert!(plain.get("notes").is_none(), "no card, no notes: {plain}");
}
