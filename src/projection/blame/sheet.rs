//! A Soldier's sheet as blame compares it: every field he has, written as on paper, before
//! and after an event; and the nudge that tells an event setting a number from one adding
//! to it.

use std::borrow::Cow;
use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::domain::event::{Event, MedalSticker};
use crate::domain::fold::step;
use crate::domain::sheet::{FIELDS, Reading, reading};
use crate::domain::soldier::same_name;
use crate::domain::state::{CampaignState, RecordedEvent, SoldierState};

/// How one event moved one field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// Added to the number (negative: taken away).
    Add(i64),
    /// Set the field outright.
    Set(String),
}

/// How far [`nudge`] moves each number: far enough that an event the fold clamps at zero
/// (a Wound healed that was never taken) still moves the nudged number differently, and so
/// is not taken for one that sets it.
const NUDGE: u32 = 1_000;

/// The fields a Soldier has, each with its value unwritten: those of [`FIELDS`] by place
/// (`None` for one he does not have), and his counter of each Hardy type he holds, by type.
/// Nothing is written out until a field moves: a sheet is made after every event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Sheet {
    pub(super) fixed: [Option<Reading>; FIELDS.len()],
    pub(super) hardy: Vec<(String, i64)>,
}

impl Sheet {
    /// His sheet: the fields of [`FIELDS`] he has, and a `hardy.TYPE` for each Hardy counter.
    pub(super) fn of(soldier: &SoldierState) -> Sheet {
        Sheet {
            fixed: fixed_of(soldier),
            hardy: soldier
                .hardy
                .iter()
                .map(|(t, n)| (t.clone(), i64::from(*n)))
                .collect(),
        }
    }

    /// Whether this is his sheet as `soldier` has it now, read without making a new one.
    pub(super) fn is_of(&self, soldier: &SoldierState) -> bool {
        self.fixed == fixed_of(soldier)
            && self.hardy.len() == soldier.hardy.len()
            && self
                .hardy
                .iter()
                .zip(&soldier.hardy)
                .all(|((t, n), (now_t, now_n))| t == now_t && *n == i64::from(*now_n))
    }

