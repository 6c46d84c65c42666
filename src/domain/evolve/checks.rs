//! The checked fold's questions: would the rules have let this event happen in this state,
//! and does every number it carries that the state decides agree with the state?
//!
//! Whatever path brings an event in (a command, a void's re-fold, an import, `verify`),
//! the fold asks these before applying it, and notes each "no" as an anomaly. So a history
//! muster accepts is one the rules could have produced, not only one whose bytes hash.

use crate::dice::Source;
use crate::domain::Game;
use crate::domain::event::{EncounterStep, Event, MissionEnded};
use crate::domain::roll::Roll;
use crate::domain::sheet;
use crate::domain::soldier::{SoldierKind, Status};
use crate::domain::state::{COMPUTED, CampaignState, UnsettledAward};
use crate::domain::zero_dark::HeroState;

/// The longest name or reason the command line records, in characters.
const MAX_TEXT: usize = 200;
/// The most Wounds, Suppress or healing one event records.
const MAX_HARM: u32 = 20;
/// The largest XP change one event records, either way.
const MAX_XP: i64 = 999;
/// The largest Hardy change one event records, either way.
const MAX_HARDY: i64 = 99;
/// The most RP one grant or spend moves.
const MAX_RP: u32 = 9999;
/// The largest RP award a Mission records.
const MAX_AWARD: u32 = 999;
/// The largest Hostile value an EKIA records.
const MAX_HOSTILE_VALUE: u32 = 30;
/// The largest RP of a Medal sticker or a Skill, Equipment or Service Record card.
const MAX_CARD_RP: u32 = 20;

/// Notes, as anomalies of `state`, everything about `event` that the rules would have refused
/// or computed differently in `state`.
pub(super) fn check(state: &mut CampaignState, event: &Event) {
    let problems = [
        belongs(state, event),
        on_the_books(state, event),
        amounts(event),
        texts(event),
        computed(state, event),
    ];
    for problem in problems.into_iter().flatten() {
        state.note(problem);
    }
    if let Some((check, problem)) = event.roll().and_then(|roll| roll_problem(state, roll)) {
        state.note_as(check, problem);
    }
}

/// The event belongs to this campaign's game and comes after its creation.
fn belongs(state: &CampaignState, event: &Event) -> Option<String> {
    let Some(info) = &state.info else {
        return (!matches!(event, Event::CampaignCreated(_)))
            .then(|| format!("{} comes before the campaign was created", event.kind()));
    };
    if matches!(event, Event::CampaignCreated(_)) {
        return Some("creates the campaign a second time".to_owned());
    }
    let warfighter_only = matches!(
        event,
        Event::Wounded(_)
            | Event::Suppressed(_)
            | Event::Healed(_)
            | Event::SuppressCleared(_)
            | Event::Downed(_)
            | Event::Recovered(_)
            | Event::Killed(_)
            | Event::Discharged(_)
            | Event::MedalAwarded(_)
            | Event::MedalStickersRemoved(_)
            | Event::HardyAdjusted(_)
            | Event::EkiaRecorded(_)
            | Event::RpGranted(_)
            | Event::RpSpent(_)
            | Event::RpAwardRevised(_)
            | Event::CheckRolled(_)
            | Event::EnvironmentRolled(_)
            | Event::EnvironmentResolved(_)
            | Event::ObjectiveActivated(_)
            | Event::ObjectiveCompleted(_)
            | Event::K9EncounterDrawn(_)
            | Event::K9RollMade(_)
            | Event::DisciplineSpent(_)
            | Event::DisciplineReset(_)
            | Event::K9EncounterResolved(_)
            | Event::K9ObjectiveResolved(_)
            | Event::MedalDeckLoaded(_)
            | Event::MedalDrawn(_)
            | Event::MedalRevealed(_)
            | Event::MedalRecipientRolled(_)
            | Event::MedalEarned(_)
            | Event::MedalLost(_)
            | Event::MedalsReshuffled(_)
            | Event::HostileSuppressed(_)
            | Event::RpCardGained(_)
            | Event::RpCardLost(_)
    );
    let zero_dark_only = matches!(
        event,
        Event::TeamXpAdjusted(_)
            | Event::HeroStateSet(_)
            | Event::BogeyAdded(_)
            | Event::BogeyTargeted(_)
            | Event::BogeyDowned(_)
            | Event::BogeyKilled(_)
            | Event::BuyTimeDeclared(_)
            | Event::PriorityTaskChosen(_)
            | Event::DeadDropInteracted(_)
            | Event::RescueExtracted(_)
            | Event::PriorityTaskResolved(_)
            | Event::PersuasionTested(_)
            | Event::AllyMadeDependent(_)
            | Event::AllyDied(_)
    );
    let zero_dark = info.game == Game::ZeroDark;
    if zero_dark && warfighter_only {
        return Some(format!(
            "records {} in a Horizon Wars: Zero Dark campaign; it belongs to Warfighter",
            event.kind()
        ));
    }
    if !zero_dark && zero_dark_only {
        return Some(format!(
            "records {} in a {} campaign; it belongs to Horizon Wars: Zero Dark",
            event.kind(),
            info.game
        ));
    }
    if matches!(event, Event::MedalDeckLoaded(_)) && !info.expansions.iter().any(|e| e == "medals") {
        return Some("loads a Medal deck in a campaign without the Medals expansion".to_owned());
    }
    None
}

