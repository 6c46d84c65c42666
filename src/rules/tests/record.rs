//! A Soldier's record: XP, Hardy counters, EKIAs and Medals (RULES 2, 3, 5, 6 and 7).

use super::*;
use crate::domain::command::{StatusChange, XpTarget};
use crate::rules::harness::given;

fn xp(target: &str, amount: i64) -> Command {
    Command::AdjustXp {
        target: if target == "team" {
            XpTarget::Team
        } else {
            XpTarget::Soldier(target.into())
        },
        amount,
        why: "service record".into(),
    }
}

fn hardy(soldier: &str, hardy: &str, amount: i64) -> Command {
    Command::AdjustHardy {
        soldier: soldier.into(),
        hardy: hardy.into(),
        amount,
        why: "Skill card".into(),
    }
}

fn hardy_adjusted(soldier: &str, hardy: &str, amount: i64) -> Event {
    Event::HardyAdjusted(HardyAdjusted {
        soldier: soldier.into(),
        hardy: hardy.into(),
        amount,
        why: "Skill card".into(),
    })
}

fn ekia(soldier: &str, value: i64) -> Command {
    Command::RecordEkia {
        soldier: soldier.into(),
        hostile: "Rifleman".into(),
        value,
    }
}

fn medal(soldier: &str, medal: &str, rp: i64) -> Command {
    Command::AwardMedal {
        soldier: soldier.into(),
        medal: medal.into(),
        rp,
        why: "drawn at random".into(),
    }
}

fn team_xp_adjusted(amount: i64) -> Event {
    Event::TeamXpAdjusted(TeamXpAdjusted {
        amount,
        why: "service record".into(),
    })
}

fn zero_dark_team() -> Vec<Event> {
    vec![created(Game::ZeroDark), enlisted(hero("Kestrel"))]
}

#[test]
fn gaining_xp_records_it_under_his_enlisted_name() {
    let state = given(modern_squad())
        .when(xp("wong", 3))
        .then([xp_adjusted("Wong", 3)]);
    assert_eq!(state.soldier("Wong").unwrap().xp, 3);
}

#[test]
fn spending_xp_he_has_is_accepted() {
    let mut events = modern_squad();
    events.push(xp_adjusted("Wong", 3));
    let state = given(events).when(xp("Wong", -3)).then([xp_adjusted("Wong", -3)]);
    assert_eq!(state.soldier("Wong").unwrap().xp, 0);
}

#[test]
fn spending_more_xp_than_he_has_is_refused() {
    let mut events = modern_squad();
    events.push(xp_adjusted("Wong", 2));
    given(events)
        .when(xp("Wong", -3))
        .then_refused(&["Wong has 2 XP; cannot take away 3", "at most 2 can be spent"]);
}

#[test]
fn an_xp_change_of_zero_is_refused() {
    given(modern_squad())
        .when(xp("Wong", 0))
        .then_refused(&["the XP change is 0, which records nothing", "from -999 to 999"]);
}

#[test]
fn an_xp_gain_above_999_is_refused() {
    given(modern_squad())
        .when(xp("Wong", 1000))
        .then_refused(&["the XP change must be from -999 to 999; got 1000"]);
}

#[test]
fn an_xp_loss_beyond_999_is_refused() {
    given(modern_squad())
        .when(xp("Wong", -1000))
        .then_refused(&["the XP change must be from -999 to 999; got -1000"]);
}

#[test]
fn an_xp_change_without_a_reason_is_refused() {
    given(modern_squad())
        .when(Command::AdjustXp {
            target: XpTarget::Soldier("Wong".into()),
            amount: 1,
            why: " ".into(),
        })
        .then_refused(&["the reason (--why) is empty", "give a few words"]);
}

#[test]
fn an_xp_change_for_a_kia_soldier_is_refused() {
    let mut events = modern_squad();
    events.push(Event::Killed(named("Park")));
    given(events)
        .when(xp("Park", 1))
        .then_refused(&["Park is kia: his record is closed"]);
}

#[test]
fn team_xp_in_a_warfighter_campaign_is_refused() {
    given(modern_squad()).when(xp("team", 2)).then_refused(&[
        "a team XP pool exists only in Zero Dark campaigns",
        "this is a modern campaign",
        "name a Soldier instead of 'team'",
    ]);
}

