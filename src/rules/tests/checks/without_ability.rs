//! A Soldier without the ability, and Traps.

use super::*;

#[test]
fn a_soldier_without_the_ability_fails_without_rolling_or_using_a_die() {
    // `.when` offers no die and no seed: the check must not need one.
    let state = given(on_mission()).when(check("Able", "demo")).then([rolled(
        "Able",
        "demo",
        Roll {
            who: "Able".into(),
            purpose: "demo check".into(),
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
    )]);
    assert!(
        state.mission.as_ref().unwrap().checks.is_empty(),
        "no named card, nothing to remember"
    );
}

#[test]
fn a_soldier_without_the_ability_fails_a_fail_heading_on_entering_without_a_die() {
    let fail = Check {
        fail: true,
        card: Some("Minefield"),
        ..Check::default()
    };
    let state = given(on_mission()).when(fail.by("Able", "demo")).then([rolled_on(
        "Able",
        "Minefield",
        Heading::Fail,
        Roll {
            who: "Able".into(),
            purpose: "demo check on Minefield".into(),
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
    )]);
    let record = &state.mission.as_ref().unwrap().checks[0];
    assert_eq!((record.soldier.as_str(), record.success), ("Able", false));
}

#[test]
fn from_rules_2_a_modifier_for_a_soldier_without_the_ability_is_refused() {
    // Rule 001: "assume a 1 was rolled, and cannot be increased by any means."
    for trap in [true, false] {
        let check = Check {
            trap,
            modifiers: vec![(3, "Skill card")],
            ..Check::default()
        };
        given(on_mission()).when(check.by("Able", "demo")).then_refused(&[
            "Able has no demo on his card",
            "no modifier counts",
            "leave out --mod",
        ]);
    }
}

#[test]
fn under_the_first_rules_a_trap_without_the_ability_records_its_modifier_unused() {
    let trap = Check {
        trap: true,
        modifiers: vec![(3, "Skill card")],
        ..Check::default()
    };
    let expected = Roll {
        who: "Able".into(),
        purpose: "demo check".into(),
        die: "d10".into(),
        faces: vec![1],
        source: Some(Source::Assumed),
        target: None,
        modifiers: vec![modifier(3, "Skill card")],
        costs: vec![],
        total: Some(1),
        success: false,
        dice: None,
    };
    assert_eq!(
        expected.recompute(),
        (Some(1), false),
        "the audit agrees: +3 does not raise it"
    );
    given(under_the_first_rules(on_mission()))
        .when(trap.by("Able", "demo"))
        .then([Event::CheckRolled(Box::new(CheckRolled {
            soldier: "Able".into(),
            ability: "demo".into(),
            card: None,
            heading: Heading::Fail,
            upgunned: false,
            trap: true,
            roll: expected,
        }))]);
}

#[test]
fn a_trap_for_a_soldier_with_the_ability_is_rolled_as_a_fail_heading() {
    let trap = Check {
        trap: true,
        ..Check::default()
    };
    given(on_mission())
        .when_rolling(trap.by("Baker", "demo"), &[7])
        .then([Event::CheckRolled(Box::new(CheckRolled {
            soldier: "Baker".into(),
            ability: "demo".into(),
            card: None,
            heading: Heading::Fail,
            upgunned: false,
            trap: true,
            roll: d10("Baker", "demo check", 7, 5, true),
        }))]);
}
