//! The values the rules compute from the state, and the moments they allow: each must agree
//! with the state before the event.

use crate::domain::event::{EncounterEnd, EncounterStep, Event};
use crate::domain::game::Game;
use crate::domain::sheet;
use crate::domain::soldier::{SoldierKind, Status, same_name};
use crate::domain::state::{COMPUTED, CampaignState, UnsettledAward};
use crate::domain::zero_dark::HeroState;

/// Every value the rules compute from the state agrees with the state.
pub(super) fn computed(state: &mut CampaignState, event: &Event) -> Option<String> {
    match event {
        Event::MissionEnded(e) => {
            let mission = state.mission_in_progress().filter(|m| m.number == e.mission)?;
            let zero_dark = state.info.as_ref().is_some_and(|i| i.game == Game::ZeroDark);
            match (&e.rp_award, zero_dark) {
                (Some(_), true) => {
                    Some("records an RP award for a Zero Dark team, which gains XP".to_owned())
                }
                (Some(award), false) if award.why.starts_with(COMPUTED) => {
                    let computed = mission.computed_award(state).amount;
                    if computed != award.amount {
                        // Not yet a problem: a void that changed the award appends its
                        // revision. One still unsettled at the end of the log is.
                        let version = state.version;
                        state.unsettled_awards.push(UnsettledAward {
                            mission: e.mission,
                            version,
                            recorded: award.amount,
                            computed,
                        });
                    }
                    None
                }
                _ => None,
            }
        }
        Event::RpAwardRevised(e) => {
            let i = state
                .unsettled_awards
                .iter()
                .position(|u| u.mission == e.mission && u.recorded == e.was && u.computed == e.amount);
            match i {
                Some(i) => {
                    state.unsettled_awards.remove(i);
                    None
                }
                None => Some(format!(
                    "revises Mission {}'s RP award from {} to {}, which is not what the log computes",
                    e.mission, e.was, e.amount
                )),
            }
        }
        Event::TurnStarted(e) => {
            let mission = state.mission_in_progress().filter(|m| m.number == e.mission)?;
            (e.turn != mission.turn + 1).then(|| {
                format!(
                    "starts turn {} of Mission {}, whose last turn was {}",
                    e.turn, e.mission, mission.turn
                )
            })
        }
        Event::MissionStarted(e) => {
            let next = state.mission.as_ref().map_or(1, |m| m.number + 1);
            if e.mission != next {
                return Some(format!(
                    "starts Mission {} where Mission {next} comes next",
                    e.mission
                ));
            }
            e.soldiers.iter().find_map(|name| match state.soldier(name) {
                Some(s) if s.status != Status::Active => Some(format!(
                    "takes {} on the Mission, who is {}",
                    s.card.name, s.status
                )),
                _ => None,
            })
        }
        Event::DisciplineReset(e) => {
            let k9 = state.soldier(&e.soldier)?;
            (k9.card.kind != SoldierKind::K9 || k9.card.discipline.unwrap_or(0) != e.discipline).then(|| {
                format!(
                    "sets {}'s Discipline to {}, which is not his Discipline stat",
                    e.soldier, e.discipline
                )
            })
        }
        Event::SuppressCleared(e) => {
            let soldier = state.soldier(&e.soldier)?;
            (soldier.suppress != e.amount).then(|| {
                format!(
                    "clears {} Suppress from {}, who has {}",
                    e.amount, e.soldier, soldier.suppress
                )
            })
        }
        Event::K9RollMade(e) => {
            let encounter = state.mission_in_progress()?.encounter.as_ref()?;
            match e.step {
                EncounterStep::Retry if !encounter.awaiting_choice => Some(format!(
                    "retries '{}', which no failed roll left awaiting a choice",
                    e.encounter
                )),
                EncounterStep::Roll(i) if encounter.awaiting_choice || i != encounter.next_roll => {
                    Some(format!(
                        "makes roll {} of '{}' where roll {} comes next",
                        i + 1,
                        e.encounter,
                        encounter.next_roll + 1
                    ))
                }
                _ => None,
            }
        }
        Event::K9EncounterResolved(e) => {
            let encounter = state.mission_in_progress()?.encounter.as_ref()?;
            let last = encounter.last_roll;
            let follows = match e.end {
                EncounterEnd::Reward => match last {
                    Some((EncounterStep::Roll(i), true)) => i + 1 == encounter.card.rolls.len(),
                    Some((EncounterStep::Retry, true)) => true,
                    _ => false,
                },
                EncounterEnd::Discarded => last == Some((EncounterStep::Ignore, true)),
                EncounterEnd::MajorFailure => last == Some((EncounterStep::Retry, false)),
                // A Failure also ends an Encounter whose Handler or K9 can no longer act.
                EncounterEnd::Failure => true,
            };
            (!follows).then(|| {
                format!(
                    "ends '{}' with {:?}, which its last roll ({}) does not give",
                    e.encounter,
                    e.end,
                    match last {
                        Some((step, success)) =>
                            format!("{step:?}, {}", if success { "a success" } else { "a failure" }),
                        None => "none made".to_owned(),
                    }
                )
            })
        }
        Event::MedalRecipientRolled(e) => {
            let face = usize::from(*e.roll.faces.first()?);
            let picked = e.candidates.get(face.checked_sub(1)?);
            let die = format!("d{}", e.candidates.len());
            (picked != Some(&e.recipient) || e.roll.die != die).then(|| {
                format!(
                    "names {} the recipient of '{}', whom a face of {face} on a {} does not pick",
                    e.recipient, e.medal, e.roll.die
                )
            })
        }
        Event::MedalEarned(e) => {
            let drawn = state
                .medal_deck
                .as_ref()?
                .drawn
                .iter()
                .find(|d| d.name == e.medal)?;
            match &drawn.recipient {
                None => Some(format!("earns '{}', whose recipient was never rolled", e.medal)),
                Some(recipient) if !same_name(recipient, &e.soldier) => Some(format!(
                    "gives '{}' to {}, but its recipient roll picked {recipient}",
                    e.medal, e.soldier
                )),
                Some(_) => None,
            }
        }
        Event::PriorityTaskResolved(e) => {
            let z = &state.mission_in_progress()?.zero_dark;
            let (Some(task), Some(spook)) = (z.task, z.spook.as_deref()) else {
                return Some(format!(
                    "settles {}'s priority task, which was never chosen",
                    e.spook
                ));
            };
            let lost = state
                .soldier(spook)
                .is_some_and(|s| s.hero_state == HeroState::Lost);
            let (success, why) = z.task_outcome(task, spook, lost);
            (task != e.task || spook != e.spook || success != e.success).then(|| {
                format!(
                    "settles the {} task as {}, but the log gives {spook}'s {task} task {} ({why})",
                    e.task,
                    if e.success { "a success" } else { "a failure" },
                    if success { "a success" } else { "a failure" }
                )
            })
        }
        _ => None,
    }
}