#[test]
fn team_xp_in_zero_dark_goes_into_the_teams_pool() {
    let state = given(zero_dark_team())
        .when(xp("team", 2))
        .then([team_xp_adjusted(2)]);
    assert_eq!(state.team_xp, 2);
    assert_eq!(state.soldier("Kestrel").unwrap().xp, 0);
}

#[test]
fn spending_more_team_xp_than_the_pool_holds_is_refused() {
    let mut events = zero_dark_team();
    events.push(team_xp_adjusted(2));
    given(events)
        .when(xp("team", -3))
        .then_refused(&["the team has 2 XP; cannot take away 3", "at most 2 can be spent"]);
}

#[test]
fn spending_team_xp_the_pool_holds_is_accepted() {
    let mut events = zero_dark_team();
    events.push(team_xp_adjusted(2));
    let state = given(events).when(xp("team", -1)).then([team_xp_adjusted(-1)]);
    assert_eq!(state.team_xp, 1);
}

#[test]
fn adding_hardy_counters_records_them_by_type() {
    let state = given(modern_squad())
        .when(hardy("wong", "cold", 2))
        .then([hardy_adjusted("Wong", "cold", 2)]);
    assert_eq!(state.soldier("Wong").unwrap().hardy.get("cold"), Some(&2));
}

#[test]
fn expending_a_hardy_counter_he_has_is_accepted() {
    let mut events = modern_squad();
    events.push(hardy_adjusted("Wong", "cold", 2));
    let state = given(events)
        .when(hardy("Wong", "cold", -1))
        .then([hardy_adjusted("Wong", "cold", -1)]);
    assert_eq!(state.soldier("Wong").unwrap().hardy.get("cold"), Some(&1));
}

#[test]
fn expending_the_last_hardy_counter_of_a_type_leaves_none_of_it() {
    let mut events = modern_squad();
    events.push(hardy_adjusted("Wong", "cold", 1));
    let state = given(events)
        .when(hardy("Wong", "cold", -1))
        .then([hardy_adjusted("Wong", "cold", -1)]);
    assert!(state.soldier("Wong").unwrap().hardy.is_empty());
}

#[test]
fn expending_a_hardy_counter_printed_on_his_card_is_accepted() {
    let mut wong = player("Wong");
    wong.hardy.insert("any".into(), 1);
    given([created(Game::Wwii), enlisted(wong)])
        .when(hardy("Wong", "any", -1))
        .then([hardy_adjusted("Wong", "any", -1)]);
}

#[test]
fn expending_more_hardy_counters_than_he_has_is_refused() {
    let mut events = modern_squad();
    events.push(hardy_adjusted("Wong", "cold", 1));
    let refusal = given(events)
        .when(hardy("Wong", "cold", -2))
        .result
        .expect_err("refused")
        .to_string();
    assert_eq!(
        refusal, "Wong has 1 Hardy cold counter; cannot take away 2; at most 1 can be spent",
        "no 'did you mean' the type he typed and holds"
    );
}

#[test]
fn expending_a_hardy_type_he_does_not_have_is_refused() {
    let mut events = modern_squad();
    events.push(hardy_adjusted("Wong", "cold", 1));
    given(events)
        .when(hardy("Wong", "hot", -1))
        .then_refused(&["Wong has 0 Hardy hot counters", "at most 0 can be spent"]);
}

#[test]
fn a_hardy_type_that_is_not_a_lowercase_word_is_refused() {
    given(modern_squad())
        .when(hardy("Wong", "Cold!", 1))
        .then_refused(&["'Cold!' is not accepted as a Hardy type", "one lowercase word"]);
}

#[test]
fn a_hardy_change_of_zero_is_refused() {
    given(modern_squad())
        .when(hardy("Wong", "cold", 0))
        .then_refused(&["the Hardy change is 0, which records nothing", "from -99 to 99"]);
}

