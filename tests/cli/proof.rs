//! What the log proves and what it cannot: checkpoints held against the log, events never
//! stamped before their predecessor, and heads noted with enough digits to be evidence.

use rusqlite::{Connection, params};
use serde_json::Value;

use crate::support::{LODESTAR, Muster, NOW, num, run_with, soldier_in};

/// Lodestar with a bank of 9 RP and Wong at 3 XP, and a checkpoint at its head (`rebuild`
/// writes one).
fn banked() -> Muster {
    let m = Muster::lodestar();
    m.ok(&["rp", "grant", "9", "--why", "salvage"]);
    m.ok(&["xp", "Wong", "+3", "--why", "patrol"]);
    let rebuilt = m.ok(&["rebuild"]);
    assert!(rebuilt.contains("checkpoint written"), "{rebuilt}");
    m
}

/// Rewrites every checkpoint's stored state with `edit`; with `redigest`, its digest too
/// (whoever can edit the file can recompute an unkeyed digest). Returns how many.
fn edit_checkpoints(m: &Muster, redigest: bool, edit: impl Fn(&mut Value)) -> usize {
    use sha2::Digest;
    let conn = Connection::open(&m.db).unwrap();
    let rows: Vec<(String, u64, String, String)> = conn
        .prepare("SELECT projection, version, state, digest FROM checkpoints")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for (projection, version, state, digest) in &rows {
        let mut state: Value = serde_json::from_str(state).unwrap();
        edit(&mut state);
        let state = state.to_string();
        let digest = if redigest {
            hex::encode(sha2::Sha256::digest(state.as_bytes()))
        } else {
            digest.clone()
        };
        conn.execute(
            "UPDATE checkpoints SET state = ?1, digest = ?2 WHERE projection = ?3 AND version = ?4",
            params![state, digest, projection, version],
        )
        .unwrap();
    }
    rows.len()
}

/// Wong at 99 XP and a bank of 500 RP, in the checkpoint's state.
fn inflate(state: &mut Value) {
    let wong = state["soldiers"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|s| s["card"]["name"] == "Wong")
        .unwrap();
    wong["xp"] = Value::from(99);
    state["rp_bank"] = Value::from(500);
}

