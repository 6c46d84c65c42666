//! Folding a log while watching Soldiers' sheets: after each event, which numbers of whose
//! sheet it moved and how. One Soldier's blame and the index of every Soldier's share it.

use super::sheet::{self, Change, Sheet};
use super::touch::{self, Reach};
use crate::domain::fold::{Voided, step};
use crate::domain::soldier::same_name;
use crate::domain::state::{CampaignState, RecordedEvent, SoldierState};

/// How one event moved one Soldier's sheet: each field it moved and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moved {
    /// His name as his card spells it.
    pub soldier: String,
    pub changes: Vec<(String, Change)>,
}

/// A fold that reports, event by event, how each watched Soldier's sheet moved.
pub struct Tracker<'a> {
    /// One Soldier (any case), or `None` for every Soldier of the campaign.
    only: Option<&'a str>,
    /// The commands voided in the log as it stands at the point read.
    voided: &'a Voided,
    state: CampaignState,
    /// Each watched Soldier as the state had him after the last event: the one watched, or
    /// every Soldier in the order of the state's.
    hims: Vec<Him>,
    /// The copy a voided command's events are folded on, and that command's id.
    scratch: Option<(String, CampaignState)>,
    /// The command of the last event pushed, and whether it is voided: a command's events
    /// come together, so it is looked up once, not once an event.
    last_command: (String, bool),
}

impl<'a> Tracker<'a> {
    /// A tracker starting from `state`, in a log whose voided commands are `voided`,
    /// watching `only` that Soldier, or every Soldier when `None`.
    pub fn new(state: CampaignState, voided: &'a Voided, only: Option<&'a str>) -> Tracker<'a> {
        let hims = hims_in(&state, only);
        Tracker {
            only,
            voided,
            state,
            hims,
            scratch: None,
            last_command: (String::new(), false),
        }
    }

    /// The state folded so far.
    pub fn state(&self) -> &CampaignState {
        &self.state
    }

    /// The campaign's state after the events pushed, taken.
    pub fn into_state(self) -> CampaignState {
        self.state
    }

    /// Whether `recorded` belongs to a voided command: it counts for nothing.
    fn is_voided(&mut self, recorded: &RecordedEvent) -> bool {
        let (command, voided) = &mut self.last_command;
        // Empty before the first event: an empty id (an edited file's) is looked up each time.
        if *command != recorded.command_id || command.is_empty() {
            recorded.command_id.clone_into(command);
            *voided = self.voided.contains(command.as_str());
        }
        *voided
    }

    /// Folds the next event of the log and says whether its command is voided (it counts
    /// for nothing) and whose sheets it moved.
    pub fn push(&mut self, recorded: &RecordedEvent) -> (bool, Vec<Moved>) {
        if !self.is_voided(recorded) {
            return (
                false,
                fold_watching(&mut self.state, &mut self.hims, recorded, self.only),
            );
        }
        // A voided event is shown as it would have moved the sheets, folded on a copy that
        // the rest of its command's events follow on; the state itself skips it.
        let mut ground = match self.scratch.take() {
            Some((command, ground)) if command == recorded.command_id => ground,
            _ => self.state.clone(),
        };
        let mut before = hims_in(&ground, self.only);
        let moved = fold_watching(&mut ground, &mut before, recorded, self.only);
        self.scratch = Some((recorded.command_id.clone(), ground));
        step(&mut self.state, recorded.version, None);
        (true, moved)
    }
}

/// A watched Soldier as the state had him: his name and his sheet.
#[derive(Default)]
struct Him {
    name: String,
    sheet: Option<Sheet>,
}

impl Him {
    fn of(soldier: Option<&SoldierState>) -> Him {
        Him {
            name: soldier.map(|s| s.card.name.clone()).unwrap_or_default(),
            sheet: soldier.map(Sheet::of),
        }
    }

