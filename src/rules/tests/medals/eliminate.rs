//! "Eliminate": the recipient must be the only Soldier to inflict Suppression and EKIA
//! results on the Hostile card; once another Soldier does, the Medal is lost for it (rule 004).

use super::*;
use crate::domain::rules_version::WHAT_HAPPENED_ONCE;

const WOUNDED: &str = "Baker was Wounded";
const DCM_REQUIREMENT: &str = "Eliminate the Hostile card named when drawn";

/// [`juno_turn_1`] with the Distinguished Conduct Medal drawn on the Sniper, Able its
/// recipient.
fn able_to_eliminate_the_sniper() -> Vec<Event> {
    let mut log = juno_turn_1();
    log.push(drawn_on(DCM, WOUNDED, 1, SNIPER));
    log.push(recipient_rolled(DCM, &["Able", "Baker", "Charlie"], 1, "Able"));
    log
}

fn lost_to(soldier: &str, what: &str, hostile: &str) -> Event {
    lost(
        DCM,
        MedalReturn::Deck,
        &format!("{soldier} placed {what} on the {hostile}, which Able had to Eliminate alone"),
    )
}

/// The events of Able earning the Distinguished Conduct Medal.
fn dcm_earned_by_able() -> Vec<Event> {
    vec![
        earned(DCM, "Able"),
        sticker_on("Able", DCM, 3, DCM_REQUIREMENT),
        Event::XpAdjusted(XpAdjusted {
            soldier: "Able".into(),
            amount: 2,
            why: "Medal benefit: Gain 2 XP".into(),
        }),
    ]
}

#[test]
fn another_soldiers_suppression_loses_the_medal_in_the_same_decision() {
    let state = given(able_to_eliminate_the_sniper())
        .when(suppress("baker", SNIPER))
        .then([
            suppressed("Baker", SNIPER),
            lost_to("Baker", "a Suppression", SNIPER),
        ]);
    let deck = deck(&state);
    assert!(deck.drawn.is_empty());
    assert_eq!(deck.in_deck, names(&[MM, MC, MID, DCM]));
}

#[test]
fn another_soldiers_ekia_loses_the_medal_in_the_same_decision() {
    let state = given(able_to_eliminate_the_sniper())
        .when(ekia("Charlie", SNIPER, 2))
        .then([
            ekia_recorded("Charlie", SNIPER, 2),
            lost_to("Charlie", "an EKIA", SNIPER),
        ]);
    assert!(deck(&state).drawn.is_empty());
    assert_eq!(state.soldier("Charlie").unwrap().xp, 2);
}

#[test]
fn the_hostile_is_matched_without_case() {
    given(able_to_eliminate_the_sniper())
        .when(suppress("Baker", "sniper"))
        .then([
            suppressed("Baker", "sniper"),
            lost_to("Baker", "a Suppression", "sniper"),
        ]);
}

#[test]
fn another_soldiers_hit_after_the_recipients_own_still_loses_it() {
    let mut log = able_to_eliminate_the_sniper();
    log.push(suppressed("Able", SNIPER));
    given(log).when(ekia("Baker", SNIPER, 1)).then([
        ekia_recorded("Baker", SNIPER, 1),
        lost_to("Baker", "an EKIA", SNIPER),
    ]);
}

#[test]
fn the_recipients_own_suppression_keeps_the_medal() {
    let state = given(able_to_eliminate_the_sniper())
        .when(suppress("Able", SNIPER))
        .then([suppressed("Able", SNIPER)]);
    assert_eq!(deck(&state).drawn.len(), 1);
}

#[test]
fn the_recipients_own_ekia_keeps_the_medal() {
    let state = given(able_to_eliminate_the_sniper())
        .when(ekia("able", SNIPER, 2))
        .then([ekia_recorded("Able", SNIPER, 2)]);
    assert_eq!(deck(&state).drawn.len(), 1);
}

#[test]
fn another_soldiers_hit_on_another_hostile_keeps_the_medal() {
    let state = given(able_to_eliminate_the_sniper())
        .when(ekia("Baker", "Rifle Team", 1))
        .then([ekia_recorded("Baker", "Rifle Team", 1)]);
    assert_eq!(deck(&state).drawn.len(), 1);
}

#[test]
fn earning_after_eliminating_the_hostile_alone_gives_the_xp_benefit() {
    let mut log = able_to_eliminate_the_sniper();
    step(
        &mut log,
        suppress("Able", SNIPER),
        &[],
        vec![suppressed("Able", SNIPER)],
    );
    step(
        &mut log,
        ekia("Able", SNIPER, 2),
        &[],
        vec![ekia_recorded("Able", SNIPER, 2)],
    );
    let state = step(&mut log, earn(DCM), &[], dcm_earned_by_able());
    let able = state.soldier("Able").unwrap();
    assert_eq!(able.xp, 4);
    assert_eq!(able.medals, vec![sticker(DCM, 3)]);
    assert_eq!(deck(&state).earned, names(&[DCM]));
}

#[test]
fn earning_without_a_hit_on_the_hostile_is_refused() {
    given(able_to_eliminate_the_sniper())
        .when(earn(DCM))
        .then_refused(&[
            "Able has placed no Suppression or EKIA on the Sniper",
            "Eliminate needs him to inflict all of them",
        ]);
}

#[test]
fn earning_with_hits_only_on_another_hostile_is_refused() {
    let mut log = able_to_eliminate_the_sniper();
    log.push(ekia_recorded("Able", "Rifle Team", 1));
    given(log)
        .when(earn(DCM))
        .then_refused(&["Able has placed no Suppression or EKIA on the Sniper"]);
}

