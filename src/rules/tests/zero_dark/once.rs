//! Rules 9 in Zero Dark (rule 003): a hero killed in CQB was wounded by the bogey, a
//! persuaded bogey with no living hero to attach to, the dead-drop acquired once, and the
//! last set-aside card's activation and the Mission's end still recorded.

use super::*;

use crate::domain::rules_version::{TABLE_SIZED, WHAT_HAPPENED_ONCE};

/// `persuade HERO BOGEY --successes MINE --bogey-successes THEIRS --hero-died`.
fn died_persuading(hero: &str, bogey: &str, mine: i64, theirs: i64) -> Command {
    Command::Persuade {
        hero: hero.into(),
        bogey: bogey.into(),
        hero_successes: mine,
        bogey_successes: theirs,
        hero_died: true,
        ally_to: None,
    }
}

#[test]
fn from_rules_9_a_hero_the_bogey_scored_no_success_on_did_not_die_in_the_cqb() {
    let table = || with_bogeys([grunt("Grunt 1")]);
    given(table())
        .when(died_persuading(GUNNER, "Grunt 1", 1, 0))
        .then_refused(&["took no wounds from Grunt 1", "leave out --hero-died"]);
    // Under rules 8 it was recorded as his death.
    let earlier = given(under(TABLE_SIZED, table()))
        .when(died_persuading(GUNNER, "Grunt 1", 0, 0))
        .result
        .expect("recorded under rules 8");
    assert!(
        earlier.contains(&hero_state(GUNNER, HeroState::Dead)),
        "{earlier:?}"
    );
}

#[test]
fn from_rules_9_a_persuader_killed_with_no_hero_alive_leaves_the_persuaded_bogey_unattached() {
    let mut table = with_bogeys([grunt("Grunt 1")]);
    table.push(hero_state(SPOOK, HeroState::Dead));
    table.push(hero_state(MEDIC, HeroState::Dead));
    let state = given(table.clone())
        .when(died_persuading(GUNNER, "Grunt 1", 2, 1))
        .then([
            Event::PersuasionTested(PersuasionTested {
                bogey: "Grunt 1".into(),
                hero: GUNNER.into(),
                hero_successes: 2,
                bogey_successes: 1,
                persuaded: true,
                ally_of: None,
            }),
            hero_state(GUNNER, HeroState::Dead),
        ]);
    let mission = state.mission_in_progress().map(|m| &m.zero_dark);
    assert!(mission.is_some_and(|z| z.persuaded.iter().any(|(b, _)| b == "Grunt 1")));
    // Under rules 8 it could not be recorded at all.
    given(under(TABLE_SIZED, table))
        .when(died_persuading(GUNNER, "Grunt 1", 2, 1))
        .then_refused(&["name the nearest living hero with --ally-to HERO"]);
}

#[test]
fn from_rules_9_the_dead_drop_is_acquired_once() {
    let mut events = deployed();
    events.push(task_chosen(PriorityTask::Acquisition, None));
    events.push(Event::DeadDropInteracted(spook_step()));
    given(events.clone())
        .when(Command::InteractDeadDrop)
        .then_refused(&["the dead-drop's intelligence was acquired already this Mission"]);
    given(under(TABLE_SIZED, events))
        .when(Command::InteractDeadDrop)
        .then([Event::DeadDropInteracted(spook_step())]);
}

/// Kestrel bought time, the Control Deck ran out and both set-aside cards were flipped.
fn exhausted(rules: RulesVersion) -> Vec<Event> {
    let mut events = under(rules, deployed());
    events.extend([
        Event::BuyTimeDeclared(BuyTimeDeclared {
            cards: 2,
            spook: SPOOK.into(),
            versus: None,
        }),
        turn_started(1),
        Event::ControlCardsSetAside(ControlCardsSetAside { cards: 2 }),
        Event::ControlDeckRanOut(ControlDeckRanOut { set_aside: 2 }),
        Event::SetAsideCardsFlipped(SetAsideCardsFlipped {
            cards: 2,
            remaining: 0,
        }),
    ]);
    events
}

#[test]
fn from_rules_9_the_last_cards_activation_and_what_the_end_finds_are_still_recorded() {
    let lost = || Command::SetHeroState {
        hero: GUNNER.into(),
        state: HeroState::Lost,
    };
    given(exhausted(WHAT_HAPPENED_ONCE))
        .when(lost())
        .then([hero_state(GUNNER, HeroState::Lost)]);
    given(exhausted(WHAT_HAPPENED_ONCE))
        .when(Command::NextTurn)
        .then_refused(&["Mission 1 is over", "muster mission end"]);
    // Under rules 8 the hero's state at the end was refused as play.
    given(exhausted(TABLE_SIZED))
        .when(lost())
        .then_refused(&["Mission 1 is over"]);
}

#[test]
fn from_rules_9_a_hero_in_the_dead_state_goes_on_no_mission() {
    let mut events = team();
    events.push(hero_state(GUNNER, HeroState::Dead));
    let start = |with: &[&str]| Command::StartMission {
        name: "Next".into(),
        soldiers: with.iter().map(|s| (*s).to_owned()).collect(),
        objectives: None,
        k9_objective: None,
        environments: vec![],
    };
    given(events.clone())
        .when(start(&[]))
        .then([mission_started(1, "Next", &[SPOOK, MEDIC])]);
    given(events.clone()).when(start(&[GUNNER])).then_refused(&[
        "Vega is in the dead state and cannot go on a Mission",
        "hero-state Vega ready",
    ]);
    // Under rules 8 he went by default.
    given(under(TABLE_SIZED, events))
        .when(start(&[]))
        .then([mission_started(1, "Next", &[SPOOK, GUNNER, MEDIC])]);
}
