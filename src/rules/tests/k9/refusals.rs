//! Refused draws and rolls, and the turn and the Mission's end held up by an open Encounter.

use super::*;

#[test]
fn a_roll_is_refused_when_the_handler_was_downed_mid_mission() {
    let mut log = on_mission();
    log.extend([drawn("Wong"), Event::Downed(named("Wong"))]);
    given(log)
        .when_rolling(roll(&[Resource::Discipline]), &[9])
        .then_refused(&[
            "Wong is not active on Mission 1",
            "needs both the Handler and his K9",
        ]);
}

#[test]
fn a_roll_is_refused_when_the_k9_was_downed_mid_mission() {
    let mut log = after_gizmos_roll();
    log.push(Event::Downed(named("Gizmo")));
    given(log.clone())
        .when_rolling(roll(&[Resource::Discards]), &[9])
        .then_refused(&["Gizmo is not active on Mission 1"]);
    given(log)
        .when_rolling(Command::IgnoreEncounter, &[9])
        .then_refused(&["Gizmo is not active on Mission 1"]);
}

#[test]
fn drawing_with_no_k9_on_the_mission_is_refused() {
    let mut log = squad();
    log.push(mission_started(1, "Dawn Raid", &["Wong", "Park"]));
    log.push(Event::TurnStarted(TurnStarted { mission: 1, turn: 1 }));
    given(log)
        .when(draw(None))
        .then_refused(&["no K9 is on Mission 1", "a K9 and his Handler"]);
}

#[test]
fn from_rules_2_drawing_before_the_first_turn_set_the_discipline_is_refused() {
    // Rule 000: "At the start of the 1st Turn, place Discipline counters on the K9 card equal
    // to the K9's Discipline Stat."
    let mut log = squad();
    log.push(k9_mission_started(
        1,
        "Dawn Raid",
        &["Wong", "Gizmo"],
        "Find the cache",
    ));
    given(log.clone())
        .when(draw(None))
        .then_refused(&["has not begun its first turn", "muster turn"]);
    let result = given(under_the_first_rules(log)).when(draw(None)).result;
    assert!(result.is_ok(), "the first rules drew before turn 1: {result:?}");
}

#[test]
fn drawing_with_no_mission_in_progress_is_refused() {
    given(squad())
        .when(draw(None))
        .then_refused(&["no Mission is in progress"]);
}

#[test]
fn drawing_while_an_encounter_is_open_is_refused() {
    given(after_gizmos_roll()).when(draw(None)).then_refused(&[
        "the Encounter 'Buried Explosive' is still open",
        "finish it before drawing another",
    ]);
}

#[test]
fn rolling_with_no_encounter_open_is_refused() {
    for command in [
        roll(&[]),
        Command::IgnoreEncounter,
        Command::AcceptFailure,
        retry(&[]),
    ] {
        given(on_mission())
            .when_rolling(command, &[5])
            .then_refused(&["no K9 Encounter is open", "muster k9 draw"]);
    }
}

#[test]
fn a_card_without_a_retry_suffers_the_failure_on_the_failed_roll() {
    let card = EncounterCard {
        retry: None,
        ..buried_explosive()
    };
    let mut log = on_mission();
    log.push(Event::K9EncounterDrawn(Box::new(K9EncounterDrawn {
        mission: 1,
        card: card.clone(),
        k9: "Gizmo".into(),
        handler: "Wong".into(),
        first_in: "Wong".into(),
    })));
    let mut expected = vec![k9_roll(
        EncounterStep::Roll(0),
        Roll {
            modifiers: vec![modifier(-1, "card")],
            total: Some(4),
            success: false,
            ..d10("Gizmo", ROLL_1, 5, 5, false)
        },
    )];
    expected.extend(failure());
    let state = step(&mut log, roll(&[]), &[5], expected);
    assert_eq!(state.mission.as_ref().unwrap().encounter, None);
    given(log)
        .when(Command::AcceptFailure)
        .then_refused(&["no K9 Encounter is open"]);
}

#[test]
fn the_next_turn_and_the_mission_end_are_refused_while_an_encounter_is_open() {
    for log in [after_gizmos_roll(), after_wongs_failure()] {
        given(log.clone()).when(Command::NextTurn).then_refused(&[
            "the K9 Encounter 'Buried Explosive' is still open",
            "finish it first",
        ]);
        for result in [MissionResult::Success, MissionResult::Failure] {
            given(log.clone())
                .when(Command::EndMission {
                    result,
                    rp_award: None,
                })
                .then_refused(&["the K9 Encounter 'Buried Explosive' is still open"]);
        }
        given(log)
            .when(Command::ResolveK9Objective)
            .then_refused(&["the K9 Encounter 'Buried Explosive' is still open"]);
    }
}