#[test]
fn before_the_recipient_is_rolled_a_hit_decides_nothing_at_once() {
    let mut log = juno_turn_1();
    log.push(drawn_on(DCM, WOUNDED, 1, SNIPER));
    given(log)
        .when(suppress("Baker", SNIPER))
        .then([suppressed("Baker", SNIPER)]);
}

#[test]
fn a_k9_cannot_suppress_a_hostile() {
    let log = vec![
        Event::CampaignCreated(CampaignCreated {
            commands_kept: false,
            game: crate::domain::Game::Modern,
            nation: None,
            expansions: vec![crate::domain::rulebook::Expansion::Medals],
            rules: crate::domain::rules_version::NEWEST,
            unrecognized_expansions: vec![],
        }),
        enlisted(player("Wong")),
        enlisted(k9("Gizmo", "Wong", 2)),
        k9_mission_started(1, "Dawn Raid", &["Wong", "Gizmo"], "Find the cache"),
    ];
    given(log)
        .when(suppress("Gizmo", SNIPER))
        .then_refused(&["Gizmo is a K9", "cannot perform Attacks against Hostiles"]);
}

#[test]
fn a_soldier_off_the_mission_cannot_suppress_a_hostile() {
    let mut log = squad();
    log.push(mission_started(1, "Juno Beach", &["Able", "Baker"]));
    given(log)
        .when(suppress("Charlie", SNIPER))
        .then_refused(&["Charlie cannot attack", "Able, Baker"]);
}

#[test]
fn a_downed_soldiers_suppression_is_refused_listing_only_the_active() {
    let mut log = juno_turn_1();
    log.push(Event::Downed(named("Charlie")));
    log.push(Event::Killed(named("Baker")));
    given(log)
        .when(suppress("Charlie", SNIPER))
        .then_refused(&["Charlie cannot attack", "Mission 1 can (Able)"]);
}

/// Baker suppressed the Sniper after the Medal was drawn but before its recipient was rolled,
/// when no Medal had a recipient to lose. Able, rolled and hitting the Sniper himself, is
/// among those who hit it but not the only one: rule 004, he "must be the only Soldier to
/// inflict all Suppression and EKIA results on the Hostile card", so he cannot earn it.
#[test]
fn a_hit_by_another_soldier_between_the_draw_and_the_recipient_roll_stops_the_earning() {
    let mut log = juno_turn_1();
    log.push(drawn_on(DCM, WOUNDED, 1, SNIPER));
    log.push(suppressed("Baker", SNIPER));
    log.push(recipient_rolled(DCM, &["Able", "Baker", "Charlie"], 1, "Able"));
    log.push(ekia_recorded("Able", SNIPER, 2));
    given(log).when(earn(DCM)).then_refused(&["Baker"]);
}

/// Baker's EKIA on the Sniper came before the Medal was drawn on it: Able, rolled and hitting
/// it too, cannot be the only Soldier to have inflicted results on that Hostile card.
#[test]
fn a_hit_by_another_soldier_before_the_draw_stops_the_earning() {
    let mut log = juno_turn_1();
    log.push(ekia_recorded("Baker", SNIPER, 1));
    log.push(drawn_on(DCM, WOUNDED, 1, SNIPER));
    log.push(recipient_rolled(DCM, &["Able", "Baker", "Charlie"], 1, "Able"));
    log.push(ekia_recorded("Able", SNIPER, 2));
    given(log).when(earn(DCM)).then_refused(&["Baker"]);
}

/// The MG Nest, as a Hostile name typed with a doubled space.
const MG_NEST: &str = "MG Nest";

#[test]
fn from_rules_10_a_hostile_name_is_read_however_spaced() {
    let mut log = juno_turn_1();
    log.push(drawn_on(DCM, WOUNDED, 1, MG_NEST));
    log.push(recipient_rolled(DCM, &["Able", "Baker", "Charlie"], 3, "Charlie"));
    let why = "Able placed an EKIA on the MG  Nest, which Charlie had to Eliminate alone";
    given(log.clone()).when(ekia("Able", "MG  Nest", 1)).then([
        ekia_recorded("Able", "MG  Nest", 1),
        lost(DCM, MedalReturn::Deck, why),
    ]);
    // Under rules 9 the doubled space named another Hostile.
    given(under(WHAT_HAPPENED_ONCE, log))
        .when(ekia("Able", "MG  Nest", 1))
        .then([ekia_recorded("Able", "MG  Nest", 1)]);
}

#[test]
fn from_rules_10_a_loss_to_an_earlier_hit_says_hostiles_are_told_apart_by_name() {
    let mut log = juno_turn_1();
    log.push(ekia_recorded("Baker", "Rifle Team", 1));
    log.push(drawn_on(DCM, WOUNDED, 1, "Rifle Team"));
    let rolled = recipient_rolled(DCM, &["Able", "Baker", "Charlie"], 1, "Able");
    let why = "Baker had already hit the Rifle Team, which Able had to Eliminate alone";
    let told_apart = " (Hostiles are told apart by name within a Mission: name a second card of one name distinctly, e.g. \"Rifle Team 2\")";
    given(log.clone()).when_rolling(roll_recipient(DCM), &[1]).then([
        rolled.clone(),
        lost(DCM, MedalReturn::Deck, &format!("{why}{told_apart}")),
    ]);
    given(under(WHAT_HAPPENED_ONCE, log))
        .when_rolling(roll_recipient(DCM), &[1])
        .then([rolled, lost(DCM, MedalReturn::Deck, why)]);
}