    /// Whether `now` is him as he was: then no field of his sheet can have moved.
    fn unchanged(&self, now: Option<&SoldierState>) -> bool {
        match (&self.sheet, now) {
            (None, None) => true,
            (Some(was), Some(now)) => was.is_of(now),
            _ => false,
        }
    }
}

/// The watched Soldiers of `state`: the one named, or every one in order.
fn hims_in(state: &CampaignState, only: Option<&str>) -> Vec<Him> {
    match only {
        Some(name) => vec![Him::of(state.soldier(name))],
        None => state.soldiers.iter().map(|s| Him::of(Some(s))).collect(),
    }
}

/// Folds `recorded` onto `state` and says how it moved each watched Soldier, whom `hims`
/// holds as `state` had them, and then as it has them after the event.
fn fold_watching(
    state: &mut CampaignState,
    hims: &mut Vec<Him>,
    recorded: &RecordedEvent,
    only: Option<&str>,
) -> Vec<Moved> {
    // Only an event about him can set one of his numbers to the value it already had (a
    // K9's Discipline reset at turn 1), which his sheet alone cannot show: such an event is
    // folded again on a copy with his numbers moved. Copying the state for every other
    // event too, or for one that only adds, would cost a copy of the state per event.
    // Watching every Soldier, only those the event can reach are looked at; one Soldier's
    // blame looks at him after every event.
    let reach = match only {
        Some(_) => Reach::Anyone,
        None => touch::reach(&recorded.event),
    };
    let named = recorded.event.soldier().filter(|_| reach != Reach::Nobody);
    let at = named.and_then(|name| state.soldiers.iter().position(|s| same_name(&s.card.name, name)));
    let about = at
        .and_then(|i| state.soldiers.get(i))
        .map(|s| s.card.name.clone())
        .filter(|name| only.is_none_or(|o| same_name(o, name)));
    let mut twin = (about.is_some() && !sheet::adds_only(&recorded.event)).then(|| state.clone());
    step(state, recorded.version, Some(&recorded.event));
    let mut out = Vec::new();
    let mut watch = |him: &mut Him, now: Option<&SoldierState>| {
        let is_about = about
            .as_deref()
            .is_some_and(|a| now.is_some_and(|n| n.card.name == a));
        // Any other event that left him as he was moved nothing: his sheet is not read again.
        if !is_about && him.unchanged(now) {
            return;
        }
        let Some(now) = now else {
            *him = Him::default();
            return;
        };
        let after = Sheet::of(now);
        let before = him.sheet.as_ref();
        let nudged = match twin.take().filter(|_| is_about && before.is_some()) {
            Some(twin) => sheet::nudged_after(twin, recorded, &now.card.name, before, &after),
            None => None,
        };
        let changes = sheet::changes(before, &after, nudged.as_ref());
        if him.name != now.card.name {
            him.name.clone_from(&now.card.name);
        }
        him.sheet = Some(after);
        if !changes.is_empty() {
            out.push(Moved {
                soldier: now.card.name.clone(),
                changes,
            });
        }
    };
    match only {
        Some(name) => {
            if let Some(him) = hims.first_mut() {
                watch(him, state.soldier(name));
            }
        }
        None => {
            let all = 0..state.soldiers.len();
            let reached = match reach {
                _ if hims.len() != all.end => all,
                Reach::Nobody => 0..0,
                Reach::Named => at.map_or(0..0, |i| i..i + 1),
                Reach::Anyone => all,
            };
            hims.resize_with(state.soldiers.len(), Him::default);
            let hims = hims.get_mut(reached.clone()).unwrap_or_default();
            let nows = state.soldiers.get(reached).unwrap_or_default();
            for (him, now) in hims.iter_mut().zip(nows) {
                // Soldiers keep their places; a different one here is watched afresh.
                if him.sheet.is_some() && him.name != now.card.name {
                    *him = Him::default();
                }
                watch(him, Some(now));
            }
        }
    }
    out
}
