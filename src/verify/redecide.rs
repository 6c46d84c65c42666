//! Commands decided again: where a command's events show what was asked (a Mission's end, a
//! Medal earned, a failed Environment roll settled, a K9 Encounter drawn, rolled, retried,
//! ignored or accepted), `verify` asks the rules again, on the state before it and with the
//! faces it rolled, and requires the same events: the Wounds an Encounter's end deals, a
//! Medal's sticker and benefit, the Spook's XP, the Suppress cleared.
//!
//! muster records events, not commands, so this covers the commands whose intent their
//! events carry whole; the others are held event by event by the checked fold.

use crate::dice::{Carried, Cup, Face, Source};
use crate::domain::command::Command;
use crate::domain::event::{EncounterEnd, EncounterStep, Event};
use crate::domain::k9::Resource;
use crate::domain::state::{COMPUTED, CampaignState};
use crate::rules;

/// A command being read whose intent its events will show, and the state before it.
pub(super) struct Redecide {
    pub(super) command_id: String,
    pub(super) first_version: u64,
    pub(super) before: CampaignState,
    pub(super) events: Vec<Event>,
}

/// Whether a command beginning with `first` may be one this module decides again: only
/// those are worth a copy of the state.
pub(super) fn begins_one(first: &Event) -> bool {
    matches!(
        first,
        Event::DisciplineSpent(_)
            | Event::K9RollMade(_)
            | Event::K9EncounterDrawn(_)
            | Event::K9EncounterResolved(_)
            | Event::MedalLost(_)
            | Event::PriorityTaskResolved(_)
            | Event::MissionEnded(_)
            | Event::MedalEarned(_)
            | Event::EnvironmentResolved(_)
    )
}

impl Redecide {
    /// What is wrong with the command, decided again: `None` when the rules give back its
    /// events, or when its events do not show what was asked.
    pub(super) fn problem(&self, campaign: &str) -> Option<String> {
        let command = intent(&self.events)?;
        let carried: Vec<Carried> = self
            .events
            .iter()
            .filter_map(Event::roll)
            .filter(|roll| matches!(roll.source, Some(Source::Entered | Source::Generated)))
            .filter_map(|roll| {
                Some(Carried {
                    face: Face {
                        value: *roll.faces.first()?,
                        source: roll.source?,
                        key: roll.dice.clone(),
                    },
                    sides: roll.die.strip_prefix('d')?.parse().ok()?,
                })
            })
            .collect();
        let mut cup = Cup::new(campaign, self.first_version, Vec::new(), None).carrying(carried);
        match rules::decide(&self.before, &command, &mut cup).map(|events| self.award_as_logged(events)) {
            Ok(events) if events == self.events => None,
            Ok(events) => {
                let at = events
                    .iter()
                    .zip(&self.events)
                    .position(|(decided, logged)| decided != logged)
                    .unwrap_or(events.len().min(self.events.len()));
                Some(format!(
                    "decided again, the rules give {} event(s) where the log has {}; the first to differ is number {}: the rules give {}, the log has {}",
                    events.len(),
                    self.events.len(),
                    at + 1,
                    events.get(at).map_or("nothing".to_owned(), |e| format!("{e:?}")),
                    self.events
                        .get(at)
                        .map_or("nothing".to_owned(), |e| format!("{e:?}")),
                ))
            }
            Err(e) => Some(format!("decided again, the rules refuse it: {e}")),
        }
    }
}

impl Redecide {
    /// `events` with the Mission's RP award as the log has it. The award is the checked
    /// fold's to hold: a computed one to its basis, or to the revision a later void wrote;
    /// one entered by the player is the command's own; logs from before awards had none.
    fn award_as_logged(&self, mut events: Vec<Event>) -> Vec<Event> {
        let logged = self.events.iter().find_map(|e| match e {
            Event::MissionEnded(e) => Some(e.rp_award.clone()),
            _ => None,
        });
        if let Some(logged) = logged {
            for event in &mut events {
                if let Event::MissionEnded(e) = event {
                    e.rp_award = logged.clone();
                }
            }
        }
        events
    }
}

/// The command the events show, when they show it whole.
fn intent(events: &[Event]) -> Option<Command> {
    let find = |f: fn(&Event) -> bool| events.iter().find(|e| f(e));
    if let Some(Event::MissionEnded(e)) = find(|e| matches!(e, Event::MissionEnded(_))) {
        let rp_award = e
            .rp_award
            .as_ref()
            .filter(|a| !a.why.starts_with(COMPUTED))
            .map(|a| (i64::from(a.amount), a.why.clone()));
        return Some(Command::EndMission {
            result: e.result,
            rp_award,
        });
    }
    if let Some(Event::K9EncounterDrawn(e)) = find(|e| matches!(e, Event::K9EncounterDrawn(_))) {
        return Some(Command::DrawEncounter {
            card: e.card.clone(),
            first_in: Some(e.first_in.clone()),
        });
    }
    if let Some(Event::K9RollMade(e)) = find(|e| matches!(e, Event::K9RollMade(_))) {
        let payments = e
            .roll
            .costs
            .iter()
            .map(|c| match c.resource.as_str() {
                "discipline" => Some(Resource::Discipline),
                "xp" => Some(Resource::Xp),
                "discards" => Some(Resource::Discards),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        return Some(match e.step {
            EncounterStep::Roll(_) => Command::RollEncounter { payments },
            EncounterStep::Retry => Command::RetryEncounter { payments },
            EncounterStep::Ignore => Command::IgnoreEncounter,
        });
    }
    match events.first()? {
        Event::K9EncounterResolved(e) if e.end == EncounterEnd::Failure => Some(Command::AcceptFailure),
        Event::MedalEarned(e) => Some(Command::EarnMedal {
            medal: e.medal.clone(),
        }),
        Event::EnvironmentResolved(e) => Some(Command::Resolve {
            soldier: e.soldier.clone(),
            choice: e.choice,
        }),
        _ => None,
    }
}
