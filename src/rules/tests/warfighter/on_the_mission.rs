//! Rules 10 on who is hurt while a Mission is in progress: a Wound, a Downed or a Killed
//! result lands only on a Soldier taken on it, as Suppress did; between Missions anyone on the
//! books may be hurt. Under rules 9 each is still recorded, and verifies.

use crate::domain::command::{Harm, StatusChange};
use crate::domain::rules_version::{HARM_ON_THE_MISSION, RulesVersion, WHAT_HAPPENED_ONCE};
use crate::query::offers;
use crate::rules::harness::given;
use crate::rules::tests::*;

fn wound(soldier: &str, amount: i64) -> Command {
    Command::Harm {
        harm: Harm::Wound,
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

/// [`on_mission`] (Wong and Park on Mission 1, Gizmo behind) under `rules`.
fn on_mission_under(rules: RulesVersion) -> Vec<Event> {
    let mut events = on_mission();
    if let Some(Event::CampaignCreated(created)) = events.first_mut() {
        created.rules = rules;
    }
    events
}

#[test]
fn a_soldier_left_behind_is_not_wounded_downed_or_killed_during_the_mission_from_rules_10() {
    for command in [
        wound("Gizmo", 2),
        status(StatusChange::Down, "gizmo"),
        status(StatusChange::Kill, "Gizmo"),
    ] {
        given(on_mission_under(HARM_ON_THE_MISSION))
            .when(command)
            .then_refused(&["Gizmo is not on Mission 1 (on it: Wong, Park)", "mission end"]);
    }
}

#[test]
fn a_soldier_on_the_mission_is_still_wounded_downed_and_killed() {
    given(on_mission_under(HARM_ON_THE_MISSION))
        .when(wound("park", 1))
        .then([Event::Wounded(amount("Park", 1))]);
    given(on_mission_under(HARM_ON_THE_MISSION))
        .when(status(StatusChange::Down, "Park"))
        .then([Event::Downed(named("Park"))]);
    given(on_mission_under(HARM_ON_THE_MISSION))
        .when(status(StatusChange::Kill, "Wong"))
        .then([Event::Killed(named("Wong"))]);
}

#[test]
fn a_soldier_enlisted_during_the_mission_is_not_on_it() {
    let mut events = on_mission_under(HARM_ON_THE_MISSION);
    events.push(enlisted(player("Mace")));
    given(events)
        .when(wound("Mace", 1))
        .then_refused(&["Mace is not on Mission 1", "joins the next one"]);
}

#[test]
fn between_missions_and_under_rules_9_a_soldier_left_behind_is_still_hurt() {
    let mut ended = on_mission_under(HARM_ON_THE_MISSION);
    ended.push(mission_ended(1));
    given(ended)
        .when(wound("Gizmo", 1))
        .then([Event::Wounded(amount("Gizmo", 1))]);
    given(on_mission_under(WHAT_HAPPENED_ONCE))
        .when(wound("Gizmo", 1))
        .then([Event::Wounded(amount("Gizmo", 1))]);
    given(on_mission_under(WHAT_HAPPENED_ONCE))
        .when(status(StatusChange::Kill, "Gizmo"))
        .then([Event::Killed(named("Gizmo"))]);
}

#[test]
fn healing_recovering_and_discharging_one_left_behind_are_no_harm() {
    let mut events = on_mission_under(HARM_ON_THE_MISSION);
    events.insert(events.len() - 1, Event::Wounded(amount("Gizmo", 1)));
    events.insert(events.len() - 1, Event::Downed(named("Gizmo")));
    given(events.clone())
        .when(Command::Harm {
            harm: Harm::Heal,
            soldier: "Gizmo".into(),
            amount: 1,
        })
        .then([Event::Healed(amount("Gizmo", 1))]);
    given(events.clone())
        .when(status(StatusChange::Recover, "Gizmo"))
        .then([Event::Recovered(named("Gizmo"))]);
    given(events)
        .when(status(StatusChange::Discharge, "Gizmo"))
        .then([Event::Discharged(named("Gizmo"))]);
}

#[test]
fn the_offers_for_one_left_behind_at_his_health_give_the_rules_reason() {
    let mut events = on_mission_under(HARM_ON_THE_MISSION);
    let health = SoldierCard {
        health: Some(1),
        ..player("Mace")
    };
    events.insert(events.len() - 1, enlisted(health));
    events.insert(events.len() - 1, Event::Wounded(amount("Mace", 1)));
    let offered = offers("test", &given(events).state);
    let his: Vec<_> = offered
        .iter()
        .filter(|o| o.soldier.as_deref() == Some("Mace"))
        .collect();
    assert_eq!(his.len(), 2, "{offered:?}");
    assert!(
        his.iter().all(|o| o
            .refused
            .as_deref()
            .is_some_and(|why| why.contains("not on Mission 1"))),
        "{his:?}"
    );
}
