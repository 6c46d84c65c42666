//! Persuaded and Dependent (rule 003): a hero's A test in CQB against the bogey's, the new
//! Ally, the wounds the bogey still deals, a dead persuader's Ally, synthetic bogeys, and the
//! Dependent Ally who strays more than 4" from his hero.

use super::*;

use crate::domain::zero_dark::Ally;

/// `persuade HERO BOGEY --successes MINE --bogey-successes THEIRS`.
fn persuade(hero: &str, bogey: &str, mine: i64, theirs: i64) -> Command {
    Command::Persuade {
        hero: hero.into(),
        bogey: bogey.into(),
        hero_successes: mine,
        bogey_successes: theirs,
        hero_died: false,
        ally_to: None,
    }
}

/// The persuader died in the CQB; the Ally goes to `ally_to`.
fn persuade_dying(hero: &str, bogey: &str, mine: i64, theirs: i64, ally_to: Option<&str>) -> Command {
    Command::Persuade {
        hero: hero.into(),
        bogey: bogey.into(),
        hero_successes: mine,
        bogey_successes: theirs,
        hero_died: true,
        ally_to: ally_to.map(Into::into),
    }
}

fn tested(hero: &str, bogey: &str, mine: u32, theirs: u32, ally_of: Option<&str>) -> Event {
    Event::PersuasionTested(PersuasionTested {
        bogey: bogey.into(),
        hero: hero.into(),
        hero_successes: mine,
        bogey_successes: theirs,
        persuaded: ally_of.is_some(),
        ally_of: ally_of.map(Into::into),
    })
}

/// An Ally persuaded on Mission 1.
fn ally(name: &str, dependent: bool, dead: bool) -> Ally {
    Ally {
        name: name.into(),
        dependent,
        dead,
        mission: 1,
    }
}

fn ally_event(hero: &str, ally: &str, why: &str) -> AllyEvent {
    AllyEvent {
        hero: hero.into(),
        ally: ally.into(),
        why: why.into(),
    }
}

const DEPENDENT: &str = "an upgrade at no cost that counts as half an upgrade";
const STRAYED: &str = "a Dependent Ally ended an activation more than 4\" from its hero";

/// Mission 1 with the Grunt "Pigeon" persuaded by Vega, who now has him as an Ally.
fn with_an_ally() -> Vec<Event> {
    let mut events = with_bogeys([grunt("Pigeon")]);
    events.push(tested(GUNNER, "Pigeon", 2, 0, Some(GUNNER)));
    events
}

#[test]
fn more_successes_than_the_bogey_make_it_the_heros_ally() {
    let state = given(with_bogeys([grunt("Pigeon")]))
        .when(persuade("vega", "pigeon", 3, 0))
        .then([tested(GUNNER, "Pigeon", 3, 0, Some(GUNNER))]);
    assert_eq!(
        state.soldier(GUNNER).unwrap().allies,
        vec![ally("Pigeon", false, false)]
    );
    let z = &state.mission_in_progress().unwrap().zero_dark;
    assert_eq!(z.persuaded, vec![("Pigeon".to_owned(), GUNNER.to_owned())]);
    assert_eq!(state.soldier(GUNNER).unwrap().hero_state, HeroState::Ready);
}

#[test]
fn as_many_successes_as_the_bogey_do_not_persuade_and_its_successes_wound_the_hero() {
    let state = given(with_bogeys([grunt("Pigeon")]))
        .when(persuade(GUNNER, "Pigeon", 2, 2))
        .then([
            tested(GUNNER, "Pigeon", 2, 2, None),
            hero_state(GUNNER, HeroState::Wounded(2)),
        ]);
    let vega = state.soldier(GUNNER).unwrap();
    assert!(vega.allies.is_empty());
    assert_eq!(vega.hero_state, HeroState::Wounded(2));
    assert!(
        state
            .mission_in_progress()
            .unwrap()
            .zero_dark
            .persuaded
            .is_empty()
    );
}

