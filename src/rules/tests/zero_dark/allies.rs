//! Who takes a persuaded bogey as an Ally, and the Mission an Ally belongs to (rule 003):
//! "the bogey becomes persuaded and ceases to be a bogey, instead becoming an Ally of the hero
//! who persuaded them"; "If the hero is killed by this but achieves more successes than the
//! bogey, the bogey is still persuaded but attaches to the next nearest hero who isn't dead."

use super::*;

use crate::domain::rules_version::{ALLIES_OF_THE_MISSION, FIRST, PERSUADE_ALLY_TO_APPLIES};
use crate::rules::harness::Played;

/// `persuade Vega Pigeon --hero MINE --bogey THEIRS [--hero-died] --ally-to Moss`.
fn persuade_naming_moss(mine: i64, theirs: i64, hero_died: bool) -> Command {
    Command::Persuade {
        hero: GUNNER.into(),
        bogey: "Pigeon".into(),
        hero_successes: mine,
        bogey_successes: theirs,
        hero_died,
        ally_to: Some(MEDIC.into()),
    }
}

#[test]
fn from_rules_2_ally_to_is_refused_when_the_dead_persuader_lost_the_test() {
    given(under(PERSUADE_ALLY_TO_APPLIES, with_bogeys([grunt("Pigeon")])))
        .when(persuade_naming_moss(1, 3, true))
        .then_refused(&[
            "--ally-to Moss names who takes the Ally of a persuader who died but out-scored the bogey",
            "Vega did not persuade Pigeon (1 success to 3), so there is no Ally",
            "leave out --ally-to",
        ]);
}

#[test]
fn from_rules_2_ally_to_is_refused_when_the_persuader_lived() {
    given(with_bogeys([grunt("Pigeon")]))
        .when(persuade_naming_moss(3, 0, false))
        .then_refused(&["Vega lived, so Pigeon is his Ally"]);
}

#[test]
fn under_rules_1_ally_to_for_a_lost_test_is_dropped_and_the_log_verifies() {
    let mut played = Played::new(under(FIRST, with_bogeys([grunt("Pigeon")])));
    let at = played.play(persuade_naming_moss(1, 3, true), &[]);
    let written: Vec<&Event> = played
        .log
        .iter()
        .filter(|r| r.version >= at)
        .map(|r| &r.event)
        .collect();
    assert!(matches!(written[0], Event::PersuasionTested(e) if !e.persuaded && e.ally_of.is_none()));
    assert_eq!(*written[1], hero_state(GUNNER, HeroState::Dead));
    assert!(played.state().soldier(MEDIC).unwrap().allies.is_empty());
    let report = crate::verify::verify("test", &played.rows());
    assert!(report.ok, "{:?}", report.findings);
}

/// Vega persuades Pigeon on Mission 1, which ends; Mission 2 starts with Kestrel and Vega,
/// each move played through the rules under `rules`.
fn pigeon_left_behind(rules: RulesVersion) -> Played {
    let mut played = Played::new(under(rules, with_bogeys([grunt("Pigeon")])));
    played.play(
        Command::Persuade {
            hero: GUNNER.into(),
            bogey: "Pigeon".into(),
            hero_successes: 2,
            bogey_successes: 0,
            hero_died: false,
            ally_to: None,
        },
        &[],
    );
    played.play(end_mission(), &[]);
    played.play(start("Second Pigeon", &[SPOOK, GUNNER]), &[]);
    played
}

fn dependent(ally: &str) -> Command {
    Command::MakeDependent {
        hero: GUNNER.into(),
        ally: ally.into(),
    }
}

#[test]
fn from_rules_2_an_ally_of_an_earlier_mission_is_not_one_of_this_mission() {
    let mut played = pigeon_left_behind(ALLIES_OF_THE_MISSION);
    let refused = played
        .try_play(&dependent("Pigeon"), &[])
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("Vega has no living Ally named 'Pigeon' on Mission 2; his Allies on it: none"),
        "{refused}"
    );
}

#[test]
fn from_rules_2_allies_are_named_during_a_mission() {
    let mut events = with_bogeys([grunt("Pigeon")]);
    events.push(Event::PersuasionTested(PersuasionTested {
        ally_of: Some(GUNNER.into()),
        bogey: "Pigeon".into(),
        bogey_successes: 0,
        hero: GUNNER.into(),
        hero_successes: 2,
        persuaded: true,
    }));
    events.push(mission_ended(1));
    given(events)
        .when(dependent("Pigeon"))
        .then_refused(&["no Mission is in progress"]);
}

#[test]
fn under_rules_1_an_ally_of_an_earlier_mission_still_takes_the_upgrade_and_verifies() {
    let mut played = pigeon_left_behind(FIRST);
    played.play(dependent("Pigeon"), &[]);
    let allies = played.state().soldier(GUNNER).unwrap().allies.clone();
    assert_eq!(
        (allies.len(), allies[0].mission, allies[0].dependent),
        (1, 1, true)
    );
    assert!(crate::verify::verify("test", &played.rows()).ok);
}

/// [`pigeon_left_behind`] with a second bogey named Pigeon on Mission 2, persuaded by Vega too.
fn two_pigeons(rules: RulesVersion) -> Played {
    let mut played = pigeon_left_behind(rules);
    played.play(Command::AddBogey(grunt("Pigeon")), &[]);
    played.play(
        Command::Persuade {
            hero: GUNNER.into(),
            bogey: "Pigeon".into(),
            hero_successes: 3,
            bogey_successes: 0,
            hero_died: false,
            ally_to: None,
        },
        &[],
    );
    played.play(dependent("Pigeon"), &[]);
    played
}

/// Each of Vega's Allies as (Mission, Dependent).
fn vegas_allies(played: &Played) -> Vec<(u32, bool)> {
    let state = played.state();
    state
        .soldier(GUNNER)
        .unwrap()
        .allies
        .iter()
        .map(|a| (a.mission, a.dependent))
        .collect()
}

#[test]
fn from_rules_2_a_reused_name_names_the_ally_of_the_mission_in_progress() {
    let played = two_pigeons(ALLIES_OF_THE_MISSION);
    assert_eq!(vegas_allies(&played), [(1, false), (2, true)]);
    assert!(crate::verify::verify("test", &played.rows()).ok);
}

#[test]
fn under_rules_1_a_reused_name_still_names_the_first_living_ally() {
    let played = two_pigeons(FIRST);
    assert_eq!(vegas_allies(&played), [(1, true), (2, false)]);
    assert!(crate::verify::verify("test", &played.rows()).ok);
}

#[test]
fn from_rules_2_a_forged_upgrade_for_an_earlier_missions_ally_is_found_by_the_fold() {
    let mut played = pigeon_left_behind(ALLIES_OF_THE_MISSION);
    let version = played.record(vec![Event::AllyMadeDependent(AllyEvent {
        ally: "Pigeon".into(),
        hero: GUNNER.into(),
        why: "an upgrade at no cost that counts as half an upgrade".into(),
    })]);
    let findings = played.findings("fold");
    assert!(
        findings
            .iter()
            .any(|(v, p)| *v == Some(version) && p.contains("who is not Vega's on Mission 2")),
        "{findings:?}"
    );
}
