//! How an event becomes the log's `kind`, `schema` and `payload` columns, and back.
//!
//! The payload is canonical JSON: the event's fields without `kind`, keys sorted, no
//! whitespace. The hash chain covers these exact bytes, so an export re-read from JSON gives
//! back the same bytes and the same hashes.

use serde_json::{Map, Value};
use thiserror::Error;

use super::event::{Event, current_schema};
use super::rulebook::Expansion;

/// A stored payload that cannot be turned back into an event.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DecodeError {
    #[error(
        "event kind '{kind}' has schema {schema}, but this muster reads it up to schema {known}: the log was written by a newer muster; upgrade muster to read it"
    )]
    NewerSchema { kind: String, schema: u32, known: u32 },
    #[error(
        "event kind '{kind}' is not one this muster knows: the log was made by a newer muster; upgrade muster to read it"
    )]
    UnknownKind { kind: String },
    #[error("event kind '{kind}' with schema {schema} has no upcaster; schemas 1 to {known} are known")]
    UnknownSchema { kind: String, schema: u32, known: u32 },
    #[error("payload of a '{kind}' event is not valid: {reason}")]
    BadPayload { kind: String, reason: String },
}

/// An event in its stored form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Encoded {
    pub kind: &'static str,
    pub schema: u32,
    pub payload: String,
}

/// Turns an event into its stored form.
pub fn encode(event: &Event) -> Encoded {
    // Every payload type declares its fields in the order of their names (a test holds every
    // kind to it), so the event written straight is already canonical: no JSON value, whose
    // maps sort the keys, has to be built in between.
    let mut buffer = Vec::new();
    let payload = written_straight(event, &mut buffer)
        .map(str::to_owned)
        .unwrap_or_else(|| sorted_payload(event));
    Encoded {
        kind: event.kind(),
        schema: event.schema(),
        payload,
    }
}

/// Whether `payload` is what [`encode`] writes for `event`, written into `buffer` (cleared
/// first) rather than a string of its own: `verify` asks it of every row.
pub fn encodes_to(event: &Event, payload: &str, buffer: &mut Vec<u8>) -> bool {
    match written_straight(event, buffer) {
        Some(written) => written == payload,
        None => sorted_payload(event) == payload,
    }
}

/// `event`'s payload as serde writes the event into `buffer` (cleared first), for every kind
/// but those sorted through a JSON value; `None` for those.
fn written_straight<'b>(event: &Event, buffer: &'b mut Vec<u8>) -> Option<&'b str> {
    let kind = event.kind();
    buffer.clear();
    if THROUGH_A_VALUE.contains(&kind) || serde_json::to_writer(&mut *buffer, event).is_err() {
        return None;
    }
    std::str::from_utf8(buffer)
        .ok()
        .and_then(|tagged| straight_payload(tagged, kind))
}

/// The kinds whose payload holds an internally tagged enum, which serde writes tag first:
/// they are sorted through a JSON value. They are rare (a Medal deck is loaded once, a
/// hero's state set a few times a Mission).
const THROUGH_A_VALUE: &[&str] = &["medal_deck_loaded", "hero_state_set"];

/// The payload inside `{"kind":KIND,"payload":PAYLOAD}`, as serde writes an event.
fn straight_payload<'a>(tagged: &'a str, kind: &str) -> Option<&'a str> {
    tagged
        .strip_prefix("{\"kind\":\"")?
        .strip_prefix(kind)?
        .strip_prefix("\",\"payload\":")?
        .strip_suffix('}')
        .filter(|payload| payload.starts_with('{'))
}

/// The canonical payload through a JSON value, whose object keys are sorted.
fn sorted_payload(event: &Event) -> String {
    match serde_json::to_value(event) {
        Ok(Value::Object(mut tagged)) => tagged
            .remove("payload")
            .filter(Value::is_object)
            .map_or_else(|| "{}".to_owned(), |fields| fields.to_string()),
        // Every variant holds a struct of plain fields, so serde always yields an object.
        _ => "{}".to_owned(),
    }
}

/// Rewrites payload text into the canonical form `encode` would give it.
pub fn canonical_payload(payload: &Value) -> String {
    payload.to_string()
}

/// Reads a stored event back, upcasting an older schema to the current shape.
pub fn decode(kind: &str, schema: u32, payload: &str) -> Result<Event, DecodeError> {
    // The common case, a payload at its kind's current schema, is read straight from its
    // text, the kind written first; anything else (an upcast, a payload that does not read)
    // takes the general path, which says what is wrong.
    let plain = |kind: &str| kind.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
    if schema == current_schema(kind) && plain(kind) {
        if let Ok(event) = tagged::read(kind, payload) {
            return Ok(event);
        }
    }
    decode_general(kind, schema, payload)
}

