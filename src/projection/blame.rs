//! `muster blame SOLDIER`: for every number in his roster row, the events that made it.

use std::collections::BTreeMap;

use serde::Serialize;

use super::summary::summary;
use crate::Error;
use crate::domain::event::Event;
use crate::domain::fold::{fold, voided_commands};
use crate::domain::sheet;
use crate::domain::soldier::same_name;
use crate::domain::state::RecordedEvent;

/// How one event moved one field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// Added to the number (negative: taken away).
    Add(i64),
    /// Set the field outright.
    Set(String),
}

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

/// The blame of `soldier` (any case) over `log`.
pub fn blame(log: &[RecordedEvent], soldier: &str) -> Result<Blame, Error> {
    let state = fold(log);
    let found = state.find_soldier(soldier)?;
    let name = found.card.name.clone();
    let voided = voided_commands(log);
    // Every number of his roster row is listed, even one no event has moved yet.
    let hardy = found.hardy.keys().map(|t| format!("hardy.{t}"));
    let mut fields: BTreeMap<String, FieldBlame> = sheet::FIELDS
        .iter()
        .map(|f| (*f).to_owned())
        .chain(hardy)
        .filter_map(|field| {
            let value = sheet::value(found, &field)?;
            Some((
                field,
                FieldBlame {
                    value,
                    lines: Vec::new(),
                },
            ))
        })
        .collect();
    for recorded in log {
        for (field, change) in changes(&recorded.event, &name) {
            let entry = fields.entry(field.clone()).or_insert_with(|| FieldBlame {
                value: sheet::value(found, &field).unwrap_or_default(),
                lines: Vec::new(),
            });
            entry.lines.push(Line {
                version: recorded.version,
                recorded_at: recorded.recorded_at.clone(),
                command_id: recorded.command_id.clone(),
                change,
                summary: summary(&recorded.event),
                voided: voided.contains(&recorded.command_id),
            });
        }
    }
    Ok(Blame {
        soldier: name,
        fields,
    })
}

/// The fields of `soldier` that `event` moves, and how.
pub fn changes(event: &Event, soldier: &str) -> Vec<(String, Change)> {
    let mine = |name: &str| same_name(name, soldier);
    let add = |field: &str, n: i64| (field.to_owned(), Change::Add(n));
    let set = |field: &str, value: &str| (field.to_owned(), Change::Set(value.to_owned()));
    match event {
        Event::SoldierEnlisted(e) if mine(&e.card.name) => {
            let mut out = vec![set("status", "active"), add("rp", i64::from(e.card.rp))];
            out.extend(
                e.card
                    .hardy
                    .iter()
                    .map(|(t, n)| add(&format!("hardy.{t}"), i64::from(*n))),
            );
            if let Some(d) = e.card.discipline {
                out.push(set("discipline", &d.to_string()));
            }
            if e.card.kind == crate::domain::soldier::SoldierKind::Hero {
                out.push(set("state", "ready"));
            }
            out
        }
        Event::Wounded(e) if mine(&e.soldier) => vec![add("wounds", i64::from(e.amount))],
        Event::Healed(e) if mine(&e.soldier) => vec![add("wounds", -i64::from(e.amount))],
        Event::Suppressed(e) if mine(&e.soldier) => vec![add("suppress", i64::from(e.amount))],
        Event::SuppressCleared(e) if mine(&e.soldier) => vec![add("suppress", -i64::from(e.amount))],
        Event::Downed(e) if mine(&e.soldier) => vec![set("status", "downed")],
        Event::Recovered(e) if mine(&e.soldier) => vec![set("status", "active")],
        Event::Killed(e) if mine(&e.soldier) => vec![set("status", "kia")],
        Event::Discharged(e) if mine(&e.soldier) => vec![set("status", "discharged")],
        Event::MedalAwarded(e) if mine(&e.soldier) => {
            vec![add("medals", 1), add("medal_rp", i64::from(e.medal.rp))]
        }
        Event::MedalStickersRemoved(e) if mine(&e.soldier) => vec![
            add("medals", -i64::try_from(e.medals.len()).unwrap_or(0)),
            add("medal_rp", -e.medals.iter().map(|m| i64::from(m.rp)).sum::<i64>()),
        ],
        Event::XpAdjusted(e) if mine(&e.soldier) => vec![add("xp", e.amount)],
        Event::EkiaRecorded(e) if mine(&e.soldier) => vec![add("xp", i64::from(e.value))],
        Event::HardyAdjusted(e) if mine(&e.soldier) => vec![add(&format!("hardy.{}", e.hardy), e.amount)],
        Event::DisciplineReset(e) if mine(&e.soldier) => vec![set("discipline", &e.discipline.to_string())],
        Event::DisciplineSpent(e) if mine(&e.soldier) => vec![add("discipline", -i64::from(e.amount))],
        Event::RpCardGained(e) if mine(&e.soldier) => vec![add("rp", i64::from(e.rp))],
        Event::RpCardLost(e) if mine(&e.soldier) => vec![add("rp", -i64::from(e.rp))],
        Event::HeroStateSet(e) if mine(&e.hero) => vec![set("state", &e.state.to_string())],
        _ => Vec::new(),
    }
}
