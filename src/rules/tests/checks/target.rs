//! The printed target, modifiers and the Upgunned [bracket] target.

use super::*;

#[test]
fn a_check_rolls_against_the_target_printed_on_the_card() {
    given(on_mission())
        .when_rolling(check("baker", "Demo"), &[5])
        .then([rolled("Baker", "demo", d10("Baker", "demo check", 5, 5, true))]);
}

#[test]
fn a_check_below_the_printed_target_fails() {
    given(on_mission())
        .when_rolling(check("Baker", "demo"), &[4])
        .then([rolled("Baker", "demo", d10("Baker", "demo check", 4, 5, false))]);
}

#[test]
fn modifiers_are_added_to_the_face_and_the_total_is_tested_against_the_printed_target() {
    let with_mods = Check {
        modifiers: vec![(-1, "card"), (2, "Skill card")],
        ..Check::default()
    };
    given(on_mission())
        .when_rolling(with_mods.by("Baker", "demo"), &[4])
        .then([rolled(
            "Baker",
            "demo",
            Roll {
                modifiers: vec![modifier(-1, "card"), modifier(2, "Skill card")],
                total: Some(5),
                success: true,
                ..d10("Baker", "demo check", 4, 5, true)
            },
        )]);
}

#[test]
fn a_penalty_can_turn_a_face_at_the_target_into_a_failure_without_moving_the_target() {
    let penalty = Check {
        modifiers: vec![(-1, "card")],
        ..Check::default()
    };
    given(on_mission())
        .when_rolling(penalty.by("Baker", "demo"), &[5])
        .then([rolled(
            "Baker",
            "demo",
            Roll {
                modifiers: vec![modifier(-1, "card")],
                total: Some(4),
                success: false,
                ..d10("Baker", "demo check", 5, 5, false)
            },
        )]);
}

#[test]
fn an_upgunned_check_uses_the_bracket_target() {
    let upgunned = Check {
        upgunned: true,
        ..Check::default()
    };
    given(on_mission())
        .when_rolling(upgunned.by("Baker", "demo"), &[4])
        .then([Event::CheckRolled(Box::new(CheckRolled {
            soldier: "Baker".into(),
            ability: "demo".into(),
            card: None,
            heading: Heading::Success,
            upgunned: true,
            trap: false,
            roll: d10("Baker", "demo check", 4, 4, true),
        }))]);
}

#[test]
fn an_upgunned_check_is_refused_when_the_card_prints_no_bracket_target() {
    let upgunned = Check {
        upgunned: true,
        ..Check::default()
    };
    given(on_mission())
        .when_rolling(upgunned.by("Charlie", "demo"), &[4])
        .then_refused(&[
            "Charlie's demo is 6+",
            "no Upgunned [bracket] target",
            "drop --upgunned",
        ]);
}
