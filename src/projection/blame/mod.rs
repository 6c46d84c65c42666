//! `muster blame SOLDIER`: for every number in his roster row, the events that made it, read
//! off the fold: his sheet before and after each event, so a new kind of event needs nothing
//! here.

mod sheet;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::summary::summary;
use crate::Error;
use crate::domain::fold::{step, voided_commands};
use crate::domain::soldier::same_name;
use crate::domain::state::{CampaignState, RecordedEvent, SoldierState};
pub use sheet::Change;
use sheet::Sheet;

/// One event's part in one field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Line {
    pub version: u64,
    pub recorded_at: String,
    pub command_id: String,
    pub change: Change,
    pub summary: String,
    /// A voided event stays listed, and counts for nothing.
    pub voided: bool,
}

/// A field's value now and the events that made it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldBlame {
    pub value: String,
    pub lines: Vec<Line>,
}

/// The blame of one Soldier.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Blame {
    pub soldier: String,
    pub fields: BTreeMap<String, FieldBlame>,
}

/// The blame of `soldier` (any case) over `log`, a campaign's events in order.
pub fn blame(log: &[RecordedEvent], soldier: &str) -> Result<Blame, Error> {
    let voided = voided_commands(log);
    let mut blamer = Blamer::new(soldier, &voided);
    for recorded in log {
        blamer.push(recorded);
    }
    blamer.finish()
}

/// The blame of one Soldier built one event at a time, so a log of any length is read
/// without being held: it keeps the state, his sheet and the lines about him.
pub struct Blamer<'a> {
    soldier: &'a str,
    /// The commands voided in the log as it stood at the point blamed.
    voided: &'a BTreeSet<String>,
    state: CampaignState,
    him: Him,
    /// The copy a voided command's events are folded on, and that command's id.
    scratch: Option<(String, CampaignState)>,
    lines: BTreeMap<String, Vec<Line>>,
}

impl<'a> Blamer<'a> {
    /// A blame of `soldier` over a log whose voided commands are `voided`.
    pub fn new(soldier: &'a str, voided: &'a BTreeSet<String>) -> Blamer<'a> {
        Blamer {
            soldier,
            voided,
            state: CampaignState::default(),
            him: Him::default(),
            scratch: None,
            lines: BTreeMap::new(),
        }
    }

    /// Takes the next event of the log.
    pub fn push(&mut self, recorded: &RecordedEvent) {
        let soldier = self.soldier;
        let is_voided = self.voided.contains(&recorded.command_id);
        let moved = if is_voided {
            let mut ground = match self.scratch.take() {
                Some((command, ground)) if command == recorded.command_id => ground,
                _ => self.state.clone(),
            };
            let mut before = Him::in_state(&ground, soldier);
            let moved = fold_one(&mut ground, &mut before, recorded, soldier);
            self.scratch = Some((recorded.command_id.clone(), ground));
            step(&mut self.state, recorded.version, None);
            moved
        } else {
            fold_one(&mut self.state, &mut self.him, recorded, soldier)
        };
        for (field, change) in moved {
            self.lines.entry(field).or_default().push(Line {
                version: recorded.version,
                recorded_at: recorded.recorded_at.clone(),
                command_id: recorded.command_id.clone(),
                change,
                summary: summary(&recorded.event),
                voided: is_voided,
            });
        }
    }

    /// The blame: every number of his roster row now, and the lines that made each.
    pub fn finish(self) -> Result<Blame, Error> {
        let found = self.state.find_soldier(self.soldier)?;
        let now = Sheet::of(found);
        // Every number of his roster row is listed, even one no event has moved yet.
        let mut fields: BTreeMap<String, FieldBlame> = now
            .fields()
            .map(|(field, value)| {
                let blamed = FieldBlame {
                    value: value.to_owned(),
                    lines: Vec::new(),
                };
                (field.to_owned(), blamed)
            })
            .collect();
        for (field, lines) in self.lines {
            let entry = fields.entry(field).or_insert_with_key(|field| FieldBlame {
                value: now.get(field).unwrap_or_default().to_owned(),
                lines: Vec::new(),
            });
            entry.lines = lines;
        }
        Ok(Blame {
            soldier: found.card.name.clone(),
            fields,
        })
    }
}

#[derive(Default)]
struct Him {
    state: Option<SoldierState>,
    sheet: Option<Sheet>,
}

impl Him {
    /// The Soldier named `soldier` in `state`, if he is there.
    fn in_state(state: &CampaignState, soldier: &str) -> Him {
        let found = state.soldier(soldier).cloned();
        Him {
            sheet: found.as_ref().map(Sheet::of),
            state: found,
        }
    }
}

/// Folds `recorded` onto `state` and returns how it moved the sheet of `soldier`, whom `him`
/// holds as `state` had him, and then as it has him after the event.
fn fold_one(
    state: &mut CampaignState,
    him: &mut Him,
    recorded: &RecordedEvent,
    soldier: &str,
) -> Vec<(String, Change)> {
    // Only an event about him can set one of his numbers to the value it already had (a
    // K9's Discipline reset at turn 1), which his sheet alone cannot show: such an event is
    // folded again on a copy with his numbers moved. Copying the state for every other
    // event too would cost blame a copy of the state per event.
    let about_him = recorded.event.soldier().is_some_and(|s| same_name(s, soldier));
    let twin = (about_him && him.sheet.is_some()).then(|| state.clone());
    step(state, recorded.version, Some(&recorded.event));
    let now = state.soldier(soldier);
    // Any other event that left him as he was moved nothing: his sheet is not read again.
    if !about_him && now == him.state.as_ref() {
        return Vec::new();
    }
    let Some(now) = now else {
        *him = Him::default();
        return Vec::new();
    };
    let after = Sheet::of(now);
    let before = him.sheet.as_ref();
    let nudged = twin.and_then(|twin| sheet::nudged_after(twin, recorded, soldier, before, &after));
    let moved = sheet::changes(before, &after, nudged.as_ref());
    *him = Him {
        state: Some(now.clone()),
        sheet: Some(after),
    };
    moved
}
