//! A Soldier's sheet as blame compares it: every field he has, written as on paper, before
//! and after an event; and the nudge that tells an event setting a number from one adding
//! to it.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::domain::event::{Event, MedalSticker};
use crate::domain::fold::step;
use crate::domain::sheet::{self, FIELDS};
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

/// The fields a Soldier has, each with its value as a player writes it. A field of
/// [`FIELDS`] is named without a copy: a sheet is made for every line of the index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Sheet(pub(super) BTreeMap<Cow<'static, str>, String>);

impl Sheet {
    /// His sheet: the fields of [`FIELDS`] he has, and a `hardy.TYPE` for each Hardy counter.
    pub(super) fn of(soldier: &SoldierState) -> Sheet {
        let hardy = soldier.hardy.keys().map(|t| Cow::Owned(format!("hardy.{t}")));
        let fields = FIELDS.iter().map(|f| Cow::Borrowed(*f)).chain(hardy);
        Sheet(
            fields
                .filter_map(|field| sheet::value(soldier, &field).map(|value| (field, value)))
                .collect(),
        )
    }

    /// Each field and its value.
    pub(super) fn fields(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(f, v)| (f.as_ref(), v.as_str()))
    }

    /// The value of `field`; a Hardy type he holds no counter of is 0.
    pub(super) fn get(&self, field: &str) -> Option<&str> {
        match self.0.get(field) {
            Some(value) => Some(value),
            None => field.starts_with("hardy.").then_some("0"),
        }
    }

    /// The Hardy types on the sheet.
    fn hardy(&self) -> impl Iterator<Item = &str> {
        self.0.keys().filter_map(|f| f.strip_prefix("hardy."))
    }
}

/// How an event moved a sheet from `before` (`None`: he did not exist yet) to `after`.
///
/// A word (status, state) that differs is set. A number he did not have is set, unless it
/// is 0 (his enlistment gives each of his numbers). A number he had is set when the event
/// gives it the same value folded on a copy whose numbers were nudged (`nudged`: his sheet
/// after that fold, when it was made), and otherwise moved by the difference.
pub(super) fn changes(
    before: Option<&Sheet>,
    after: &Sheet,
    nudged: Option<&Sheet>,
) -> Vec<(String, Change)> {
    let gone = before
        .into_iter()
        .flat_map(|b| b.0.keys())
        .filter(|field| !after.0.contains_key(field.as_ref()));
    let fields: Vec<&Cow<'static, str>> = after.0.keys().chain(gone).collect();
    let mut out = Vec::new();
    for field in fields {
        let Some(now) = after.get(field) else {
            continue;
        };
        let was = before.and_then(|b| b.get(field));
        let change = match (was, now.parse::<i64>()) {
            (was, Err(_)) => (was != Some(now)).then(|| Change::Set(now.to_owned())),
            (None, Ok(n)) => (n != 0).then(|| Change::Set(now.to_owned())),
            (Some(_), Ok(_)) if nudged.and_then(|s| s.get(field)) == Some(now) => {
                Some(Change::Set(now.to_owned()))
            }
            (Some(was), Ok(n)) => was
                .parse::<i64>()
                .ok()
                .filter(|was| *was != n)
                .map(|was| Change::Add(n - was)),
        };
        out.extend(change.map(|c| (field.to_string(), c)));
    }
    out
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
        &mut soldier.card.rp,
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
