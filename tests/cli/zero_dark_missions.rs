//! Horizon Wars: Zero Dark (rule 003) Mission by Mission: Rescue's +2 XP for an agent who
//! strayed, Buy Time counted from the Spook's D for the Mission, Buy Time by the other side
//! alone, the Control Deck's set-aside cards counted down in `mission show`, `persuade
//! --ally-to` where it does not apply, and the Red Force and Allies that belong to a Mission.

use serde_json::{Value, json};

use crate::support::{Muster, num};
use crate::zero_dark::{mission, ok, refused, words, wrote, x_team, xp, zd};

/// `mission show [N] --json`.
fn shown(m: &Muster, number: Option<u32>) -> Value {
    let n = number.map(|n| n.to_string());
    let mut args = vec!["mission", "show"];
    args.extend(n.as_deref());
    m.json(&args)
}

/// `mission show` as text.
fn shown_text(m: &Muster) -> String {
    m.ok(&["mission", "show"])
}

#[test]
fn rescue_pays_no_two_xp_for_an_agent_who_strayed_whichever_is_recorded_first() {
    let m = x_team();
    // Persuaded, Dependent, strayed ("treated as dead"): no extraction to record.
    mission(&m, "Deadletter", 1);
    ok(&m, "spook task rescue");
    ok(&m, "turn");
    ok(&m, "persuade Kestrel G1 --hero 3 --bogey 0");
    ok(&m, "ally dependent Kestrel G1");
    ok(&m, "ally strayed Kestrel G1");
    refused(&m, "spook extracted", "G1 is dead");
    let written = wrote(&m, "mission end --result success");
    assert_eq!(
        written,
        ["priority_task_resolved", "xp_adjusted", "mission_ended"]
    );
    assert_eq!(xp(&m, "Kestrel"), 5, "+5 for the persuaded agent, no +2");

    // Extracted first, then strayed: the agent is dead at the end all the same.
    mission(&m, "Postscript", 1);
    ok(&m, "spook task rescue");
    ok(&m, "turn");
    ok(&m, "persuade Kestrel G1 --hero 3 --bogey 0");
    assert_eq!(wrote(&m, "spook extracted"), ["rescue_extracted"]);
    ok(&m, "ally dependent Kestrel G1");
    ok(&m, "ally strayed Kestrel G1");
    let written = wrote(&m, "mission end --result success");
    assert_eq!(
        written,
        ["priority_task_resolved", "xp_adjusted", "mission_ended"]
    );
    assert_eq!(xp(&m, "Kestrel"), 10);
    assert_eq!(m.json(&["verify"])["ok"], true);
}

#[test]
fn buy_time_sets_aside_the_spooks_d_for_the_mission_in_either_order() {
    let m = x_team();
    mission(&m, "Checkmate", 0);
    ok(&m, "bogey add Colonel --type boss");
    // Kestrel's D 3 at buy-time; the Assassination task's +1 D follows.
    ok(&m, "spook buy-time");
    assert_eq!(zd(&m)["bought_time"], 3);
    ok(&m, "spook task assassination");
    assert_eq!(num(&m.soldier("Kestrel")["mission_stats"], "d"), 4);
    assert_eq!(
        zd(&m)["bought_time"],
        4,
        "the cards follow the D the roster shows"
    );
    assert_eq!(zd(&m)["bought_time_by"], "ours");
    let text = m.ok(&["roster"]);
    assert!(
        text.contains("Bought time: 4 Control Deck cards; 0 set aside so far"),
        "{text}"
    );
    ok(&m, "mission end --result failure");

    mission(&m, "Stalemate", 0);
    ok(&m, "bogey add Colonel --type boss");
    ok(&m, "spook task assassination");
    ok(&m, "spook buy-time");
    assert_eq!(zd(&m)["bought_time"], 4);
}

#[test]
fn in_versus_the_other_side_alone_may_buy_time() {
    let m = x_team();
    mission(&m, "Duel", 1);
    m.usage_error(&words("spook buy-time --opponent-only --opponent-d 4"));
    m.usage_error(&words("spook buy-time --versus --opponent-only"));
    m.usage_error(&words(
        "spook buy-time --versus --opponent-only --opponent-buys --opponent-d 4",
    ));
    assert_eq!(
        wrote(&m, "spook buy-time --versus --opponent-only --opponent-d 4"),
        ["opponent_bought_time"]
    );
    let z = zd(&m);
    assert_eq!(
        (
            z["bought_time"].clone(),
            z["bought_time_by"].clone(),
            z["spook"].clone()
        ),
        (json!(4), json!("opponent"), Value::Null),
        "the other Spook's D alone; Kestrel drew his hand"
    );
    refused(&m, "spook buy-time", "the other side already bought time");
    let text = m.ok(&["roster"]);
    assert!(
        text.contains("Bought time: 4 Control Deck cards (the other side's Spook)"),
        "{text}"
    );
}