/// A Soldier whose record is closed (KIA or discharged) gains and loses nothing more.
fn on_the_books(state: &CampaignState, event: &Event) -> Option<String> {
    let name = match event {
        Event::Wounded(e) | Event::Suppressed(e) | Event::Healed(e) => &e.soldier,
        Event::Downed(e) | Event::Recovered(e) | Event::Killed(e) | Event::Discharged(e) => &e.soldier,
        Event::XpAdjusted(e) => &e.soldier,
        Event::HardyAdjusted(e) => &e.soldier,
        Event::EkiaRecorded(e) => &e.soldier,
        Event::MedalAwarded(e) => &e.soldier,
        Event::CheckRolled(e) => &e.soldier,
        Event::EnvironmentRolled(e) => &e.soldier,
        Event::DisciplineSpent(e) => &e.soldier,
        Event::HostileSuppressed(e) => &e.soldier,
        Event::RpCardGained(e) => &e.soldier,
        Event::MedalEarned(e) => &e.soldier,
        _ => return None,
    };
    let soldier = state.soldier(name)?;
    (!soldier.is_on_the_books()).then(|| {
        format!(
            "records {} for {}, who is {}: his record was closed",
            event.kind(),
            soldier.card.name,
            soldier.status
        )
    })
}

/// Every amount lies within what one command may record.
fn amounts(event: &Event) -> Option<String> {
    let (what, got, min, max): (&str, i64, i64, i64) = match event {
        Event::Wounded(e) | Event::Suppressed(e) | Event::Healed(e) => (
            "an amount of Wounds or Suppress",
            e.amount.into(),
            1,
            MAX_HARM.into(),
        ),
        Event::XpAdjusted(e) => ("an XP change", e.amount, -MAX_XP, MAX_XP),
        Event::TeamXpAdjusted(e) => ("a team XP change", e.amount, -MAX_XP, MAX_XP),
        Event::HardyAdjusted(e) => ("a Hardy change", e.amount, -MAX_HARDY, MAX_HARDY),
        Event::EkiaRecorded(e) => ("a Hostile's value", e.value.into(), 0, MAX_HOSTILE_VALUE.into()),
        Event::RpGranted(e) | Event::RpSpent(e) => ("an RP amount", e.amount.into(), 1, MAX_RP.into()),
        Event::MissionEnded(MissionEnded {
            rp_award: Some(award),
            ..
        }) => ("an RP award", award.amount.into(), 0, MAX_AWARD.into()),
        Event::MedalAwarded(e) => ("a Medal's RP", e.medal.rp.into(), 0, MAX_CARD_RP.into()),
        Event::RpCardGained(e) => ("a card's RP", e.rp.into(), 0, MAX_CARD_RP.into()),
        _ => return None,
    };
    let zero = matches!(
        event,
        Event::XpAdjusted(_) | Event::TeamXpAdjusted(_) | Event::HardyAdjusted(_)
    ) && got == 0;
    (zero || !(min..=max).contains(&got)).then(|| {
        format!(
            "records {what} of {got}; the rules accept {min} to {max}{}",
            if zero { ", not 0" } else { "" }
        )
    })
}

