//! The attacker's tour of files and text: devices and huge inputs, numbers past their forms,
//! clocks outside the years, keys given twice, names that print alike and escape sequences
//! in a file. Each is a refusal (exit 1, nothing written) in the shared table.

use super::{Case, WF, jsonl, refused, rehash};
use serde_json::Value;

/// The cases, some built from the Warfighter campaign's export lines.
pub(super) fn attacks(export: &[Value]) -> Vec<Case> {
    // A campaign name that clears the screen and retitles the window, chained whole.
    let mut escaped = export.to_vec();
    for line in &mut escaped {
        line["campaign"] = Value::from("Lode\u{1b}[2J\u{1b}]0;owned\u{7}star");
    }
    rehash(&mut escaped, 0);
    // Two Soldiers worth u32::MAX RP each, whose sum once wrapped to 16 on the roster.
    let mut rich = export.to_vec();
    for line in rich.iter_mut().filter(|l| l["kind"] == "soldier_enlisted") {
        line["payload"]["card"]["rp"] = Value::from(u32::MAX);
    }
    rehash(&mut rich, 0);
    let mut bom = vec![0xef, 0xbb, 0xbf];
    bom.extend_from_slice(b"not an export\n");
    let mut cases = vec![
        // Devices and sizes: refused before they fill the memory.
        refused(&["enlist", "--card", "/dev/zero"], "is not a regular file"),
        refused(&["import", "/dev/zero"], "is not a file or a pipe"),
        refused(&["enlist", "--card", "huge.json"], "larger than 1024 KiB")
            .file("huge.json", vec![b' '; 1_100_000]),
        refused(&["import", "long.jsonl"], "longer than 4 MiB")
            .file("long.jsonl", vec![b'x'; 5 * 1024 * 1024]),
        // A byte-order mark is read past, so the file's own fault is named.
        refused(&["import", "bom.jsonl"], "line 1 is not an exported event").file("bom.jsonl", bom),
        // Numbers and clocks past their forms.
        refused(&["xp", "Reyes", "+-3", "--why", "typo"], "give a whole number"),
        refused(&["roster"], "outside the years 1970 to 9999").at("9999-12-31T23:59:59-23:59"),
        refused(&["roster"], "outside the years 1970 to 9999").at("0000-01-01T00:00:00+01:00"),
        refused(
            &["verify", "--head", "18446744073709551615:aaaaaaaaaaaaaaaaaaaa"],
            "is not one a log can hold",
        ),
        // A card naming one key twice, in two cases.
        refused(
            &["enlist", "--card", "twice.json"],
            "the key 'medic' is given twice",
        )
        .file(
            "twice.json",
            r#"{"name": "Twin", "kind": "player", "rp": 3, "abilities": {"Medic": "6+", "medic": "3+"}}"#,
        ),
        // Names that print alike.
        refused(
            &["enlist", "Wong\u{200b}", "--kind", "player", "--rp", "3"],
            "prints as nothing",
        ),
        refused(
            &["enlist", "\u{202e}GNOW", "--kind", "player", "--rp", "3"],
            "prints as nothing",
        ),
        refused(
            &["campaign", "new", "\u{200b}", "--game", "wwii"],
            "prints as nothing",
        ),
        refused(
            &["campaign", "new", &WF.to_uppercase(), "--game", "wwii"],
            "names are compared without case",
        ),
        // RP past what a card holds, by file.
        refused(&["import", "rich.jsonl"], "RP 4294967295").file("rich.jsonl", jsonl(&rich)),
        // Escape sequences arriving by file.
        refused(&["import", "escaped.jsonl"], "not accept as a campaign name")
            .file("escaped.jsonl", jsonl(&escaped)),
    ];
    // Each bidirectional isolate (LRI, RLI, FSI, PDI) reorders what follows it on screen.
    for isolate in ['\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}'] {
        let name = format!("Wo{isolate}ng");
        cases.push(refused(
            &["enlist", &name, "--kind", "player", "--rp", "3"],
            "prints as nothing",
        ));
    }
    cases
}