/// The event comes at a moment the rules allow: a turn or a Mission's end with no decision
/// open, a success with every Objective completed, play by the Soldiers on the Mission.
pub(super) fn moment(state: &CampaignState, event: &Event) -> Option<String> {
    let mission = state.mission_in_progress();
    match event {
        Event::TurnStarted(_) | Event::MissionEnded(_) => {
            if let Some(pending) = state.pending.first() {
                return Some(format!(
                    "comes while {}'s failed Environ {} roll (v{}) awaits its choice",
                    pending.soldier, pending.environment, pending.version
                ));
            }
            if let Some(encounter) = mission.and_then(|m| m.encounter.as_ref()) {
                return Some(format!(
                    "comes while the K9 Encounter '{}' is open",
                    encounter.card.name
                ));
            }
            match event {
                Event::MissionEnded(e) if e.result == crate::domain::game::MissionResult::Success => {
                    let unfinished = mission?
                        .objectives
                        .iter()
                        .filter(|o| **o != crate::domain::state::ObjectiveState::Completed)
                        .count();
                    (unfinished > 0).then(|| {
                        format!("ends the Mission a success with {unfinished} Objective(s) not completed")
                    })
                }
                _ => None,
            }
        }
        Event::EkiaRecorded(e) => {
            let soldier = state.soldier(&e.soldier)?;
            if soldier.card.kind == SoldierKind::K9 {
                return Some(format!(
                    "records an EKIA by {}, a K9, who makes no attacks",
                    e.soldier
                ));
            }
            off_the_mission(state, &e.soldier)
        }
        Event::Suppressed(e) => off_the_mission(state, &e.soldier),
        // Only an active Soldier on the Mission in progress makes a check or an Environment
        // roll (a Downed one rolls nothing).
        Event::CheckRolled(_) | Event::EnvironmentRolled(_) => {
            let name = event.soldier()?;
            if mission.is_none() {
                return Some(format!(
                    "records a roll by {name} while no Mission is in progress"
                ));
            }
            let soldier = state.soldier(name)?;
            if matches!(event, Event::CheckRolled(_)) && soldier.status != Status::Active {
                return Some(format!("records a check by {name}, who is {}", soldier.status));
            }
            off_the_mission(state, name)
        }
        Event::MedalRecipientRolled(e) => {
            let on_the_books: Vec<&String> = mission?
                .soldiers
                .iter()
                .filter(|name| state.soldier(name).is_some_and(|s| s.is_on_the_books()))
                .collect();
            (e.candidates.iter().collect::<Vec<_>>() != on_the_books).then(|| {
                format!(
                    "rolls the recipient of '{}' among {}, not the Soldiers on the Mission",
                    e.medal,
                    e.candidates.join(", ")
                )
            })
        }
        _ => None,
    }
}

/// Names a Soldier who is not on the Mission in progress, when one is.
fn off_the_mission(state: &CampaignState, name: &str) -> Option<String> {
    let mission = state.mission_in_progress()?;
    (!mission.soldiers.iter().any(|s| same_name(s, name)))
        .then(|| format!("records play by {name}, who is not on Mission {}", mission.number))
}

/// A paper sheet asserted agrees with the log at its point.
pub(super) fn sheet_problem(state: &CampaignState, event: &Event) -> Option<String> {
    let Event::AssertionRecorded(e) = event else {
        return None;
    };
    let soldier = state.soldier(&e.soldier)?;
    let (field, logged, paper) = e.fields.iter().find_map(|(field, paper)| {
        let logged = sheet::value(soldier, field).unwrap_or_default();
        (!logged.eq_ignore_ascii_case(paper)).then_some((field, logged, paper))
    })?;
    Some(format!(
        "asserts {}'s {field} is {paper} on the paper sheet, but the log makes it {logged}",
        e.soldier
    ))
}
