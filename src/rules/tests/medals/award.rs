//! Medal RP and the squad's RP award (RULES 5): the rulebook's example (30 RP + 5 RP of
//! Medals, drawing Hostiles at 35, ending at 20, gaining 10), and the cards worth RP that make
//! a Soldier's RP.

use super::*;
use crate::projection::mission::{Ended, summary};

/// A Canadian squad of three 10 RP Soldiers; Able carries 5 RP of Medal stickers
/// (a Military Cross, 3 RP, and a Military Medal, 2 RP) from earlier Missions.
fn thirty_rp_squad() -> Vec<Event> {
    vec![
        canadian_campaign(),
        deck_loaded(),
        enlisted(worth("Able", 10)),
        enlisted(worth("Baker", 10)),
        enlisted(worth("Charlie", 10)),
        medal_awarded("Able", MC, 3),
        medal_awarded("Able", MM, 2),
    ]
}

/// [`thirty_rp_squad`] on Mission 1 "Carpiquet" with all three.
fn at_carpiquet() -> Vec<Event> {
    let mut log = thirty_rp_squad();
    log.push(mission_started(1, "Carpiquet", &["Able", "Baker", "Charlie"]));
    log
}

/// The log as the store would read it back.
fn gain(soldier: &str, kind: RpCardKind, name: &str, rp: i64) -> Command {
    Command::GainRpCard {
        soldier: soldier.into(),
        kind,
        name: name.into(),
        rp,
    }
}

fn lose_card(soldier: &str, kind: RpCardKind, name: &str) -> Command {
    Command::LoseRpCard {
        soldier: soldier.into(),
        kind,
        name: name.into(),
    }
}

fn rp_card(soldier: &str, kind: RpCardKind, name: &str, rp: u32) -> RpCard {
    RpCard {
        soldier: soldier.into(),
        card: kind,
        name: name.into(),
        rp,
    }
}

#[test]
fn the_rulebooks_example_draws_hostiles_at_35_and_gains_10_rp() {
    let mut log = thirty_rp_squad();
    // The squad starts the Mission worth 30 RP, plus 5 RP of Medals.
    let state = step(
        &mut log,
        start("Carpiquet", &["Able", "Baker", "Charlie"]),
        &[],
        vec![mission_started(1, "Carpiquet", &["Able", "Baker", "Charlie"])],
    );
    assert_eq!(state.mission.as_ref().unwrap().start_rp, 30);
    assert_eq!(state.mission.as_ref().unwrap().start_medal_rp, 5);
    let shown = summary(&state, None, |_| Ok(None)).unwrap();
    assert_eq!(
        (shown.start_rp, shown.start_medal_rp, shown.hostile_draw_rp),
        (30, 5, 35)
    );

    // Losses: Baker is killed; the squad is worth 20 RP, not counting Medal RP.
    let before = step(
        &mut log,
        status(StatusChange::Kill, "Baker"),
        &[],
        vec![Event::Killed(named("Baker"))],
    );
    let ended = mission_ended_computed(1, 30, 20);
    let state = step(&mut log, end(None), &[], vec![ended.clone()]);
    assert_eq!(state.rp_bank, 10);
    let Event::MissionEnded(event) = ended else {
        panic!("a Mission's end");
    };
    let shown = summary(&state, Some(1), |_| {
        Ok(Some(Ended {
            event,
            before,
            bank: state.rp_bank,
        }))
    })
    .unwrap();
    assert_eq!(shown.surviving_rp, 20);
    assert_eq!(
        shown.rp_award,
        Some(rp(
            10,
            "computed: the squad started at 30 RP and ends at 20 RP, Medal RP excluded"
        ))
    );
}

#[test]
fn with_no_losses_the_medal_rp_gains_nothing() {
    let state = given(at_carpiquet())
        .when(end(None))
        .then([mission_ended_computed(1, 30, 30)]);
    assert_eq!(state.rp_bank, 0);
}

#[test]
fn the_medal_rp_of_a_killed_soldier_stays_out_of_the_award() {
    let mut log = at_carpiquet();
    step(
        &mut log,
        status(StatusChange::Kill, "Able"),
        &[],
        vec![
            Event::Killed(named("Able")),
            Event::MedalStickersRemoved(MedalStickersRemoved {
                soldier: "Able".into(),
                medals: vec![sticker(MC, 3), sticker(MM, 2)],
                because: "kia".into(),
            }),
        ],
    );
    // 30 RP at the start (Able's 5 Medal RP not counted), 20 RP at the end: 10 RP, not 15.
    let state = step(&mut log, end(None), &[], vec![mission_ended_computed(1, 30, 20)]);
    assert_eq!(state.rp_bank, 10);
}

