//! What one event adds to the report of the Mission it was recorded in: its casualties,
//! EKIAs, checks, K9 Encounters, Medals, XP, Environments, Objectives and Zero Dark's priority
//! task (notes are filed by the Mission they name, in `teller`).

use super::report::{
    Casualty, CheckTally, Ekia, K9Encounter, MedalLine, MissionReport, Note, TaskResult, XpGain,
};
use crate::domain::event::{EncounterEnd, Event};
use crate::domain::zero_dark::HeroState;

/// A check or Environment roll: the Soldier, what was rolled, and whether it succeeded.
pub(super) fn checked(event: &Event) -> Option<(String, String, bool)> {
    match event {
        Event::CheckRolled(e) => Some((e.soldier.clone(), e.ability.clone(), e.roll.success)),
        Event::PersuasionTested(e) => Some((e.hero.clone(), "persuasion".to_owned(), e.persuaded)),
        Event::EnvironmentRolled(e) => e.roll.as_ref().map(|roll| {
            (
                e.soldier.clone(),
                format!("{} Environment", e.environment),
                roll.success,
            )
        }),
        _ => None,
    }
}

/// A note as the chronicle tells it.
pub(super) fn note(version: u64, e: &crate::domain::event::NoteWritten) -> Note {
    Note {
        version,
        soldier: e.soldier.clone(),
        text: e.text.clone(),
    }
}

/// Adds `event`, recorded at `recorded_at` during the Mission `report` tells,
/// to its report.
pub(super) fn tell(report: &mut MissionReport, recorded_at: &str, event: &Event) {
    match event {
        Event::MissionEnded(e) => {
            report.ended_at = Some(recorded_at.to_owned());
            report.result = Some(e.result);
            report.rp_award = e.rp_award.as_ref().map(|award| award.amount);
        }
        Event::Wounded(e) => casualty(report, &e.soldier).wounds += e.amount,
        Event::Downed(e) => casualty(report, &e.soldier).downed = true,
        Event::Killed(e) => casualty(report, &e.soldier).kia = true,
        Event::HeroStateSet(e) => hero_state(report, &e.hero, e.state),
        Event::PriorityTaskResolved(e) => {
            report.task_result = Some(TaskResult {
                success: e.success,
                why: e.why.clone(),
            });
        }
        Event::EkiaRecorded(e) => {
            let scored = ekia(report, &e.soldier);
            scored.count += 1;
            scored.xp = scored.xp.saturating_add(e.value);
            xp(report, &e.soldier, e.value);
        }
        Event::BogeyDowned(e) | Event::BogeyKilled(e) if !report.taken_out.contains(&e.bogey) => {
            report.taken_out.push(e.bogey.clone());
            ekia(report, &e.by).count += 1;
        }
        Event::XpAdjusted(e) => xp_moved(report, &e.soldier, e.amount),
        Event::TeamXpAdjusted(e) => xp_moved(report, "the team", e.amount),
        Event::EnvironmentDeclared(e) => environment(report, &e.environment, e.target),
        Event::EnvironmentRolled(e) => environment(report, &e.environment, e.target),
        Event::ObjectiveCompleted(_) => report.objectives.completed += 1,
        Event::K9ObjectiveResolved(_) => report.objectives.k9_resolved = true,
        Event::K9EncounterDrawn(e) => report.k9_encounters.push(K9Encounter {
            card: e.card.name.clone(),
            k9: e.k9.clone(),
            handler: e.handler.clone(),
            end: None,
        }),
        Event::K9EncounterResolved(e) => {
            if let Some(open) = report.k9_encounters.iter_mut().rev().find(|k| k.end.is_none()) {
                open.end = Some(encounter_end(e.end).to_owned());
            }
        }
        Event::MedalDrawn(e) => medal(report, &e.medal, "drawn", None),
        Event::MedalEarned(e) => medal(report, &e.medal, "earned", Some(&e.soldier)),
        Event::MedalAwarded(e) => {
            // A Medal earned puts its sticker on in the same command: told once, as earned.
            let earned = report.medals.last().is_some_and(|last| {
                last.what == "earned"
                    && last.medal == e.medal.name
                    && last.soldier.as_deref() == Some(&e.soldier)
            });
            if !earned {
                medal(report, &e.medal.name, "awarded", Some(&e.soldier));
            }
        }
        Event::MedalLost(e) => medal(report, &e.medal, "lost", None),
        Event::MedalStickersRemoved(e) => {
            let what = format!("removed ({})", e.because);
            for sticker in &e.medals {
                medal(report, &sticker.name, &what, Some(&e.soldier));
            }
        }
        _ => {}
    }
    if let Some((soldier, ability, success)) = checked(event) {
        let tally = entry(
            &mut report.checks,
            |c| c.soldier == soldier && c.ability == ability,
            || CheckTally {
                soldier: soldier.clone(),
                ability: ability.clone(),
                successes: 0,
                failures: 0,
            },
        );
        if success {
            tally.successes += 1;
        } else {
            tally.failures += 1;
        }
    }
}

