//! Refused checks: a face off the die, no die, no Mission, and who may check.

use super::*;

#[test]
fn a_face_off_the_die_is_refused() {
    for face in [0, 11] {
        given(on_mission())
            .when_rolling(check("Baker", "demo"), &[face])
            .then_refused(&["1 to 10", &format!("the face {face} is not on the die")]);
    }
}

#[test]
fn a_check_with_no_die_and_no_seed_is_refused() {
    given(on_mission())
        .when(check("Baker", "demo"))
        .then_refused(&["no die face was given and no dice seed is available", "--die N"]);
}

#[test]
fn a_check_with_no_mission_in_progress_is_refused() {
    given(squad())
        .when_rolling(check("Baker", "demo"), &[5])
        .then_refused(&["no Mission is in progress"]);
}

#[test]
fn a_check_for_a_soldier_not_on_the_mission_is_refused() {
    given(on_mission())
        .when_rolling(check("Dog", "demo"), &[5])
        .then_refused(&[
            "Dog cannot make a check",
            "only an active Soldier on Mission 1 can",
            "Able, Baker, Charlie",
        ]);
}

#[test]
fn a_check_for_a_downed_soldier_on_the_mission_is_refused() {
    let mut events = on_mission();
    events.push(Event::Downed(named("Baker")));
    given(events)
        .when_rolling(check("Baker", "demo"), &[5])
        .then_refused(&["Baker cannot make a check", "Mission 1 can (Able, Charlie)"]);
}

#[test]
fn a_check_for_an_unknown_soldier_is_refused() {
    given(on_mission())
        .when_rolling(check("Easy", "demo"), &[5])
        .then_refused(&["no Soldier named 'Easy'"]);
}