#[test]
fn mission_show_counts_down_the_set_aside_cards_until_the_mission_is_over() {
    let m = x_team();
    mission(&m, "Longnight", 1);
    refused(&m, "spook set-aside", "no one bought time on Mission 1");
    ok(&m, "spook buy-time");
    refused(&m, "spook set-aside", "once play begins");
    ok(&m, "turn");
    assert_eq!(wrote(&m, "spook set-aside 2"), ["control_cards_set_aside"]);
    refused(
        &m,
        "spook deck-out",
        "record the other 1 with `muster spook set-aside 1`",
    );
    refused(&m, "spook flip-set-aside", "once the Control Deck runs out");
    ok(&m, "spook set-aside");
    refused(&m, "spook set-aside", "0 more at most");
    let z = &shown(&m, None)["zero_dark"];
    assert_eq!(
        (
            z["set_aside"].clone(),
            z["control_deck_ran_out"].clone(),
            z["set_aside_remaining"].clone()
        ),
        (json!(3), json!(false), json!(3))
    );
    assert_eq!(wrote(&m, "spook deck-out"), ["control_deck_ran_out"]);
    assert_eq!(wrote(&m, "spook flip-set-aside 2"), ["set_aside_cards_flipped"]);
    assert_eq!(shown(&m, None)["zero_dark"]["set_aside_remaining"], 1);
    let text = shown_text(&m);
    assert!(
        text.contains("the Control Deck ran out: 1 set-aside card remains, then the Mission is over"),
        "{text}"
    );
    refused(&m, "spook flip-set-aside 2", "1 set-aside card remains to flip");
    ok(&m, "spook flip-set-aside");
    assert!(shown_text(&m).contains("every set-aside card is flipped: the Mission is over"));
    // Rule 003, from rules 4: "At that point, the mission is over as normal." From rules 9
    // the last card's activation is still played: no turn follows it, and no card.
    refused(&m, "turn", "Mission 1 is over");
    refused(
        &m,
        "spook flip-set-aside",
        "the Mission is over once they are exhausted",
    );
    ok(&m, "hero-state Oduya stunned");
    refused(&m, "turn", "muster mission end --result success|failure");
    ok(&m, "mission end --result success");
    let z = &shown(&m, Some(1))["zero_dark"];
    assert_eq!(
        (z["set_aside_flipped"].clone(), z["set_aside_remaining"].clone()),
        (json!(3), json!(0))
    );
    let log = m.ok(&["log"]);
    assert!(
        log.contains("1 set-aside card(s) flipped: none remain, the Mission is over"),
        "{log}"
    );
    assert_eq!(m.json(&["verify"])["ok"], true);
}

#[test]
fn persuade_refuses_ally_to_when_the_dead_hero_lost_the_test() {
    let m = x_team();
    mission(&m, "Parley", 1);
    refused(
        &m,
        "persuade Vance G1 --hero 1 --bogey 2 --hero-died --ally-to Oduya",
        "Vance did not persuade G1 (1 success to 2), so there is no Ally: leave out --ally-to",
    );
    assert_eq!(
        wrote(&m, "persuade Vance G1 --hero 1 --bogey 2 --hero-died"),
        ["persuasion_tested", "hero_state_set"]
    );
    assert_eq!(m.soldier("Oduya")["allies"], json!([]));
}

#[test]
fn red_force_and_allies_belong_to_their_mission() {
    let m = x_team();
    mission(&m, "Escort", 2);
    ok(&m, "persuade Vance G1 --hero 2 --bogey 0");
    ok(&m, "ally dependent Vance G1");
    ok(&m, "ally strayed Vance G1");
    ok(&m, "mission end --result failure");
    // Between Missions the roster shows the last one's Allies.
    let dead_g1 = json!([{"name": "G1", "dependent": true, "dead": true, "mission": 1}]);
    assert_eq!(m.soldier("Vance")["allies"], dead_g1);

    // Mission 2 has a G1 of its own: the dead one of Mission 1 is not listed beside it.
    mission(&m, "Rearguard", 1);
    assert_eq!(m.soldier("Vance")["allies"], json!([]));
    refused(
        &m,
        "ally dependent Vance G1",
        "no living Ally named 'G1' on Mission 2",
    );
    ok(&m, "persuade Vance G1 --hero 3 --bogey 0");
    ok(&m, "ally dependent Vance G1");
    assert_eq!(
        m.soldier("Vance")["allies"],
        json!([{"name": "G1", "dependent": true, "dead": false, "mission": 2}])
    );
    let text = m.ok(&["roster"]);
    assert_eq!(
        text.matches("G1").count(),
        2,
        "the bogey and the Ally, once each:\n{text}"
    );

    let first = &shown(&m, Some(1))["zero_dark"];
    assert_eq!(
        (first["bogeys"].as_array().map(Vec::len), first["allies"].clone()),
        (
            Some(2),
            json!([{"hero": "Vance", "name": "G1", "dependent": true, "dead": true}])
        )
    );
    let second = &shown(&m, Some(2))["zero_dark"];
    assert_eq!(
        (
            second["bogeys"].as_array().map(Vec::len),
            second["allies"].clone()
        ),
        (
            Some(1),
            json!([{"hero": "Vance", "name": "G1", "dependent": true, "dead": false}])
        )
    );
    let text = shown_text(&m);
    assert!(
        text.contains("Red Force        G1 (persuaded by Vance)"),
        "{text}"
    );
    assert!(
        text.contains("Allies           G1, Vance's Ally (Dependent)"),
        "{text}"
    );
    assert_eq!(m.json(&["verify"])["ok"], true);
}