#[test]
fn an_ekia_gives_the_soldier_xp_equal_to_the_hostiles_value() {
    let mut events = on_mission();
    events.push(xp_adjusted("Wong", 1));
    let state = given(events)
        .when(Command::RecordEkia {
            soldier: "wong".into(),
            hostile: " Rifleman ".into(),
            value: 3,
        })
        .then([Event::EkiaRecorded(EkiaRecorded {
            soldier: "Wong".into(),
            hostile: "Rifleman".into(),
            value: 3,
        })]);
    assert_eq!(state.soldier("Wong").unwrap().xp, 4);
}

#[test]
fn an_ekia_without_a_mission_in_progress_is_refused() {
    given(modern_squad())
        .when(ekia("Wong", 3))
        .then_refused(&["no Mission is in progress", "muster mission start NAME"]);
}

#[test]
fn an_ekia_by_a_k9_is_refused_because_k9s_cannot_attack() {
    let mut events = modern_squad();
    events.push(k9_mission_started(1, "Dawn Raid", &["Wong", "Gizmo"], "Track"));
    given(events).when(ekia("gizmo", 3)).then_refused(&[
        "Gizmo is a K9",
        "cannot perform Attacks",
        "record the EKIA for the Soldier who made it",
    ]);
}

#[test]
fn an_ekia_by_a_soldier_not_on_the_mission_is_refused() {
    let mut events = modern_squad();
    events.push(enlisted(player("Lee")));
    events.push(mission_started(1, "Dawn Raid", &["Wong", "Park"]));
    given(events)
        .when(ekia("Lee", 3))
        .then_refused(&["Lee is not on Mission 1", "Soldiers on it: Wong, Park"]);
}

#[test]
fn an_ekia_with_a_hostile_value_above_thirty_is_refused() {
    given(on_mission())
        .when(ekia("Wong", 31))
        .then_refused(&["the Hostile's value must be from 0 to 30; got 31"]);
}

#[test]
fn an_ekia_with_a_negative_hostile_value_is_refused() {
    given(on_mission())
        .when(ekia("Wong", -1))
        .then_refused(&["the Hostile's value must be from 0 to 30; got -1"]);
}

#[test]
fn awarding_a_medal_puts_its_sticker_on_the_soldier() {
    let state = given(modern_squad())
        .when(medal("park", " Military Medal ", 2))
        .then([medal_awarded("Park", "Military Medal", 2)]);
    let park = state.soldier("Park").unwrap();
    assert_eq!(park.medals, vec![sticker("Military Medal", 2)]);
    assert_eq!(park.medal_rp(), 2);
}

#[test]
fn awarding_a_medal_to_a_downed_soldier_is_refused() {
    let mut events = modern_squad();
    events.push(Event::Downed(named("Park")));
    given(events)
        .when(medal("Park", "Military Medal", 2))
        .then_refused(&["Park is downed", "a Medal sticker goes only on an active Soldier"]);
}

#[test]
fn awarding_a_medal_to_a_kia_soldier_is_refused() {
    let mut events = modern_squad();
    events.push(Event::Killed(named("Park")));
    given(events)
        .when(medal("Park", "Military Medal", 2))
        .then_refused(&["Park is kia", "only on an active Soldier"]);
}

#[test]
fn awarding_a_medal_worth_more_than_twenty_rp_is_refused() {
    given(modern_squad())
        .when(medal("Park", "Military Medal", 21))
        .then_refused(&["the Medal's RP must be from 0 to 20; got 21"]);
}

#[test]
fn a_medal_awarded_after_a_recovery_survives_until_the_next_downed_result() {
    let mut events = modern_squad();
    events.push(medal_awarded("Park", "Military Medal", 2));
    events.push(Event::Downed(named("Park")));
    events.push(Event::MedalStickersRemoved(MedalStickersRemoved {
        soldier: "Park".into(),
        medals: vec![sticker("Military Medal", 2)],
        because: "downed".into(),
    }));
    events.push(Event::Recovered(named("Park")));
    events.push(medal_awarded("Park", "Bronze Star", 1));
    given(events)
        .when(Command::ChangeStatus {
            change: StatusChange::Down,
            soldier: "Park".into(),
        })
        .then([
            Event::Downed(named("Park")),
            Event::MedalStickersRemoved(MedalStickersRemoved {
                soldier: "Park".into(),
                medals: vec![sticker("Bronze Star", 1)],
                because: "downed".into(),
            }),
        ]);
}
