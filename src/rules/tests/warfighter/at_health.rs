//! What the rules offer for a Soldier whose Wounds reached his card's Health: Downed and
//! Killed in Action, each as the status rules allow it, on a Mission or off one.

use crate::query::{Offer, offers};
use crate::rules::harness::given;
use crate::rules::tests::*;

/// Wong with a card of Health 3, Park with no Health printed, Wong wounded `wounds` times.
fn wong_wounded(wounds: u32) -> Vec<Event> {
    let mut events = vec![
        created(Game::Modern),
        enlisted(SoldierCard {
            health: Some(3),
            ..player("Wong")
        }),
        enlisted(player("Park")),
    ];
    if wounds > 0 {
        events.push(Event::Wounded(amount("Wong", wounds)));
    }
    events.push(Event::Wounded(amount("Park", 5)));
    events
}

/// The offers the rules make for `soldier` alone.
fn his(offered: &[Offer], soldier: &str) -> Vec<(Vec<String>, Option<String>)> {
    offered
        .iter()
        .filter(|o| o.soldier.as_deref() == Some(soldier))
        .map(|o| (o.args.clone(), o.refused.clone()))
        .collect()
}

fn line(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| (*w).to_owned()).collect()
}

#[test]
fn below_his_health_nothing_is_offered_for_him() {
    let state = given(wong_wounded(2)).state;
    assert_eq!(his(&offers("test", &state), "Wong"), vec![]);
}

#[test]
fn a_card_without_health_is_never_at_it() {
    // Park has 5 Wounds but his card prints no Health.
    let state = given(wong_wounded(3)).state;
    assert_eq!(his(&offers("test", &state), "Park"), vec![]);
}

#[test]
fn at_his_health_off_a_mission_he_may_be_downed_or_killed() {
    let state = given(wong_wounded(3)).state;
    let offered = offers("test", &state);
    assert_eq!(
        his(&offered, "Wong"),
        vec![(line(&["down", "Wong"]), None), (line(&["kill", "Wong"]), None)]
    );
    // Nothing of a Mission is offered off one.
    assert!(offered.iter().all(|o| o.soldier.is_some()), "{offered:?}");
    assert!(
        offered.iter().all(|o| o.dice == 0),
        "a status change rolls nothing: {offered:?}"
    );
}

#[test]
fn at_his_health_on_a_mission_his_offers_come_after_the_missions() {
    let mut events = wong_wounded(3);
    events.push(mission_started(1, "Dawn Raid", &["Wong", "Park"]));
    let offered = offers("test", &given(events).state);
    let first_his = offered.iter().position(|o| o.soldier.is_some());
    let last_mission = offered.iter().rposition(|o| o.soldier.is_none());
    assert!(first_his > last_mission, "{offered:?}");
    assert_eq!(his(&offered, "Wong").len(), 2);
}

#[test]
fn once_downed_he_may_still_be_killed_and_the_rules_say_why_not_downed_again() {
    let mut events = wong_wounded(3);
    events.push(Event::Downed(named("Wong")));
    let offered = his(&offers("test", &given(events).state), "Wong");
    let (down, kill) = (&offered[0], &offered[1]);
    assert_eq!(down.0, line(&["down", "Wong"]));
    assert!(
        down.1.as_deref().is_some_and(|why| why.contains("Wong")),
        "{down:?}"
    );
    assert_eq!(kill, &(line(&["kill", "Wong"]), None));
}

#[test]
fn once_killed_the_rules_allow_neither() {
    let mut events = wong_wounded(4);
    events.push(Event::Killed(named("Wong")));
    let offered = his(&offers("test", &given(events).state), "Wong");
    assert_eq!(offered.len(), 2, "{offered:?}");
    assert!(
        offered.iter().all(|(_, refused)| refused.is_some()),
        "{offered:?}"
    );
}