#[test]
fn a_warfighter_mission_shows_no_zero_dark_play() {
    let m = Muster::lodestar();
    m.ok(&["mission", "start", "Recon", "--with", "Reyes"]);
    assert_eq!(shown(&m, None)["zero_dark"], Value::Null);
}

/// The command lines `now --json` lists as allowed.
fn allowed_now(m: &Muster) -> Vec<String> {
    let now = m.json(&["now"]);
    now["offers"]
        .as_array()
        .map(|offers| {
            offers
                .iter()
                .filter(|o| o["refused"].is_null())
                .filter_map(|o| serde_json::from_value::<Vec<String>>(o["args"].clone()).ok())
                .map(|args| args.join(" "))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn now_offers_setting_aside_a_flipped_card_until_the_cards_bought_are_aside() {
    let m = x_team();
    mission(&m, "Longnight", 1);
    ok(&m, "spook buy-time");
    ok(&m, "turn");
    let bought = num(&shown(&m, None)["zero_dark"], "bought_time");
    for _ in 0..bought {
        assert!(allowed_now(&m).contains(&"spook set-aside 1".to_owned()));
        assert!(!allowed_now(&m).contains(&"spook deck-out".to_owned()));
        ok(&m, "spook set-aside 1");
    }
    let now = allowed_now(&m);
    assert!(!now.contains(&"spook set-aside 1".to_owned()), "{now:?}");
    assert!(now.contains(&"spook deck-out".to_owned()), "{now:?}");
}

/// The offers of `now --json` whose command line starts `spook task`, each as its command
/// line, its label and the sides of the die it rolls.
fn task_offers(m: &Muster) -> Vec<(String, String, Vec<u64>)> {
    let now = m.json(&["now"]);
    now["offers"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|o| o["refused"].is_null())
        .filter_map(|o| {
            let args: Vec<String> = serde_json::from_value(o["args"].clone()).ok()?;
            let sides = o["sides"].as_array()?.iter().filter_map(Value::as_u64).collect();
            (args.starts_with(&["spook".to_owned(), "task".to_owned()])).then(|| {
                (
                    args.join(" "),
                    o["label"].as_str().unwrap_or_default().to_owned(),
                    sides,
                )
            })
        })
        .collect()
}

#[test]
fn now_offers_each_priority_task_at_the_start_with_the_die_its_target_is_picked_by() {
    let m = x_team();
    mission(&m, "Deadletter", 3);
    let offers = task_offers(&m);
    let lines: Vec<&str> = offers.iter().map(|(line, ..)| line.as_str()).collect();
    // No Boss is placed, so the rules refuse Assassination: it is not among those allowed.
    assert_eq!(
        lines,
        [
            "spook task rescue",
            "spook task observation",
            "spook task acquisition"
        ]
    );
    // Rescue picks among the three grunts: a d3, each face naming its bogey.
    let (_, label, sides) = &offers[0];
    assert_eq!(sides, &[3]);
    assert!(label.contains("1 G1, 2 G2, 3 G3"), "{label}");
    assert_eq!(offers[1].2, Vec::<u64>::new(), "Observation rolls nothing");
    ok(&m, "spook task rescue --die 2");
    assert_eq!(zd(&m)["task_target"], "G2");
    assert!(task_offers(&m).is_empty(), "one task a Mission");
}

#[test]
fn now_offers_no_priority_task_once_the_first_turn_began_or_without_a_spook() {
    let m = x_team();
    mission(&m, "Deadletter", 2);
    ok(&m, "turn");
    assert!(task_offers(&m).is_empty());
    ok(&m, "mission end --result failure");
    ok(&m, "mission start Quiet --with Vance --with Oduya");
    assert!(task_offers(&m).is_empty(), "no Spook on the Mission");
}
