//! Ability checks (RULES 1, rule 001): the printed target, modifiers, Upgunned, Traps, a
//! Soldier without the ability, and the once-only rules of Success and Fail headings.

use super::*;
use crate::dice::Source;
use crate::domain::soldier::Ability;
use crate::rules::harness::given;

/// `muster check SOLDIER ABILITY` and its options.
#[derive(Default)]
struct Check {
    modifiers: Vec<(i64, &'static str)>,
    upgunned: bool,
    trap: bool,
    fail: bool,
    card: Option<&'static str>,
}

impl Check {
    fn by(self, soldier: &str, ability: &str) -> Command {
        Command::Check {
            soldier: soldier.into(),
            ability: ability.into(),
            modifiers: self
                .modifiers
                .iter()
                .map(|(value, source)| crate::domain::command::NamedModifier {
                    value: *value,
                    source: (*source).into(),
                })
                .collect(),
            upgunned: self.upgunned,
            trap: self.trap,
            fail: self.fail,
            card: self.card.map(Into::into),
        }
    }
}

/// A plain Success check with no options.
fn check(soldier: &str, ability: &str) -> Command {
    Check::default().by(soldier, ability)
}

/// A Player Soldier whose card prints `abilities` (name, target as printed).
fn soldier(name: &str, abilities: &[(&str, &str)]) -> SoldierCard {
    SoldierCard {
        abilities: abilities
            .iter()
            .map(|(ability, printed)| ((*ability).to_owned(), printed.parse::<Ability>().unwrap()))
            .collect(),
        ..player(name)
    }
}

/// A WWII campaign: Baker has `Demo 5+ [4+]`, Charlie `Demo 6+` (no bracket), Able no Demo
/// at all; the three are on Mission 1, Dog stays behind.
fn squad() -> Vec<Event> {
    vec![
        created(Game::Wwii),
        enlisted(soldier("Able", &[("recon", "6+")])),
        enlisted(soldier("Baker", &[("demo", "5+ [4+]")])),
        enlisted(soldier("Charlie", &[("demo", "6+")])),
        enlisted(soldier("Dog", &[("demo", "3+")])),
    ]
}

fn on_mission() -> Vec<Event> {
    let mut events = squad();
    events.push(mission_started(
        1,
        "Bridge at Dawn",
        &["Able", "Baker", "Charlie"],
    ));
    events
}

/// The CheckRolled event of a plain Success check not on a named card.
fn rolled(soldier: &str, ability: &str, roll: Roll) -> Event {
    Event::CheckRolled(CheckRolled {
        soldier: soldier.into(),
        ability: ability.into(),
        card: None,
        heading: Heading::Success,
        upgunned: false,
        trap: false,
        roll,
    })
}

/// The CheckRolled event of a check on a named card under `heading`.
fn rolled_on(soldier: &str, card: &str, heading: Heading, roll: Roll) -> Event {
    Event::CheckRolled(CheckRolled {
        soldier: soldier.into(),
        ability: "demo".into(),
        card: Some(card.into()),
        heading,
        upgunned: false,
        trap: false,
        roll,
    })
}

#[test]
fn a_check_rolls_against_the_target_printed_on_the_card() {
    given(on_mission())
        .when_rolling(check("baker", "Demo"), &[5])
        .then([rolled("Baker", "demo", d10("Baker", "demo check", 5, 5, true))]);
}

#[test]
fn a_check_below_the_printed_target_fails() {
    given(on_mission())
        .when_rolling(check("Baker", "demo"), &[4])
        .then([rolled("Baker", "demo", d10("Baker", "demo check", 4, 5, false))]);
}

#[test]
fn modifiers_are_added_to_the_face_and_the_total_is_tested_against_the_printed_target() {
    let with_mods = Check {
        modifiers: vec![(-1, "card"), (2, "Skill card")],
        ..Check::default()
    };
    given(on_mission())
        .when_rolling(with_mods.by("Baker", "demo"), &[4])
        .then([rolled(
            "Baker",
            "demo",
            Roll {
                modifiers: vec![modifier(-1, "card"), modifier(2, "Skill card")],
                total: Some(5),
                success: true,
                ..d10("Baker", "demo check", 4, 5, true)
            },
        )]);
}

#[test]
fn a_penalty_can_turn_a_face_at_the_target_into_a_failure_without_moving_the_target() {
    let penalty = Check {
        modifiers: vec![(-1, "card")],
        ..Check::default()
    };
    given(on_mission())
        .when_rolling(penalty.by("Baker", "demo"), &[5])
        .then([rolled(
            "Baker",
            "demo",
            Roll {
                modifiers: vec![modifier(-1, "card")],
                total: Some(4),
                success: false,
                ..d10("Baker", "demo check", 5, 5, false)
            },
        )]);
}

#[test]
fn an_upgunned_check_uses_the_bracket_target() {
    let upgunned = Check {
        upgunned: true,
        ..Check::default()
    };
    given(on_mission())
        .when_rolling(upgunned.by("Baker", "demo"), &[4])
        .then([Event::CheckRolled(CheckRolled {
            soldier: "Baker".into(),
            ability: "demo".into(),
            card: None,
            heading: Heading::Success,
            upgunned: true,
            trap: false,
            roll: d10("Baker", "demo check", 4, 4, true),
        })]);
}

#[test]
fn an_upgunned_check_is_refused_when_the_card_prints_no_bracket_target() {
    let upgunned = Check {
        upgunned: true,
        ..Check::default()
    };
    given(on_mission())
        .when_rolling(upgunned.by("Charlie", "demo"), &[4])
        .then_refused(&[
            "Charlie's demo is 6+",
            "no Upgunned [bracket] target",
            "drop --upgunned",
        ]);
}

#[test]
fn a_soldier_without_the_ability_fails_without_rolling_or_using_a_die() {
    // `.when` offers no die and no seed: the check must not need one.
    let state = given(on_mission()).when(check("Able", "demo")).then([rolled(
        "Able",
        "demo",
        Roll {
            who: "Able".into(),
            purpose: "demo check".into(),
            die: "d10".into(),
            faces: vec![],
            source: None,
            target: None,
            modifiers: vec![],
            costs: vec![],
            total: None,
            success: false,
            dice: None,
        },
    )]);
    assert!(
        state.missions[0].checks.is_empty(),
        "no named card, nothing to remember"
    );
}

#[test]
fn a_soldier_without_the_ability_fails_a_fail_heading_on_entering_without_a_die() {
    let fail = Check {
        fail: true,
        card: Some("Minefield"),
        ..Check::default()
    };
    let state = given(on_mission()).when(fail.by("Able", "demo")).then([rolled_on(
        "Able",
        "Minefield",
        Heading::Fail,
        Roll {
            who: "Able".into(),
            purpose: "demo check on Minefield".into(),
            die: "d10".into(),
            faces: vec![],
            source: None,
            target: None,
            modifiers: vec![],
            costs: vec![],
            total: None,
            success: false,
            dice: None,
        },
    )]);
    let record = &state.missions[0].checks[0];
    assert_eq!((record.soldier.as_str(), record.success), ("Able", false));
}

#[test]
fn a_trap_without_the_ability_takes_the_face_as_one_and_nothing_raises_it() {
    let trap = Check {
        trap: true,
        modifiers: vec![(3, "Skill card")],
        ..Check::default()
    };
    let expected = Roll {
        who: "Able".into(),
        purpose: "demo check".into(),
        die: "d10".into(),
        faces: vec![1],
        source: Some(Source::Assumed),
        target: None,
        modifiers: vec![modifier(3, "Skill card")],
        costs: vec![],
        total: Some(1),
        success: false,
        dice: None,
    };
    assert_eq!(
        expected.recompute(),
        (Some(1), false),
        "the audit agrees: +3 does not raise it"
    );
    given(on_mission())
        .when(trap.by("Able", "demo"))
        .then([Event::CheckRolled(CheckRolled {
            soldier: "Able".into(),
            ability: "demo".into(),
            card: None,
            heading: Heading::Fail,
            upgunned: false,
            trap: true,
            roll: expected,
        })]);
}

#[test]
fn a_trap_for_a_soldier_with_the_ability_is_rolled_as_a_fail_heading() {
    let trap = Check {
        trap: true,
        ..Check::default()
    };
    given(on_mission())
        .when_rolling(trap.by("Baker", "demo"), &[7])
        .then([Event::CheckRolled(CheckRolled {
            soldier: "Baker".into(),
            ability: "demo".into(),
            card: None,
            heading: Heading::Fail,
            upgunned: false,
            trap: true,
            roll: d10("Baker", "demo check", 7, 5, true),
        })]);
}

#[test]
fn a_face_off_the_die_is_refused() {
    for face in [0, 11] {
        given(on_mission())
            .when_rolling(check("Baker", "demo"), &[face])
            .then_refused(&["1 to 10", &format!("the face {face} is not on the die")]);
    }
}

#[test]
fn a_check_with_no_die_and_no_seed_is_refused() {
    given(on_mission())
        .when(check("Baker", "demo"))
        .then_refused(&["no die face was given and no dice seed is available", "--die N"]);
}

#[test]
fn a_check_with_no_mission_in_progress_is_refused() {
    given(squad())
        .when_rolling(check("Baker", "demo"), &[5])
        .then_refused(&["no Mission is in progress"]);
}

#[test]
fn a_check_for_a_soldier_not_on_the_mission_is_refused() {
    given(on_mission())
        .when_rolling(check("Dog", "demo"), &[5])
        .then_refused(&[
            "Dog cannot make a check",
            "only an active Soldier on Mission 1 can",
            "Able, Baker, Charlie",
        ]);
}

#[test]
fn a_check_for_a_downed_soldier_on_the_mission_is_refused() {
    let mut events = on_mission();
    events.push(Event::Downed(named("Baker")));
    given(events)
        .when_rolling(check("Baker", "demo"), &[5])
        .then_refused(&["Baker cannot make a check"]);
}

#[test]
fn a_check_for_an_unknown_soldier_is_refused() {
    given(on_mission())
        .when_rolling(check("Easy", "demo"), &[5])
        .then_refused(&["no Soldier named 'Easy'"]);
}

#[test]
fn after_a_success_on_a_named_card_another_check_on_it_is_refused() {
    let on_bridge = || Check {
        card: Some("Bridge"),
        ..Check::default()
    };
    let mut log = on_mission();
    let state = step(
        &mut log,
        on_bridge().by("Baker", "demo"),
        &[6],
        vec![rolled_on(
            "Baker",
            "Bridge",
            Heading::Success,
            d10("Baker", "demo check on Bridge", 6, 5, true),
        )],
    );
    let record = &state.missions[0].checks[0];
    assert_eq!((record.card.as_str(), record.success), ("Bridge", true));
    // Neither another Soldier nor the same one gains the benefit twice.
    for soldier in ["Charlie", "Baker"] {
        given(log.clone())
            .when_rolling(on_bridge().by(soldier, "demo"), &[9])
            .then_refused(&[
                "Baker already succeeded at the check on Bridge",
                "gained only once",
            ]);
    }
    given(log)
        .when_rolling(
            Check {
                card: Some("bridge"),
                ..Check::default()
            }
            .by("Charlie", "demo"),
            &[9],
        )
        .then_refused(&["gained only once"]);
}

#[test]
fn after_a_failure_on_a_named_card_another_check_on_it_is_accepted() {
    let on_bridge = || Check {
        card: Some("Bridge"),
        ..Check::default()
    };
    let mut log = on_mission();
    step(
        &mut log,
        on_bridge().by("Baker", "demo"),
        &[2],
        vec![rolled_on(
            "Baker",
            "Bridge",
            Heading::Success,
            d10("Baker", "demo check on Bridge", 2, 5, false),
        )],
    );
    // The same Soldier may try again for another Action, and so may another.
    given(log.clone())
        .when_rolling(on_bridge().by("Baker", "demo"), &[5])
        .then([rolled_on(
            "Baker",
            "Bridge",
            Heading::Success,
            d10("Baker", "demo check on Bridge", 5, 5, true),
        )]);
    given(log)
        .when_rolling(on_bridge().by("Charlie", "demo"), &[6])
        .then([rolled_on(
            "Charlie",
            "Bridge",
            Heading::Success,
            d10("Charlie", "demo check on Bridge", 6, 6, true),
        )]);
}

#[test]
fn a_fail_heading_is_rolled_once_per_soldier_on_a_card() {
    let minefield = || Check {
        fail: true,
        card: Some("Minefield"),
        ..Check::default()
    };
    let mut log = on_mission();
    step(
        &mut log,
        minefield().by("Baker", "demo"),
        &[3],
        vec![rolled_on(
            "Baker",
            "Minefield",
            Heading::Fail,
            d10("Baker", "demo check on Minefield", 3, 5, false),
        )],
    );
    given(log.clone())
        .when_rolling(minefield().by("baker", "demo"), &[8])
        .then_refused(&["Baker already rolled the Fail check on Minefield", "rolled once"]);
    let state = step(
        &mut log,
        minefield().by("Charlie", "demo"),
        &[8],
        vec![rolled_on(
            "Charlie",
            "Minefield",
            Heading::Fail,
            d10("Charlie", "demo check on Minefield", 8, 6, true),
        )],
    );
    assert_eq!(state.missions[0].checks.len(), 2);
}

#[test]
fn a_fail_heading_already_succeeded_by_one_soldier_is_still_rolled_by_the_next_to_enter() {
    let minefield = || Check {
        fail: true,
        card: Some("Minefield"),
        ..Check::default()
    };
    let mut log = on_mission();
    step(
        &mut log,
        minefield().by("Baker", "demo"),
        &[9],
        vec![rolled_on(
            "Baker",
            "Minefield",
            Heading::Fail,
            d10("Baker", "demo check on Minefield", 9, 5, true),
        )],
    );
    given(log)
        .when_rolling(minefield().by("Charlie", "demo"), &[1])
        .then([rolled_on(
            "Charlie",
            "Minefield",
            Heading::Fail,
            d10("Charlie", "demo check on Minefield", 1, 6, false),
        )]);
}
