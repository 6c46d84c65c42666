//! The pending decision holding up the turn and the Mission's end.

use super::*;

#[test]
fn the_next_turn_is_refused_while_a_failed_roll_awaits_its_choice() {
    let (log, at) = failed("Ivanov", "fever");
    given(log).when(Command::NextTurn).then_refused(&[&format!(
        "Ivanov's failed Environ fever roll (v{at}) awaits a choice"
    )]);
}

#[test]
fn the_mission_end_is_refused_while_a_failed_roll_awaits_its_choice() {
    let (log, at) = failed("Ivanov", "fever");
    for result in [
        crate::domain::MissionResult::Success,
        crate::domain::MissionResult::Failure,
    ] {
        given(log.clone())
            .when(Command::EndMission {
                result,
                rp_award: None,
            })
            .then_refused(&[
                &format!("Ivanov's failed Environ fever roll (v{at}) awaits a choice"),
                "muster resolve Ivanov",
            ]);
    }
}

#[test]
fn once_the_choice_is_recorded_the_next_turn_goes_ahead() {
    let (mut log, at) = failed("Ivanov", "fever");
    step(
        &mut log,
        resolve("Ivanov", EnvironmentChoice::Suppress),
        &[],
        vec![
            resolved("Ivanov", "fever", at, EnvironmentChoice::Suppress),
            Event::Suppressed(amount("Ivanov", 1)),
        ],
    );
    given(log)
        .when(Command::NextTurn)
        .then([Event::TurnStarted(TurnStarted { mission: 1, turn: 2 })]);
}

#[test]
fn two_environments_roll_separately_and_are_settled_oldest_first() {
    let mut log = on_mission();
    step(
        &mut log,
        environ("Ivanov", "cold", 5),
        &[2],
        vec![rolled(
            "Ivanov",
            "cold",
            5,
            d10("Ivanov", "Environ cold 5+ at Stream", 2, 5, false),
        )],
    );
    let cold_at = log.len() as u64;
    let state = step(
        &mut log,
        environ("Ivanov", "fever", 4),
        &[1],
        vec![rolled(
            "Ivanov",
            "fever",
            4,
            d10("Ivanov", "Environ fever 4+ at Stream", 1, 4, false),
        )],
    );
    let fever_at = log.len() as u64;
    let awaited: Vec<(u64, &str)> = state
        .pending
        .iter()
        .map(|p| (p.version, p.environment.as_str()))
        .collect();
    assert_eq!(awaited, vec![(cold_at, "cold"), (fever_at, "fever")]);

    // The first choice settles the cold roll (with its own Hardy Cold counter)…
    let state = step(
        &mut log,
        resolve("Ivanov", EnvironmentChoice::Hardy),
        &[],
        vec![
            resolved("Ivanov", "cold", cold_at, EnvironmentChoice::Hardy),
            Event::HardyAdjusted(HardyAdjusted {
                soldier: "Ivanov".into(),
                hardy: "cold".into(),
                amount: -1,
                why: format!("Environ cold failed at v{cold_at}"),
            }),
        ],
    );
    assert_eq!(state.pending.len(), 1);
    given(log.clone())
        .when(Command::NextTurn)
        .then_refused(&["Environ fever roll", "awaits a choice"]);
    // …the second the fever roll; Hardy Cold is gone and does not serve against fever.
    given(log.clone())
        .when(resolve("Ivanov", EnvironmentChoice::Hardy))
        .then_refused(&["no Hardy fever counter", "he has: any 1"]);
    let state = step(
        &mut log,
        resolve("Ivanov", EnvironmentChoice::Wound),
        &[],
        vec![
            resolved("Ivanov", "fever", fever_at, EnvironmentChoice::Wound),
            Event::Wounded(amount("Ivanov", 1)),
        ],
    );
    assert!(state.pending.is_empty());
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
    given(log)
        .when(Command::NextTurn)
        .then([Event::TurnStarted(TurnStarted { mission: 1, turn: 2 })]);
}

#[test]
fn the_turns_refusal_names_hardy_only_for_a_soldier_who_holds_a_counter_that_settles_it() {
    let (log, _) = failed("Sokolov", "fever");
    given(log)
        .when(Command::NextTurn)
        .then_refused(&["record it first with `muster resolve Sokolov wound|suppress`"]);
    // Ivanov holds Hardy Any, which settles a fever roll.
    let (log, _) = failed("Ivanov", "fever");
    given(log)
        .when(Command::NextTurn)
        .then_refused(&["`muster resolve Ivanov hardy|wound|suppress`"]);
}

#[test]
fn an_environment_roll_of_a_killed_soldier_is_refused_naming_those_still_in_play() {
    let mut log = on_mission();
    log.push(Event::Killed(named("Petrov")));
    given(log).when(environ("Petrov", "cold", 6)).then_refused(&[
        "Petrov is not in play on Mission 1",
        "roll for Environment (Ivanov, Sokolov)",
    ]);
}
