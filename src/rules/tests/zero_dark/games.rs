//! Which game a command belongs to (RULES 7): Warfighter's commands are refused in a Zero
//! Dark campaign and Zero Dark's in a Warfighter one, each refusal naming the game.

use std::collections::HashSet;

use super::*;

use crate::domain::command::{Harm, StatusChange, XpTarget};
use crate::domain::k9::{EncounterCard, Outcome, Resource};
use crate::domain::medals::{MedalDeckFile, MedalReturn, RpCardKind};

/// A K9 Encounter card with nothing on it: it only has to reach the game check.
fn blank_encounter() -> EncounterCard {
    EncounterCard {
        name: "Buried Explosive".into(),
        hostile_value: 5,
        ignore_target: 3,
        rolls: vec![],
        reward: "none".into(),
        failure: Outcome {
            text: "none".into(),
            effects: vec![],
        },
        retry: None,
    }
}

/// Every command that belongs to Warfighter alone, naming the Spook where it names anyone.
fn warfighter_only() -> Vec<Command> {
    let medal = || "Military Medal".to_owned();
    vec![
        Command::Harm {
            harm: Harm::Wound,
            soldier: SPOOK.into(),
            amount: 1,
        },
        Command::Harm {
            harm: Harm::Suppress,
            soldier: SPOOK.into(),
            amount: 1,
        },
        Command::ChangeStatus {
            change: StatusChange::Kill,
            soldier: SPOOK.into(),
        },
        Command::AdjustHardy {
            soldier: SPOOK.into(),
            hardy: "cold".into(),
            amount: 1,
            why: "issued".into(),
        },
        Command::RecordEkia {
            soldier: SPOOK.into(),
            hostile: "Sniper".into(),
            value: 2,
        },
        Command::GrantRp {
            amount: 3,
            why: "reward".into(),
        },
        Command::SpendRp {
            amount: 1,
            why: "a purchase".into(),
        },
        Command::AwardMedal {
            soldier: SPOOK.into(),
            medal: medal(),
            rp: 2,
            why: "bravery".into(),
        },
        Command::Check {
            soldier: SPOOK.into(),
            ability: "climb".into(),
            modifiers: vec![],
            upgunned: false,
            trap: false,
            fail: false,
            card: None,
        },
        Command::Environ {
            soldier: SPOOK.into(),
            environments: vec![("cold".into(), 6)],
            modifiers: vec![],
            location: None,
        },
        Command::Resolve {
            soldier: SPOOK.into(),
            choice: EnvironmentChoice::Wound,
            rolled_at: None,
        },
        Command::ActivateObjective(1),
        Command::CompleteObjective(1),
        Command::DrawEncounter {
            card: Box::new(blank_encounter()),
            first_in: None,
        },
        Command::IgnoreEncounter,
        Command::RollEncounter {
            payments: vec![Resource::Discipline],
        },
        Command::AcceptFailure,
        Command::RetryEncounter { payments: vec![] },
        Command::ResolveK9Objective,
        Command::LoadMedalDeck(MedalDeckFile {
            nation: "Canada".into(),
            medals: vec![],
        }),
        Command::DrawMedal {
            medal: medal(),
            trigger: "a Sniper eliminated".into(),
            hostile: None,
        },
        Command::RevealMedal { medal: medal() },
        Command::RollMedalRecipient { medal: medal() },
        Command::EarnMedal { medal: medal() },
        Command::LoseMedal {
            medal: medal(),
            to: MedalReturn::Deck,
            why: "not earned".into(),
        },
        Command::ReshuffleMedals,
        Command::SuppressHostile {
            soldier: SPOOK.into(),
            hostile: "Sniper".into(),
        },
        Command::GainRpCard {
            soldier: SPOOK.into(),
            kind: RpCardKind::Skill,
            name: "Veteran".into(),
            rp: 2,
        },
        Command::LoseRpCard {
            soldier: SPOOK.into(),
            kind: RpCardKind::Equipment,
            name: "Radio".into(),
        },
    ]
}

/// Every command that belongs to Zero Dark alone.
fn zero_dark_only() -> Vec<Command> {
    let wong = || "Wong".to_owned();
    vec![
        Command::SetHeroState {
            hero: wong(),
            state: HeroState::Targeted,
        },
        Command::AddBogey(grunt("Grunt 1")),
        Command::TargetBogey {
            bogey: "Grunt 1".into(),
            by: wong(),
        },
        Command::DownBogey {
            bogey: "Grunt 1".into(),
            by: wong(),
        },
        Command::KillBogey {
            bogey: "Grunt 1".into(),
            by: wong(),
        },
        Command::BuyTime {
            ours: true,
            versus: None,
        },
        Command::ChooseTask(PriorityTask::Observation),
        Command::InteractDeadDrop,
        Command::RescueExtracted,
        Command::Persuade {
            hero: wong(),
            bogey: "Grunt 1".into(),
            hero_successes: 2,
            bogey_successes: 1,
            hero_died: false,
            ally_to: None,
        },
        Command::MakeDependent {
            hero: wong(),
            ally: "Grunt 1".into(),
        },
        Command::AllyStrayed {
            hero: wong(),
            ally: "Grunt 1".into(),
        },
    ]
}

