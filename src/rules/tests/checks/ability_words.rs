//! A check's ability word (from rules 3): a word no Soldier of the campaign has and no card
//! names is a typo, refused with the closest ability; earlier logs keep their failed checks.

use super::*;

use crate::domain::rules_version::{ABILITY_WORDS_KNOWN, ENVIRON_WITHOUT_ARMOR, FIRST, RulesVersion};
use crate::rules::harness::Played;

/// `events` with the campaign created under `rules`.
fn under(rules: RulesVersion, mut events: Vec<Event>) -> Vec<Event> {
    for event in &mut events {
        if let Event::CampaignCreated(created) = event {
            created.rules = rules;
        }
    }
    events
}

/// Able's check of `ability`, which he lacks: no roll, a failure.
fn failed_without_a_roll(ability: &str) -> Event {
    rolled(
        "Able",
        ability,
        Roll {
            who: "Able".into(),
            purpose: format!("{ability} check"),
            die: "d10".into(),
            faces: vec![],
            source: None,
            target: None,
            modifiers: vec![],
            costs: vec![],
            total: None,
            success: false,
            dice: None,
        },
    )
}

#[test]
fn from_rules_3_an_ability_nobody_has_and_no_card_names_is_refused_with_the_closest() {
    assert!(crate::domain::rules_version::NEWEST >= ABILITY_WORDS_KNOWN);
    given(under(ABILITY_WORDS_KNOWN, on_mission()))
        .when(check("Able", "dmeo"))
        .then_refused(&[
            "no Soldier in this campaign has an ability 'dmeo'",
            "did you mean 'demo'?",
            "abilities known here: demo, recon",
        ]);
    // A word far from every ability is refused without a guess.
    given(under(ABILITY_WORDS_KNOWN, on_mission()))
        .when(check("Baker", "zzz"))
        .then_refused(&["an ability 'zzz'", "abilities known here"]);
}

#[test]
fn from_rules_3_a_known_ability_the_soldier_lacks_still_fails_without_a_roll() {
    // Dog's demo is on a card of the campaign.
    given(under(ABILITY_WORDS_KNOWN, on_mission()))
        .when(check("Able", "demo"))
        .then([failed_without_a_roll("demo")]);
}

#[test]
fn from_rules_3_the_k9_abilities_are_known_where_k9_and_handlers_is_used() {
    // Nobody here has bomb: the K9 & Handlers expansion names it, or nothing does.
    let mut with_k9 = on_mission();
    with_k9[0] = Event::CampaignCreated(CampaignCreated {
        commands_kept: false,
        expansions: vec![crate::domain::rulebook::Expansion::K9],
        game: Game::Modern,
        nation: None,
        rules: ABILITY_WORDS_KNOWN,
        unrecognized_expansions: vec![],
    });
    given(with_k9)
        .when(check("Able", "bomb"))
        .then([failed_without_a_roll("bomb")]);
    given(under(ABILITY_WORDS_KNOWN, on_mission()))
        .when(check("Able", "bomb"))
        .then_refused(&["an ability 'bomb'", "abilities known here: demo, recon"]);
}

#[test]
fn under_rules_1_and_2_a_typo_is_still_a_failed_check_and_the_log_verifies() {
    for rules in [FIRST, ENVIRON_WITHOUT_ARMOR] {
        given(under(rules, on_mission()))
            .when(check("Able", "dmeo"))
            .then([failed_without_a_roll("dmeo")]);
        let mut played = Played::new(under(rules, on_mission()));
        played.play(check("Able", "dmeo"), &[]);
        let report = crate::verify::verify("test", &played.rows());
        assert!(report.ok, "{rules}: {:?}", report.findings);
    }
}

#[test]
fn a_typo_recorded_as_a_failed_check_under_rules_3_is_found_by_deciding_it_again() {
    // Forged: the check decided under rules 2, written into a campaign under rules 3.
    let old = given(under(ENVIRON_WITHOUT_ARMOR, on_mission()))
        .when(check("Able", "dmeo"))
        .result
        .unwrap_or_default();
    assert_eq!(old.len(), 1, "rules 2 record the failed check");
    let mut played = Played::new(under(ABILITY_WORDS_KNOWN, on_mission()));
    let version = played.record(old);
    assert_eq!(played.findings("fold"), vec![], "the rule is not the fold's");
    let findings = played.findings("decide");
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0].0, Some(version));
    assert!(
        findings[0].1.contains("the rules refuse it") && findings[0].1.contains("dmeo"),
        "{findings:?}"
    );
}