#[test]
fn an_edited_checkpoint_changes_neither_the_roster_nor_what_can_be_spent_and_verify_finds_it() {
    let m = banked();
    assert_eq!(
        edit_checkpoints(&m, false, inflate),
        1,
        "rebuild wrote one checkpoint"
    );

    let roster = m.roster();
    assert_eq!(
        num(&roster["squad"], "rp_bank"),
        9,
        "the log's bank, not the checkpoint's"
    );
    assert_eq!(num(&soldier_in(&roster, "Wong"), "xp"), 3);

    let stderr = m.refused(&["rp", "spend", "400", "--why", "a tank"], "400");
    assert!(stderr.contains('9'), "the refusal names the real bank: {stderr}");

    let (code, stdout, stderr) = m.run(&["--json", "verify"]);
    assert_eq!(code, 3, "verify finds the edited checkpoint: {stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let findings = report["findings"].as_array().unwrap();
    let checkpoint: Vec<&Value> = findings.iter().filter(|f| f["check"] == "checkpoint").collect();
    assert_eq!(checkpoint.len(), 1, "{findings:?}");
    assert_eq!(num(checkpoint[0], "version"), num(&roster["head"], "version"));
    assert!(
        checkpoint[0]["problem"].as_str().unwrap().contains("digest"),
        "{checkpoint:?}"
    );
}

#[test]
fn an_edited_checkpoint_an_earlier_rebuild_left_is_mended_by_rebuild_as_verify_s_hint_says() {
    let m = banked();
    m.ok(&["xp", "Wong", "+1", "--why", "patrol"]);
    assert_eq!(
        edit_checkpoints(&m, false, inflate),
        1,
        "the rebuild's, behind the head"
    );
    let (code, _, stderr) = m.run(&["verify"]);
    assert_eq!(code, 3, "{stderr}");
    let hint = stderr
        .lines()
        .find(|l| l.starts_with("hint:"))
        .unwrap_or_default();
    assert!(hint.contains("`checkpoint`:"), "{stderr}");
    assert!(hint.contains("`muster rebuild`"), "{hint}");
    assert!(!hint.contains("export"), "a cache needs no older export: {hint}");
    m.ok(&["rebuild"]);
    let (code, stdout, stderr) = m.run(&["--json", "verify"]);
    assert_eq!(code, 0, "rebuild wrote every checkpoint again: {stdout}{stderr}");
}

#[test]
fn a_checkpoint_forged_with_its_digest_recomputed_is_named_by_verify() {
    let m = banked();
    edit_checkpoints(&m, true, inflate);
    let (code, stdout, _) = m.run(&["verify"]);
    assert_eq!(code, 3, "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.contains("[checkpoint]"))
        .unwrap_or_else(|| panic!("no checkpoint finding:\n{stdout}"));
    assert!(line.contains("differs from the log's fold"), "{line}");
    assert!(
        line.contains("in the checkpoint but"),
        "names what differs: {line}"
    );
}

#[test]
fn a_command_with_the_clock_behind_the_head_is_refused_and_the_same_instant_is_accepted() {
    let m = Muster::lodestar();
    m.ok_at("2026-11-30T12:00:00Z", &["xp", "Wong", "+1", "--why", "later"]);
    let head = m.head();
    // The clock set back a day: refused, nothing written.
    let (code, _, stderr) = m.run_at("2026-11-29T12:00:00Z", &["xp", "Wong", "+1", "--why", "earlier"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("out of order") && stderr.contains("clock"),
        "{stderr}"
    );
    assert_eq!(m.head(), head, "nothing was written");
    // The same instant as the head is fine.
    m.ok_at(
        "2026-11-30T12:00:00Z",
        &["xp", "Wong", "+1", "--why", "same time"],
    );
    assert_eq!(num(&m.soldier("Wong"), "xp"), 2);
}

/// Recomputes the hashes of `lines[from..]`, so that only what was edited is wrong.
fn rehash(lines: &mut [Value], from: usize) {
    for i in from..lines.len() {
        let prev = if i == 0 {
            muster::store::chain::GENESIS.to_owned()
        } else {
            lines[i - 1]["hash"].as_str().unwrap().to_owned()
        };
        let line = &lines[i];
        let text = |field: &str| line[field].as_str().unwrap().to_owned();
        let (campaign, event_id, command_id, recorded_at, kind) = (
            text("campaign"),
            text("event_id"),
            text("command_id"),
            text("recorded_at"),
            text("kind"),
        );
        let payload = line["payload"].to_string();
        // The command a command's first line carries is hashed too (chain format 2).
        let command = line.get("command").map(Value::to_string);
        let link = muster::store::chain::Link {
            campaign: &campaign,
            version: num(line, "version"),
            event_id: &event_id,
            command_id: &command_id,
            recorded_at: &recorded_at,
            kind: &kind,
            schema: u32::try_from(num(line, "schema")).unwrap(),
            payload: &payload,
            command: command.as_deref(),
        };
        let hash = muster::store::chain::hash(&prev, &link).unwrap();
        lines[i]["prev_hash"] = Value::from(prev);
        lines[i]["hash"] = Value::from(hash);
    }
}

#[test]
fn import_refuses_an_event_stamped_1969_between_events_of_2026() {
    let m = Muster::lodestar();
    // The events, without the export's trailer (a file without one still imports).
    let mut lines: Vec<Value> = m
        .ok(&["export"])
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|line| line.get("trailer").is_none())
        .collect();
    let third = 2;
    assert!(lines.len() > third + 1, "events after the edited one");
    lines[third]["recorded_at"] = Value::from("1969-07-20T20:17:00Z");
    rehash(&mut lines, third);
    let file = m.path("moon.jsonl");
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&file, text).unwrap();

    let fresh = m.path("fresh.db");
    let (code, _, stderr) = run_with(&fresh, NOW, &["import", file.to_str().unwrap()]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("1969-07-20T20:17:00Z"),
        "names the time: {stderr}"
    );
    let (_, listed, _) = run_with(&fresh, NOW, &["--json", "campaign", "list"]);
    assert_eq!(listed.trim(), "[]", "nothing was imported");
}

#[test]
fn verify_prints_the_head_to_note_and_accepts_only_twenty_digits_or_more() {
    let m = Muster::lodestar();
    let hash = m.head();
    let version = m.head_version();
    let text = m.ok(&["verify"]);
    let note = text
        .lines()
        .find(|l| l.contains("rewrite"))
        .unwrap_or_else(|| panic!("no note of what a rewrite needs:\n{text}"));
    assert!(note.contains("noted elsewhere"), "{note}");
    assert!(note.contains(&format!("v{version}:{}", &hash[..20])), "{note}");

    let report = m.json(&["verify"]);
    assert_eq!(report["noted_head"], Value::Null, "no head was checked");
    assert_eq!(report["ok"], true);

    let noted = format!("{version}:{}", &hash[..20]);
    let report = m.json(&["verify", "--head", &noted]);
    assert_eq!(report["noted_head"]["version"], version);
    assert_eq!(report["noted_head"]["hash"], &hash[..20]);
    let text = m.ok(&["verify", "--head", &noted]);
    assert!(!text.contains("noted elsewhere"), "{text}");
    assert!(text.contains("still in the log"), "{text}");

    for short in [&hash[..12], &hash[..19]] {
        let stderr = m.refused(
            &["verify", "--head", &format!("{version}:{short}")],
            "20 to 64 hex digits",
        );
        assert!(
            stderr.contains(&format!("has {} digits", short.len())),
            "{stderr}"
        );
    }
    m.refused(&["verify", "--head", &format!("{version}:{hash}0")], "20 to 64");
}

#[test]
fn the_roster_footer_notes_twenty_hex_digits_of_the_head() {
    let m = Muster::lodestar();
    let hash = m.head();
    let text = m.ok(&["roster"]);
    let footer = text
        .lines()
        .find(|l| l.starts_with("head v"))
        .unwrap_or_else(|| panic!("no head line:\n{text}"));
    let noted = footer.split_whitespace().nth(2).unwrap();
    assert_eq!(noted, &hash[..20], "{footer}");
    assert_eq!(m.roster()["campaign"], LODESTAR);
}

#[test]
fn blame_reads_the_log_past_an_edited_index_line_and_rebuild_index_makes_it_again() {
    let m = banked();
    let before = m.json(&["blame", "Wong", "--json"]);
    let conn = Connection::open(&m.db).unwrap();
    let edited = conn
        .execute(
            "UPDATE blame_runs SET lines = json_replace(lines, '$[#-1][1]', json('[[\"xp\",{\"add\":40}]]'))
             WHERE soldier = 'Wong' AND first = (SELECT max(first) FROM blame_runs WHERE soldier = 'Wong')",
            [],
        )
        .unwrap();
    assert_eq!(edited, 1, "the write path indexed Wong's XP");
    assert_eq!(
        m.json(&["blame", "Wong", "--json"]),
        before,
        "an edited line is not read"
    );
    let rebuilt = m.ok(&["rebuild", "--index"]);
    assert!(rebuilt.contains("blame's index made again"), "{rebuilt}");
    let restored: String = conn
        .query_row(
            "SELECT l.value -> 1 FROM blame_runs AS r, json_each(r.lines) AS l
             WHERE r.soldier = 'Wong' ORDER BY l.value ->> 0 DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(
        serde_json::from_str::<Value>(&restored).unwrap(),
        serde_json::json!([["xp", {"add": 3}]])
    );
    assert_eq!(m.json(&["blame", "Wong", "--json"]), before);
}
