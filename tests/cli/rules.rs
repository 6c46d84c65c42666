//! Rules versions: `campaign rules` lists them, `campaign adopt-rules` adopts a later one
//! between Missions, and a campaign played under the first rules verifies after the fix.

use serde_json::Value;

use crate::support::{LODESTAR, Muster, num};

/// The bundled demo campaign, played under the first rules, imported and selected.
fn demo_under_the_first_rules() -> Muster {
    let m = Muster::new();
    let demo = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/campaigns/demo.jsonl");
    m.ok(&["import", demo]);
    m.ok(&["campaign", "use", "Operation Lodestar"]);
    m
}

#[test]
fn a_new_campaign_is_decided_under_the_newest_rules_and_lists_each_version() {
    let m = Muster::lodestar();
    let rules = m.json(&["campaign", "rules"]);
    assert_eq!(rules["campaign"], LODESTAR);
    let newest = num(&rules, "newest");
    assert_eq!(num(&rules, "in_force"), newest);
    let versions = rules["versions"].as_array().unwrap();
    assert_eq!(versions.len() as u64, newest, "one line per version, from 1");
    for (i, version) in versions.iter().enumerate() {
        assert_eq!(num(version, "version"), i as u64 + 1);
        assert!(!version["changes"].as_str().unwrap().is_empty());
        assert_eq!(version["in_force"], Value::from(i as u64 + 1 == newest));
    }
    m.refused(&["campaign", "adopt-rules"], "already under rules");
}

#[test]
fn an_old_campaign_adopts_the_fix_between_missions_and_still_verifies() {
    let m = demo_under_the_first_rules();
    assert_eq!(num(&m.json(&["campaign", "rules"]), "in_force"), 1);
    m.refused(&["campaign", "adopt-rules", "99"], "knows rules 1 to");
    let adopted = m.json(&["campaign", "adopt-rules"]);
    assert_eq!(crate::support::kinds(&adopted), ["rules_adopted"]);
    let rules = m.json(&["campaign", "rules"]);
    assert_eq!(num(&rules, "in_force"), num(&rules, "newest"));

    m.ok(&["mission", "start", "Thaw", "--with", "Reyes"]);
    m.ok(&["turn"]);
    m.refused(&["campaign", "adopt-rules"], "already under rules");
    // Rule 002: "Do not gain protection from Armors or Shields."
    m.refused(
        &[
            "environ",
            "Reyes",
            "cold",
            "6",
            "--mod",
            "+1:Body Armor",
            "--die",
            "5",
        ],
        "no protection from Armor or Shields",
    );

    let report = m.json(&["verify"]);
    assert_eq!(report["ok"], true, "{report}");
    assert_eq!(num(&report, "rules"), num(&rules, "newest"));
    // Every command is decided again, the adoption, the ones before it and the void
    // included, but the command voided.
    let (voids, voided) = (num(&report, "voids"), num(&report, "voided"));
    assert!(voids <= 1 && voided <= 1, "{report}");
    assert_eq!(
        num(&report, "decided_again"),
        num(&report, "commands") - voided,
        "{report}"
    );
}

#[test]
fn a_mistyped_expansion_is_a_usage_error_that_suggests_the_word() {
    let m = Muster::new();
    let stderr = m.usage_error(&["campaign", "new", "X", "--game", "wwii", "--expansion", "medal"]);
    assert!(stderr.contains("medals"), "{stderr}");
}

#[test]
fn an_expansion_is_added_later_and_removed_only_while_nothing_needs_it() {
    let m = Muster::new();
    m.ok(&["campaign", "new", "Thaw", "--game", "modern"]);
    m.refused(
        &[
            "enlist",
            "Rex",
            "--kind",
            "k9",
            "--rp",
            "4",
            "--discipline",
            "2",
            "--handler",
            "Wong",
        ],
        "muster campaign expansion add k9",
    );
    m.refused(&["campaign", "expansion", "remove", "k9"], "does not use");
    let added = m.json(&["campaign", "expansion", "add", "k9"]);
    assert_eq!(crate::support::kinds(&added), ["expansion_added"]);
    assert_eq!(m.roster()["expansions"], serde_json::json!(["k9"]));
    m.ok(&[
        "enlist",
        "Wong",
        "--kind",
        "player",
        "--rp",
        "8",
        "--ability",
        "handler=7",
    ]);
    m.ok(&[
        "enlist",
        "Rex",
        "--kind",
        "k9",
        "--rp",
        "4",
        "--discipline",
        "2",
        "--handler",
        "Wong",
    ]);
    m.refused(
        &["campaign", "expansion", "remove", "k9"],
        "the K9 Rex was enlisted under it",
    );
    m.refused(&["campaign", "expansion", "add", "k9"], "already uses");
    let report = m.json(&["verify"]);
    assert_eq!(report["ok"], true, "{report}");
}
