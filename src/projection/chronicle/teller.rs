//! The chronicle told one row at a time, as the log is read in order: a Mission's report
//! grows while it is in progress, and the campaign's tallies with it.

use std::collections::BTreeMap;

use super::faces::{FAIR_SIDES, Tally};
use super::mission::{checked, note, tell};
use super::report::{
    CheckTally, Chronicle, Dispute, Ekia, FacesRolled, K9Record, MissionReport, Note, Objectives, Statistics,
};
use crate::domain::Game;
use crate::domain::event::{EncounterEnd, Event};
use crate::domain::roll::{Roll, Source};
use crate::domain::rulebook::Rulebook;
use crate::domain::state::CampaignState;
use crate::projection::mission::revised_bank;

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
                taken_out: Vec::new(),
                checks: Vec::new(),
                k9_encounters: Vec::new(),
                medals: Vec::new(),
                xp: Vec::new(),
                rp_award: None,
                rp_bank: state.rp_bank,
                squad_rp: 0,
                start_rp: 0,
                surviving_rp: 0,
                team_xp: state.team_xp,
                zero_dark: None,
                task_result: None,
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
            // The revision reaches the bank of its Mission and of every one after it (the one
            // in progress takes the state's below).
            if let Some(at) = self.missions.iter().rposition(|m| m.number == e.mission) {
                if let Some(report) = self.missions.get_mut(at) {
                    report.rp_award = Some(e.amount);
                }
                for report in self.missions.iter_mut().skip(at) {
                    report.rp_bank = revised_bank(report.rp_bank, report.number, e);
                }
            }
        }
        if let Event::NoteWritten(e) = event {
            // Filed under the Mission it names (the one in progress unless told otherwise).
            let on = e
                .mission
                .and_then(|number| self.missions.iter_mut().rev().find(|m| m.number == number));
            match on {
                Some(report) => report.notes.push(note(row.version, e)),
                None => self.notes.push(note(row.version, e)),
            }
        }
        let Some((index, _)) = self.current.clone() else {
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
            if let Some(mission) = &state.mission {
                report.turns = mission.turn;
                report.start_rp = mission.start_rp;
                // Its end drops who went, so what survived is as the row before it left it.
                if mission.result.is_none() {
                    report.surviving_rp = mission.surviving_rp(state);
                }
            }
            tell(report, row.recorded_at, event);
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
                // Once a bogey: the Mission's report is told after this tally, so it has not
                // yet counted this one.
                let counted = self
                    .current
                    .as_ref()
                    .and_then(|(i, _)| self.missions.get(*i))
                    .is_some_and(|report| report.taken_out.contains(&e.bogey));
                if !counted {
                    self.ekia.entry(e.by.clone()).or_default().0 += 1;
                }
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
        if roll.sides() != Some(FAIR_SIDES) {
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
