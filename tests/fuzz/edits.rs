//! Edits to JSON values and to export files, for the fuzz properties: a value replaced, a
//! member removed or added, lines deleted, duplicated or swapped, the text cut or grown;
//! and the chain recomputed after them, so that an edit reaches the rules.

use muster::store::chain::Link;
use proptest::prelude::*;
use proptest::sample::{Index, select};
use serde_json::Value;

use super::{json_value, lines, to_jsonl, vocabulary};

/// Every JSON pointer inside `value`, the root included.
fn pointers(value: &Value, at: String, into: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let escaped = k.replace('~', "~0").replace('/', "~1");
                pointers(v, format!("{at}/{escaped}"), into);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                pointers(v, format!("{at}/{i}"), into);
            }
        }
        _ => {}
    }
    into.push(at);
}

/// One edit to a JSON value.
#[derive(Debug, Clone)]
pub enum Edit {
    /// A value somewhere inside replaced by another.
    Replace(Index, Value),
    /// A member of an object somewhere inside removed.
    Remove(Index),
    /// A member added to an object somewhere inside.
    Add(Index, String, Value),
}

pub fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (any::<Index>(), json_value()).prop_map(|(at, v)| Edit::Replace(at, v)),
        1 => any::<Index>().prop_map(Edit::Remove),
        1 => (any::<Index>(), prop_oneof![select(vocabulary()), any::<String>()], json_value())
            .prop_map(|(at, k, v)| Edit::Add(at, k, v)),
    ]
}

pub fn apply_edit(value: &mut Value, edit: &Edit) {
    let mut all = Vec::new();
    pointers(value, String::new(), &mut all);
    match edit {
        Edit::Replace(at, new) => {
            let pointer = at.get(&all).clone();
            *value.pointer_mut(&pointer).unwrap() = new.clone();
        }
        Edit::Remove(at) => {
            let members: Vec<&String> = all.iter().filter(|p| !p.is_empty()).collect();
            if members.is_empty() {
                return;
            }
            let pointer = (*at.get(&members)).clone();
            let (parent, last) = pointer.rsplit_once('/').unwrap();
            let key = last.replace("~1", "/").replace("~0", "~");
            match value.pointer_mut(parent).unwrap() {
                Value::Object(map) => {
                    map.remove(&key);
                }
                Value::Array(items) => {
                    let i: usize = key.parse().unwrap();
                    items.remove(i);
                }
                _ => unreachable!("a pointer's parent is a container"),
            }
        }
        Edit::Add(at, key, new) => {
            let objects: Vec<&String> = all
                .iter()
                .filter(|p| value.pointer(p).is_some_and(Value::is_object))
                .collect();
            let Some(pointer) = objects.get(at.index(objects.len().max(1))).map(|p| (*p).clone()) else {
                return;
            };
            if let Some(Value::Object(map)) = value.pointer_mut(&pointer) {
                map.insert(key.clone(), new.clone());
            }
        }
    }
}

/// One edit to an export file.
#[derive(Debug, Clone)]
pub enum FileEdit {
    /// A JSON edit inside one line.
    Line(Index, Edit),
    DeleteLine(Index),
    DuplicateLine(Index, Index),
    SwapLines(Index, Index),
    /// The text cut at a byte (rounded down to a character boundary).
    Cut(Index),
    /// Text inserted at a byte (rounded down to a character boundary).
    Insert(Index, String),
}

fn file_edit() -> impl Strategy<Value = FileEdit> {
    prop_oneof![
        6 => (any::<Index>(), edit()).prop_map(|(at, e)| FileEdit::Line(at, e)),
        1 => any::<Index>().prop_map(FileEdit::DeleteLine),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| FileEdit::DuplicateLine(a, b)),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| FileEdit::SwapLines(a, b)),
        1 => any::<Index>().prop_map(FileEdit::Cut),
        1 => (any::<Index>(), prop_oneof![any::<String>(), Just("\n".to_owned()), Just("{}".to_owned())])
            .prop_map(|(at, s)| FileEdit::Insert(at, s)),
    ]
}

