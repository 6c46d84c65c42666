//! The roll itself: success, failure, modifiers, Enduring and Fire, and refused rolls.

use super::*;

#[test]
fn stream_fever_4_is_resisted_on_a_4() {
    let state = given(on_mission())
        .when_rolling(environ("ivanov", "Fever", 4), &[4])
        .then([rolled(
            "Ivanov",
            "fever",
            4,
            d10("Ivanov", "Environ fever 4+ at Stream", 4, 4, true),
        )]);
    assert!(state.pending.is_empty(), "a success awaits nothing");
}

#[test]
fn stream_fever_4_failed_on_a_3_opens_a_pending_decision() {
    let mut log = on_mission();
    let state = step(
        &mut log,
        environ("Ivanov", "fever", 4),
        &[3],
        vec![rolled(
            "Ivanov",
            "fever",
            4,
            d10("Ivanov", "Environ fever 4+ at Stream", 3, 4, false),
        )],
    );
    assert_eq!(
        state.pending,
        vec![PendingEnvironment {
            version: log.len() as u64,
            soldier: "Ivanov".into(),
            environment: "fever".into(),
        }]
    );
}

#[test]
fn an_environment_roll_without_a_location_says_so_in_its_purpose() {
    given(on_mission())
        .when_rolling(
            Command::Environ {
                soldier: "Ivanov".into(),
                environments: vec![("cold".into(), 5)],
                modifiers: vec![NamedModifier {
                    value: 1,
                    source: "Equipment card".into(),
                }],
                location: None,
            },
            &[4],
        )
        .then([Event::EnvironmentRolled(Box::new(EnvironmentRolled {
            soldier: "Ivanov".into(),
            environment: "cold".into(),
            target: 5,
            location: None,
            immune: false,
            roll: Some(Roll {
                modifiers: vec![modifier(1, "Equipment card")],
                total: Some(5),
                success: true,
                ..d10("Ivanov", "Environ cold 5+", 4, 5, true)
            }),
        }))]);
}

#[test]
fn an_enduring_soldier_is_immune_and_rolls_no_die() {
    // `.when` offers no die and no seed: the immune Soldier must not need one.
    let state = given(on_mission())
        .when(environ("Petrov", "cold", 6))
        .then([Event::EnvironmentRolled(Box::new(EnvironmentRolled {
            soldier: "Petrov".into(),
            environment: "cold".into(),
            target: 6,
            location: Some("Stream".into()),
            immune: true,
            roll: None,
        }))]);
    assert!(state.pending.is_empty());
}

#[test]
fn fire_adds_2_to_hot_rolls() {
    given(on_mission())
        .when_rolling(environ("Sokolov", "hot", 6), &[4])
        .then([rolled(
            "Sokolov",
            "hot",
            6,
            Roll {
                modifiers: vec![modifier(2, "keyword Fire")],
                total: Some(6),
                success: true,
                ..d10("Sokolov", "Environ hot 6+ at Stream", 4, 6, true)
            },
        )]);
}

#[test]
fn fire_subtracts_2_from_cold_rolls() {
    given(on_mission())
        .when_rolling(environ("Sokolov", "cold", 4), &[5])
        .then([rolled(
            "Sokolov",
            "cold",
            4,
            Roll {
                modifiers: vec![modifier(-2, "keyword Fire")],
                total: Some(3),
                success: false,
                ..d10("Sokolov", "Environ cold 4+ at Stream", 5, 4, false)
            },
        )]);
}

#[test]
fn fire_does_not_change_fever_rolls() {
    given(on_mission())
        .when_rolling(environ("Sokolov", "fever", 4), &[3])
        .then([rolled(
            "Sokolov",
            "fever",
            4,
            d10("Sokolov", "Environ fever 4+ at Stream", 3, 4, false),
        )]);
}

#[test]
fn an_environment_roll_for_a_soldier_not_on_the_mission_is_refused() {
    given(on_mission())
        .when_rolling(environ("Orlov", "cold", 4), &[5])
        .then_refused(&["Orlov is not in play on Mission 1"]);
}

#[test]
fn an_environment_roll_with_no_mission_in_progress_is_refused() {
    given(on_mission().into_iter().take(5))
        .when_rolling(environ("Ivanov", "cold", 4), &[5])
        .then_refused(&["no Mission is in progress"]);
}

#[test]
fn an_environment_target_off_the_die_is_refused() {
    for target in [0, 11] {
        given(on_mission())
            .when_rolling(environ("Ivanov", "cold", target), &[5])
            .then_refused(&["the Environ target must be from 1 to 10"]);
    }
}

#[test]
fn an_environment_face_off_the_die_is_refused() {
    given(on_mission())
        .when_rolling(environ("Ivanov", "cold", 4), &[11])
        .then_refused(&["1 to 10"]);
}
