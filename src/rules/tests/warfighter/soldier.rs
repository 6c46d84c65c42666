//! Wounds, Suppress, healing and status changes (RULES 5 and 6).

use crate::domain::command::{Harm, StatusChange};
use crate::domain::soldier::Status;
use crate::rules::harness::given;
use crate::rules::tests::*;

fn harm(harm: Harm, soldier: &str, amount: i64) -> Command {
    Command::Harm {
        harm,
        soldier: soldier.into(),
        amount,
    }
}

fn status(change: StatusChange, soldier: &str) -> Command {
    Command::ChangeStatus {
        change,
        soldier: soldier.into(),
    }
}

#[test]
fn wounding_a_soldier_records_the_wounds_under_his_enlisted_name() {
    let state = given(modern_squad())
        .when(harm(Harm::Wound, "wong", 2))
        .then([Event::Wounded(amount("Wong", 2))]);
    assert_eq!(state.soldier("Wong").unwrap().wounds, 2);
}

#[test]
fn wounding_outside_a_mission_is_accepted_because_wounds_persist() {
    given(modern_squad())
        .when(harm(Harm::Wound, "Park", 1))
        .then([Event::Wounded(amount("Park", 1))]);
}

#[test]
fn wounding_by_twenty_is_accepted() {
    given(modern_squad())
        .when(harm(Harm::Wound, "Wong", 20))
        .then([Event::Wounded(amount("Wong", 20))]);
}

#[test]
fn wounding_by_zero_is_refused() {
    given(modern_squad())
        .when(harm(Harm::Wound, "Wong", 0))
        .then_refused(&["the number of Wounds must be from 1 to 20; got 0"]);
}

#[test]
fn wounding_by_a_negative_number_is_refused() {
    given(modern_squad())
        .when(harm(Harm::Wound, "Wong", -1))
        .then_refused(&["the number of Wounds must be from 1 to 20; got -1"]);
}

#[test]
fn wounding_by_twenty_one_is_refused() {
    given(modern_squad())
        .when(harm(Harm::Wound, "Wong", 21))
        .then_refused(&["the number of Wounds must be from 1 to 20; got 21"]);
}

#[test]
fn wounding_an_unknown_soldier_is_refused_listing_who_is_there() {
    given(modern_squad())
        .when(harm(Harm::Wound, "Smith", 1))
        .then_refused(&["no Soldier named 'Smith'", "Soldiers here: Wong, Gizmo, Park"]);
}

#[test]
fn wounding_a_mistyped_soldier_is_refused_offering_the_closest_name() {
    given(modern_squad())
        .when(harm(Harm::Wound, "wnog", 1))
        .then_refused(&[
            "no Soldier named 'wnog'",
            "did you mean 'Wong'?",
            "Soldiers here: Wong, Gizmo, Park",
        ]);
}

#[test]
fn wounding_a_kia_soldier_is_refused() {
    let mut events = modern_squad();
    events.push(Event::Killed(named("Park")));
    given(events)
        .when(harm(Harm::Wound, "Park", 1))
        .then_refused(&["Park is kia: his record is closed", "muster void VERSION"]);
}

#[test]
fn wounding_a_discharged_soldier_is_refused() {
    let mut events = modern_squad();
    events.push(Event::Discharged(named("Park")));
    given(events)
        .when(harm(Harm::Wound, "Park", 1))
        .then_refused(&["Park is discharged: his record is closed"]);
}

#[test]
fn suppressing_a_soldier_on_the_mission_records_it() {
    let state = given(on_mission())
        .when(harm(Harm::Suppress, "PARK", 3))
        .then([Event::Suppressed(amount("Park", 3))]);
    assert_eq!(state.soldier("Park").unwrap().suppress, 3);
}

#[test]
fn suppressing_by_zero_is_refused() {
    given(on_mission())
        .when(harm(Harm::Suppress, "Wong", 0))
        .then_refused(&["the number of Suppress must be from 1 to 20; got 0"]);
}

#[test]
fn suppressing_by_twenty_one_is_refused() {
    given(on_mission())
        .when(harm(Harm::Suppress, "Wong", 21))
        .then_refused(&["the number of Suppress must be from 1 to 20; got 21"]);
}

#[test]
fn suppressing_outside_a_mission_is_refused() {
    given(modern_squad())
        .when(harm(Harm::Suppress, "Wong", 1))
        .then_refused(&["no Mission is in progress", "muster mission start NAME"]);
}

#[test]
fn suppressing_a_soldier_not_on_the_mission_is_refused_listing_who_is() {
    given(on_mission())
        .when(harm(Harm::Suppress, "gizmo", 1))
        .then_refused(&["Gizmo is not on Mission 1", "Soldiers taken on it (Wong, Park)"]);
}

#[test]
fn healing_wounds_he_has_records_it() {
    let mut events = modern_squad();
    events.push(Event::Wounded(amount("Wong", 3)));
    let state = given(events)
        .when(harm(Harm::Heal, "wong", 2))
        .then([Event::Healed(amount("Wong", 2))]);
    assert_eq!(state.soldier("Wong").unwrap().wounds, 1);
}

#[test]
fn healing_exactly_all_of_his_wounds_leaves_him_active_with_none() {
    let mut events = modern_squad();
    events.push(Event::Wounded(amount("Wong", 3)));
    let state = given(events)
        .when(harm(Harm::Heal, "Wong", 3))
        .then([Event::Healed(amount("Wong", 3))]);
    let wong = state.soldier("Wong").unwrap();
    assert_eq!((wong.wounds, wong.status), (0, Status::Active));
}