/// An export file (one of the two, or a prefix of one) after a few edits.
pub fn edited_export() -> impl Strategy<Value = (String, Vec<FileEdit>)> {
    (
        0usize..2,
        any::<Index>(),
        prop::collection::vec(file_edit(), 1..4),
    )
        .prop_map(|(which, keep, edits)| {
            let mut lines = lines(which);
            // Often a short campaign, so an accepted import is quick to check.
            let keep = 1 + keep.index(lines.len());
            lines.truncate(keep);
            let mut text: Option<String> = None;
            for e in &edits {
                let n = lines.len();
                match e {
                    FileEdit::Line(at, edit) if n > 0 => apply_edit(&mut lines[at.index(n)], edit),
                    FileEdit::DeleteLine(at) if n > 1 => {
                        lines.remove(at.index(n));
                    }
                    FileEdit::DuplicateLine(a, b) if n > 0 => {
                        let copy = lines[a.index(n)].clone();
                        lines.insert(b.index(n + 1), copy);
                    }
                    FileEdit::SwapLines(a, b) if n > 0 => lines.swap(a.index(n), b.index(n)),
                    FileEdit::Cut(_) | FileEdit::Insert(..) => {}
                    _ => {}
                }
            }
            // The edits are chained in as the file's keeper would chain them, so that they
            // reach the rules instead of stopping at the first hash that no longer matches.
            rechain(&mut lines);
            for e in &edits {
                let current = text.get_or_insert_with(|| to_jsonl(&lines));
                match e {
                    FileEdit::Cut(at) => {
                        let i = floor_boundary(current, at.index(current.len() + 1));
                        current.truncate(i);
                    }
                    FileEdit::Insert(at, s) => {
                        let i = floor_boundary(current, at.index(current.len() + 1));
                        current.insert_str(i, s);
                    }
                    _ => {}
                }
            }
            (text.unwrap_or_else(|| to_jsonl(&lines)), edits)
        })
}

fn floor_boundary(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Recomputes every event line's `prev_hash` and `hash` over its fields as they now stand
/// (its payload as muster writes JSON, which is what `parse` reads from the line), and a
/// trailer's head hash after them, so that only the edit, not the chain, is wrong. A line
/// whose hashed fields no longer read keeps its hash: parsing stops at it anyway.
pub fn rechain(lines: &mut [Value]) {
    let mut prev = muster::store::chain::GENESIS.to_owned();
    for line in lines.iter_mut() {
        if let Some(head) = line.pointer_mut("/trailer/head").filter(|h| h.is_object()) {
            head["hash"] = Value::from(prev.clone());
            continue;
        }
        match hash_of(&prev, line) {
            Some(hash) => {
                line["prev_hash"] = Value::from(prev);
                line["hash"] = Value::from(hash.clone());
                prev = hash;
            }
            None => prev = line["hash"].as_str().unwrap_or_default().to_owned(),
        }
    }
}

/// The hash of an export line chained from `prev`, if its hashed fields read.
fn hash_of(prev: &str, line: &Value) -> Option<String> {
    let text = |field: &str| line.get(field)?.as_str();
    let payload = line.get("payload")?.to_string();
    // The command a command's first line carries is hashed too (chain format 2).
    let command = line.get("command").map(Value::to_string);
    let link = Link {
        campaign: text("campaign")?,
        version: line.get("version")?.as_u64()?,
        event_id: text("event_id")?,
        command_id: text("command_id")?,
        recorded_at: text("recorded_at")?,
        kind: text("kind")?,
        schema: u32::try_from(line.get("schema")?.as_u64()?).ok()?,
        payload: &payload,
        command: command.as_deref(),
    };
    muster::store::chain::hash(prev, &link)
}