/// Reads a stored event through a JSON value, upcasting it first: any schema, and the
/// message that says what is wrong with a payload that does not read.
fn decode_general(kind: &str, schema: u32, payload: &str) -> Result<Event, DecodeError> {
    if !super::event::KINDS.contains(&kind) {
        return Err(DecodeError::UnknownKind {
            kind: kind.to_owned(),
        });
    }
    let bad = |reason: String| DecodeError::BadPayload {
        kind: kind.to_owned(),
        reason,
    };
    let value: Value = serde_json::from_str(payload).map_err(|e| bad(e.to_string()))?;
    let Value::Object(fields) = value else {
        return Err(bad("it is not a JSON object".to_owned()));
    };
    let fields = upcast(kind, schema, fields)?;
    let mut tagged = Map::new();
    tagged.insert("kind".to_owned(), Value::String(kind.to_owned()));
    tagged.insert("payload".to_owned(), Value::Object(fields));
    serde_json::from_value(Value::Object(tagged)).map_err(|e| bad(e.to_string()))
}

/// Brings an older payload up to the current schema of its kind, one schema at a time.
fn upcast(
    kind: &str,
    schema: u32,
    mut fields: Map<String, Value>,
) -> Result<Map<String, Value>, DecodeError> {
    let known = current_schema(kind);
    if schema > known {
        return Err(DecodeError::NewerSchema {
            kind: kind.to_owned(),
            schema,
            known,
        });
    }
    if schema == 0 {
        return Err(DecodeError::UnknownSchema {
            kind: kind.to_owned(),
            schema,
            known,
        });
    }
    let mut at = schema;
    while at < known {
        // Each step gives the shape of a later schema, and says which.
        (fields, at) = match (kind, at) {
            // Schema 1 counted the Objectives placed (default 1) and never tracked them: the
            // count is kept as untracked, so the upcast changes the shape, not the meaning.
            ("mission_started", 1) => {
                never_had(kind, at, &fields, &["untracked_objectives"])?;
                let count = fields.remove("objectives").unwrap_or(Value::Null);
                fields.insert("objectives".to_owned(), Value::Null);
                if !count.is_null() {
                    fields.insert("untracked_objectives".to_owned(), count);
                }
                (fields, 3)
            }
            // Schema 3 only added `untracked_objectives`, which schema 2 never had.
            ("mission_started", 2) => {
                never_had(kind, at, &fields, &["untracked_objectives"])?;
                (fields, 3)
            }
            // A campaign created before rules versions were recorded was played under the first.
            // Schema 1 took any word as an expansion: the ones muster knows become the
            // enum, the others are kept apart, unread as they always were.
            ("campaign_created", 1) => {
                never_had(
                    kind,
                    at,
                    &fields,
                    &["rules", "unrecognized_expansions", "commands_kept"],
                )?;
                fields.insert(
                    "rules".to_owned(),
                    Value::from(crate::domain::rules_version::FIRST.0),
                );
                let words = match fields.remove("expansions") {
                    Some(Value::Array(words)) => words,
                    _ => Vec::new(),
                };
                let mut known = Vec::new();
                let mut unrecognized = Vec::new();
                for word in words {
                    match word.as_str().and_then(Expansion::named) {
                        Some(expansion) => {
                            let named = Value::from(expansion.to_string());
                            if !known.contains(&named) {
                                known.push(named);
                            }
                        }
                        None => unrecognized.push(word),
                    }
                }
                fields.insert("expansions".to_owned(), Value::Array(known));
                if !unrecognized.is_empty() {
                    fields.insert("unrecognized_expansions".to_owned(), Value::Array(unrecognized));
                }
                (fields, 2)
            }
            // Schema 3 only added `commands_kept`: a campaign created before kept no commands.
            ("campaign_created", 2) => {
                never_had(kind, at, &fields, &["commands_kept"])?;
                (fields, 3)
            }
            // Schema 1 voided no generated roll, so it names no disproof.
            ("command_voided", 1) if fields.contains_key("disproofs") => {
                return Err(DecodeError::BadPayload {
                    kind: kind.to_owned(),
                    reason: "schema 1 has no `disproofs`; a void naming a disproof is schema 2".to_owned(),
                });
            }
            ("command_voided", 1) => (fields, 2),
            _ => {
                return Err(DecodeError::UnknownSchema {
                    kind: kind.to_owned(),
                    schema,
                    known,
                });
            }
        };
    }
    Ok(fields)
}

/// Refuses a payload at `schema` that holds one of the fields (`later`) only a later schema
/// has: muster never wrote it there, and the upcast would replace it or take it as read.
fn never_had(
    kind: &str,
    schema: u32,
    fields: &Map<String, Value>,
    later: &[&str],
) -> Result<(), DecodeError> {
    match later.iter().find(|field| fields.contains_key(**field)) {
        Some(field) => Err(DecodeError::BadPayload {
            kind: kind.to_owned(),
            reason: format!(
                "schema {schema} has no field `{field}` (a later schema added it), so muster never wrote one there"
            ),
        }),
        None => Ok(()),
    }
}

/// The payload text of `kind` at an older `schema` upcast to its kind's current schema, in
/// canonical form; `None` when it does not read. A payload muster wrote at that schema gives
/// what [`encode`] writes for the event it decodes to.
pub fn upcast_payload(kind: &str, schema: u32, payload: &str) -> Option<String> {
    let Ok(Value::Object(fields)) = serde_json::from_str(payload) else {
        return None;
    };
    upcast(kind, schema, fields)
        .ok()
        .map(|fields| canonical_payload(&Value::Object(fields)))
}

mod tagged;

#[cfg(test)]
mod tests;
