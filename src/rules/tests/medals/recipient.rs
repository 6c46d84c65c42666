//! The potential recipient: a recorded die roll among the Soldiers on the Mission, all
//! Soldier types (rule 004 "Potential Medal Recipient").

use super::*;

const LOCATION: &str = "played the Farmhouse Location";

/// Mission 1 with a Player Soldier, an NPS and a Squad Soldier still in play, Charlie downed,
/// Dog killed and Easy discharged; Fox stayed behind. The Military Medal is drawn in turn 1.
fn mixed_squad_with_a_medal() -> Vec<Event> {
    vec![
        canadian_campaign(),
        deck_loaded(),
        enlisted(player("Able")),
        enlisted(card("Baker", SoldierKind::Nps)),
        enlisted(card("Charlie", SoldierKind::Squad)),
        enlisted(player("Dog")),
        enlisted(player("Easy")),
        enlisted(player("Fox")),
        mission_started(1, "Juno Beach", &["Able", "Baker", "Charlie", "Dog", "Easy"]),
        turn_started(1, 1),
        Event::Downed(named("Charlie")),
        Event::Killed(named("Dog")),
        Event::Discharged(named("Easy")),
        drawn(MM, LOCATION, 1),
    ]
}

/// [`on_juno`] in turn 1 with the Military Medal drawn.
fn medal_drawn() -> Vec<Event> {
    let mut log = juno_turn_1();
    log.push(drawn(MM, LOCATION, 1));
    log
}

const CANDIDATES: [&str; 3] = ["Able", "Baker", "Charlie"];

#[test]
fn an_nps_is_picked_by_his_place_among_the_soldiers_not_kia_or_discharged() {
    let state = given(mixed_squad_with_a_medal())
        .when_rolling(roll_recipient("military medal"), &[2])
        .then([recipient_rolled(MM, &CANDIDATES, 2, "Baker")]);
    assert_eq!(deck(&state).drawn[0].recipient.as_deref(), Some("Baker"));
}

#[test]
fn a_squad_soldier_may_be_picked_even_while_downed() {
    given(mixed_squad_with_a_medal())
        .when_rolling(roll_recipient(MM), &[3])
        .then([recipient_rolled(MM, &CANDIDATES, 3, "Charlie")]);
}

#[test]
fn face_1_picks_the_first_soldier_of_the_mission() {
    given(mixed_squad_with_a_medal())
        .when_rolling(roll_recipient(MM), &[1])
        .then([recipient_rolled(MM, &CANDIDATES, 1, "Able")]);
}

#[test]
fn a_face_of_0_is_refused() {
    given(mixed_squad_with_a_medal())
        .when_rolling(roll_recipient(MM), &[0])
        .then_refused(&["a d3 shows 1 to 3; the face 0 is not on the die"]);
}

#[test]
fn a_face_one_past_the_candidates_is_refused() {
    given(mixed_squad_with_a_medal())
        .when_rolling(roll_recipient(MM), &[4])
        .then_refused(&["a d3 shows 1 to 3; the face 4 is not on the die"]);
}

#[test]
fn a_k9_on_the_mission_may_be_picked() {
    let log = vec![
        Event::CampaignCreated(CampaignCreated {
            commands_kept: false,
            game: crate::domain::Game::Modern,
            nation: None,
            expansions: vec![crate::domain::rulebook::Expansion::Medals],
            rules: crate::domain::rules_version::NEWEST,
            unrecognized_expansions: vec![],
        }),
        deck_loaded(),
        enlisted(player("Wong")),
        enlisted(k9("Gizmo", "Wong", 2)),
        enlisted(player("Park")),
        k9_mission_started(1, "Dawn Raid", &["Wong", "Gizmo", "Park"], "Find the cache"),
        drawn(MM, LOCATION, 0),
    ];
    given(log)
        .when_rolling(roll_recipient(MM), &[2])
        .then([recipient_rolled(MM, &["Wong", "Gizmo", "Park"], 2, "Gizmo")]);
}

#[test]
fn the_whole_squad_of_three_rolls_a_d3() {
    given(medal_drawn())
        .when_rolling(roll_recipient(MM), &[3])
        .then([recipient_rolled(MM, &["Able", "Baker", "Charlie"], 3, "Charlie")]);
}

#[test]
fn a_second_recipient_roll_is_refused() {
    let mut log = medal_drawn();
    log.push(recipient_rolled(MM, &["Able", "Baker", "Charlie"], 2, "Baker"));
    given(log)
        .when_rolling(roll_recipient(MM), &[1])
        .then_refused(&["'Military Medal' already has its recipient: Baker"]);
}

#[test]
fn rolling_for_a_medal_not_drawn_is_refused() {
    given(juno_turn_1())
        .when_rolling(roll_recipient(MM), &[1])
        .then_refused(&["the Medal 'Military Medal' is not drawn; drawn now: none"]);
}

#[test]
fn rolling_for_another_medal_than_the_drawn_one_is_refused_naming_it() {
    given(medal_drawn())
        .when_rolling(roll_recipient(DCM), &[1])
        .then_refused(&["the Medal 'Distinguished Conduct Medal' is not drawn; drawn now: Military Medal"]);
}

#[test]
fn rolling_with_no_face_and_no_seed_is_refused() {
    given(medal_drawn())
        .when(roll_recipient(MM))
        .then_refused(&["no die face was given and no dice seed is available"]);
}
