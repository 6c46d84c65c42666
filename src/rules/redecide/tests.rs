//! The inverse covers every event kind: each either begins a command it names or is listed,
//! with its reason, among the kinds that never begin one.

use std::collections::BTreeSet;

use super::intent::{NOT_BEGUN, Unshown, intent};
use crate::domain::command::Command;
use crate::domain::event::{Event, KINDS};
use crate::rules::tests::every_kind;

/// The event kind that shows each command, in a match the compiler keeps exhaustive: a new
/// command names the kind its inverse reads it from.
fn shown_by(command: &Command) -> &'static [&'static str] {
    match command {
        Command::CreateCampaign { .. } => &["campaign_created"],
        Command::AddExpansion(_) => &["expansion_added"],
        Command::RemoveExpansion(_) => &["expansion_removed"],
        Command::Enlist(_) => &["soldier_enlisted"],
        Command::StartMission { .. } => &["mission_started"],
        Command::NextTurn => &["turn_started"],
        Command::EndMission { .. } => &["mission_ended"],
        Command::Harm { .. } => &["wounded", "suppressed", "healed"],
        Command::ChangeStatus { .. } => &["downed", "recovered", "killed", "discharged"],
        Command::AdjustXp { .. } => &["xp_adjusted", "team_xp_adjusted"],
        Command::AdjustHardy { .. } => &["hardy_adjusted"],
        Command::RecordEkia { .. } => &["ekia_recorded"],
        Command::GrantRp { .. } => &["rp_granted"],
        Command::SpendRp { .. } => &["rp_spent"],
        Command::AwardMedal { .. } => &["medal_awarded"],
        Command::AdoptRules { .. } => &["rules_adopted"],
        Command::CommitSeed { .. } => &["seed_committed"],
        Command::Check { .. } => &["check_rolled"],
        Command::Environ { .. } => &["environment_rolled"],
        Command::Resolve { .. } => &["environment_resolved"],
        Command::DeclareEnvironments { .. } => &["environment_declared"],
        Command::ClearEnvironments { .. } => &["environment_cleared"],
        Command::ActivateObjective(_) => &["objective_activated"],
        Command::CompleteObjective(_) => &["objective_completed"],
        Command::DrawEncounter { .. } => &["k9_encounter_drawn"],
        Command::IgnoreEncounter | Command::RollEncounter { .. } | Command::RetryEncounter { .. } => {
            &["k9_roll_made"]
        }
        Command::AcceptFailure => &["k9_encounter_resolved"],
        Command::ResolveK9Objective => &["k9_objective_resolved"],
        Command::LoadMedalDeck(_) => &["medal_deck_loaded"],
        Command::DrawMedal { .. } => &["medal_drawn"],
        Command::RevealMedal { .. } => &["medal_revealed"],
        Command::RollMedalRecipient { .. } => &["medal_recipient_rolled"],
        Command::EarnMedal { .. } => &["medal_earned"],
        Command::LoseMedal { .. } => &["medal_lost"],
        Command::ReshuffleMedals => &["medals_reshuffled"],
        Command::SuppressHostile { .. } => &["hostile_suppressed"],
        Command::GainRpCard { .. } => &["rp_card_gained"],
        Command::LoseRpCard { .. } => &["rp_card_lost"],
        Command::SetHeroState { .. } => &["hero_state_set"],
        Command::AddBogey(_) => &["bogey_added"],
        Command::TargetBogey { .. } => &["bogey_targeted"],
        Command::DownBogey { .. } => &["bogey_downed"],
        Command::KillBogey { .. } => &["bogey_killed"],
        Command::BuyTime { .. } => &["buy_time_declared", "opponent_bought_time"],
        Command::SetAside(_) => &["control_cards_set_aside"],
        Command::ControlDeckOut => &["control_deck_ran_out"],
        Command::FlipSetAside(_) => &["set_aside_cards_flipped"],
        Command::ChooseTask(_) => &["priority_task_chosen"],
        Command::InteractDeadDrop => &["dead_drop_interacted"],
        Command::RescueExtracted => &["rescue_extracted"],
        Command::Persuade { .. } => &["persuasion_tested"],
        Command::MakeDependent { .. } => &["ally_made_dependent"],
        Command::AllyStrayed { .. } => &["ally_died"],
        Command::RevealSeed { .. } => &["seed_revealed"],
        Command::Assert { .. } => &["assertion_recorded"],
        Command::KeepCommands => &["commands_kept"],
        Command::Note { .. } => &["note_written"],
        Command::CarrySoldierOver { .. } => &["soldier_carried_over"],
        Command::CarrySquadOver { .. } => &["squad_carried_over"],
    }
}

#[test]
fn every_kind_begins_the_command_it_shows_or_is_listed_as_never_beginning_one() {
    // The demo holds every Warfighter kind; the rules tests' scenarios hold the rest.
    let demo = include_str!("../../../fixtures/campaigns/demo.jsonl");
    let mut events: Vec<Event> = demo
        .lines()
        .filter(|l| !l.starts_with("{\"trailer\""))
        .map(|line| {
            let row: serde_json::Value = serde_json::from_str(line).unwrap();
            let schema = u32::try_from(row["schema"].as_u64().unwrap()).unwrap();
            crate::domain::codec::decode(row["kind"].as_str().unwrap(), schema, &row["payload"].to_string())
                .unwrap()
        })
        .collect();
    events.extend(every_kind());
    let covered: BTreeSet<&str> = events.iter().map(Event::kind).collect();
    let missing: Vec<&&str> = KINDS.iter().filter(|k| !covered.contains(**k)).collect();
    assert!(missing.is_empty(), "every_kind() lacks {missing:?}");
    let listed: BTreeSet<&str> = NOT_BEGUN.iter().map(|(kind, _)| *kind).collect();
    let mut problems = Vec::new();
    for event in &events {
        let kind = event.kind();
        match intent(std::slice::from_ref(event)) {
            Ok(commands) => {
                let shows: Vec<_> = commands.iter().map(shown_by).collect();
                if shows.first().is_none_or(|kinds| !kinds.contains(&kind)) {
                    problems.push(format!("{kind} gives {commands:?}, shown by {shows:?}"));
                }
                if listed.contains(kind) {
                    problems.push(format!("{kind} begins a command but NOT_BEGUN lists it"));
                }
            }
            Err(Unshown::Void) if kind == "command_voided" && listed.contains(kind) => {}
            Err(Unshown::NeverFirst(why)) if listed.contains(kind) => {
                assert!(!why.is_empty(), "{kind}");
            }
            Err(unshown) => problems.push(format!(
                "{kind} has no inverse ({unshown:?}): give it its command in rules/redecide/intent.rs, or list it with its reason in NOT_BEGUN and the README"
            )),
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_kinds_never_beginning_a_command_are_the_ones_the_readme_lists() {
    let readme = include_str!("../../../README.md");
    let unlisted: Vec<&str> = NOT_BEGUN
        .iter()
        .map(|(kind, _)| *kind)
        .filter(|kind| !readme.contains(&format!("`{kind}`")))
        .collect();
    assert!(
        unlisted.is_empty(),
        "the README's verify section lacks {unlisted:?}"
    );
}
