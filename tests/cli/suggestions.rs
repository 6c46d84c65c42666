//! Names and words that match nothing: a typo'd ability is refused from rules 3 with the
//! closest one; every unknown name offers the closest; a refusal names the campaign it was
//! made in, and points to the campaign where a Soldier it does not know is enlisted.

use serde_json::Value;

use crate::support::{Muster, card, kinds, num};

/// Runs a command that must be refused with every one of `phrases`, leaving the exported
/// log byte for byte as it was. Returns stderr.
fn refused_with(m: &Muster, args: &[&str], phrases: &[&str]) -> String {
    let (_, before, _) = m.run(&["export"]);
    let stderr = m.refused(args, phrases[0]);
    for phrase in phrases {
        assert!(
            stderr.contains(phrase),
            "muster {args:?}: {phrase:?} not in:\n{stderr}"
        );
    }
    let (_, after, _) = m.run(&["export"]);
    assert_eq!(before, after, "muster {args:?} changed the log");
    stderr
}

/// Red Dawn (WWII): Miller (medic 6+, Hardy cold 1) and Doc (no abilities) on Mission 1.
fn red_dawn() -> Muster {
    let m = Muster::new();
    m.ok(&["campaign", "new", "Red Dawn", "--game", "wwii"]);
    m.ok(&[
        "enlist",
        "Miller",
        "--kind",
        "player",
        "--rp",
        "5",
        "--ability",
        "medic=6",
        "--hardy",
        "cold=1",
    ]);
    m.ok(&["enlist", "Doc", "--kind", "player", "--rp", "5"]);
    m.ok(&[
        "mission", "start", "Hill 112", "--with", "Miller", "--with", "Doc",
    ]);
    m
}

#[test]
fn a_typoed_ability_is_refused_with_the_closest_and_a_known_one_still_fails_unrolled() {
    let m = red_dawn();
    let rules = m.json(&["campaign", "rules"]);
    // Created under the newest rules, which refuse the typo from rules 3.
    assert_eq!(num(&rules, "in_force"), num(&rules, "newest"), "{rules}");
    assert!(num(&rules, "newest") >= 3, "{rules}");
    for args in [
        &["check", "Doc", "medc"][..],
        &["check", "Doc", "medc", "--die", "4"][..],
    ] {
        let stderr = refused_with(
            &m,
            args,
            &[
                "the ability 'medc' is one letter from 'medic'",
                "did you mean 'medic'?",
                "campaign 'Red Dawn'",
            ],
        );
        assert!(!stderr.contains("drop --die"), "{stderr}");
    }
    // From rules 8 an ability of its own, one letter from none known, is one a card names
    // (rule 001): Doc lacks it, so his check on entering fails, a Trap's face taken as 1.
    let trapped = m.json(&["check", "Doc", "climbing", "--trap", "--on", "Cliff"]);
    let shown = m.show(num(&trapped["written"][0], "version"));
    assert_eq!(
        shown["roll"]["faces"],
        Value::Array(vec![Value::from(1)]),
        "{shown}"
    );
    assert_eq!(shown["roll"]["success"], false, "{shown}");
    // Rule 001: Doc lacks the medic ability Miller has, so he fails without a roll.
    let written = m.json(&["check", "Doc", "medic"]);
    assert_eq!(kinds(&written), ["check_rolled"]);
    let shown = m.show(num(&written["written"][0], "version"));
    assert_eq!(shown["roll"]["faces"], Value::Array(vec![]), "{shown}");
    assert_eq!(shown["roll"]["success"], false, "{shown}");
    assert_eq!(shown["roll"]["target"], Value::Null, "{shown}");
}

#[test]
fn under_rules_2_a_typoed_ability_is_still_a_failed_check_and_verifies() {
    let m = Muster::new();
    let demo = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/campaigns/demo.jsonl");
    m.ok(&["import", demo]);
    m.ok(&["campaign", "use", "Operation Lodestar"]);
    assert_eq!(
        kinds(&m.json(&["campaign", "adopt-rules", "2"])),
        ["rules_adopted"]
    );
    m.ok(&["mission", "start", "Thaw", "--with", "Reyes"]);
    m.ok(&["turn"]);
    let written = m.json(&["check", "Reyes", "handlr"]);
    assert_eq!(kinds(&written), ["check_rolled"]);
    let shown = m.show(num(&written["written"][0], "version"));
    assert_eq!(shown["payload"]["ability"], "handlr", "{shown}");
    assert_eq!(shown["roll"]["success"], false, "{shown}");
    let report = m.json(&["verify"]);
    assert_eq!(report["ok"], true, "{report}");
    assert_eq!(num(&report, "rules"), 2, "{report}");
}

