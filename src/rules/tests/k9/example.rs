//! The rulebook's worked example step for step, and the choice after Wong's failed roll:
//! accepting the Failure or retrying.

use super::*;

#[test]
fn the_card_written_here_is_the_fixture_card_file() {
    let file = crate::catalog::encounter_card::parse(
        include_str!("../../../../fixtures/cards/buried-explosive.json"),
        "fixtures/cards/buried-explosive.json",
    )
    .unwrap();
    assert_eq!(file, buried_explosive());
}

#[test]
fn the_rulebooks_worked_example_replays_step_for_step() {
    let mut log = on_mission();
    // Wong places the new Location and draws the K9 Encounter; he Enters first.
    let state = step(&mut log, draw(None), &[], vec![drawn("Wong")]);
    let open = state.mission.as_ref().unwrap().encounter.as_ref().unwrap();
    assert_eq!((open.next_roll, open.awaiting_choice), (0, false));

    // Gizmo: Bomb 5+, card −1, pays 1 Discipline for +4, rolls 4: 4 − 1 + 4 = 7 ≥ 5.
    let state = step(
        &mut log,
        roll(&[Resource::Discipline]),
        &[4],
        vec![
            discipline_spent(PAID_ROLL_1),
            k9_roll(
                EncounterStep::Roll(0),
                Roll {
                    who: "Gizmo".into(),
                    purpose: ROLL_1.into(),
                    die: "d10".into(),
                    faces: vec![4],
                    source: Some(crate::domain::roll::Source::Entered),
                    target: Some(5),
                    modifiers: vec![modifier(-1, "card"), modifier(4, "paid 1 Discipline")],
                    costs: vec![cost("discipline", 1)],
                    total: Some(7),
                    success: true,
                    dice: None,
                },
            ),
        ],
    );
    assert_eq!(state.soldier("Gizmo").unwrap().discipline, Some(1));
    let open = state.mission.as_ref().unwrap().encounter.as_ref().unwrap();
    assert_eq!((open.next_roll, open.awaiting_choice), (1, false));

    // Wong: Handler 7+, discards 2 cards for +3, declines the XP, rolls 6: 6 + 3 = 9 ≥ 7.
    let state = step(
        &mut log,
        roll(&[Resource::Discards]),
        &[6],
        vec![
            k9_roll(
                EncounterStep::Roll(1),
                Roll {
                    who: "Wong".into(),
                    purpose: "k9 encounter: Buried Explosive, roll 2 (handler)".into(),
                    die: "d10".into(),
                    faces: vec![6],
                    source: Some(crate::domain::roll::Source::Entered),
                    target: Some(7),
                    modifiers: vec![modifier(3, "discarded 2 cards")],
                    costs: vec![cost("discards", 2)],
                    total: Some(9),
                    success: true,
                    dice: None,
                },
            ),
            resolved(EncounterEnd::Reward, REWARD),
        ],
    );
    let mission = state.mission.as_ref().unwrap();
    assert_eq!(mission.encounter, None, "the Reward closes the Encounter");
    // No XP for the Encounter's Hostile value (5), and nobody is hurt.
    for name in ["Wong", "Gizmo"] {
        let soldier = state.soldier(name).unwrap();
        assert_eq!(
            (soldier.xp, soldier.wounds, soldier.status),
            (0, 0, Status::Active),
            "{name}"
        );
    }
    assert_eq!(state.soldier("Gizmo").unwrap().discipline, Some(1));
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
    // The recorded rolls recompute to what they say.
    for event in &log {
        if let Some(roll) = event.roll() {
            assert_eq!(roll.recompute(), (roll.total, roll.success), "{roll:?}");
        }
    }
}

#[test]
fn wongs_failed_roll_awaits_the_choice_instead_of_resolving() {
    let mut log = after_gizmos_roll();
    let state = step(
        &mut log,
        roll(&[Resource::Discards]),
        &[2],
        vec![k9_roll(EncounterStep::Roll(1), wong_discarding(2, 5, false))],
    );
    let open = state.mission.as_ref().unwrap().encounter.as_ref().unwrap();
    assert_eq!((open.next_roll, open.awaiting_choice), (2, true));
    given(log).when_rolling(roll(&[]), &[9]).then_refused(&[
        "a roll failed and the card offers a choice",
        "muster k9 accept",
        "muster k9 retry",
    ]);
}

