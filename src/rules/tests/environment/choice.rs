//! The choice after a failure: Hardy, Hardy Any, a Wound or a Suppress, and refused choices.

use super::*;

#[test]
fn a_failed_roll_paid_with_a_hardy_counter_of_its_type() {
    let (mut log, at) = failed("Ivanov", "cold");
    let state = step(
        &mut log,
        resolve("Ivanov", EnvironmentChoice::Hardy),
        &[],
        vec![
            resolved("Ivanov", "cold", at, EnvironmentChoice::Hardy),
            Event::HardyAdjusted(HardyAdjusted {
                soldier: "Ivanov".into(),
                hardy: "cold".into(),
                amount: -1,
                why: format!("Environ cold failed at v{at}"),
            }),
        ],
    );
    assert!(state.pending.is_empty());
    let ivanov = state.soldier("Ivanov").unwrap();
    assert_eq!(
        ivanov.hardy.get("cold"),
        None,
        "the only Hardy Cold counter is spent"
    );
    assert_eq!(ivanov.hardy.get("any"), Some(&1));
    assert!(state.anomalies.is_empty(), "{:?}", state.anomalies);
}

#[test]
fn a_failed_roll_paid_with_a_hardy_any_counter() {
    let (mut log, at) = failed("Ivanov", "fever");
    let state = step(
        &mut log,
        resolve("Ivanov", EnvironmentChoice::HardyAny),
        &[],
        vec![
            resolved("Ivanov", "fever", at, EnvironmentChoice::HardyAny),
            Event::HardyAdjusted(HardyAdjusted {
                soldier: "Ivanov".into(),
                hardy: "any".into(),
                amount: -1,
                why: format!("Environ fever failed at v{at}"),
            }),
        ],
    );
    assert!(state.pending.is_empty());
    assert_eq!(state.soldier("Ivanov").unwrap().hardy.get("any"), None);
}

#[test]
fn a_failed_roll_paid_with_a_wound() {
    let (mut log, at) = failed("Sokolov", "fever");
    let state = step(
        &mut log,
        resolve("sokolov", EnvironmentChoice::Wound),
        &[],
        vec![
            resolved("Sokolov", "fever", at, EnvironmentChoice::Wound),
            Event::Wounded(amount("Sokolov", 1)),
        ],
    );
    assert!(state.pending.is_empty());
    assert_eq!(state.soldier("Sokolov").unwrap().wounds, 1);
}

#[test]
fn a_failed_roll_paid_with_a_suppress() {
    let (mut log, at) = failed("Sokolov", "fever");
    let state = step(
        &mut log,
        resolve("Sokolov", EnvironmentChoice::Suppress),
        &[],
        vec![
            resolved("Sokolov", "fever", at, EnvironmentChoice::Suppress),
            Event::Suppressed(amount("Sokolov", 1)),
        ],
    );
    assert!(state.pending.is_empty());
    assert_eq!(state.soldier("Sokolov").unwrap().suppress, 1);
}

#[test]
fn resolving_with_nothing_pending_is_refused() {
    given(on_mission())
        .when(resolve("Ivanov", EnvironmentChoice::Wound))
        .then_refused(&[
            "Ivanov has no failed Environment roll awaiting a choice",
            "awaiting: nothing",
        ]);
}

#[test]
fn resolving_for_a_soldier_who_did_not_fail_names_who_is_awaited() {
    let (log, at) = failed("Ivanov", "fever");
    given(log)
        .when(resolve("Sokolov", EnvironmentChoice::Wound))
        .then_refused(&[
            "Sokolov has no failed Environment roll",
            &format!("awaiting: Ivanov (Environ fever, v{at})"),
        ]);
}

#[test]
fn a_hardy_counter_of_a_type_he_lacks_is_refused() {
    let (log, _) = failed("Ivanov", "fever");
    given(log)
        .when(resolve("Ivanov", EnvironmentChoice::Hardy))
        .then_refused(&[
            "Ivanov has no Hardy fever counter",
            "he has: any 1, cold 1",
            "or his Hardy Any counter: `muster resolve Ivanov hardy --any`",
        ]);
}

#[test]
fn a_hardy_any_counter_he_lacks_is_refused() {
    let (log, _) = failed("Sokolov", "fever");
    given(log)
        .when(resolve("Sokolov", EnvironmentChoice::HardyAny))
        .then_refused(&["Sokolov has no Hardy any counter", "he has: none"]);
}

#[test]
fn a_later_failed_roll_is_settled_first_when_its_version_is_named() {
    // Given Ivanov failed a fever roll and then a cold one, both awaiting a choice.
    let (mut log, fever) = failed("Ivanov", "fever");
    let purpose = "Environ cold 4+ at Stream";
    step(
        &mut log,
        environ("Ivanov", "cold", 4),
        &[3],
        vec![rolled("Ivanov", "cold", 4, d10("Ivanov", purpose, 3, 4, false))],
    );
    let cold = log.len() as u64;
    let named = |rolled_at| Command::Resolve {
        soldier: "Ivanov".into(),
        choice: EnvironmentChoice::Hardy,
        rolled_at,
    };
    // When the cold roll is named, his Hardy Cold counter settles it, and the fever roll waits.
    let state = given(log.clone()).when(named(Some(cold))).then([
        resolved("Ivanov", "cold", cold, EnvironmentChoice::Hardy),
        Event::HardyAdjusted(HardyAdjusted {
            soldier: "Ivanov".into(),
            hardy: "cold".into(),
            amount: -1,
            why: format!("Environ cold failed at v{cold}"),
        }),
    ]);
    let waiting: Vec<u64> = state.pending.iter().map(|p| p.version).collect();
    assert_eq!(waiting, [fever]);
    // Unnamed, his oldest is settled: the fever roll, for which he holds no counter.
    given(log.clone())
        .when(named(None))
        .then_refused(&["Ivanov has no Hardy fever counter"]);
    // Named, the refusal's other choices name it too, as its own offers do.
    given(log.clone()).when(named(Some(fever))).then_refused(&[
        &format!("`muster resolve Ivanov wound --roll {fever}`"),
        &format!("`muster resolve Ivanov hardy --any --roll {fever}`"),
    ]);
    // A version that is none of his failed rolls is refused, naming them.
    given(log).when(named(Some(2))).then_refused(&[
        "v2 is not a failed Environment roll of Ivanov awaiting a choice",
        &format!("Environ fever at v{fever} (--roll {fever})"),
        &format!("Environ cold at v{cold} (--roll {cold})"),
    ]);
}
