//! Rules 9 in K9 & Handlers (rule 000): one of the pair Entering first while the other is out
//! of action fails the card, a roll not made is not paid for, and a card's effect deals what
//! the rules record.

use super::*;

use crate::domain::rules_version::TABLE_SIZED;
use crate::rules::harness::Played;

/// `events` with the campaign created under rules 8.
fn under_rules_8(mut events: Vec<Event>) -> Vec<Event> {
    if let Some(Event::CampaignCreated(created)) = events.first_mut() {
        created.rules = TABLE_SIZED;
    }
    events
}

#[test]
fn from_rules_9_the_handler_entering_first_without_his_downed_k9_fails_the_card() {
    let mut log = on_mission();
    log.push(Event::Downed(named("Gizmo")));
    let mut played = Played::new(log.clone());
    played.play(draw(Some("Wong")), &[]);
    let state = played.state();
    assert!(state.mission_in_progress().is_some_and(|m| m.encounter.is_none()));
    assert_eq!(
        state.soldier("Wong").map(|s| s.wounds),
        Some(1),
        "the Failure is suffered"
    );
    // Under rules 8 no one of the pair could be named, and the draw was refused.
    given(under_rules_8(log))
        .when(draw(Some("Wong")))
        .then_refused(&["Gizmo is downed, so the Handler and his K9 cannot Enter first"]);
}

#[test]
fn from_rules_9_a_roll_not_made_is_not_paid_for() {
    // The card's first roll is Gizmo's Threat, which he does not have.
    let mut card = buried_explosive();
    card.rolls[0].ability = "threat".into();
    let mut log = on_mission();
    log.push(Event::K9EncounterDrawn(Box::new(K9EncounterDrawn {
        mission: 1,
        card: card.clone(),
        k9: "Gizmo".into(),
        handler: "Wong".into(),
        first_in: "Wong".into(),
    })));
    given(log.clone())
        .when(roll(&[Resource::Discipline]))
        .then_refused(&["Gizmo has no threat ability", "leave out --pay"]);
    // Unpaid, it fails without a roll.
    let failed = given(log.clone()).when(roll(&[])).result.expect("recorded");
    assert!(
        failed
            .iter()
            .any(|e| matches!(e, Event::K9RollMade(r) if !r.roll.success)),
        "{failed:?}"
    );
    // Under rules 8 the Discipline was spent on it.
    let paid = given(under_rules_8(log))
        .when(roll(&[Resource::Discipline]))
        .result
        .expect("recorded under rules 8");
    assert!(
        paid.iter().any(|e| matches!(e, Event::DisciplineSpent(_))),
        "{paid:?}"
    );
}

#[test]
fn from_rules_9_a_card_dealing_no_wound_is_refused_at_the_draw() {
    let mut card = buried_explosive();
    card.failure.effects[0].amount = 0;
    let draw = || Command::DrawEncounter {
        card: Box::new(card.clone()),
        first_in: None,
    };
    given(on_mission())
        .when(draw())
        .then_refused(&["has an effect of 0 Wound", "1 to 20"]);
    assert!(
        Played::new(under_rules_8(on_mission()))
            .try_play(&draw(), &[])
            .is_ok()
    );
}

#[test]
fn from_rules_9_an_ekia_on_an_encounter_drawn_this_mission_is_refused() {
    // The Encounter was drawn and its Failure suffered: it is over, but drawn this Mission.
    let mut log = after_wongs_failure();
    log.extend(failure());
    let ekia = || Command::RecordEkia {
        soldier: "Park".into(),
        hostile: "buried explosive".into(),
        value: 5,
    };
    given(log.clone()).when(ekia()).then_refused(&[
        &format!("'{CARD}' is a K9 Encounter drawn this Mission"),
        "gives no XP",
    ]);
    let earlier = given(under_rules_8(log)).when(ekia()).result;
    assert!(earlier.is_ok(), "recorded under rules 8: {earlier:?}");
}