#[test]
fn accepting_the_failure_wounds_wong_and_gizmo_once_each() {
    let mut log = after_wongs_failure();
    let state = step(&mut log, Command::AcceptFailure, &[], failure());
    assert_eq!(state.mission.as_ref().unwrap().encounter, None);
    for name in ["Wong", "Gizmo"] {
        let soldier = state.soldier(name).unwrap();
        assert_eq!(
            (soldier.wounds, soldier.status, soldier.xp),
            (1, Status::Active, 0),
            "{name}"
        );
    }
}

#[test]
fn a_failed_retry_paying_another_discipline_kills_wong_and_gizmo() {
    // Gizmo pays his second Discipline and rolls 1: 1 − 1 + 4 = 4 < 5.
    let mut log = after_wongs_failure();
    let state = step(
        &mut log,
        retry(&[Resource::Discipline]),
        &[1],
        vec![
            discipline_spent(PAID_RETRY),
            k9_roll(EncounterStep::Retry, gizmo_paid(RETRY, 1, 4, false)),
            resolved(EncounterEnd::MajorFailure, MAJOR),
            Event::Killed(named("Wong")),
            Event::Killed(named("Gizmo")),
        ],
    );
    assert_eq!(state.mission.as_ref().unwrap().encounter, None);
    assert_eq!(state.soldier("Gizmo").unwrap().discipline, Some(0));
    for name in ["Wong", "Gizmo"] {
        assert_eq!(state.soldier(name).unwrap().status, Status::Kia, "{name}");
    }
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
}

#[test]
fn a_failed_retry_removes_the_medal_stickers_of_the_killed() {
    let mut log = squad();
    log.push(medal_awarded("Wong", "Bronze Star", 2));
    log.extend(after_wongs_failure().into_iter().skip(squad().len()));
    let state = step(
        &mut log,
        retry(&[Resource::Discipline]),
        &[1],
        vec![
            discipline_spent(PAID_RETRY),
            k9_roll(EncounterStep::Retry, gizmo_paid(RETRY, 1, 4, false)),
            resolved(EncounterEnd::MajorFailure, MAJOR),
            Event::Killed(named("Wong")),
            Event::MedalStickersRemoved(MedalStickersRemoved {
                soldier: "Wong".into(),
                medals: vec![sticker("Bronze Star", 2)],
                because: "kia".into(),
            }),
            Event::Killed(named("Gizmo")),
        ],
    );
    assert!(state.soldier("Wong").unwrap().medals.is_empty());
}

#[test]
fn a_successful_retry_gains_the_reward() {
    // 3 − 1 + 4 = 6 ≥ 5.
    let mut log = after_wongs_failure();
    let state = step(
        &mut log,
        retry(&[Resource::Discipline]),
        &[3],
        vec![
            discipline_spent(PAID_RETRY),
            k9_roll(EncounterStep::Retry, gizmo_paid(RETRY, 3, 6, true)),
            resolved(EncounterEnd::Reward, REWARD),
        ],
    );
    assert_eq!(state.mission.as_ref().unwrap().encounter, None);
    for name in ["Wong", "Gizmo"] {
        let soldier = state.soldier(name).unwrap();
        assert_eq!(
            (soldier.xp, soldier.wounds, soldier.status),
            (0, 0, Status::Active),
            "{name}"
        );
    }
}

#[test]
fn a_retry_without_paying_tests_the_card_modifier_alone() {
    // 6 − 1 = 5 ≥ 5.
    given(after_wongs_failure()).when_rolling(retry(&[]), &[6]).then([
        k9_roll(
            EncounterStep::Retry,
            Roll {
                modifiers: vec![modifier(-1, "card")],
                total: Some(5),
                success: true,
                ..d10("Gizmo", RETRY, 6, 5, true)
            },
        ),
        resolved(EncounterEnd::Reward, REWARD),
    ]);
}

#[test]
fn accept_and_retry_are_refused_before_a_roll_has_failed() {
    let log = after_gizmos_roll();
    given(log.clone())
        .when(Command::AcceptFailure)
        .then_refused(&["'Buried Explosive' is not awaiting a choice"]);
    given(log)
        .when_rolling(retry(&[]), &[6])
        .then_refused(&["'Buried Explosive' is not awaiting a choice"]);
}
