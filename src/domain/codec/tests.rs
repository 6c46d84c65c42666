//! The codec's tests: encoding, decoding, canonical payloads and the upcasters.

use super::*;

#[test]
fn the_straight_read_gives_the_event_the_general_path_gives_for_every_demo_row() {
    let demo = include_str!("../../../fixtures/campaigns/demo.jsonl");
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
    let err = serde_json::from_str::<Event>(r#"{"kind":"no_such_kind","payload":{}}"#)
        .unwrap_err()
        .to_string();
    let known: Vec<&str> = err.split('`').skip(3).step_by(2).collect();
    assert_eq!(known, crate::domain::event::KINDS, "{err}");
}

#[test]
fn a_kind_this_muster_does_not_know_is_refused_as_made_by_a_newer_muster() {
    let err = decode("story_told", 1, r#"{"text":"x"}"#).unwrap_err();
    assert_eq!(
        err,
        DecodeError::UnknownKind {
            kind: "story_told".into()
        }
    );
    assert!(err.to_string().contains("made by a newer muster"), "{err}");
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
    let old = r#"{"k9_objective":null,"mission":1,"name":"Cold Start","objectives":2,"soldiers":["Wong"]}"#;
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
    assert_eq!(current.schema, 3);
    assert_eq!(
        current.payload,
        r#"{"expansions":["k9"],"game":"modern","nation":"US","rules":1}"#
    );
}

#[test]
fn a_schema_2_campaign_reads_as_one_that_kept_no_commands_and_never_held_the_mark() {
    let old = r#"{"expansions":[],"game":"wwii","nation":null,"rules":2}"#;
    let Ok(Event::CampaignCreated(created)) = decode("campaign_created", 2, old) else {
        panic!("a schema 2 campaign creation decodes");
    };
    assert!(
        !created.commands_kept,
        "a campaign created before the mark is unmarked"
    );
    // Schema 2 had no mark: a payload that claims one was not written by muster.
    let forged = r#"{"commands_kept":true,"expansions":[],"game":"wwii","nation":null,"rules":2}"#;
    let refused = decode("campaign_created", 2, forged);
    assert!(
        matches!(&refused, Err(DecodeError::BadPayload { reason, .. }) if reason.contains("commands_kept")),
        "{refused:?}"
    );
    let marked = decode("campaign_created", 3, forged);
    assert!(
        matches!(&marked, Ok(Event::CampaignCreated(c)) if c.commands_kept),
        "{marked:?}"
    );
    let again = encode(&Event::CampaignCreated(crate::domain::event::CampaignCreated {
        commands_kept: true,
        ..created
    }));
    assert_eq!(again.schema, 3);
    assert!(
        again.payload.starts_with(r#"{"commands_kept":true,"#),
        "{}",
        again.payload
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
    let demo = include_str!("../../../fixtures/campaigns/demo.jsonl");
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

#[test]
fn a_payload_is_told_written_as_encode_writes_it_on_a_buffer_as_by_a_string_of_its_own() {
    let mut buffer = b"left from the row before".to_vec();
    let demo = include_str!("../../../fixtures/campaigns/demo.jsonl");
    let mut told = 0;
    for line in demo.lines().filter(|l| !l.starts_with("{\"trailer\"")) {
        let row: Value = serde_json::from_str(line).unwrap();
        let kind = row["kind"].as_str().unwrap();
        let schema = u32::try_from(row["schema"].as_u64().unwrap()).unwrap();
        let event = decode(kind, schema, &row["payload"].to_string()).unwrap();
        let written = encode(&event).payload;
        assert!(encodes_to(&event, &written, &mut buffer), "{kind}: {written}");
        // The same bytes but for one more space, or with every field dropped, are not.
        let respaced = written.replacen(':', ": ", 1);
        assert!(!encodes_to(&event, &respaced, &mut buffer), "{kind}: {respaced}");
        assert!(!encodes_to(&event, "{}", &mut buffer), "{kind}");
        // Nor one byte short, nor one byte more.
        assert!(
            !encodes_to(&event, &written[..written.len() - 1], &mut buffer),
            "{kind}"
        );
        assert!(!encodes_to(&event, &format!("{written} "), &mut buffer), "{kind}");
        told += 1;
    }
    assert!(told > 50, "the demo's every row is told: {told}");
}

#[test]
fn a_payload_read_in_its_column_must_be_whole_and_nothing_more() {
    let read = |payload: &str| tagged::read("wounded", payload);
    assert!(read(r#"{"amount":2,"soldier":"Wong"}"#).is_ok());
    assert!(read(r#"{"amount":2,"soldier":"Wong"} {}"#).is_err());
    assert!(read(r#"{"amount":2,"soldier":"Wong""#).is_err());
    assert!(read("").is_err());
    assert!(tagged::read("no_such_kind", "{}").is_err());
}
