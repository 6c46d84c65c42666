//! Rules versions: a campaign is decided under the rules in force at each command's place,
//! adopts later rules only by an explicit event between Missions, and a log played under
//! earlier rules keeps verifying after a fix.

use super::*;
use crate::domain::command::NamedModifier;
use crate::domain::error::RuleError;
use crate::domain::rules_version::{self, ENVIRON_WITHOUT_ARMOR, FIRST, NEWEST, RulesVersion};
use crate::rules::harness::Played;

/// A WWII campaign created under `rules`, with Ivanov on Mission 1 at turn 1.
fn ivanov_on_mission(rules: RulesVersion) -> Vec<Event> {
    vec![
        Event::CampaignCreated(CampaignCreated {
            commands_kept: false,
            expansions: vec![],
            game: Game::Wwii,
            nation: None,
            rules,
            unrecognized_expansions: vec![],
        }),
        enlisted(player("Ivanov")),
        mission_started(1, "Winter Line", &["Ivanov"]),
        Event::TurnStarted(TurnStarted { mission: 1, turn: 1 }),
    ]
}

/// `muster environ Ivanov cold 6 --mod +1:SOURCE`.
fn cold_with(source: &str) -> Command {
    Command::Environ {
        soldier: "Ivanov".into(),
        environments: vec![("cold".into(), 6)],
        modifiers: vec![NamedModifier {
            value: 1,
            source: source.into(),
        }],
        location: None,
    }
}

fn adopt(version: Option<u32>) -> Command {
    Command::AdoptRules {
        version: version.map(RulesVersion),
    }
}

fn adopted(version: RulesVersion) -> Event {
    Event::RulesAdopted(RulesAdopted { version })
}

/// Ivanov's Mission 1 ended, so rules may be adopted.
fn between_missions(rules: RulesVersion) -> Vec<Event> {
    let mut events = ivanov_on_mission(rules);
    events.push(mission_ended(1));
    events
}

#[test]
fn a_new_campaign_is_created_under_the_newest_rules() {
    let state = given([])
        .when(Command::CreateCampaign {
            commands_kept: false,
            game: Game::Modern,
            nation: None,
            expansions: vec![],
        })
        .then([Event::CampaignCreated(CampaignCreated {
            commands_kept: false,
            expansions: vec![],
            game: Game::Modern,
            nation: None,
            rules: NEWEST,
            unrecognized_expansions: vec![],
        })]);
    assert_eq!(state.rules(), NEWEST);
}

#[test]
fn adopting_without_a_version_adopts_the_newest_and_the_state_follows() {
    let state = given(between_missions(FIRST))
        .when(adopt(None))
        .then([adopted(NEWEST)]);
    assert_eq!(state.rules(), NEWEST);
}

#[test]
fn adopting_rules_already_in_force_or_earlier_is_refused() {
    given(between_missions(NEWEST))
        .when(adopt(Some(FIRST.0)))
        .then_refused(&["already under rules", "only later rules are adopted"]);
    given(between_missions(NEWEST))
        .when(adopt(None))
        .then_refused(&["already under rules"]);
}

#[test]
fn adopting_rules_this_muster_does_not_know_is_refused_naming_the_known_ones() {
    given(between_missions(FIRST))
        .when(adopt(Some(NEWEST.0 + 1)))
        .then_refused(&["this muster knows rules 1 to", "muster campaign rules"]);
    given(between_missions(FIRST))
        .when(adopt(Some(0)))
        .then_refused(&["knows rules 1 to"]);
}

#[test]
fn adopting_rules_during_a_mission_is_refused() {
    given(ivanov_on_mission(FIRST))
        .when(adopt(None))
        .then_refused(&["Mission 1 is in progress", "between Missions"]);
}

#[test]
fn adopting_rules_before_the_campaign_exists_is_refused() {
    given([]).when(adopt(None)).then_refused(&["does not exist yet"]);
}

// Rule 002, Environ: "Do not gain protection from Armors or Shields."

#[test]
fn under_the_first_rules_an_armor_modifier_on_an_environment_roll_still_counts() {
    let result = given(ivanov_on_mission(FIRST))
        .when_rolling(cold_with("Body Armor"), &[5])
        .result;
    let Ok(events) = result else {
        panic!("the first rules accepted Armor: {result:?}");
    };
    let Some(Event::EnvironmentRolled(rolled)) = events.first() else {
        panic!("an Environment roll: {events:?}");
    };
    let roll = rolled.roll.as_ref().map(|r| (r.total, r.success));
    assert_eq!(roll, Some((Some(6), true)), "5 + 1 (Body Armor) resists cold 6+");
}

