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
    let kind = event.kind();
    let straight = !THROUGH_A_VALUE.contains(&kind);
    let payload = serde_json::to_string(event)
        .ok()
        .filter(|_| straight)
        .and_then(|tagged| straight_payload(&tagged, kind).map(str::to_owned))
        .unwrap_or_else(|| sorted_payload(event));
    Encoded {
        kind,
        schema: event.schema(),
        payload,
    }
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
        let mut tagged = String::with_capacity(payload.len() + kind.len() + 24);
        tagged.push_str("{\"kind\":\"");
        tagged.push_str(kind);
        tagged.push_str("\",\"payload\":");
        tagged.push_str(payload);
        tagged.push('}');
        if let Ok(event) = serde_json::from_str(&tagged) {
            return Ok(event);
        }
    }
    decode_general(kind, schema, payload)
}

/// Reads a stored event through a JSON value, upcasting it first: any schema, and the
/// message that says what is wrong with a payload that does not read.
fn decode_general(kind: &str, schema: u32, payload: &str) -> Result<Event, DecodeError> {
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
                let count = fields.remove("objectives").unwrap_or(Value::Null);
                fields.insert("objectives".to_owned(), Value::Null);
                if !count.is_null() {
                    fields.insert("untracked_objectives".to_owned(), count);
                }
                (fields, 3)
            }
            // Schema 3 only added `untracked_objectives`, which schema 2 never had.
            ("mission_started", 2) => (fields, 3),
            // A campaign created before rules versions were recorded was played under the first.
            // Schema 1 took any word as an expansion: the ones muster knows become the
            // enum, the others are kept apart, unread as they always were.
            ("campaign_created", 1) => {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_straight_read_gives_the_event_the_general_path_gives_for_every_demo_row() {
        let demo = include_str!("../../fixtures/campaigns/demo.jsonl");
        let mut kinds = std::collections::BTreeSet::new();
        // Every line but the trailer is an event.
        for line in demo.lines().filter(|l| !l.starts_with("{\"trailer\"")) {
            let row: Value = serde_json::from_str(line).unwrap();
            let kind = row["kind"].as_str().unwrap();
            let schema = u32::try_from(row["schema"].as_u64().unwrap()).unwrap();
            let payload = row["payload"].to_string();
            assert_eq!(
                decode(kind, schema, &payload),
                decode_general(kind, schema, &payload),
                "{kind}: {payload}"
            );
            kinds.insert(kind.to_owned());
        }
        assert!(kinds.len() > 20, "the demo holds many kinds: {kinds:?}");
    }
    use crate::domain::event::{RpMovement, SoldierAmount};

    #[test]
    fn an_event_survives_encode_and_decode() {
        let event = Event::Wounded(SoldierAmount {
            soldier: "Wong".into(),
            amount: 2,
        });
        let stored = encode(&event);
        assert_eq!(stored.kind, "wounded");
        assert_eq!(stored.payload, r#"{"amount":2,"soldier":"Wong"}"#);
        assert_eq!(decode(stored.kind, stored.schema, &stored.payload), Ok(event));
    }

    #[test]
    fn payloads_are_canonical_whatever_their_spacing() {
        let event = Event::RpGranted(RpMovement {
            amount: 3,
            why: "loot".into(),
        });
        let stored = encode(&event);
        let respaced: Value = serde_json::from_str("{ \"why\": \"loot\",  \"amount\": 3 }").unwrap();
        assert_eq!(canonical_payload(&respaced), stored.payload);
    }

    #[test]
    fn a_payload_field_named_kind_survives_the_event_tag() {
        use crate::domain::event::RpCard;
        use crate::domain::medals::RpCardKind;
        let event = Event::RpCardGained(RpCard {
            soldier: "Boucher".into(),
            card: RpCardKind::Skill,
            name: "Veteran".into(),
            rp: 2,
        });
        let stored = encode(&event);
        assert_eq!(decode(stored.kind, stored.schema, &stored.payload), Ok(event));
    }

    #[test]
    fn the_list_of_kinds_is_every_kind_the_decoder_knows() {
        // serde's refusal of an unknown kind lists every variant it knows.
        let err = decode("no_such_kind", 1, "{}").unwrap_err().to_string();
        let known: Vec<&str> = err.split('`').skip(3).step_by(2).collect();
        assert_eq!(known, crate::domain::event::KINDS, "{err}");
    }

    #[test]
    fn a_newer_schema_is_refused_with_a_hint_to_upgrade() {
        let err = decode("wounded", 9, r#"{"amount":2,"soldier":"Wong"}"#).unwrap_err();
        assert!(matches!(
            err,
            DecodeError::NewerSchema {
                schema: 9,
                known: 1,
                ..
            }
        ));
        assert!(err.to_string().contains("upgrade muster"));
    }

    #[test]
    fn a_schema_1_mission_start_keeps_its_objectives_count_as_untracked() {
        let old =
            r#"{"k9_objective":null,"mission":1,"name":"Cold Start","objectives":2,"soldiers":["Wong"]}"#;
        let Ok(Event::MissionStarted(started)) = decode("mission_started", 1, old) else {
            panic!("a schema 1 mission start decodes");
        };
        assert_eq!(started.objectives, None, "schema 1 never tracked its Objectives");
        assert_eq!(started.untracked_objectives, Some(2), "but it placed two");
        let current = encode(&Event::MissionStarted(started));
        assert_eq!(current.schema, 3);
        assert!(
            current.payload.contains(r#""untracked_objectives":2"#),
            "{}",
            current.payload
        );
    }

    #[test]
    fn a_schema_1_campaign_reads_as_created_under_the_first_rules() {
        let old = r#"{"expansions":["k9"],"game":"modern","nation":"US"}"#;
        let Ok(Event::CampaignCreated(created)) = decode("campaign_created", 1, old) else {
            panic!("a schema 1 campaign creation decodes");
        };
        assert_eq!(created.rules, crate::domain::rules_version::FIRST);
        assert_eq!(created.expansions, vec![Expansion::K9], "the rest is kept");
        let current = encode(&Event::CampaignCreated(created));
        assert_eq!(current.schema, 2);
        assert_eq!(
            current.payload,
            r#"{"expansions":["k9"],"game":"modern","nation":"US","rules":1}"#
        );
    }

    #[test]
    fn a_schema_1_expansion_word_muster_does_not_know_is_kept_apart_and_unread() {
        let old = r#"{"expansions":["medal","K9","k9"],"game":"modern","nation":null}"#;
        let Ok(Event::CampaignCreated(created)) = decode("campaign_created", 1, old) else {
            panic!("a schema 1 campaign creation decodes");
        };
        assert_eq!(created.expansions, vec![Expansion::K9], "named in any case, once");
        assert_eq!(created.unrecognized_expansions, vec!["medal".to_owned()]);
        let again = encode(&Event::CampaignCreated(created.clone()));
        assert_eq!(
            decode("campaign_created", 2, &again.payload),
            Ok(Event::CampaignCreated(created))
        );
    }

    #[test]
    fn a_schema_2_mission_start_reads_as_schema_3_unchanged() {
        let two = r#"{"k9_objective":null,"mission":1,"name":"Caen","objectives":2,"soldiers":["Wong"]}"#;
        let Ok(event) = decode("mission_started", 2, two) else {
            panic!("a schema 2 mission start decodes");
        };
        assert_eq!(encode(&event).payload, two, "the same bytes at schema 3");
    }

    #[test]
    fn every_payload_type_declares_its_fields_in_name_order_so_the_straight_encoding_is_canonical() {
        // The demo holds every Warfighter kind; the rules tests' scenarios hold the rest.
        let demo = include_str!("../../fixtures/campaigns/demo.jsonl");
        let mut events: Vec<Event> = demo
            .lines()
            .filter(|l| !l.starts_with("{\"trailer\""))
            .map(|line| {
                let row: Value = serde_json::from_str(line).unwrap();
                let schema = u32::try_from(row["schema"].as_u64().unwrap()).unwrap();
                decode(row["kind"].as_str().unwrap(), schema, &row["payload"].to_string()).unwrap()
            })
            .collect();
        events.extend(crate::rules::tests::every_kind());
        let kinds: std::collections::BTreeSet<&str> = events.iter().map(Event::kind).collect();
        assert_eq!(
            kinds.len(),
            crate::domain::event::KINDS.len(),
            "every kind is tried"
        );
        for event in events.iter().filter(|e| !THROUGH_A_VALUE.contains(&e.kind())) {
            let tagged = serde_json::to_string(event).unwrap();
            assert_eq!(
                straight_payload(&tagged, event.kind()),
                Some(sorted_payload(event).as_str()),
                "{}: declare its fields (and its nested types' fields) in name order",
                event.kind()
            );
            assert_eq!(encode(event).payload, sorted_payload(event));
        }
    }

    #[test]
    fn a_payload_of_the_wrong_shape_is_refused() {
        assert!(decode("wounded", 1, r#"{"amount":"two"}"#).is_err());
        assert!(decode("no_such_kind", 1, "{}").is_err());
        assert!(decode("wounded", 1, "[1,2]").is_err());
        assert!(decode("wounded", 0, r#"{"amount":2,"soldier":"Wong"}"#).is_err());
    }
}