#[test]
fn every_warfighter_only_command_is_refused_in_a_zero_dark_campaign_naming_the_game() {
    let commands = warfighter_only();
    let kinds: HashSet<_> = commands.iter().map(std::mem::discriminant).collect();
    assert_eq!(kinds.len(), 28, "each of the 28 Warfighter-only commands");
    for command in commands {
        let result = given(deployed()).when(command.clone()).result;
        let message = match result {
            Ok(events) => panic!("{command:?} was accepted in Zero Dark: {events:?}"),
            Err(e) => e.to_string(),
        };
        assert!(
            message.contains("this is a Horizon Wars: Zero Dark campaign"),
            "{command:?} was refused with {message:?}, which does not name the game"
        );
    }
}

#[test]
fn each_warfighter_refusal_in_zero_dark_says_what_belongs_where() {
    let cases: [(Command, &str); 6] = [
        (
            Command::Harm {
                harm: Harm::Wound,
                soldier: SPOOK.into(),
                amount: 1,
            },
            "record a hero's state with `muster hero-state`",
        ),
        (
            Command::RecordEkia {
                soldier: SPOOK.into(),
                hostile: "Sniper".into(),
                value: 2,
            },
            "Zero Dark has bogeys",
        ),
        (
            Command::GrantRp {
                amount: 3,
                why: "reward".into(),
            },
            "a Zero Dark team gains XP (`muster xp team N`)",
        ),
        (Command::ReshuffleMedals, "Medals belong to Warfighter WWII"),
        (
            Command::ActivateObjective(1),
            "Multiple Objectives belong to Warfighter",
        ),
        (
            Command::AcceptFailure,
            "K9 Encounters belong to Warfighter Modern",
        ),
    ];
    for (command, needle) in cases {
        given(deployed())
            .when(command)
            .then_refused(&["this is a Horizon Wars: Zero Dark campaign", needle]);
    }
}

#[test]
fn every_zero_dark_only_command_is_refused_in_a_warfighter_campaign_naming_the_game() {
    let kinds: HashSet<_> = zero_dark_only().iter().map(std::mem::discriminant).collect();
    assert_eq!(kinds.len(), 12, "each of the 12 Zero Dark-only commands");
    for (game, name) in [(Game::Wwii, "wwii"), (Game::Modern, "modern")] {
        let campaign = vec![
            created(game),
            enlisted(player("Wong")),
            mission_started(1, "Dawn Raid", &["Wong"]),
        ];
        for command in zero_dark_only() {
            given(campaign.clone()).when(command).then_refused(&[
                "heroes, bogeys and Spooks belong to Horizon Wars: Zero Dark",
                &format!("this is a {name} campaign"),
            ]);
        }
    }
}

#[test]
fn commands_both_games_share_pass_the_game_check_in_zero_dark() {
    given(deployed()).when(Command::NextTurn).then([turn_started(1)]);
    given(team())
        .when(start(MISSION, &[SPOOK, GUNNER]))
        .then([mission_started(1, MISSION, &[SPOOK, GUNNER])]);
}

#[test]
fn team_xp_is_adjusted_in_zero_dark() {
    let state = given(team())
        .when(Command::AdjustXp {
            target: XpTarget::Team,
            amount: 3,
            why: "the Mission's bonus".into(),
        })
        .then([Event::TeamXpAdjusted(TeamXpAdjusted {
            amount: 3,
            why: "the Mission's bonus".into(),
        })]);
    assert_eq!(state.team_xp, 3);
}

#[test]
fn a_mission_end_with_an_rp_award_is_refused_in_zero_dark() {
    given(deployed())
        .when(Command::EndMission {
            result: MissionResult::Success,
            rp_award: Some((3, "casualties".into())),
        })
        .then_refused(&["a Zero Dark team gains XP, not RP", "drop --rp-award"]);
}

#[test]
fn a_mission_end_in_zero_dark_without_a_task_records_no_rp_award() {
    let state = given(deployed()).when(end_mission()).then([mission_ended(1)]);
    assert!(state.mission_in_progress().is_none());
    assert_eq!(state.team_xp, 0);
}

/// Multiple Objectives belong to Warfighter: `objective activate|complete` are refused in Zero
/// Dark, so a Mission tracking them could never end in success. Its start is refused, naming
/// the game.
#[test]
fn a_zero_dark_mission_with_tracked_objectives_is_refused() {
    given(team())
        .when(Command::StartMission {
            name: MISSION.into(),
            soldiers: vec![SPOOK.into()],
            objectives: Some(2),
            k9_objective: None,
            environments: vec![],
        })
        .then_refused(&["Zero Dark", "Objectives"]);
}

#[test]
fn an_enlistment_refused_in_a_zero_dark_campaign_names_a_hero() {
    given(team())
        .when(Command::Enlist(Box::new(hero("Team"))))
        .then_refused(&["give the hero another name"]);
    given(team())
        .when(Command::Enlist(Box::new(hero(SPOOK))))
        .then_refused(&[&format!("a hero named '{SPOOK}' is already enlisted")]);
}