#[test]
fn a_medal_earned_during_the_mission_does_not_enter_the_award() {
    let mut log = at_carpiquet();
    log.push(turn_started(1, 1));
    let trigger = "played the Caen Objective";
    step(&mut log, draw(MID, trigger), &[], vec![drawn(MID, trigger, 1)]);
    let squad = ["Able", "Baker", "Charlie"];
    step(
        &mut log,
        roll_recipient(MID),
        &[3],
        vec![recipient_rolled(MID, &squad, 3, "Charlie")],
    );
    step(
        &mut log,
        earn(MID),
        &[],
        vec![
            earned(MID, "Charlie"),
            sticker_on("Charlie", MID, 1, "Place an EKIA this turn"),
        ],
    );
    step(
        &mut log,
        status(StatusChange::Kill, "Baker"),
        &[],
        vec![Event::Killed(named("Baker"))],
    );
    let state = step(&mut log, end(None), &[], vec![mission_ended_computed(1, 30, 20)]);
    assert_eq!(state.rp_bank, 10);
    assert_eq!(state.soldier("Charlie").unwrap().medal_rp(), 1);
}

#[test]
fn an_award_the_player_names_overrides_the_computed_one() {
    let mut log = at_carpiquet();
    log.push(Event::Killed(named("Baker")));
    let state = given(log)
        .when(end(Some((12, " as the table counted it "))))
        .then([Event::MissionEnded(MissionEnded {
            mission: 1,
            result: crate::domain::MissionResult::Success,
            rp_award: Some(rp(12, "as the table counted it")),
        })]);
    assert_eq!(state.rp_bank, 12);
}

#[test]
fn a_named_award_of_zero_is_recorded_as_zero() {
    let mut log = at_carpiquet();
    log.push(Event::Killed(named("Baker")));
    let state = given(log)
        .when(end(Some((0, "no purchases this time"))))
        .then([Event::MissionEnded(MissionEnded {
            mission: 1,
            result: crate::domain::MissionResult::Success,
            rp_award: Some(rp(0, "no purchases this time")),
        })]);
    assert_eq!(state.rp_bank, 0);
}

#[test]
fn a_negative_named_award_is_refused() {
    given(at_carpiquet())
        .when(end(Some((-1, "a loss"))))
        .then_refused(&["the RP award must be from 0 to 999; got -1"]);
}

#[test]
fn a_named_award_without_a_reason_is_refused() {
    given(at_carpiquet())
        .when(end(Some((5, " "))))
        .then_refused(&["the reason for the RP award (--why) is empty"]);
}

#[test]
fn a_skill_worth_2_rp_raises_the_soldiers_rp_and_the_squads() {
    let mut log = squad();
    let state = step(
        &mut log,
        gain("able", RpCardKind::Skill, " Veteran ", 2),
        &[],
        vec![Event::RpCardGained(rp_card(
            "Able",
            RpCardKind::Skill,
            "Veteran",
            2,
        ))],
    );
    let able = state.soldier("Able").unwrap();
    assert_eq!(able.rp(), 6);
    assert_eq!(able.medal_rp(), 0);
    let state = step(
        &mut log,
        start("Juno Beach", &[]),
        &[],
        vec![mission_started(1, "Juno Beach", &["Able", "Baker", "Charlie"])],
    );
    assert_eq!(state.mission.as_ref().unwrap().start_rp, 14);
    assert_eq!(state.mission.as_ref().unwrap().start_medal_rp, 0);
}

#[test]
fn equipment_and_service_records_count_too() {
    let mut log = squad();
    step(
        &mut log,
        gain("Able", RpCardKind::Equipment, "Bren Gun", 3),
        &[],
        vec![Event::RpCardGained(rp_card(
            "Able",
            RpCardKind::Equipment,
            "Bren Gun",
            3,
        ))],
    );
    let state = step(
        &mut log,
        gain("Able", RpCardKind::ServiceRecord, "Dieppe", 1),
        &[],
        vec![Event::RpCardGained(rp_card(
            "Able",
            RpCardKind::ServiceRecord,
            "Dieppe",
            1,
        ))],
    );
    assert_eq!(state.soldier("Able").unwrap().rp(), 8);
}

#[test]
fn losing_the_skill_lowers_his_rp_again() {
    let mut log = squad();
    log.push(Event::RpCardGained(rp_card(
        "Able",
        RpCardKind::Skill,
        "Veteran",
        2,
    )));
    let state = given(log)
        .when(lose_card("Able", RpCardKind::Skill, "veteran"))
        .then([Event::RpCardLost(rp_card(
            "Able",
            RpCardKind::Skill,
            "Veteran",
            2,
        ))]);
    let able = state.soldier("Able").unwrap();
    assert_eq!(able.rp(), 4);
    assert!(able.rp_cards.is_empty());
}