#[test]
fn a_lost_persuasion_without_the_bogeys_successes_leaves_the_hero_unhurt() {
    given(with_bogeys([grunt("Pigeon")]))
        .when(persuade(GUNNER, "Pigeon", 0, 0))
        .then([tested(GUNNER, "Pigeon", 0, 0, None)]);
}

#[test]
fn a_won_persuasion_still_wounds_the_hero_with_the_bogeys_successes() {
    let state = given(with_bogeys([grunt("Pigeon")]))
        .when(persuade(GUNNER, "Pigeon", 3, 1))
        .then([
            tested(GUNNER, "Pigeon", 3, 1, Some(GUNNER)),
            hero_state(GUNNER, HeroState::Wounded(1)),
        ]);
    assert_eq!(
        state.soldier(GUNNER).unwrap().allies,
        vec![ally("Pigeon", false, false)]
    );
}

#[test]
fn the_bogeys_successes_add_to_a_heros_wounds() {
    let mut events = with_bogeys([grunt("Pigeon")]);
    events.push(hero_state(GUNNER, HeroState::Wounded(2)));
    given(events).when(persuade(GUNNER, "Pigeon", 1, 1)).then([
        tested(GUNNER, "Pigeon", 1, 1, None),
        hero_state(GUNNER, HeroState::Wounded(3)),
    ]);
}

#[test]
fn a_hero_who_died_but_out_scored_the_bogey_passes_the_ally_to_the_named_living_hero() {
    let state = given(with_bogeys([grunt("Pigeon")]))
        .when(persuade_dying(GUNNER, "Pigeon", 3, 2, Some("moss")))
        .then([
            tested(GUNNER, "Pigeon", 3, 2, Some(MEDIC)),
            hero_state(GUNNER, HeroState::Dead),
        ]);
    assert_eq!(
        state.soldier(MEDIC).unwrap().allies,
        vec![ally("Pigeon", false, false)]
    );
    assert!(state.soldier(GUNNER).unwrap().allies.is_empty());
    assert_eq!(state.soldier(GUNNER).unwrap().hero_state, HeroState::Dead);
    // He is still the one who persuaded the bogey.
    assert_eq!(
        state.mission_in_progress().unwrap().zero_dark.persuaded,
        vec![("Pigeon".to_owned(), GUNNER.to_owned())]
    );
}

#[test]
fn a_hero_who_died_and_lost_the_persuasion_leaves_no_ally() {
    let state = given(with_bogeys([grunt("Pigeon")]))
        .when(persuade_dying(GUNNER, "Pigeon", 1, 3, None))
        .then([
            tested(GUNNER, "Pigeon", 1, 3, None),
            hero_state(GUNNER, HeroState::Dead),
        ]);
    assert!(state.soldier(MEDIC).unwrap().allies.is_empty());
}

#[test]
fn a_dead_persuaders_ally_cannot_go_to_a_dead_hero() {
    let mut events = with_bogeys([grunt("Pigeon")]);
    events.push(hero_state(MEDIC, HeroState::Dead));
    given(events)
        .when(persuade_dying(GUNNER, "Pigeon", 3, 2, Some(MEDIC)))
        .then_refused(&[
            "Moss cannot take the Ally",
            "name the nearest hero who isn't dead",
        ]);
}

#[test]
fn a_dead_persuaders_ally_cannot_go_back_to_the_persuader() {
    given(with_bogeys([grunt("Pigeon")]))
        .when(persuade_dying(GUNNER, "Pigeon", 3, 2, Some(GUNNER)))
        .then_refused(&["Vega cannot take the Ally"]);
}

#[test]
fn a_dead_persuader_who_out_scored_the_bogey_must_name_who_takes_the_ally() {
    given(with_bogeys([grunt("Pigeon")]))
        .when(persuade_dying(GUNNER, "Pigeon", 3, 2, None))
        .then_refused(&["the persuader died but out-scored the bogey", "--ally-to HERO"]);
}

