//! Rules 6: who may act. Only an active Soldier on the Mission inflicts an EKIA or rolls for
//! an Environment, a declared Environment is rolled once a turn, and a K9 (no Actions) makes
//! no Success check. Under rules 5 each is still recorded, as it was.

use super::*;
use crate::domain::command::StatusChange;
use crate::domain::rules_version::{
    ACTIVE_SOLDIERS_ACT, CARDS_AS_PRINTED, LIVING_SPOOK_PRINTED_MEDALS, RulesVersion,
};
use crate::rules::harness::Played;

/// A Modern campaign under `rules`: Wong (Handler), his K9 Gizmo and Park, all three on
/// Mission 1 under the Mission's own Environ Cold 6+, in turn 1.
fn cold_mission_under(rules: RulesVersion) -> Played {
    let mut events = modern_squad();
    if let Some(Event::CampaignCreated(created)) = events.first_mut() {
        created.rules = rules;
    }
    let mut played = Played::new(events);
    played.play(
        Command::StartMission {
            name: "Dawn Raid".into(),
            soldiers: vec!["Wong".into(), "Gizmo".into(), "Park".into()],
            objectives: None,
            k9_objective: Some("Find the cache".into()),
            environments: vec![("cold".into(), 6)],
        },
        &[],
    );
    played.play(Command::NextTurn, &[]);
    played
}

fn cold_roll(soldier: &str) -> Command {
    Command::Environ {
        soldier: soldier.into(),
        environments: vec![("cold".into(), 6)],
        modifiers: vec![],
        location: None,
    }
}

fn ekia(soldier: &str) -> Command {
    Command::RecordEkia {
        soldier: soldier.into(),
        hostile: "Rifle Team".into(),
        value: 2,
    }
}

fn down(soldier: &str) -> Command {
    Command::ChangeStatus {
        change: StatusChange::Down,
        soldier: soldier.into(),
    }
}

fn bomb_check(soldier: &str, fail: bool) -> Command {
    Command::Check {
        soldier: soldier.into(),
        ability: "bomb".into(),
        modifiers: vec![],
        upgunned: false,
        trap: false,
        fail,
        card: Some("Minefield".into()),
    }
}