#[test]
fn every_unknown_name_offers_the_closest() {
    let m = red_dawn();
    refused_with(
        &m,
        &["wound", "Miler"],
        &[
            "no Soldier named 'Miler' in campaign 'Red Dawn'",
            "did you mean 'Miller'?",
            "Soldiers here: Miller, Doc",
        ],
    );
    refused_with(
        &m,
        &["hardy", "Miller", "cld", "-1", "--why", "frostbite"],
        &[
            "Hardy type 'cld' is one letter from 'cold'",
            "did you mean 'cold'?",
        ],
    );
    // A type one letter from a type the rule names is a typo when added too, and when an
    // Environment is declared (rules 5).
    refused_with(
        &m,
        &["hardy", "Miller", "colt", "+1", "--why", "Service Record"],
        &["did you mean 'cold'?"],
    );
    refused_with(
        &m,
        &["environ", "declare", "fevr:4", "--location", "Stream"],
        &[
            "Environ type 'fevr' is one letter from 'fever'",
            "did you mean 'fever'?",
        ],
    );
    refused_with(
        &m,
        &["--campaign", "Red Down", "wound", "Miller"],
        &[
            "no campaign named 'Red Down'",
            "did you mean 'Red Dawn'?",
            "campaigns here: Red Dawn",
        ],
    );
    // A name far from every other is refused without a guess.
    let stderr = refused_with(&m, &["wound", "Kowalski"], &["no Soldier named 'Kowalski'"]);
    assert!(!stderr.contains("did you mean"), "{stderr}");
}

#[test]
fn an_unknown_campaign_in_a_community_names_ten_campaigns_and_counts_the_rest() {
    let m = Muster::new();
    m.ok(&[
        "dev",
        "synth",
        "--events",
        "30",
        "--campaigns",
        "14",
        "--name",
        "Club",
    ]);
    let stderr = refused_with(
        &m,
        &["--campaign", "Clb 0013", "roster"],
        &[
            "no campaign named 'Clb 0013'",
            // The closest is offered even when the ten named leave it out.
            "did you mean 'Club 0013'?",
            "campaigns here: Club 0001, Club 0002",
            "Club 0010 and 4 more (`muster campaign list` lists them all)",
        ],
    );
    assert!(!stderr.contains("Club 0011"), "{stderr}");
}

#[test]
fn an_unknown_medal_or_bogey_offers_the_closest() {
    let m = Muster::new();
    m.ok(&[
        "campaign",
        "new",
        "Ortona",
        "--game",
        "wwii",
        "--nation",
        "Canada",
        "--expansion",
        "medals",
    ]);
    m.ok(&["enlist", "Baker", "--kind", "player", "--rp", "10"]);
    m.ok(&["medal", "deck", &card("medals-canada.json")]);
    m.ok(&["mission", "start", "Ortona"]);
    m.ok(&["turn"]);
    refused_with(
        &m,
        &[
            "medal",
            "draw",
            "Militray Medal",
            "--trigger",
            "played the Mill Location",
        ],
        &[
            "'Militray Medal' is not in the Medal deck",
            "did you mean 'Military Medal'?",
        ],
    );

    // Kestrel, the X Team's Spook, in campaign 'Nightfall'.
    let z = super::zero_dark::x_team();
    z.ok(&["mission", "start", "Dusk"]);
    z.ok(&["bogey", "add", "Grunt1", "--type", "grunt"]);
    refused_with(
        &z,
        &["target", "Grnut1", "--by", "Kestrel"],
        &[
            "no bogey named 'Grnut1'",
            "did you mean 'Grunt1'?",
            "campaign 'Nightfall'",
        ],
    );
}

#[test]
fn a_refusal_names_the_campaign_and_where_the_soldier_is() {
    let m = red_dawn();
    m.ok(&["campaign", "new", "Ardennes", "--game", "wwii"]);
    refused_with(
        &m,
        &["wound", "Miller"],
        &[
            "no Soldier named 'Miller' in campaign 'Ardennes'",
            "Soldiers here: none yet",
            "'Miller' is in campaign 'Red Dawn': pass --campaign 'Red Dawn' or run `muster campaign use 'Red Dawn'`",
        ],
    );
    refused_with(
        &m,
        &["turn"],
        &["campaign 'Ardennes'", "no Mission is in progress"],
    );
    // Campaign names compare as Soldier names do: without case.
    let written = m.json(&["--campaign", "red dawn", "wound", "miller"]);
    assert_eq!(kinds(&written), ["wounded"]);
    let roster = m.json(&["--campaign", "RED DAWN", "roster"]);
    assert_eq!(roster["campaign"], "Red Dawn");
    let miller = &roster["soldiers"][0];
    assert_eq!(
        (miller["name"].as_str(), num(miller, "wounds")),
        (Some("Miller"), 1)
    );
}

#[test]
fn the_servers_commands_typed_at_the_top_level_are_pointed_to_serve() {
    let m = Muster::lodestar();
    for (typed, meant) in [
        (&["token", "add", "pat", "--role", "player"][..], "'serve token'"),
        (&["invite", "--role", "viewer"], "'serve invite'"),
        (&["session", "list"], "'serve session'"),
    ] {
        let said = m.usage_error(typed);
        assert!(said.contains(meant), "{typed:?}: {said}");
    }
    // Another unknown word keeps clap's own answer, with no such hint.
    let said = m.usage_error(&["tokens"]);
    assert!(!said.contains("'serve "), "{said}");
}

#[test]
fn a_token_whose_name_reads_as_anothers_is_refused() {
    let m = red_dawn();
    m.ok(&["serve", "token", "add", "keeper", "--role", "gm"]);
    for alike in ["KEEPER", "ｋｅｅｐｅｒ"] {
        let (code, _, stderr) = m.run(&["serve", "token", "add", alike, "--role", "player"]);
        assert_ne!(code, 0, "{alike}: {stderr}");
        assert!(
            stderr.contains("a token named 'keeper' exists, which reads as"),
            "{alike}: {stderr}"
        );
    }
    m.ok(&["serve", "token", "add", "keeps", "--role", "player"]);
}
