//! What one event adds to the report of the Mission it was recorded in: its casualties,
//! EKIAs, checks, K9 Encounters, Medals, XP, Environments and Objectives (notes are filed by
//! the Mission they name, in `teller`).

use super::report::{Casualty, CheckTally, Ekia, K9Encounter, MedalLine, MissionReport, Note, XpGain};
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
        Event::HeroStateSet(e) => match e.state {
            HeroState::Wounded(wounds) => {
                let hurt = casualty(report, &e.hero);
                hurt.wounds = hurt.wounds.max(wounds);
            }
            HeroState::Down => casualty(report, &e.hero).downed = true,
            HeroState::Dead => casualty(report, &e.hero).kia = true,
            _ => {}
        },
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
        Event::XpAdjusted(e) => xp(report, &e.soldier, u32::try_from(e.amount).unwrap_or(0)),
        Event::TeamXpAdjusted(e) => xp(report, "the team", u32::try_from(e.amount).unwrap_or(0)),
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
        },
    )
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
    match report.xp.iter_mut().find(|x| x.soldier == soldier) {
        Some(line) => line.gained = line.gained.saturating_add(gained),
        None => report.xp.push(XpGain {
            soldier: soldier.to_owned(),
            gained,
        }),
    }
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