/// The reason `command` is refused, rolling a 9 for any die.
fn refusal(played: &mut Played, command: &Command) -> String {
    match played.try_play(command, &[9]) {
        Ok(version) => panic!("{command:?} was recorded at v{version}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_declared_environment_is_rolled_once_a_turn_and_owed_again_the_next() {
    let mut played = cold_mission_under(ACTIVE_SOLDIERS_ACT);
    let first = played.play(cold_roll("Park"), &[9]);
    let said = refusal(&mut played, &cold_roll("Park"));
    assert!(
        said.contains("Park already made this turn's roll against"),
        "{said}"
    );
    assert!(said.contains(&format!("(v{first})")), "{said}");
    // Wong still owes his; the next turn owes Park's again.
    played.play(cold_roll("Wong"), &[9]);
    played.play(cold_roll("Gizmo"), &[9]);
    played.play(Command::NextTurn, &[]);
    played.play(cold_roll("Park"), &[9]);
    // A roll no declaration owes (another Environment, undeclared) is recorded as before.
    played.play(
        Command::Environ {
            soldier: "Park".into(),
            environments: vec![("hot".into(), 5)],
            modifiers: vec![],
            location: Some("Ridge".into()),
        },
        &[9],
    );
}

#[test]
fn a_downed_soldier_rolls_for_no_environment_and_inflicts_no_ekia() {
    let mut played = cold_mission_under(ACTIVE_SOLDIERS_ACT);
    played.play(down("Park"), &[]);
    let said = refusal(&mut played, &cold_roll("Park"));
    assert!(
        said.contains("Park is downed: only an active Soldier rolls"),
        "{said}"
    );
    let said = refusal(&mut played, &ekia("Park"));
    assert!(
        said.contains("Park is downed, and only an active Soldier attacks"),
        "{said}"
    );
    assert!(
        said.contains("record the EKIA for the Soldier who made it"),
        "{said}"
    );
    // Returned to duty, he attacks again.
    played.play(
        Command::ChangeStatus {
            change: StatusChange::Recover,
            soldier: "Park".into(),
        },
        &[],
    );
    played.play(ekia("Park"), &[]);
}

#[test]
fn a_k9_makes_no_success_check_but_his_check_on_entering_stands() {
    let mut played = cold_mission_under(ACTIVE_SOLDIERS_ACT);
    let said = refusal(&mut played, &bomb_check("Gizmo", false));
    assert!(
        said.contains("Gizmo is a K9, and a check with a Success heading costs an Action"),
        "{said}"
    );
    played.play(bomb_check("Gizmo", true), &[9]);
    played.play(bomb_check("Park", false), &[9]);
}

#[test]
fn under_rules_5_each_is_still_recorded() {
    let mut played = cold_mission_under(CARDS_AS_PRINTED);
    played.play(cold_roll("Park"), &[9]);
    played.play(cold_roll("Park"), &[9]);
    played.play(bomb_check("Gizmo", false), &[9]);
    played.play(down("Park"), &[]);
    played.play(ekia("Park"), &[]);
    played.play(cold_roll("Park"), &[9]);
    // And the log decided under rules 5 verifies as the rules' answer.
    assert_eq!(played.decided_otherwise(), Vec::<Option<u64>>::new());
}

#[test]
fn from_rules_8_a_type_is_a_word_and_at_most_eight_environments_are_in_force() {
    use crate::domain::environment::EnvironmentScope;
    use crate::domain::rules_version::TABLE_SIZED;
    let declare = |environments: Vec<(String, i64)>| Command::DeclareEnvironments {
        scope: EnvironmentScope::Location,
        name: Some("Stream".into()),
        environments,
    };
    let mut played = cold_mission_under(TABLE_SIZED);
    for flag in ["--help", "e0", "-h"] {
        let said = refusal(&mut played, &declare(vec![(flag.into(), 5)]));
        assert!(said.contains("is not a word of letters"), "{flag}: {said}");
    }
    // The Mission's Cold and seven more make eight; a ninth is refused.
    let seven: Vec<(String, i64)> = ["sand", "mud", "snow", "rain", "fog", "dust", "ice"]
        .iter()
        .map(|t| ((*t).to_owned(), 5))
        .collect();
    played.play(declare(seven), &[]);
    let said = refusal(
        &mut played,
        &Command::DeclareEnvironments {
            scope: EnvironmentScope::Event,
            name: Some("Storm".into()),
            environments: vec![("wind".into(), 5)],
        },
    );
    assert!(said.contains("9 Environments would be in force"), "{said}");
    // Under rules 7 both are recorded, as they were.
    let mut earlier = cold_mission_under(LIVING_SPOOK_PRINTED_MEDALS);
    earlier.play(declare(vec![("e0".into(), 5)]), &[]);
}

#[test]
fn from_rules_8_the_failed_roll_of_a_soldier_killed_before_its_choice_lapses() {
    use crate::domain::rules_version::TABLE_SIZED;
    let mut played = cold_mission_under(TABLE_SIZED);
    for soldier in ["Wong", "Gizmo"] {
        played.play(cold_roll(soldier), &[9]);
    }
    played.play(cold_roll("Park"), &[1]);
    assert_eq!(played.state().pending.len(), 1);
    played.play(
        Command::ChangeStatus {
            change: StatusChange::Kill,
            soldier: "Park".into(),
        },
        &[],
    );
    assert!(played.state().pending.is_empty());
    // The next turn waits for nothing, and nothing more is written on his record.
    played.play(Command::NextTurn, &[]);
    // Under rules 7 the choice still awaits.
    let mut earlier = cold_mission_under(LIVING_SPOOK_PRINTED_MEDALS);
    for soldier in ["Wong", "Gizmo"] {
        earlier.play(cold_roll(soldier), &[9]);
    }
    earlier.play(cold_roll("Park"), &[1]);
    earlier.play(
        Command::ChangeStatus {
            change: StatusChange::Kill,
            soldier: "Park".into(),
        },
        &[],
    );
    assert_eq!(earlier.state().pending.len(), 1);
    assert_eq!(earlier.decided_otherwise(), Vec::<Option<u64>>::new());
    assert_eq!(played.decided_otherwise(), Vec::<Option<u64>>::new());
}