/// The free text a player types is what the command line accepts: not blank, not too long,
/// no control characters.
fn texts(event: &Event) -> Option<String> {
    let fields: &[(&str, &str)] = match event {
        Event::MissionStarted(e) => &[("the Mission's name", &e.name)],
        Event::XpAdjusted(e) => &[("the reason", &e.why)],
        Event::TeamXpAdjusted(e) => &[("the reason", &e.why)],
        Event::HardyAdjusted(e) => &[("the reason", &e.why), ("the Hardy type", &e.hardy)],
        Event::EkiaRecorded(e) => &[("the Hostile's name", &e.hostile)],
        Event::RpGranted(e) | Event::RpSpent(e) => &[("the reason", &e.why)],
        Event::CommandVoided(e) => &[("the reason", &e.why)],
        Event::MedalAwarded(e) => &[("the Medal's name", &e.medal.name), ("the reason", &e.why)],
        Event::MedalDrawn(e) => &[("the trigger", &e.trigger)],
        Event::HostileSuppressed(e) => &[("the Hostile's name", &e.hostile)],
        Event::RpCardGained(e) => &[("the card's name", &e.name)],
        _ => return None,
    };
    fields.iter().find_map(|(what, text)| {
        let length = text.chars().count();
        if text.trim().is_empty() {
            Some(format!("records {what} blank"))
        } else if length > MAX_TEXT {
            Some(format!(
                "records {what} {length} characters long; at most {MAX_TEXT} are accepted"
            ))
        } else if text.chars().any(char::is_control) {
            Some(format!("records {what} with a control character"))
        } else {
            None
        }
    })
}

/// A roll's faces lie on its die, its outcome follows from its inputs, and a generated face
/// names the seed in force.
fn roll_problem(state: &CampaignState, roll: &Roll) -> Option<(&'static str, String)> {
    let sides = roll
        .die
        .strip_prefix('d')
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|n| *n >= 1);
    let Some(sides) = sides else {
        return Some((
            "roll",
            format!("records a roll on a '{}', which is no die muster rolls", roll.die),
        ));
    };
    if roll.faces.len() > 1 {
        return Some(("roll", format!("records {} faces for one roll", roll.faces.len())));
    }
    if let Some(face) = roll.faces.iter().find(|f| **f < 1 || **f > sides) {
        return Some(("roll", format!("records a face of {face} on a {}", roll.die)));
    }
    if roll.target.is_some_and(|t| !(1..=10).contains(&t)) {
        return Some((
            "roll",
            format!("records a target of {:?}; targets run from 1 to 10", roll.target),
        ));
    }
    if roll.modifiers.iter().any(|m| !(-10..=10).contains(&m.value)) {
        return Some(("roll", "records a modifier outside -10 to +10".to_owned()));
    }
    if roll.recompute() != (roll.total, roll.success) {
        return Some((
            "roll",
            format!(
                "records the outcome ({:?}, success {}) that its face, modifiers and target do not give",
                roll.total, roll.success
            ),
        ));
    }
    let problem = match (roll.source, &roll.dice) {
        (Some(Source::Generated), None) => {
            Some("records a generated face without the key that made it".to_owned())
        }
        (Some(Source::Entered | Source::Assumed) | None, Some(_)) => {
            Some("records a generator key for a face muster did not generate".to_owned())
        }
        (Some(Source::Assumed), None) if roll.faces != [1] => {
            Some("records an assumed face other than 1".to_owned())
        }
        (_, Some(key)) if state.seed_commitment.as_deref() != Some(key.commitment.as_str()) => {
            Some("records a generated face from a seed that was not the one committed at the time".to_owned())
        }
        _ => None,
    };
    problem.map(|p| ("seed", p))
}

/// Every value the rules compute from the state agrees with the state.
fn computed(state: &mut CampaignState, event: &Event) -> Option<String> {
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
                Some(recipient) if !crate::domain::soldier::same_name(recipient, &e.soldier) => {
                    Some(format!(
                        "gives '{}' to {}, but its recipient roll picked {recipient}",
                        e.medal, e.soldier
                    ))
                }
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
        Event::AssertionRecorded(e) => {
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
        _ => None,
    }
}