#[test]
fn losing_a_card_he_does_not_hold_is_refused_listing_what_he_holds() {
    let mut log = squad();
    log.push(Event::RpCardGained(rp_card(
        "Able",
        RpCardKind::Skill,
        "Veteran",
        2,
    )));
    given(log)
        .when(lose_card("Able", RpCardKind::Skill, "Marksman"))
        .then_refused(&["Able holds no Skill 'Marksman'; he holds: Skill 'Veteran'"]);
}

#[test]
fn losing_a_card_of_another_kind_is_refused() {
    let mut log = squad();
    log.push(Event::RpCardGained(rp_card(
        "Able",
        RpCardKind::Skill,
        "Veteran",
        2,
    )));
    given(log)
        .when(lose_card("Able", RpCardKind::Equipment, "Veteran"))
        .then_refused(&["Able holds no Equipment 'Veteran'"]);
}

#[test]
fn losing_a_card_when_he_holds_none_is_refused() {
    given(squad())
        .when(lose_card("Baker", RpCardKind::Skill, "Veteran"))
        .then_refused(&["Baker holds no Skill 'Veteran'; he holds: none"]);
}

#[test]
fn a_card_worth_more_than_twenty_rp_is_refused() {
    given(squad())
        .when(gain("Able", RpCardKind::Skill, "Veteran", 21))
        .then_refused(&["the card's RP must be from 0 to 20; got 21"]);
}

#[test]
fn a_killed_soldier_gains_no_card() {
    let mut log = squad();
    log.push(Event::Killed(named("Able")));
    given(log)
        .when(gain("Able", RpCardKind::Skill, "Veteran", 2))
        .then_refused(&["Able is kia: his record is closed"]);
}

#[test]
fn from_rules_7_a_sticker_of_a_card_in_the_deck_carries_the_cards_rp() {
    let award = |rp: i64| Command::AwardMedal {
        soldier: "Able".into(),
        medal: "military cross".into(),
        rp,
        why: "drawn at random".into(),
    };
    given(squad()).when(award(9)).then_refused(&[
        "the Military Cross is worth 3 RP on its card in the Canada deck",
        "its sticker carries 3, not 9",
    ]);
    // From rules 10 the sticker is named as the card prints it.
    given(squad()).when(award(3)).then([medal_awarded("Able", MC, 3)]);
    // However it is spaced, it is the card's name.
    given(squad())
        .when(Command::AwardMedal {
            soldier: "Able".into(),
            medal: "Military  Cross".into(),
            rp: 9,
            why: "drawn at random".into(),
        })
        .then_refused(&["worth 3 RP"]);
    // A sticker put on before the deck is loaded is checked as the deck comes.
    let before_the_deck = vec![
        canadian_campaign(),
        enlisted(player("Able")),
        medal_awarded("Able", "Military Cross", 9),
    ];
    given(before_the_deck)
        .when(Command::LoadMedalDeck(canada()))
        .then_refused(&[
            "Able carries the Military Cross sticker at 9 RP, but the Canada deck's card is worth 3",
        ]);
    // A Medal of no card in the deck is the player's to value.
    given(squad())
        .when(Command::AwardMedal {
            soldier: "Able".into(),
            medal: "Order of the Bath".into(),
            rp: 7,
            why: "drawn at random".into(),
        })
        .then([medal_awarded("Able", "Order of the Bath", 7)]);
    let carried = Command::CarrySoldierOver {
        soldier: "Baker".into(),
        xp: None,
        wounds: None,
        hardy: vec![],
        medals: vec![(MM.into(), 5)],
        missions: None,
        discipline: None,
        why: "the sheet".into(),
    };
    given(squad())
        .when(carried.clone())
        .then_refused(&["the Military Medal is worth 2 RP"]);
    // Under rules 6 both are recorded as given, as they were.
    let mut earlier = squad();
    if let Some(Event::CampaignCreated(created)) = earlier.first_mut() {
        created.rules = crate::domain::rules_version::ACTIVE_SOLDIERS_ACT;
    }
    given(earlier.clone())
        .when(award(9))
        .then([medal_awarded("Able", "military cross", 9)]);
    let recorded = crate::rules::harness::Played::new(earlier).try_play(&carried, &[]);
    assert!(recorded.is_ok(), "{recorded:?}");
}
