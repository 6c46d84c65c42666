//! Who Enters first, and Ignoring the Encounter.

use super::*;

#[test]
fn another_soldier_entering_first_fails_the_rolls_at_once() {
    let mut log = on_mission();
    let mut expected = vec![drawn("Park")];
    expected.extend(failure());
    let state = step(&mut log, draw(Some("park")), &[], expected);
    assert_eq!(
        state.mission.as_ref().unwrap().encounter,
        None,
        "nothing is left open"
    );
    for name in ["Wong", "Gizmo"] {
        assert_eq!(state.soldier(name).unwrap().wounds, 1, "{name}");
    }
    assert_eq!(state.soldier("Park").unwrap().wounds, 0);
}

#[test]
fn the_k9_entering_first_rolls_as_usual() {
    let state = given(on_mission())
        .when(draw(Some("Gizmo")))
        .then([drawn("Gizmo")]);
    assert!(state.mission.as_ref().unwrap().encounter.is_some());
}

#[test]
fn a_first_in_who_is_not_on_the_mission_is_refused() {
    given(on_mission())
        .when(draw(Some("Kim")))
        .then_refused(&["Kim is not on Mission 1", "Wong, Gizmo, Park"]);
}

#[test]
fn ignoring_on_a_3_discards_the_encounter() {
    let mut log = on_mission();
    log.push(drawn("Wong"));
    let state = step(
        &mut log,
        Command::IgnoreEncounter,
        &[3],
        vec![
            k9_roll(
                EncounterStep::Ignore,
                d10("Wong", "k9 encounter: Buried Explosive, Ignore", 3, 3, true),
            ),
            resolved(EncounterEnd::Discarded, "Ignored: the Encounter is discarded"),
        ],
    );
    assert_eq!(state.mission.as_ref().unwrap().encounter, None);
    assert_eq!(state.soldier("Wong").unwrap().wounds, 0);
}

#[test]
fn ignoring_on_a_2_suffers_the_failure() {
    let mut expected = vec![k9_roll(
        EncounterStep::Ignore,
        d10("Wong", "k9 encounter: Buried Explosive, Ignore", 2, 3, false),
    )];
    expected.extend(failure());
    let mut log = on_mission();
    log.push(drawn("Wong"));
    let state = step(&mut log, Command::IgnoreEncounter, &[2], expected);
    assert_eq!(state.mission.as_ref().unwrap().encounter, None);
}

#[test]
fn ignoring_is_refused_once_the_rolls_have_begun() {
    given(after_gizmos_roll())
        .when_rolling(Command::IgnoreEncounter, &[9])
        .then_refused(&["the Encounter's rolls have begun", "before the first roll"]);
    given(after_wongs_failure())
        .when_rolling(Command::IgnoreEncounter, &[9])
        .then_refused(&["the Encounter's rolls have begun"]);
}