#[test]
fn from_rules_2_an_armor_or_shield_modifier_on_an_environment_roll_is_refused() {
    for source in ["Body Armor", "armour", "Riot shield", "SHIELDS"] {
        given(ivanov_on_mission(ENVIRON_WITHOUT_ARMOR))
            .when_rolling(cold_with(source), &[5])
            .then_refused(&["no protection from Armor or Shields", "rule 002", source]);
    }
}

#[test]
fn from_rules_2_a_modifier_only_spelled_like_a_shield_still_counts() {
    let result = given(ivanov_on_mission(ENVIRON_WITHOUT_ARMOR))
        .when_rolling(cold_with("Shielded position"), &[5])
        .result;
    assert!(result.is_ok(), "{result:?}");
}

#[test]
fn a_log_played_under_the_first_rules_verifies_after_adopting_the_fix() {
    let mut played = Played::new(ivanov_on_mission(FIRST));
    played.play(cold_with("Body Armor"), &[5]);
    played.play(
        Command::EndMission {
            result: crate::domain::MissionResult::Success,
            rp_award: None,
        },
        &[],
    );
    played.play(adopt(None), &[]);
    assert_eq!(played.state().rules(), NEWEST);
    played.play(start("Second Line", &["Ivanov"]), &[]);
    played.play(Command::NextTurn, &[]);
    // The fix is in force.
    let refused = played.try_play(&cold_with("Body Armor"), &[5]).unwrap_err();
    assert!(matches!(refused, RuleError::Refused(_)), "{refused:?}");
    assert!(
        refused
            .to_string()
            .contains("no protection from Armor or Shields"),
        "{refused}"
    );
    played.play(cold_with("Field Jacket"), &[6]);
    let report = crate::verify::verify("test", &played.rows());
    assert!(report.ok, "{:?}", report.findings);
}

#[test]
fn an_armor_modifier_recorded_under_rules_2_is_found_when_decided_again() {
    // Forged: the roll decided under the first rules, written into a campaign under the second.
    let first = given(ivanov_on_mission(FIRST))
        .when_rolling(cold_with("Body Armor"), &[5])
        .result
        .unwrap_or_default();
    let mut played = Played::new(ivanov_on_mission(ENVIRON_WITHOUT_ARMOR));
    let version = played.record(first);
    assert_eq!(played.decided_otherwise(), vec![Some(version)]);
}

#[test]
fn rules_it_does_not_know_are_found_by_the_fold_and_adoptions_out_of_order_by_deciding_again() {
    let unknown = RulesVersion(NEWEST.0 + 1);
    let mut created_unknown = ivanov_on_mission(unknown);
    created_unknown.truncate(1);
    let findings = Played::new(created_unknown).findings("fold");
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert!(findings[0].1.contains("does not know"), "{findings:?}");

    let mut backwards = between_missions(NEWEST);
    backwards.push(adopted(FIRST));
    let findings = Played::new(backwards).findings("decide");
    assert!(
        findings
            .iter()
            .any(|(v, p)| *v == Some(6) && p.contains("only later rules are adopted")),
        "{findings:?}"
    );

    let mut mid_mission = ivanov_on_mission(FIRST);
    mid_mission.push(adopted(NEWEST));
    let findings = Played::new(mid_mission).findings("decide");
    assert!(
        findings
            .iter()
            .any(|(v, p)| *v == Some(5) && p.contains("between Missions")),
        "{findings:?}"
    );
}

#[test]
fn an_adoption_is_voided_only_while_no_command_follows_it() {
    let mut played = Played::new(between_missions(FIRST));
    let adoption = played.play(adopt(None), &[]);
    assert!(played.void(adoption, false).is_ok(), "the head command may go");
    played.play(start("Second Line", &["Ivanov"]), &[]);
    let refused = played.void(adoption, true);
    let Err(e) = refused else {
        panic!("a void under which play went on: {refused:?}");
    };
    assert!(e.to_string().contains("an adoption stands"), "{e}");
}

#[test]
fn every_known_version_is_reachable_from_a_campaign_created_under_the_first() {
    let mut played = Played::new(between_missions(FIRST));
    for version in (FIRST.0 + 1)..=NEWEST.0 {
        played.play(adopt(Some(version)), &[]);
        assert_eq!(played.state().rules(), RulesVersion(version));
    }
    assert!(played.findings("fold").is_empty());
    assert_eq!(rules_version::NEWEST, played.state().rules());
}
