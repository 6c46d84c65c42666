//! A property of voids: over random rule-valid histories with random voids, every void
//! accepted leaves a history the checked fold and `verify` pass, and every void refused
//! records nothing.

use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};

use super::*;
use crate::domain::command::{Harm, StatusChange, XpTarget};
use crate::domain::soldier::Ability;
use crate::rules::harness::Played;

const SQUAD: [&str; 3] = ["Able", "Baker", "Charlie"];

/// One step of a random history.
#[derive(Debug, Clone)]
enum Step {
    Start,
    Turn,
    End,
    Wound(usize),
    Heal(usize),
    Xp(usize, i64),
    Ekia(usize, i64),
    Kill(usize),
    Check(usize, i64),
    Grant(i64),
    Spend(i64),
    /// The paper sheet says what the log says now.
    Assert(usize),
    /// Void the command of the version this far back from the head (1 is the head).
    Void(usize, bool),
}

fn step() -> impl Strategy<Value = Step> {
    let who = 0..SQUAD.len();
    prop_oneof![
        2 => Just(Step::Start),
        2 => Just(Step::Turn),
        1 => Just(Step::End),
        2 => who.clone().prop_map(Step::Wound),
        1 => who.clone().prop_map(Step::Heal),
        2 => (who.clone(), -2_i64..4).prop_map(|(w, n)| Step::Xp(w, n)),
        2 => (who.clone(), 0_i64..4).prop_map(|(w, n)| Step::Ekia(w, n)),
        1 => who.clone().prop_map(Step::Kill),
        2 => (who.clone(), 1_i64..=10).prop_map(|(w, f)| Step::Check(w, f)),
        1 => (1_i64..6).prop_map(Step::Grant),
        1 => (1_i64..6).prop_map(Step::Spend),
        1 => who.prop_map(Step::Assert),
        4 => (1_usize..12, any::<bool>()).prop_map(|(back, cascade)| Step::Void(back, cascade)),
    ]
}

fn command(played: &Played, step: &Step) -> Option<(Command, Vec<i64>)> {
    let name = |i: &usize| SQUAD[*i].to_owned();
    let command = match step {
        Step::Start => start("Patrol", &[]),
        Step::Turn => Command::NextTurn,
        Step::End => Command::EndMission {
            result: crate::domain::MissionResult::Failure,
            rp_award: None,
        },
        Step::Wound(i) | Step::Heal(i) => Command::Harm {
            harm: if matches!(step, Step::Wound(_)) {
                Harm::Wound
            } else {
                Harm::Heal
            },
            soldier: name(i),
            amount: 1,
        },
        Step::Xp(i, n) => Command::AdjustXp {
            target: XpTarget::Soldier(name(i)),
            amount: *n,
            why: "service".into(),
        },
        Step::Ekia(i, n) => Command::RecordEkia {
            soldier: name(i),
            hostile: "Rifle Team".into(),
            value: *n,
        },
        Step::Kill(i) => Command::ChangeStatus {
            change: StatusChange::Kill,
            soldier: name(i),
        },
        Step::Check(i, face) => {
            return Some((
                Command::Check {
                    soldier: name(i),
                    ability: "medic".into(),
                    modifiers: vec![],
                    upgunned: false,
                    trap: false,
                    fail: false,
                    card: None,
                },
                vec![*face],
            ));
        }
        Step::Grant(n) => Command::GrantRp {
            amount: *n,
            why: "loot".into(),
        },
        Step::Spend(n) => Command::SpendRp {
            amount: *n,
            why: "kit".into(),
        },
        Step::Assert(i) => {
            let xp = played.state().soldier(SQUAD[*i])?.xp;
            Command::Assert {
                soldier: name(i),
                fields: vec![("xp".into(), xp.to_string())],
            }
        }
        Step::Void(..) => return None,
    };
    Some((command, vec![]))
}

fn squad() -> Played {
    let mut setup = vec![created(Game::Wwii)];
    for (i, name) in SQUAD.iter().enumerate() {
        setup.push(enlisted(SoldierCard {
            rp: 3 + i as u32,
            abilities: [("medic".to_owned(), "6+".parse::<Ability>().unwrap())].into(),
            ..player(name)
        }));
    }
    Played::new(setup)
}

proptest! {
    #![proptest_config(Config {
        cases: 300,
        failure_persistence: Some(Box::new(FileFailurePersistence::SourceParallel("proptest-regressions"))),
        ..Config::default()
    })]

    #[test]
    fn every_accepted_void_leaves_a_history_that_folds_and_verifies(steps in prop::collection::vec(step(), 1..60)) {
        let mut played = squad();
        for step in &steps {
            if let Step::Void(back, cascade) = step {
                let head = played.log.len() as u64;
                let Some(version) = head.checked_sub(*back as u64 - 1).filter(|v| *v > 0) else {
                    continue;
                };
                let before = played.log.clone();
                match played.void(version, *cascade) {
                    Ok(events) => {
                        played.record(events);
                        let state = played.state();
                        prop_assert_eq!(&state.anomalies, &vec![], "after voiding v{} of {:?}", version, steps);
                        prop_assert_eq!(&state.unsettled_awards, &vec![]);
                        let report = crate::verify::verify("test", &played.rows());
                        prop_assert!(report.ok, "verify after voiding v{}: {:?}", version, report.findings);
                    }
                    Err(_) => prop_assert_eq!(&played.log, &before, "a refused void records nothing"),
                }
            } else if let Some((command, faces)) = command(&played, step) {
                // A command the rules refuse records nothing; the history stays rule-valid.
                let _refused_or_played = played.try_play(&command, &faces);
            }
        }
        prop_assert_eq!(played.state().anomalies, vec![]);
        prop_assert!(crate::verify::verify("test", &played.rows()).ok);
    }
}
