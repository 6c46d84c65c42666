//! A Soldier's blame as plain data: every number of his sheet with the lines that made it.

use std::collections::BTreeMap;

use serde::Serialize;

use super::sheet::{Change, Sheet};
use crate::Error;
use crate::domain::Game;
use crate::domain::soldier::SoldierKind;
use crate::domain::state::CampaignState;
use crate::projection::roster_line::columns;

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

impl Blame {
    /// Whether every field's lines that count (voided ones apart) make its value: numbers
    /// summed from 0 (a set replacing the sum so far), words the last set. A blame read off
    /// an index is trusted only when it does; one folded from the log always does.
    pub fn adds_up(&self) -> bool {
        self.fields.values().all(|field| {
            let mut counted = field.lines.iter().filter(|l| !l.voided);
            match field.value.parse::<i64>() {
                Ok(value) => {
                    let made = counted.try_fold(0_i64, |sum, line| match &line.change {
                        Change::Add(n) => sum.checked_add(*n),
                        Change::Set(v) => v.parse().ok(),
                    });
                    made == Some(value)
                }
                Err(_) => counted
                    .next_back()
                    .is_none_or(|line| line.change == Change::Set(field.value.clone())),
            }
        })
    }
}

/// The blame of `soldier` as `state` has him, from the lines about him up to it by field.
pub fn assemble(
    state: &CampaignState,
    soldier: &str,
    lines: BTreeMap<String, Vec<Line>>,
) -> Result<Blame, Error> {
    let found = state.find_soldier(soldier)?;
    let now = Sheet::of(found);
    // A hero's row is Zero Dark's, any other Soldier's Warfighter's (which of them is the
    // same for the two Warfighter games).
    let game = match found.card.kind {
        SoldierKind::Hero => Game::ZeroDark,
        SoldierKind::Player | SoldierKind::Nps | SoldierKind::Squad | SoldierKind::K9 => Game::Modern,
    };
    // Every number of his roster row is listed, even one no event has moved yet; and only
    // those: a hero's sheet keeps Warfighter's numbers, which his row does not show.
    let on_the_row = |field: &str| {
        // A Hardy type's counter, `hardy.cold`, is on the row's `hardy`.
        let key = field.split_once('.').map_or(field, |(key, _)| key);
        columns(game).iter().any(|c| c.key == key)
    };
    let mut fields: BTreeMap<String, FieldBlame> = now
        .fields()
        .filter(|(field, _)| on_the_row(field))
        .map(|(field, value)| {
            let blamed = FieldBlame {
                value: value.to_string(),
                lines: Vec::new(),
            };
            (field.into_owned(), blamed)
        })
        .collect();
    for (field, lines) in lines.into_iter().filter(|(field, _)| on_the_row(field)) {
        let entry = fields.entry(field).or_insert_with_key(|field| FieldBlame {
            value: now.get(field).map(|v| v.to_string()).unwrap_or_default(),
            lines: Vec::new(),
        });
        entry.lines = lines;
    }
    Ok(Blame {
        soldier: found.card.name.clone(),
        fields,
    })
}