#[test]
fn a_synthetic_bogey_cannot_be_persuaded() {
    let synth = Bogey {
        synthetic: true,
        ..grunt("Drone 1")
    };
    given(with_bogeys([synth]))
        .when(persuade(SPOOK, "Drone 1", 4, 0))
        .then_refused(&["Drone 1 is synthetic", "synthetic bogeys cannot be persuaded"]);
}

#[test]
fn a_hero_already_dead_cannot_persuade() {
    let mut events = with_bogeys([grunt("Pigeon")]);
    events.push(hero_state(GUNNER, HeroState::Dead));
    given(events)
        .when(persuade(GUNNER, "Pigeon", 3, 0))
        .then_refused(&["Vega is dead and cannot act"]);
}

#[test]
fn a_persuaded_bogey_is_no_longer_a_bogey_in_play() {
    given(with_an_ally())
        .when(persuade(SPOOK, "Pigeon", 3, 0))
        .then_refused(&["Pigeon is no longer a bogey in play"]);
    given(with_an_ally())
        .when(target("Pigeon", SPOOK))
        .then_refused(&["Pigeon is no longer a bogey in play"]);
}

#[test]
fn successes_out_of_range_are_refused() {
    given(with_bogeys([grunt("Pigeon")]))
        .when(persuade(GUNNER, "Pigeon", -1, 0))
        .then_refused(&["the hero's successes"]);
    given(with_bogeys([grunt("Pigeon")]))
        .when(persuade(GUNNER, "Pigeon", 1, 21))
        .then_refused(&["the bogey's successes"]);
}

#[test]
fn an_ally_takes_the_dependent_upgrade() {
    let state = given(with_an_ally())
        .when(Command::MakeDependent {
            hero: GUNNER.into(),
            ally: "pigeon".into(),
        })
        .then([Event::AllyMadeDependent(ally_event(GUNNER, "Pigeon", DEPENDENT))]);
    assert_eq!(
        state.soldier(GUNNER).unwrap().allies,
        vec![ally("Pigeon", true, false)]
    );
}

#[test]
fn from_rules_6_an_ally_already_dependent_is_not_made_dependent_again() {
    let dependent = || Command::MakeDependent {
        hero: GUNNER.into(),
        ally: "Pigeon".into(),
    };
    let mut events = with_an_ally();
    events.push(Event::AllyMadeDependent(ally_event(GUNNER, "Pigeon", DEPENDENT)));
    given(events.clone())
        .when(dependent())
        .then_refused(&["Pigeon is already Dependent on Vega", "made Dependent once"]);
    // Under rules 5 a second one is recorded, as it was.
    let mut earlier = events;
    if let Some(Event::CampaignCreated(created)) = earlier.first_mut() {
        created.rules = crate::domain::rules_version::CARDS_AS_PRINTED;
    }
    given(earlier)
        .when(dependent())
        .then([Event::AllyMadeDependent(ally_event(GUNNER, "Pigeon", DEPENDENT))]);
}

#[test]
fn the_dependent_upgrade_for_an_ally_the_hero_lacks_is_refused() {
    given(with_an_ally())
        .when(Command::MakeDependent {
            hero: MEDIC.into(),
            ally: "Pigeon".into(),
        })
        .then_refused(&[
            "Moss has no living Ally named 'Pigeon' on Mission 1",
            "his Allies on it: none",
        ]);
}

#[test]
fn a_dependent_ally_who_strays_more_than_4_inches_dies() {
    let mut events = with_an_ally();
    events.push(Event::AllyMadeDependent(ally_event(GUNNER, "Pigeon", DEPENDENT)));
    let state = given(events)
        .when(Command::AllyStrayed {
            hero: GUNNER.into(),
            ally: "Pigeon".into(),
        })
        .then([Event::AllyDied(ally_event(GUNNER, "Pigeon", STRAYED))]);
    assert_eq!(
        state.soldier(GUNNER).unwrap().allies,
        vec![ally("Pigeon", true, true)]
    );
}

