//! Rescue's further +2 XP (rule 003): "If the persuaded bogey is within 4” of the Spook (or
//! has exited the table without entering the dead state) at the end of the mission, the Spook
//! gains an additional +2 XP." A Dependent Ally who strays "is treated as dead", so from
//! rules 2 an agent who strayed gains nothing, whether `spook extracted` came before or after.

use super::*;

use crate::domain::rules_version::{FIRST, RESCUE_AGENT_ALIVE};
use crate::rules::harness::Played;

const AGENT: &str = "Pigeon";

/// The Spook on a Rescue whose only candidate is the agent Pigeon, at turn 1, the agent
/// persuaded by the Spook and made Dependent; under `rules`.
fn agent_dependent(rules: RulesVersion) -> Played {
    let mut played = Played::new(under(rules, with_bogeys([grunt(AGENT)])));
    played.play(Command::ChooseTask(PriorityTask::Rescue), &[]);
    played.play(Command::NextTurn, &[]);
    played.play(
        Command::Persuade {
            hero: SPOOK.into(),
            bogey: AGENT.into(),
            hero_successes: 3,
            bogey_successes: 0,
            hero_died: false,
            ally_to: None,
        },
        &[],
    );
    played.play(ally_command(false), &[]);
    played
}

/// `ally dependent Kestrel Pigeon`, or `ally strayed` when `strays`.
fn ally_command(strays: bool) -> Command {
    let (hero, ally) = (SPOOK.into(), AGENT.into());
    if strays {
        Command::AllyStrayed { hero, ally }
    } else {
        Command::MakeDependent { hero, ally }
    }
}

/// Ends the Mission; returns the XP events it wrote.
fn end(played: &mut Played) -> Vec<Event> {
    let first = played.play(end_mission(), &[]);
    played
        .log
        .iter()
        .filter(|r| r.version >= first && matches!(r.event, Event::XpAdjusted(_)))
        .map(|r| r.event.clone())
        .collect()
}

fn succeeded() -> Event {
    spook_xp(5, "Rescue task succeeded")
}

fn extracted_bonus() -> Event {
    spook_xp(2, "Rescue: the agent was extracted")
}

#[track_caller]
fn verifies(played: &Played) {
    let report = crate::verify::verify("test", &played.rows());
    assert!(report.ok, "{:?}", report.findings);
}

#[test]
fn from_rules_2_an_agent_who_strayed_cannot_be_extracted() {
    let mut played = agent_dependent(RESCUE_AGENT_ALIVE);
    played.play(ally_command(true), &[]);
    let refused = played.try_play(&Command::RescueExtracted, &[]).unwrap_err();
    for needle in ["Pigeon is dead", "treated as dead", "within 4\" of Kestrel"] {
        assert!(refused.to_string().contains(needle), "{refused}");
    }
    assert_eq!(end(&mut played), [succeeded()], "persuaded: +5, but no +2");
    verifies(&played);
}

#[test]
fn from_rules_2_an_agent_extracted_and_then_strayed_gains_no_two_xp() {
    let mut played = agent_dependent(RESCUE_AGENT_ALIVE);
    played.play(Command::RescueExtracted, &[]);
    played.play(ally_command(true), &[]);
    assert_eq!(end(&mut played), [succeeded()]);
    assert_eq!(played.state().soldier(SPOOK).unwrap().xp, 5);
    verifies(&played);
}

#[test]
fn from_rules_2_a_living_agent_extracted_still_gains_two_xp() {
    let mut played = agent_dependent(RESCUE_AGENT_ALIVE);
    played.play(Command::RescueExtracted, &[]);
    assert_eq!(end(&mut played), [succeeded(), extracted_bonus()]);
    verifies(&played);
}

#[test]
fn under_rules_1_a_dead_agent_extracted_keeps_its_two_xp_and_verifies() {
    // Persuade, Dependent, strayed, extracted: the first rules paid +5 and +2.
    let mut played = agent_dependent(FIRST);
    played.play(ally_command(true), &[]);
    played.play(Command::RescueExtracted, &[]);
    assert_eq!(end(&mut played), [succeeded(), extracted_bonus()]);
    assert_eq!(played.state().soldier(SPOOK).unwrap().xp, 7);
    verifies(&played);

    let mut other_order = agent_dependent(FIRST);
    other_order.play(Command::RescueExtracted, &[]);
    other_order.play(ally_command(true), &[]);
    assert_eq!(end(&mut other_order), [succeeded(), extracted_bonus()]);
    verifies(&other_order);
}

#[test]
fn a_rules_1_end_written_into_a_rules_2_campaign_is_decided_otherwise() {
    let mut first = agent_dependent(FIRST);
    first.play(Command::RescueExtracted, &[]);
    first.play(ally_command(true), &[]);
    let at = first.play(end_mission(), &[]);
    let old_end: Vec<Event> = first
        .log
        .iter()
        .filter(|r| r.version >= at)
        .map(|r| r.event.clone())
        .collect();
    assert!(old_end.contains(&extracted_bonus()), "{old_end:?}");
    let mut played = agent_dependent(RESCUE_AGENT_ALIVE);
    played.play(Command::RescueExtracted, &[]);
    played.play(ally_command(true), &[]);
    let version = played.record(old_end);
    assert_eq!(played.decided_otherwise(), vec![Some(version)]);
}

#[test]
fn from_rules_2_a_forged_extraction_of_a_dead_agent_is_found_by_deciding_it_again() {
    let mut played = agent_dependent(RESCUE_AGENT_ALIVE);
    played.play(ally_command(true), &[]);
    let version = played.record(vec![Event::RescueExtracted(spook_step())]);
    let findings = played.findings("decide");
    assert!(
        findings
            .iter()
            .any(|(v, p)| *v == Some(version) && p.contains("Pigeon is dead")),
        "{findings:?}"
    );
}
