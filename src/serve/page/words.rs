//! How the evidence pages say things in the command line's words: a field's name as a heading,
//! a time as the viewer's clock shows it, a hash shortened as the command line prints it, and
//! an event's nested values (a roll, its modifiers and costs, a list of objects) in words.

use std::collections::BTreeMap;

use muster::domain::event::{Disproof, EncounterStep};
use muster::domain::k9::PaidOption;
use muster::domain::roll::{Cost, DiceKey, Modifier, Roll};
use muster::domain::soldier::{Ability, Stats};
use muster::projection::summary::{disproof_line, roll_line};
use muster::projection::words::{ability, stats_words};
use serde::de::DeserializeOwned;
use serde_json::Value;

pub use muster::projection::fields::{heading, rank};

/// A log's kind in words: `discipline_reset` is "discipline reset".
pub fn kind(kind: &str) -> String {
    kind.replace('_', " ")
}

/// A time as the log keeps it (RFC 3339, UTC): the stamp a `<time>` carries, and its words
/// until the page's script says it in the viewer's own time: `2026-12-02 14:05 UTC`.
pub struct When {
    pub stamp: String,
    pub words: String,
}

pub fn when(recorded_at: &str) -> When {
    let words = chrono::DateTime::parse_from_rfc3339(recorded_at)
        .map(|t| t.format("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_else(|_| recorded_at.to_owned());
    When {
        stamp: recorded_at.to_owned(),
        words,
    }
}

/// A hash as the command line prints it: its first 20 hex digits.
pub fn short(hash: &str) -> String {
    hash.chars().take(20).collect()
}

/// A payload's member's name as a row's label: the roster's heading (`rp` is "RP"), but a
/// `name` is a name, not the roster's "Soldier" (a Mission, a card and a Medal have one too).
pub fn label(key: &str) -> String {
    match key {
        "name" => "Name".to_owned(),
        other => heading(other),
    }
}

/// A value of an event's payload in words, nested values too: one of a kind the library words
/// (a roll, its modifiers and costs, an Encounter's step, an ability…) as the command line
/// says it, named by `key` (its member's name); any other object as `Key: value` pairs, a
/// list as its items.
pub fn words(key: &str, value: &Value) -> String {
    if let Some(said) = known(key, value) {
        return said;
    }
    match value {
        Value::Null => "–".to_owned(),
        Value::Bool(yes) => if *yes { "yes" } else { "no" }.to_owned(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        Value::Array(items) if items.is_empty() => "none".to_owned(),
        Value::Array(items) => {
            let apart = if items.iter().any(Value::is_object) {
                "; "
            } else {
                ", "
            };
            let each: Vec<String> = items.iter().map(|item| words("", item)).collect();
            each.join(apart)
        }
        Value::Object(_) => {
            // A nested object, or a list of them, in brackets: its commas are its own.
            let pairs: Vec<String> = said_members(value)
                .map(|(k, v)| match v {
                    Value::Object(_) => format!("{}: ({})", label(k), words(k, v)),
                    Value::Array(items) if items.iter().any(Value::is_object) => {
                        format!("{}: ({})", label(k), words(k, v))
                    }
                    _ => format!("{}: {}", label(k), words(k, v)),
                })
                .collect();
            if pairs.is_empty() {
                "none".to_owned()
            } else {
                pairs.join(", ")
            }
        }
    }
}

/// An object's members that say something: not null, not an empty list or object.
pub fn said_members(value: &Value) -> impl Iterator<Item = (&String, &Value)> {
    value.as_object().into_iter().flatten().filter(|(_, v)| match v {
        Value::Null => false,
        Value::Array(items) => !items.is_empty(),
        Value::Object(map) => !map.is_empty(),
        _ => true,
    })
}

/// `value` in the library's words where its member's name `key` holds a kind the library
/// words and the value reads as one; `None` for any other.
pub fn known(key: &str, value: &Value) -> Option<String> {
    fn read<T: DeserializeOwned>(value: &Value) -> Option<T> {
        T::deserialize(value).ok()
    }
    fn each<T>(all: Vec<T>, say: impl Fn(&T) -> String, apart: &str) -> String {
        all.iter().map(say).collect::<Vec<_>>().join(apart)
    }
    match key {
        "roll" => read::<Roll>(value).map(|r| roll_line(&r)),
        "modifiers" => read::<Vec<Modifier>>(value).map(|all| each(all, modifier, ", ")),
        "costs" => read::<Vec<Cost>>(value).map(|all| each(all, cost, ", ")),
        "dice" => read::<DiceKey>(value).map(|key| dice(&key)),
        "step" => read::<EncounterStep>(value).map(step),
        "options" => read::<Vec<PaidOption>>(value).map(|all| each(all, ToString::to_string, ", ")),
        "disproofs" => read::<Vec<Disproof>>(value).map(|all| each(all, disproof_line, "; ")),
        "abilities" => read::<BTreeMap<String, Ability>>(value)
            .map(|all| each(all.into_iter().collect(), |(n, a)| ability(n, *a), ", ")),
        "stats" => read::<Stats>(value).map(stats_words),
        _ => None,
    }
}

/// A modifier as the command line's roll line says it: `-1 (card)`, `+4 (paid 1 Discipline)`.
fn modifier(m: &Modifier) -> String {
    format!("{:+} ({})", m.value, m.source)
}

/// A cost paid for a roll: `1 Discipline`, `2 XP`.
fn cost(c: &Cost) -> String {
    format!("{} {}", c.amount, heading(&c.resource))
}

/// A generated face's key: the seed shortened, the command's version and the die's index.
fn dice(key: &DiceKey) -> String {
    let seed = short(&key.commitment);
    format!("seed {seed}, version {}, die {}", key.version, key.index)
}

/// Which roll of an Encounter, counted as players count them: `Roll 1` is the card's first.
fn step(step: EncounterStep) -> String {
    match step {
        EncounterStep::Ignore => "Ignore roll".to_owned(),
        EncounterStep::Roll(n) => format!("Roll {}", n.saturating_add(1)),
        EncounterStep::Retry => "Retry".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_reads_in_words_and_keeps_its_stamp() {
        let at = when("2026-12-02T01:07:55Z");
        assert_eq!(at.words, "2026-12-02 01:07 UTC");
        assert_eq!(at.stamp, "2026-12-02T01:07:55Z");
        assert_eq!(when("not a time").words, "not a time");
    }

    #[test]
    fn nested_values_read_in_words_and_a_step_as_players_count() {
        let step = serde_json::json!({ "roll": 0 });
        assert_eq!(words("step", &step), "Roll 1");
        assert_eq!(words("step", &serde_json::json!("retry")), "Retry");
        let costs = serde_json::json!([{ "amount": 2, "resource": "xp" }]);
        assert_eq!(words("costs", &costs), "2 XP");
        let effects =
            serde_json::json!({ "effects": [{ "amount": 1, "who": "both" }], "text": "Hit", "none": null });
        assert_eq!(
            words("failure", &effects),
            "Effects: (Amount: 1, Who: both), Text: Hit"
        );
        assert_eq!(words("faces", &serde_json::json!([4, 6])), "4, 6");
    }
}
