//! Fuzzing the readers of outside data: `transfer::parse` and `transfer::import` on any text
//! (arbitrary, and real exports mutated line by line and field by field), and
//! `codec::decode` on any kind, schema and payload (arbitrary text, JSON-shaped values, and
//! real payloads with parts replaced). None may panic; what they accept must hold up:
//! an import that succeeds leaves a campaign that verifies, a parsed file exports back to
//! the same rows, and a decoded event encodes back to itself.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "fuzz/edits.rs"]
mod edits;

use std::collections::BTreeSet;
use std::sync::OnceLock;

use muster::domain::codec::{decode, encode};
use muster::domain::event::KINDS;
use muster::store::Store;
use muster::transfer::{export, import, parse};
use muster::verify::verify;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, FileFailurePersistence};
use serde_json::{Map, Value};

use edits::{apply_edit, edit, edited_export, rechain};

/// The bundled demo campaign and the legacy schema-1 log: real export files.
fn exports() -> &'static [String; 2] {
    static TEXTS: OnceLock<[String; 2]> = OnceLock::new();
    TEXTS.get_or_init(|| {
        let read =
            |path: &str| std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        [
            read("fixtures/campaigns/demo.jsonl"),
            read("fixtures/legacy/lodestar-schema1.jsonl"),
        ]
    })
}

/// Every event line of both exports, parsed (the trailer left out).
fn lines(which: usize) -> Vec<Value> {
    exports()[which]
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|l| l.get("trailer").is_none())
        .collect()
}

/// (kind, schema, payload) of every real event.
fn real_events() -> &'static [(String, u32, Value)] {
    static EVENTS: OnceLock<Vec<(String, u32, Value)>> = OnceLock::new();
    EVENTS.get_or_init(|| {
        (0..2)
            .flat_map(lines)
            .map(|l| {
                (
                    l["kind"].as_str().unwrap().to_owned(),
                    u32::try_from(l["schema"].as_u64().unwrap()).unwrap(),
                    l["payload"].clone(),
                )
            })
            .collect()
    })
}

/// Every object key in the real exports (fields of lines and payloads), so generated
/// objects look like muster's own.
fn vocabulary() -> Vec<String> {
    fn keys(value: &Value, into: &mut BTreeSet<String>) {
        match value {
            Value::Object(map) => {
                for (k, v) in map {
                    into.insert(k.clone());
                    keys(v, into);
                }
            }
            Value::Array(items) => items.iter().for_each(|v| keys(v, into)),
            _ => {}
        }
    }
    let mut all = BTreeSet::new();
    for line in (0..2).flat_map(lines) {
        keys(&line, &mut all);
    }
    all.extend(
        [
            "kind", "seed", "hero", "bogey", "state", "task", "versus", "fields",
        ]
        .map(str::to_owned),
    );
    all.into_iter().collect()
}

/// Strings a payload might hold: muster's words, names, hashes, times, and anything.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => select(vec![
            "Wong", "Gizmo", "wong", "", "player", "k9", "hero", "cold", "any", "d10", "d4",
            "entered", "generated", "assumed", "success", "failure", "discipline", "xp",
            "discards", "handler", "both", "wound", "kill", "modern", "wwii", "zero_dark",
            "2026-11-29T21:00:00Z", "not a time",
            "0000000000000000000000000000000000000000000000000000000000000000",
        ])
        .prop_map(str::to_owned),
        1 => any::<String>(),
        1 => "[a-z_]{0,12}",
    ]
}

/// JSON values of any shape, with keys mostly from muster's vocabulary and numbers at the
/// edges of every integer type.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-3i64..40).prop_map(Value::from),
        select(vec![
            i64::MIN,
            i64::from(i32::MIN) - 1,
            -1,
            0,
            i64::from(u8::MAX) + 1,
            i64::from(i32::MAX) + 1,
            i64::from(u32::MAX),
            i64::from(u32::MAX) + 1,
            i64::MAX,
        ])
        .prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        text().prop_map(Value::from),
    ];
    let keys = vocabulary();
    leaf.prop_recursive(4, 48, 8, move |inner| {
        let key = prop_oneof![4 => select(keys.clone()), 1 => any::<String>()];
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key, inner), 0..8)
                .prop_map(|fields| Value::Object(fields.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

fn to_jsonl(lines: &[Value]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// Imports `text` into a fresh store; whatever it accepts must verify there.
fn import_fresh(text: &str) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("muster.db")).unwrap();
    if let Ok(imported) = import(&mut store, text) {
        let rows = store.rows(&imported.campaign, None).unwrap();
        prop_assert_eq!(rows.len(), imported.added);
        let report = verify(&imported.campaign, &rows);
        prop_assert!(
            report.ok,
            "an accepted import does not verify: {:?}",
            report.findings
        );
        prop_assert_eq!(report.head_hash, imported.head.hash);
    }
    Ok(())
}

/// A parsed file, exported and parsed again, gives the same rows.
fn round_trips(text: &str) -> Result<(), TestCaseError> {
    if let Ok(rows) = parse(text) {
        let again: String = export(&rows)
            .iter()
            .map(|line| serde_json::to_string(line).unwrap() + "\n")
            .collect();
        let reparsed = parse(&again);
        prop_assert!(
            reparsed.is_ok(),
            "the export of a parsed file does not parse: {:?}",
            reparsed.err()
        );
        prop_assert_eq!(reparsed.unwrap(), rows);
    }
    Ok(())
}

/// `cases` random cases; a failure found is saved beside this file and tried first on every
/// later run, so a case CI once found is never lost to the next random seed.
fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::SourceParallel(
            "proptest-regressions",
        ))),
        ..Config::default()
    }
}