#[test]
fn healing_one_wound_more_than_he_has_is_refused_not_clamped() {
    let mut events = modern_squad();
    events.push(Event::Wounded(amount("Wong", 3)));
    given(events)
        .when(harm(Harm::Heal, "Wong", 4))
        .then_refused(&["Wong has 3 Wounds;", "heal at most 3"]);
}

#[test]
fn healing_more_wounds_than_he_has_is_refused() {
    given([
        created(Game::Modern),
        enlisted(player("Wong")),
        Event::Wounded(amount("Wong", 1)),
    ])
    .when(harm(Harm::Heal, "wong", 2))
    .then_refused(&["Wong has 1 Wound;", "heal at most 1"]);
}

#[test]
fn healing_an_unwounded_soldier_is_refused() {
    given(modern_squad())
        .when(harm(Harm::Heal, "Wong", 1))
        .then_refused(&["Wong has 0 Wounds", "heal at most 0"]);
}

#[test]
fn healing_by_zero_is_refused() {
    given(modern_squad())
        .when(harm(Harm::Heal, "Wong", 0))
        .then_refused(&["the number of Wounds to heal must be from 1 to 20; got 0"]);
}

#[test]
fn healing_a_kia_soldier_is_refused() {
    let mut events = modern_squad();
    events.push(Event::Wounded(amount("Wong", 2)));
    events.push(Event::Killed(named("Wong")));
    given(events)
        .when(harm(Harm::Heal, "Wong", 1))
        .then_refused(&["Wong is kia: his record is closed"]);
}

#[test]
fn downing_an_active_soldier_removes_his_medal_stickers() {
    let mut events = modern_squad();
    events.push(medal_awarded("Wong", "Military Medal", 2));
    events.push(medal_awarded("Wong", "Bronze Star", 1));
    let state = given(events).when(status(StatusChange::Down, "wong")).then([
        Event::Downed(named("Wong")),
        Event::MedalStickersRemoved(MedalStickersRemoved {
            soldier: "Wong".into(),
            medals: vec![sticker("Military Medal", 2), sticker("Bronze Star", 1)],
            because: "downed".into(),
        }),
    ]);
    let wong = state.soldier("Wong").unwrap();
    assert_eq!(wong.status, Status::Downed);
    assert!(wong.medals.is_empty());
    assert_eq!(wong.medal_rp(), 0);
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
}

#[test]
fn downing_a_soldier_without_stickers_records_only_the_downed_result() {
    given(modern_squad())
        .when(status(StatusChange::Down, "Park"))
        .then([Event::Downed(named("Park"))]);
}

#[test]
fn downing_a_downed_soldier_is_refused() {
    let mut events = modern_squad();
    events.push(Event::Downed(named("Wong")));
    given(events)
        .when(status(StatusChange::Down, "Wong"))
        .then_refused(&["Wong is downed", "only to a Soldier who is active"]);
}

#[test]
fn killing_an_active_soldier_removes_his_medal_stickers() {
    let mut events = modern_squad();
    events.push(medal_awarded("Park", "Military Medal", 2));
    let state = given(events).when(status(StatusChange::Kill, "Park")).then([
        Event::Killed(named("Park")),
        Event::MedalStickersRemoved(MedalStickersRemoved {
            soldier: "Park".into(),
            medals: vec![sticker("Military Medal", 2)],
            because: "kia".into(),
        }),
    ]);
    let park = state.soldier("Park").unwrap();
    assert_eq!(park.status, Status::Kia);
    assert!(park.medals.is_empty());
}

#[test]
fn killing_a_downed_soldier_is_accepted() {
    let mut events = modern_squad();
    events.push(Event::Downed(named("Park")));
    let state = given(events)
        .when(status(StatusChange::Kill, "park"))
        .then([Event::Killed(named("Park"))]);
    assert_eq!(state.soldier("Park").unwrap().status, Status::Kia);
}

#[test]
fn killing_a_kia_soldier_is_refused() {
    let mut events = modern_squad();
    events.push(Event::Killed(named("Park")));
    given(events)
        .when(status(StatusChange::Kill, "Park"))
        .then_refused(&["Park is kia: his record is closed", "muster void VERSION"]);
}

#[test]
fn recovering_a_downed_soldier_returns_him_to_duty() {
    let mut events = modern_squad();
    events.push(Event::Downed(named("Park")));
    let state = given(events)
        .when(status(StatusChange::Recover, "PARK"))
        .then([Event::Recovered(named("Park"))]);
    assert_eq!(state.soldier("Park").unwrap().status, Status::Active);
}

#[test]
fn recovering_a_kia_soldier_is_refused() {
    let mut events = modern_squad();
    events.push(Event::Killed(named("Park")));
    given(events)
        .when(status(StatusChange::Recover, "Park"))
        .then_refused(&["Park is kia: his record is closed"]);
}

#[test]
fn recovering_an_active_soldier_is_refused() {
    given(modern_squad())
        .when(status(StatusChange::Recover, "Park"))
        .then_refused(&["Park is active", "only to a Soldier who is downed"]);
}

#[test]
fn discharging_a_soldier_closes_his_record() {
    let state = given(modern_squad())
        .when(status(StatusChange::Discharge, "park"))
        .then([Event::Discharged(named("Park"))]);
    let park = state.soldier("Park").unwrap();
    assert_eq!(park.status, Status::Discharged);
    assert!(!park.is_on_the_books());
}

#[test]
fn discharging_a_discharged_soldier_is_refused() {
    let mut events = modern_squad();
    events.push(Event::Discharged(named("Park")));
    given(events)
        .when(status(StatusChange::Discharge, "Park"))
        .then_refused(&["Park is discharged: his record is closed"]);
}
