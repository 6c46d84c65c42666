//! The once-only rules of Success and Fail headings on a named card.

use super::*;

#[test]
fn after_a_success_on_a_named_card_another_check_on_it_is_refused() {
    let on_bridge = || Check {
        card: Some("Bridge"),
        ..Check::default()
    };
    let mut log = on_mission();
    let state = step(
        &mut log,
        on_bridge().by("Baker", "demo"),
        &[6],
        vec![rolled_on(
            "Baker",
            "Bridge",
            Heading::Success,
            d10("Baker", "demo check on Bridge", 6, 5, true),
        )],
    );
    let record = &state.mission.as_ref().unwrap().checks[0];
    assert_eq!((record.card.as_str(), record.success), ("Bridge", true));
    // Neither another Soldier nor the same one gains the benefit twice.
    for soldier in ["Charlie", "Baker"] {
        given(log.clone())
            .when_rolling(on_bridge().by(soldier, "demo"), &[9])
            .then_refused(&[
                "Baker already succeeded at the check on Bridge",
                "gained only once",
            ]);
    }
    given(log)
        .when_rolling(
            Check {
                card: Some("bridge"),
                ..Check::default()
            }
            .by("Charlie", "demo"),
            &[9],
        )
        .then_refused(&["gained only once"]);
}

#[test]
fn after_a_failure_on_a_named_card_another_check_on_it_is_accepted() {
    let on_bridge = || Check {
        card: Some("Bridge"),
        ..Check::default()
    };
    let mut log = on_mission();
    step(
        &mut log,
        on_bridge().by("Baker", "demo"),
        &[2],
        vec![rolled_on(
            "Baker",
            "Bridge",
            Heading::Success,
            d10("Baker", "demo check on Bridge", 2, 5, false),
        )],
    );
    // The same Soldier may try again for another Action, and so may another.
    given(log.clone())
        .when_rolling(on_bridge().by("Baker", "demo"), &[5])
        .then([rolled_on(
            "Baker",
            "Bridge",
            Heading::Success,
            d10("Baker", "demo check on Bridge", 5, 5, true),
        )]);
    given(log)
        .when_rolling(on_bridge().by("Charlie", "demo"), &[6])
        .then([rolled_on(
            "Charlie",
            "Bridge",
            Heading::Success,
            d10("Charlie", "demo check on Bridge", 6, 6, true),
        )]);
}

#[test]
fn a_fail_heading_is_rolled_once_per_soldier_on_a_card() {
    let minefield = || Check {
        fail: true,
        card: Some("Minefield"),
        ..Check::default()
    };
    let mut log = on_mission();
    step(
        &mut log,
        minefield().by("Baker", "demo"),
        &[3],
        vec![rolled_on(
            "Baker",
            "Minefield",
            Heading::Fail,
            d10("Baker", "demo check on Minefield", 3, 5, false),
        )],
    );
    given(log.clone())
        .when_rolling(minefield().by("baker", "demo"), &[8])
        .then_refused(&["Baker already rolled the Fail check on Minefield", "rolled once"]);
    let state = step(
        &mut log,
        minefield().by("Charlie", "demo"),
        &[8],
        vec![rolled_on(
            "Charlie",
            "Minefield",
            Heading::Fail,
            d10("Charlie", "demo check on Minefield", 8, 6, true),
        )],
    );
    assert_eq!(state.mission.as_ref().unwrap().checks.len(), 2);
}

#[test]
fn a_fail_heading_already_succeeded_by_one_soldier_is_still_rolled_by_the_next_to_enter() {
    let minefield = || Check {
        fail: true,
        card: Some("Minefield"),
        ..Check::default()
    };
    let mut log = on_mission();
    step(
        &mut log,
        minefield().by("Baker", "demo"),
        &[9],
        vec![rolled_on(
            "Baker",
            "Minefield",
            Heading::Fail,
            d10("Baker", "demo check on Minefield", 9, 5, true),
        )],
    );
    given(log)
        .when_rolling(minefield().by("Charlie", "demo"), &[1])
        .then([rolled_on(
            "Charlie",
            "Minefield",
            Heading::Fail,
            d10("Charlie", "demo check on Minefield", 1, 6, false),
        )]);
}