#[test]
fn a_dead_ally_cannot_stray_again() {
    let mut events = with_an_ally();
    events.push(Event::AllyMadeDependent(ally_event(GUNNER, "Pigeon", DEPENDENT)));
    events.push(Event::AllyDied(ally_event(GUNNER, "Pigeon", STRAYED)));
    given(events)
        .when(Command::AllyStrayed {
            hero: GUNNER.into(),
            ally: "Pigeon".into(),
        })
        .then_refused(&["Vega has no living Ally named 'Pigeon'"]);
}

#[test]
fn an_ally_who_is_not_dependent_straying_is_refused() {
    given(with_an_ally())
        .when(Command::AllyStrayed {
            hero: GUNNER.into(),
            ally: "Pigeon".into(),
        })
        .then_refused(&["Pigeon is not Dependent", "only a Dependent Ally dies"]);
}

/// Vega's Dependent Ally "Grunt 1" of Mission 1 strayed and died; in Mission 2 he persuades
/// another bogey also called "Grunt 1" (bogey names are only unique within a Mission).
fn a_second_grunt_1() -> Vec<Event> {
    let mut events = with_bogeys([grunt("Grunt 1")]);
    events.push(tested(GUNNER, "Grunt 1", 2, 0, Some(GUNNER)));
    events.push(Event::AllyMadeDependent(ally_event(GUNNER, "Grunt 1", DEPENDENT)));
    events.push(Event::AllyDied(ally_event(GUNNER, "Grunt 1", STRAYED)));
    events.push(mission_ended(1));
    events.push(mission_started(2, "Second Pigeon", &[SPOOK, GUNNER]));
    events.push(Event::BogeyAdded(BogeyAdded {
        mission: 2,
        bogey: grunt("Grunt 1"),
    }));
    events.push(tested(GUNNER, "Grunt 1", 2, 0, Some(GUNNER)));
    events
}

/// The Ally events name an Ally by name only: with a dead Grunt 1 beside a living one, the
/// upgrade goes to the living one, not to the first of that name.
#[test]
fn the_dependent_upgrade_goes_to_the_living_ally_of_that_name() {
    let mut log = a_second_grunt_1();
    let state = step(
        &mut log,
        Command::MakeDependent {
            hero: GUNNER.into(),
            ally: "Grunt 1".into(),
        },
        &[],
        vec![Event::AllyMadeDependent(ally_event(GUNNER, "Grunt 1", DEPENDENT))],
    );
    assert_eq!(
        state.soldier(GUNNER).unwrap().allies,
        vec![
            ally("Grunt 1", true, true),
            Ally {
                mission: 2,
                ..ally("Grunt 1", true, false)
            }
        ]
    );
}

/// The Dependent check looks at the living Ally of that name: a dead namesake's upgrade does
/// not let a living Ally who never took it stray.
#[test]
fn a_living_ally_who_is_not_dependent_cannot_stray_though_a_dead_namesake_was() {
    given(a_second_grunt_1())
        .when(Command::AllyStrayed {
            hero: GUNNER.into(),
            ally: "Grunt 1".into(),
        })
        .then_refused(&["Grunt 1 is not Dependent"]);
}

#[test]
fn a_heros_state_is_recorded_as_the_player_gives_it() {
    let state = given(deployed())
        .when(Command::SetHeroState {
            hero: "vega".into(),
            state: HeroState::Wounded(2),
        })
        .then([hero_state(GUNNER, HeroState::Wounded(2))]);
    assert_eq!(state.soldier(GUNNER).unwrap().hero_state, HeroState::Wounded(2));
}

#[test]
fn a_wounded_state_out_of_range_is_refused() {
    for n in [0, 10] {
        given(deployed())
            .when(Command::SetHeroState {
                hero: GUNNER.into(),
                state: HeroState::Wounded(n),
            })
            .then_refused(&["the wounds"]);
    }
}