/// How an Encounter ended, in words.
fn encounter_end(end: EncounterEnd) -> &'static str {
    match end {
        EncounterEnd::Reward => "reward",
        EncounterEnd::Discarded => "discarded",
        EncounterEnd::Failure => "failure",
        EncounterEnd::MajorFailure => "major failure",
    }
}

/// The item of `items` that `is`, made by `new` at the end when there is none yet.
fn entry<T>(items: &mut Vec<T>, is: impl Fn(&T) -> bool, new: impl FnOnce() -> T) -> &mut T {
    let at = match items.iter().position(is) {
        Some(i) => i,
        None => {
            items.push(new());
            items.len() - 1
        }
    };
    &mut items[at]
}

fn casualty<'a>(report: &'a mut MissionReport, soldier: &str) -> &'a mut Casualty {
    entry(
        &mut report.casualties,
        |c| c.soldier == soldier,
        || Casualty {
            soldier: soldier.to_owned(),
            wounds: 0,
            downed: false,
            kia: false,
            hero_state: None,
        },
    )
}

/// A hero put into `state`: one that harms him makes him a casualty, and any state after
/// that is the one he is told in (a hero wounded and then back in play is ready).
fn hero_state(report: &mut MissionReport, hero: &str, state: HeroState) {
    let harmed = match state {
        HeroState::Wounded(_)
        | HeroState::Down
        | HeroState::Dead
        | HeroState::Persuaded
        | HeroState::Captured
        | HeroState::Lost => true,
        HeroState::Ready | HeroState::Targeted | HeroState::Stunned => false,
    };
    if !harmed && !report.casualties.iter().any(|c| c.soldier == hero) {
        return;
    }
    let hurt = casualty(report, hero);
    hurt.hero_state = Some(state);
    match state {
        HeroState::Wounded(wounds) => hurt.wounds = hurt.wounds.max(wounds),
        HeroState::Down => hurt.downed = true,
        HeroState::Dead => hurt.kia = true,
        _ => {}
    }
}

fn ekia<'a>(report: &'a mut MissionReport, soldier: &str) -> &'a mut Ekia {
    entry(
        &mut report.ekia,
        |e| e.soldier == soldier,
        || Ekia {
            soldier: soldier.to_owned(),
            count: 0,
            xp: 0,
        },
    )
}

fn xp(report: &mut MissionReport, soldier: &str, gained: u32) {
    if gained == 0 {
        return;
    }
    let line = xp_line(report, soldier);
    line.gained = line.gained.saturating_add(gained);
}

/// An XP adjustment: a gain, or XP a failed priority task took off (it is resolved at the
/// Mission's end, so its loss comes before the end is told); other XP taken away is spent.
fn xp_moved(report: &mut MissionReport, soldier: &str, amount: i64) {
    let failed = report.result.is_none() && report.task_result.as_ref().is_some_and(|t| !t.success);
    match u32::try_from(amount) {
        Ok(gained) => xp(report, soldier, gained),
        Err(_) if failed => {
            let lost = u32::try_from(amount.unsigned_abs()).unwrap_or(u32::MAX);
            let line = xp_line(report, soldier);
            line.lost = line.lost.saturating_add(lost);
        }
        Err(_) => {}
    }
}

fn xp_line<'a>(report: &'a mut MissionReport, soldier: &str) -> &'a mut XpGain {
    entry(
        &mut report.xp,
        |x| x.soldier == soldier,
        || XpGain {
            soldier: soldier.to_owned(),
            gained: 0,
            lost: 0,
        },
    )
}

fn environment(report: &mut MissionReport, environment: &str, target: u8) {
    let named = format!("{environment} {target}+");
    if !report.environments.contains(&named) {
        report.environments.push(named);
    }
}

fn medal(report: &mut MissionReport, medal: &str, what: &str, soldier: Option<&str>) {
    report.medals.push(MedalLine {
        medal: medal.to_owned(),
        what: what.to_owned(),
        soldier: soldier.map(str::to_owned),
    });
}
