//! The chronicle told one row at a time, as the log is read in order: a Mission's report
//! grows while it is in progress, and the campaign's tallies with it.

use std::collections::BTreeMap;

use super::faces::{FAIR_SIDES, Tally};
use super::report::{
    Casualty, CheckTally, Chronicle, Dispute, Ekia, FacesRolled, K9Encounter, K9Record, MedalLine,
    MissionReport, Note, Objectives, Statistics, XpGain,
};
use crate::domain::Game;
use crate::domain::event::{EncounterEnd, Event};
use crate::domain::roll::{Roll, Source};
use crate::domain::rulebook::Rulebook;
use crate::domain::state::CampaignState;
use crate::domain::zero_dark::HeroState;

/// One row of the log as the teller reads it: its place, and its event unless voided.
pub struct Row<'a> {
    pub version: u64,
    pub command_id: &'a str,
    pub recorded_at: &'a str,
    /// `None` for an event voided since.
    pub event: Option<&'a Event>,
}

/// Tells the chronicle from the rows given to [`Teller::row`], oldest first.
pub struct Teller {
    campaign: String,
    notes: Vec<Note>,
    missions: Vec<MissionReport>,
    /// The first and last version of each Mission, by its place in `missions`.
    spans: Vec<(u64, u64)>,
    /// The Mission the rows belong to now, and the command that ended it, if one did.
    current: Option<(usize, Option<String>)>,
    ekia: BTreeMap<String, (u32, u32)>,
    checks: BTreeMap<(String, String), (u32, u32)>,
    k9: K9Record,
    generated: Tally,
    entered: Tally,
}

impl Teller {
    /// A teller of `campaign`'s story.
    pub fn new(campaign: &str) -> Teller {
        Teller {
            campaign: campaign.to_owned(),
            notes: Vec::new(),
            missions: Vec::new(),
            spans: Vec::new(),
            current: None,
            ekia: BTreeMap::new(),
            checks: BTreeMap::new(),
            k9: K9Record::default(),
            generated: Tally::default(),
            entered: Tally::default(),
        }
    }

    /// Takes one row, `state` being the campaign's state with it folded in.
    pub fn row(&mut self, row: &Row<'_>, state: &CampaignState) {
        // A Mission's rows run to the last of the command that ended it (its Suppress
        // cleared after the end still belongs to it).
        if let Some((_, Some(ender))) = &self.current {
            if ender != row.command_id {
                self.current = None;
            }
        }
        let Some(event) = row.event else {
            return;
        };
        if let Event::MissionStarted(e) = event {
            self.missions.push(MissionReport {
                number: e.mission,
                name: e.name.clone(),
                started_at: row.recorded_at.to_owned(),
                ended_at: None,
                result: None,
                turns: 0,
                soldiers: e.soldiers.clone(),
                environments: Vec::new(),
                objectives: Objectives {
                    placed: e.objectives.or(e.untracked_objectives),
                    k9: e.k9_objective.clone(),
                    ..Objectives::default()
                },
                casualties: Vec::new(),
                ekia: Vec::new(),
                checks: Vec::new(),
                k9_encounters: Vec::new(),
                medals: Vec::new(),
                xp: Vec::new(),
                rp_award: None,
                rp_bank: state.rp_bank,
                squad_rp: 0,
                team_xp: state.team_xp,
                zero_dark: None,
                notes: Vec::new(),
                disputes: Vec::new(),
            });
            self.spans.push((row.version, row.version));
            self.current = Some((self.missions.len() - 1, None));
        }
        self.tally(event);
        if let Event::CommandVoided(e) = event {
            let dispute = Dispute {
                version: row.version,
                voided: e.version,
                why: e.why.clone(),
            };
            // Told with the Mission whose event it strikes, else the one it was made in.
            let at = self
                .mission_at(e.version)
                .or(self.current.as_ref().map(|(i, _)| *i));
            if let Some(report) = at.and_then(|i| self.missions.get_mut(i)) {
                report.disputes.push(dispute);
            }
        }
        if let Event::RpAwardRevised(e) = event {
            if let Some(report) = self.missions.iter_mut().rev().find(|m| m.number == e.mission) {
                report.rp_award = Some(e.amount);
                report.rp_bank = (i64::from(report.rp_bank) + i64::from(e.amount) - i64::from(e.was))
                    .try_into()
                    .unwrap_or(0);
            }
        }
        let Some((index, _)) = self.current.clone() else {
            if let Event::NoteWritten(e) = event {
                self.notes.push(note(row.version, e));
            }
            return;
        };
        if let Some(span) = self.spans.get_mut(index) {
            span.1 = row.version;
        }
        if let Some(report) = self.missions.get_mut(index) {
            report.rp_bank = state.rp_bank;
            report.team_xp = state.team_xp;
            if event.rulebook() == Rulebook::ZeroDark || report.zero_dark.is_none() {
                report.zero_dark = state
                    .mission
                    .as_ref()
                    .filter(|_| state.info.as_ref().is_some_and(|i| i.game == Game::ZeroDark))
                    .map(|m| m.zero_dark.clone());
            }
            report.squad_rp = state
                .soldiers
                .iter()
                .filter(|s| s.is_on_the_books())
                .map(|s| s.rp())
                .fold(0, u32::saturating_add);
            report.turns = state.mission.as_ref().map_or(report.turns, |m| m.turn);
            tell(report, row, event);
        }
        if let Event::MissionEnded(_) = event {
            self.current = Some((index, Some(row.command_id.to_owned())));
        }
    }