#[test]
fn the_real_exports_parse_import_and_decode() {
    for text in exports() {
        let rows = parse(text).unwrap();
        for row in &rows {
            decode(&row.kind, row.schema, &row.payload).unwrap();
        }
        import_fresh(text).unwrap();
        round_trips(text).unwrap();
    }
    assert!(real_events().len() > 100);
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn parse_never_panics_on_arbitrary_text(text in any::<String>()) {
        let _ = parse(&text);
    }

    #[test]
    fn parse_never_panics_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        let _ = parse(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn parse_never_panics_on_lines_of_json_values(values in prop::collection::vec(json_value(), 0..6)) {
        let text = to_jsonl(&values);
        let _ = parse(&text);
        round_trips(&text)?;
    }

    #[test]
    fn decode_never_panics_on_arbitrary_kind_schema_and_text(
        kind in prop_oneof![3 => select(KINDS).prop_map(str::to_owned), 1 => "[a-z_0-9]{0,20}"],
        schema in prop_oneof![0u32..4, any::<u32>()],
        payload in any::<String>(),
    ) {
        let _ = decode(&kind, schema, &payload);
    }

    #[test]
    fn decode_never_panics_on_json_payloads_and_what_it_decodes_encodes_back(
        kind in prop_oneof![6 => select(KINDS).prop_map(str::to_owned), 1 => any::<String>()],
        schema in prop_oneof![4 => 1u32..3, 1 => Just(0u32), 1 => any::<u32>()],
        payload in json_value(),
    ) {
        check_decode(&kind, schema, &payload.to_string())?;
    }

    #[test]
    fn decode_never_panics_on_real_payloads_with_parts_replaced(
        event in select(real_events().to_vec()),
        edits in prop::collection::vec(edit(), 0..4),
        schema_shift in prop_oneof![8 => Just(0i64), 1 => -2i64..3],
    ) {
        let (kind, schema, mut payload) = event;
        for e in &edits {
            apply_edit(&mut payload, e);
        }
        let schema = u32::try_from(i64::from(schema) + schema_shift).unwrap_or(0);
        check_decode(&kind, schema, &payload.to_string())?;
        if edits.is_empty() && schema_shift == 0 {
            prop_assert!(decode(&kind, schema, &payload.to_string()).is_ok(), "a real payload decodes");
        }
    }
}

/// `decode` returns (no panic); an event it gives encodes to the same kind and decodes back
/// to itself.
fn check_decode(kind: &str, schema: u32, payload: &str) -> Result<(), TestCaseError> {
    if let Ok(event) = decode(kind, schema, payload) {
        let stored = encode(&event);
        prop_assert_eq!(stored.kind, kind);
        let again = decode(stored.kind, stored.schema, &stored.payload);
        prop_assert_eq!(again, Ok(event));
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(600))]

    #[test]
    fn parse_and_import_never_panic_on_edited_exports((text, _edits) in edited_export()) {
        let _ = parse(&text);
        round_trips(&text)?;
        import_fresh(&text)?;
    }

    #[test]
    fn import_never_panics_on_arbitrary_text(text in prop_oneof![
        any::<String>(),
        prop::collection::vec(json_value(), 1..4).prop_map(|v| to_jsonl(&v)),
    ]) {
        import_fresh(&text)?;
    }
}

/// The codec promises that "an export re-read from JSON gives back the same bytes and the
/// same hashes". A payload holding a field muster never writes (here a fractional number,
/// which serde_json once re-read differently) would not survive an export: a payload must be
/// what muster writes for the event it decodes to, so it is refused at import.
#[test]
fn a_payload_with_an_unknown_field_holding_a_float_is_refused_at_import() {
    let mut lines = lines(0);
    lines.truncate(3);
    let last = lines.len() - 1;
    let extra: Value = serde_json::from_str("3.6822788430765065e227").unwrap();
    lines[last]["payload"]["note"] = extra;
    rechain(&mut lines);
    let text = to_jsonl(&lines);

    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("muster.db")).unwrap();
    let refused = import(&mut store, &text).expect_err("an unknown payload field is refused");
    assert!(
        refused
            .to_string()
            .contains("its payload is not written as muster writes it"),
        "{refused}"
    );
    assert!(store.campaigns().unwrap().is_empty(), "nothing was imported");
}

/// An edit chained in by [`rechain`] passes the chain's checks: one the rules accept is
/// imported, and one they refuse is found by the rules alone.
#[test]
fn an_edit_rechained_passes_the_chain_and_meets_the_rules() {
    let mut lines = lines(0);
    lines.truncate(45);
    assert_eq!(lines[44]["kind"], "xp_adjusted");

    // An edit the rules accept: the reason given for an XP change.
    lines[44]["payload"]["why"] = Value::from("reworded");
    let unchained = to_jsonl(&lines);
    rechain(&mut lines);
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("muster.db")).unwrap();
    let stopped = import(&mut store, &unchained).expect_err("an edit under its old hash");
    assert!(
        stopped
            .to_string()
            .contains("its hash does not match its contents"),
        "{stopped}"
    );
    let imported = import(&mut store, &to_jsonl(&lines)).unwrap();
    assert_eq!(imported.added, 45);

    // An edit the rules refuse: more XP taken than Wong has.
    lines[44]["payload"]["amount"] = Value::from(-200);
    let found = |text: &str| -> Vec<(&str, Option<u64>)> {
        let rows = parse(text).unwrap();
        verify(&rows[0].campaign, &rows)
            .findings
            .into_iter()
            .map(|f| (f.check, f.version))
            .collect()
    };
    assert_eq!(found(&to_jsonl(&lines)), [("hash", Some(45)), ("fold", Some(45))]);
    rechain(&mut lines);
    assert_eq!(found(&to_jsonl(&lines)), [("fold", Some(45))]);
}