    /// Each field he has and its value.
    pub(super) fn fields(&self) -> impl Iterator<Item = (Cow<'static, str>, Reading)> + '_ {
        let fixed = FIELDS
            .iter()
            .zip(self.fixed)
            .filter_map(|(field, value)| Some((Cow::Borrowed(*field), value?)));
        let hardy = self
            .hardy
            .iter()
            .map(|(t, n)| (Cow::Owned(format!("hardy.{t}")), Reading::Number(*n)));
        fixed.chain(hardy)
    }

    /// The value of `field`; a Hardy type he holds no counter of is 0.
    pub(super) fn get(&self, field: &str) -> Option<Reading> {
        match field.strip_prefix("hardy.") {
            Some(t) => Some(Reading::Number(self.counter(t))),
            None => FIELDS
                .iter()
                .zip(self.fixed)
                .find_map(|(f, value)| (*f == field).then_some(value)?),
        }
    }

    /// His counter of Hardy type `t`; 0 when he holds none.
    fn counter(&self, t: &str) -> i64 {
        self.hardy
            .iter()
            .find(|(held, _)| held == t)
            .map_or(0, |(_, n)| *n)
    }

    /// The Hardy types on the sheet.
    fn hardy(&self) -> impl Iterator<Item = &str> {
        self.hardy.iter().map(|(t, _)| t.as_str())
    }
}

/// His values of the fields of [`FIELDS`], by place.
fn fixed_of(soldier: &SoldierState) -> [Option<Reading>; FIELDS.len()] {
    let mut fixed = [None; FIELDS.len()];
    for (value, field) in fixed.iter_mut().zip(FIELDS) {
        *value = reading(soldier, field);
    }
    fixed
}

/// How an event moved a sheet from `before` (`None`: he did not exist yet) to `after`, by
/// field name.
///
/// A word (status, state) that differs is set. A number he did not have is set, unless it
/// is 0 (his enlistment gives each of his numbers). A number he had is set when the event
/// gives it the same value folded on a copy whose numbers were nudged (`nudged`: his sheet
/// after that fold, when it was made), and otherwise moved by the difference. A field he no
/// longer has is left, but a Hardy type he no longer holds is 0.
pub(super) fn changes(
    before: Option<&Sheet>,
    after: &Sheet,
    nudged: Option<&Sheet>,
) -> Vec<(String, Change)> {
    let mut out = Vec::new();
    for (i, (field, now)) in FIELDS.iter().zip(after.fixed).enumerate() {
        let at = |sheet: Option<&Sheet>| sheet.and_then(|s| s.fixed.get(i).copied().flatten());
        if let Some(change) = now.and_then(|now| change(at(before), now, at(nudged))) {
            out.push(((*field).to_owned(), change));
        }
    }
    let types: BTreeSet<&str> = after
        .hardy()
        .chain(before.into_iter().flat_map(Sheet::hardy))
        .collect();
    for t in types {
        let counter = |sheet: Option<&Sheet>| sheet.map(|s| Reading::Number(s.counter(t)));
        let now = Reading::Number(after.counter(t));
        if let Some(change) = change(counter(before), now, counter(nudged)) {
            out.push((format!("hardy.{t}"), change));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// How one field moved from `was` to `now`, given `nudged`, its value folded on the nudged
/// copy; `None` when it did not.
fn change(was: Option<Reading>, now: Reading, nudged: Option<Reading>) -> Option<Change> {
    let set = |moved: bool| moved.then(|| Change::Set(now.to_string()));
    match (was, now) {
        (was, Reading::Status(_) | Reading::HeroState(_)) => set(was != Some(now)),
        (None, Reading::Number(n)) => set(n != 0),
        (Some(_), _) if nudged == Some(now) => set(true),
        (Some(Reading::Number(was)), Reading::Number(n)) => (was != n).then(|| Change::Add(n - was)),
        (Some(_), Reading::Number(_)) => None,
    }
}

/// Whether `event` only adds to (or takes from) a Soldier's numbers, never setting one: the
/// difference its fold makes is then what it did, and no nudged copy is folded to tell a set
/// from an add. Any kind not named here is told apart the long way.
pub(super) fn adds_only(event: &Event) -> bool {
    matches!(
        event,
        Event::XpAdjusted(_)
            | Event::Wounded(_)
            | Event::Suppressed(_)
            | Event::Healed(_)
            | Event::SuppressCleared(_)
            | Event::HardyAdjusted(_)
            | Event::NoteWritten(_)
            | Event::AssertionRecorded(_)
    )
}

/// His sheet after `recorded` is folded onto `twin` (the state before it) with each of his
/// numbers nudged, the Hardy types of `before` and `after` included; `None` when he is not
/// in `twin`.
pub(super) fn nudged_after(
    mut twin: CampaignState,
    recorded: &RecordedEvent,
    soldier: &str,
    before: Option<&Sheet>,
    after: &Sheet,
) -> Option<Sheet> {
    let him = twin
        .soldiers
        .iter_mut()
        .find(|s| same_name(&s.card.name, soldier))?;
    let hardy = before.into_iter().flat_map(Sheet::hardy).chain(after.hardy());
    nudge(him, hardy);
    step(&mut twin, recorded.version, Some(&recorded.event));
    twin.soldier(soldier).map(Sheet::of)
}

/// Moves every number on his sheet by [`NUDGE`], and his counters of each of `hardy`.
pub(super) fn nudge<'a>(soldier: &mut SoldierState, hardy: impl Iterator<Item = &'a str>) {
    for n in [
        &mut soldier.wounds,
        &mut soldier.suppress,
        &mut soldier.xp,
        &mut std::sync::Arc::make_mut(&mut soldier.card).rp,
    ] {
        *n = n.saturating_add(NUDGE);
    }
    if let Some(discipline) = soldier.discipline.as_mut() {
        *discipline = discipline.saturating_add(NUDGE);
    }
    // A sticker no event names moves both his Medals and his Medal RP.
    soldier.medals.push(MedalSticker {
        name: String::new(),
        rp: NUDGE,
    });
    for t in hardy {
        let counter = soldier.hardy.entry(t.to_owned()).or_insert(0);
        *counter = counter.saturating_add(NUDGE);
    }
}