    /// The chronicle of every row given, a campaign of `game` that played `paper_missions`
    /// Missions on paper first.
    pub fn told(self, game: Game, paper_missions: u32) -> Chronicle {
        let mut ekia: Vec<Ekia> = self
            .ekia
            .into_iter()
            .map(|(soldier, (count, xp))| Ekia { soldier, count, xp })
            .collect();
        ekia.sort_by(|a, b| b.count.cmp(&a.count).then(b.xp.cmp(&a.xp)));
        let checks = self
            .checks
            .into_iter()
            .map(|((ability, soldier), (successes, failures))| CheckTally {
                soldier,
                ability,
                successes,
                failures,
            })
            .collect();
        Chronicle {
            campaign: self.campaign,
            game,
            paper_missions,
            notes: self.notes,
            missions: self.missions,
            statistics: Statistics {
                ekia,
                checks,
                k9: self.k9,
                faces: FacesRolled {
                    generated: self.generated.faces(),
                    entered: self.entered.faces(),
                },
            },
        }
    }

    /// The Mission (its place) whose span holds `version`.
    fn mission_at(&self, version: u64) -> Option<usize> {
        self.spans
            .iter()
            .rposition(|(first, last)| *first <= version && version <= *last)
    }

    /// Adds `event` to the campaign's tallies.
    fn tally(&mut self, event: &Event) {
        if let Some(roll) = event.roll() {
            self.faces(roll);
        }
        match event {
            Event::EkiaRecorded(e) => {
                let entry = self.ekia.entry(e.soldier.clone()).or_default();
                entry.0 += 1;
                entry.1 = entry.1.saturating_add(e.value);
            }
            Event::BogeyDowned(e) | Event::BogeyKilled(e) => {
                self.ekia.entry(e.by.clone()).or_default().0 += 1;
            }
            Event::K9EncounterDrawn(_) => self.k9.encounters += 1,
            Event::K9RollMade(e) => {
                self.k9.rolls += 1;
                self.k9.rolls_succeeded += u32::from(e.roll.success);
            }
            Event::K9EncounterResolved(e) => match e.end {
                EncounterEnd::Reward => self.k9.rewards += 1,
                EncounterEnd::Discarded => self.k9.discarded += 1,
                EncounterEnd::Failure => self.k9.failures += 1,
                EncounterEnd::MajorFailure => self.k9.major_failures += 1,
            },
            _ => {}
        }
        if let Some((soldier, ability, success)) = checked(event) {
            let entry = self.checks.entry((ability, soldier)).or_default();
            if success {
                entry.0 += 1;
            } else {
                entry.1 += 1;
            }
        }
    }

    /// Counts a roll's d10 faces, by where they came from; assumed faces are no die's.
    fn faces(&mut self, roll: &Roll) {
        if roll.die != format!("d{FAIR_SIDES}") {
            return;
        }
        let tally = match roll.source {
            Some(Source::Generated) => &mut self.generated,
            Some(Source::Entered) => &mut self.entered,
            Some(Source::Assumed) | None => return,
        };
        for face in &roll.faces {
            tally.add(*face);
        }
    }
}

/// A check or Environment roll: the Soldier, what was rolled, and whether it succeeded.
fn checked(event: &Event) -> Option<(String, String, bool)> {
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

fn note(version: u64, e: &crate::domain::event::NoteWritten) -> Note {
    Note {
        version,
        soldier: e.soldier.clone(),
        text: e.text.clone(),
    }
}

/// Adds `event`, recorded during the Mission `report` tells, to its report.
fn tell(report: &mut MissionReport, row: &Row<'_>, event: &Event) {
    match event {
        Event::MissionEnded(e) => {
            report.ended_at = Some(row.recorded_at.to_owned());
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
        Event::BogeyDowned(e) | Event::BogeyKilled(e) => ekia(report, &e.by).count += 1,
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
        Event::NoteWritten(e) => report.notes.push(note(row.version, e)),
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