#[test]
fn once_the_encounter_is_resolved_the_next_turn_goes_ahead() {
    let mut log = after_wongs_failure();
    log.extend(failure());
    given(log)
        .when(Command::NextTurn)
        .then([Event::TurnStarted(TurnStarted { mission: 1, turn: 2 })]);
}

#[test]
fn from_rules_8_a_cards_roll_listing_one_resource_twice_is_refused() {
    use crate::domain::k9::PaidOption;
    let mut card = buried_explosive();
    card.rolls[0].options.push(PaidOption {
        amount: 2,
        bonus: 9,
        resource: Resource::Discipline,
    });
    let draw = || Command::DrawEncounter {
        card: Box::new(card.clone()),
        first_in: None,
    };
    given(on_mission()).when(draw()).then_refused(&[
        "lists two options paid with discipline on one roll",
        "each resource is listed once",
    ]);
    // Under rules 7 the card is drawn, as it was.
    let mut earlier = on_mission();
    if let Some(Event::CampaignCreated(created)) = earlier.first_mut() {
        created.rules = crate::domain::rules_version::LIVING_SPOOK_PRINTED_MEDALS;
    }
    assert!(
        crate::rules::harness::Played::new(earlier)
            .try_play(&draw(), &[])
            .is_ok()
    );
}

#[test]
fn from_rules_8_with_the_handler_out_of_action_the_card_is_drawn_as_another_enters_and_fails() {
    let mut log = on_mission();
    log.push(Event::Downed(named("Wong")));
    given(log.clone()).when(draw(None)).then_refused(&[
        "Wong is downed, so the Handler and his K9 cannot Enter first",
        "--first SOLDIER",
    ]);
    let mut played = crate::rules::harness::Played::new(log.clone());
    let drawn_at = played.play(draw(Some("Park")), &[]);
    let state = played.state();
    // Its rolls failed at once: the Encounter is over, its Failure suffered.
    assert!(state.mission_in_progress().is_some_and(|m| m.encounter.is_none()));
    let wong = state.soldier("Wong").map(|s| s.wounds);
    assert_eq!(wong, Some(1), "the Failure wounds the Downed Handler too");
    // The draw is the rules' answer when decided again (the setup's own rows aside).
    let findings = played.findings("decide");
    assert!(
        findings.iter().all(|(v, _)| v.is_some_and(|v| v < drawn_at)),
        "{findings:?}"
    );
    // Under rules 7 the draw is refused, as it was.
    let mut earlier = log;
    if let Some(Event::CampaignCreated(created)) = earlier.first_mut() {
        created.rules = crate::domain::rules_version::LIVING_SPOOK_PRINTED_MEDALS;
    }
    given(earlier)
        .when(draw(Some("Park")))
        .then_refused(&["a K9 Encounter is drawn only while the Handler and his K9 both are"]);
}

#[test]
fn the_turn_held_up_by_an_encounter_whose_pair_is_out_of_action_names_only_its_failure() {
    let mut log = on_mission();
    log.extend([drawn("Wong"), Event::Downed(named("Wong"))]);
    given(log)
        .when(Command::NextTurn)
        .then_refused(&["Wong is out of action, so suffer its Failure (`muster k9 accept`)"]);
}

#[test]
fn with_two_pairs_another_soldier_entering_first_is_refused_saying_why() {
    let mut log = squad();
    log.extend([
        enlisted(handler("Lee")),
        enlisted(k9("Rex", "Lee", 1)),
        k9_mission_started(
            1,
            "Location 2",
            &["Wong", "Gizmo", "Lee", "Rex", "Park"],
            "Find the cache",
        ),
        Event::TurnStarted(TurnStarted { mission: 1, turn: 1 }),
    ]);
    given(log.clone()).when(draw(Some("Park"))).then_refused(&[
        "Park is none of their Handlers or K9s",
        "cannot tell whose Encounter",
    ]);
    given(log)
        .when(draw(None))
        .then_refused(&["name with --first the Handler or K9 who Entered"]);
}
