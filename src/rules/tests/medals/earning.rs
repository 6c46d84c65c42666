//! Earning a Medal: the recipient met the requirement, so the sticker goes on him with its RP
//! and the benefit applies at once, even one he could not normally have (rule 004).

use super::*;

const LOCATION: &str = "played the Farmhouse Location";
const MM_REQUIREMENT: &str = "Place 2 EKIA on a Rifle Team this turn";

/// [`juno_turn_1`] with the Military Medal drawn and `recipient` rolled for it.
fn mm_for(recipient: &str, face: u8) -> Vec<Event> {
    let mut log = juno_turn_1();
    log.push(drawn(MM, LOCATION, 1));
    log.push(recipient_rolled(
        MM,
        &["Able", "Baker", "Charlie"],
        face,
        recipient,
    ));
    log
}

fn veteran(soldier: &str) -> Event {
    Event::RpCardGained(RpCard {
        soldier: soldier.into(),
        card: RpCardKind::Skill,
        name: "Veteran".into(),
        rp: 2,
    })
}

#[test]
fn earning_puts_the_sticker_on_him_and_gives_the_skill_benefit() {
    let state = given(mm_for("Able", 1)).when(earn("military medal")).then([
        earned(MM, "Able"),
        sticker_on("Able", MM, 2, MM_REQUIREMENT),
        veteran("Able"),
    ]);
    let able = state.soldier("Able").unwrap();
    assert_eq!(able.medals, vec![sticker(MM, 2)]);
    assert_eq!(able.medal_rp(), 2);
    assert_eq!(able.rp(), 6);
    assert_eq!(able.rp_cards.len(), 1);
    let deck = deck(&state);
    assert!(deck.drawn.is_empty());
    assert_eq!(deck.earned, names(&[MM]));
    assert_eq!(deck.in_deck, names(&[DCM, MC, MID]));
    assert!(state.anomalies.is_empty());
}

#[test]
fn an_nps_earns_a_skill_he_could_not_normally_have() {
    let mut log = vec![
        canadian_campaign(),
        deck_loaded(),
        enlisted(card("Baker", SoldierKind::Nps)),
        mission_started(1, "Juno Beach", &["Baker"]),
        turn_started(1, 1),
        drawn(MM, LOCATION, 1),
    ];
    step(
        &mut log,
        roll_recipient(MM),
        &[1],
        vec![recipient_rolled(MM, &["Baker"], 1, "Baker")],
    );
    let state = step(
        &mut log,
        earn(MM),
        &[],
        vec![
            earned(MM, "Baker"),
            sticker_on("Baker", MM, 2, MM_REQUIREMENT),
            veteran("Baker"),
        ],
    );
    assert_eq!(state.soldier("Baker").unwrap().rp(), 6);
}

#[test]
fn a_hardy_benefit_is_recorded_as_hardy_counters() {
    let mut log = on_juno();
    log.push(drawn_face_down(MC, "the Mission starts", 0));
    log.push(turn_started(1, 1));
    log.push(Event::MedalRevealed(MedalRevealed { medal: MC.into() }));
    log.push(recipient_rolled(MC, &["Able", "Baker", "Charlie"], 2, "Baker"));
    let state = given(log).when(earn(MC)).then([
        earned(MC, "Baker"),
        sticker_on(
            "Baker",
            MC,
            3,
            "Be on the Objective's Location when it is completed",
        ),
        Event::HardyAdjusted(HardyAdjusted {
            soldier: "Baker".into(),
            hardy: "any".into(),
            amount: 1,
            why: "Medal benefit: Gain 1 Hardy Any counter".into(),
        }),
    ]);
    let baker = state.soldier("Baker").unwrap();
    assert_eq!(baker.hardy.get("any"), Some(&1));
    assert_eq!(baker.medal_rp(), 3);
}

#[test]
fn a_benefit_the_tracker_does_not_count_gives_only_the_sticker() {
    let mut log = juno_turn_1();
    log.push(drawn(MID, "played the Caen Objective", 1));
    log.push(recipient_rolled(MID, &["Able", "Baker", "Charlie"], 3, "Charlie"));
    let state = given(log).when(earn(MID)).then([
        earned(MID, "Charlie"),
        sticker_on("Charlie", MID, 1, "Place an EKIA this turn"),
    ]);
    assert_eq!(state.soldier("Charlie").unwrap().rp(), 4);
    assert_eq!(deck(&state).earned, names(&[MID]));
}

#[test]
fn earning_without_a_recipient_is_refused() {
    let mut log = juno_turn_1();
    log.push(drawn(MM, LOCATION, 1));
    given(log).when(earn(MM)).then_refused(&[
        "'Military Medal' has no recipient yet",
        "roll one with `muster medal recipient \"Military Medal\"`",
    ]);
}

#[test]
fn earning_while_the_recipient_is_downed_is_refused() {
    let mut log = mm_for("Able", 1);
    log.push(Event::Downed(named("Able")));
    given(log)
        .when(earn(MM))
        .then_refused(&["Able is downed", "a Medal sticker goes only on an active Soldier"]);
}

#[test]
fn earning_after_the_recipient_was_killed_is_refused() {
    let mut log = mm_for("Able", 1);
    log.push(Event::Killed(named("Able")));
    given(log)
        .when(earn(MM))
        .then_refused(&["Able is kia", "a Medal sticker goes only on an active Soldier"]);
}

#[test]
fn earning_after_the_recipient_recovered_is_accepted() {
    let mut log = mm_for("Baker", 2);
    log.push(Event::Downed(named("Baker")));
    log.push(Event::Recovered(named("Baker")));
    given(log).when(earn(MM)).then([
        earned(MM, "Baker"),
        sticker_on("Baker", MM, 2, MM_REQUIREMENT),
        veteran("Baker"),
    ]);
}

#[test]
fn earning_a_medal_nobody_drew_is_refused() {
    given(juno_turn_1())
        .when(earn(MM))
        .then_refused(&["the Medal 'Military Medal' is not drawn; drawn now: none"]);
}

#[test]
fn earning_the_same_medal_twice_is_refused() {
    let mut log = mm_for("Able", 1);
    log.extend([
        earned(MM, "Able"),
        sticker_on("Able", MM, 2, MM_REQUIREMENT),
        veteran("Able"),
    ]);
    given(log)
        .when(earn(MM))
        .then_refused(&["the Medal 'Military Medal' is not drawn; drawn now: none"]);
}

#[test]
fn an_earned_medal_stays_earned_when_the_mission_ends() {
    let mut log = mm_for("Able", 1);
    log.extend([
        earned(MM, "Able"),
        sticker_on("Able", MM, 2, MM_REQUIREMENT),
        veteran("Able"),
    ]);
    // The squad started at 12 RP and lost nobody: a Skill gained on the way changes nothing.
    let state = given(log)
        .when(end(None))
        .then([mission_ended_computed(1, 12, 12)]);
    assert_eq!(deck(&state).earned, names(&[MM]));
    assert_eq!(state.soldier("Able").unwrap().medals, vec![sticker(MM, 2)]);
}
