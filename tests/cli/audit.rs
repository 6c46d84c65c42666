//! The audit commands as a player runs them: the Wong & Gizmo dispute explained by `show`,
//! `seed reveal`, `assert` checked by `verify`, `blame`, `diff` and `show --as-of`.

use muster::dice::Seed;
use serde_json::{Value, json};

use crate::support::{Muster, card, first_version, kinds, num, versions_written};

/// Lodestar (Modern, K9) with Wong and Gizmo from their cards, on Mission 1 at turn 1 with
/// Buried Explosive drawn.
fn encounter() -> Muster {
    let m = Muster::new();
    m.ok(&[
        "campaign",
        "new",
        "Lodestar",
        "--game",
        "modern",
        "--expansion",
        "k9",
    ]);
    m.ok(&["enlist", "--card", &card("wong.json")]);
    m.ok(&["enlist", "--card", &card("gizmo.json")]);
    m.ok(&[
        "mission",
        "start",
        "Cold Start",
        "--with",
        "Wong",
        "--with",
        "Gizmo",
        "--k9-objective",
        "Find the cache",
    ]);
    m.ok(&["turn"]);
    assert_eq!(
        kinds(&m.json(&["k9", "draw", &card("buried-explosive.json")])),
        ["k9_encounter_drawn"]
    );
    m
}

/// `verify --json`: its exit code and report.
fn verify(m: &Muster) -> (i32, Value) {
    let (code, stdout, stderr) = m.run(&["--json", "verify"]);
    let report = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}\n{stderr}"));
    (code, report)
}

#[test]
fn the_wong_and_gizmo_dispute_is_explained_end_to_end_by_show() {
    let m = encounter();
    let paid = m.json(&["k9", "roll", "--pay", "discipline", "--die", "4"]);
    assert_eq!(kinds(&paid), ["discipline_spent", "k9_roll_made"]);
    let (spent, rolled) = (versions_written(&paid)[0], versions_written(&paid)[1]);
    let shown = m.show(rolled);
    assert_eq!(shown["kind"], "k9_roll_made");
    assert_eq!(
        shown["roll"],
        json!({"who": "Gizmo", "for": "k9 encounter: Buried Explosive, roll 1 (bomb)",
               "die": "d10", "faces": [4], "source": "entered", "target": 5,
               "modifiers": [{"value": -1, "source": "card"},
                             {"value": 4, "source": "paid 1 Discipline"}],
               "costs": [{"resource": "discipline", "amount": 1}],
               "total": 7, "success": true})
    );
    assert_eq!(
        shown["payload"]["roll"], shown["roll"],
        "the payload carries the roll"
    );
    assert_eq!(
        shown["recomputed"],
        json!({"total": 7, "success": true, "face_from_seed": null, "seed_held": null, "agrees": true})
    );
    assert_eq!(
        (&shown["voided"], &shown["voided_by"]),
        (&json!(false), &Value::Null)
    );
    let command: Vec<u64> = shown["command"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| num(s, "version"))
        .collect();
    assert_eq!(
        command,
        [spent, rolled],
        "the Discipline paid is part of the same command"
    );
    assert_eq!(m.show(spent)["payload"]["soldier"], "Gizmo");
    let text = m.ok(&["show", &rolled.to_string()]);
    for needle in [
        "-1 from card",
        "+4 from paid 1 Discipline",
        "agrees with the record",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from:\n{text}");
    }

    m.ok(&["k9", "roll", "--pay", "discards", "--die", "6"]);
    let check = first_version(&m.json(&["check", "Wong", "handler"]));
    let before = m.show(check);
    assert_eq!(before["roll"]["source"], "generated");
    assert_eq!(
        before["recomputed"]["face_from_seed"],
        Value::Null,
        "the seed is not revealed yet"
    );
    assert_eq!(before["recomputed"]["agrees"], true);

    let reveal = m.json(&["seed", "reveal"]);
    assert_eq!(kinds(&reveal), ["seed_revealed", "seed_committed"]);
    let [revealed, committed] = [0, 1].map(|i| m.show(versions_written(&reveal)[i])["payload"].clone());
    let seed = Seed::from_hex(revealed["seed"].as_str().unwrap()).unwrap();
    assert_eq!(seed.commitment(), revealed["commitment"].as_str().unwrap());
    assert_eq!(before["roll"]["dice"]["commitment"], revealed["commitment"]);
    assert_eq!(
        m.roster()["dice_seed_commitment"],
        committed["commitment"],
        "a fresh seed in force"
    );
    assert_ne!(committed["commitment"], revealed["commitment"]);

    let after = m.show(check);
    let face = after["roll"]["faces"][0].as_u64().unwrap();
    assert_eq!(num(&after["recomputed"], "face_from_seed"), face);
    assert_eq!(after["recomputed"]["agrees"], true);
    let key = &after["roll"]["dice"];
    let again = seed.face(
        "Lodestar",
        num(key, "version"),
        u32::try_from(num(key, "index")).unwrap(),
        10,
    );
    assert_eq!(
        u64::from(again),
        face,
        "anyone can recompute the face from the revealed seed"
    );
    assert_eq!(
        m.show(rolled)["recomputed"]["face_from_seed"],
        Value::Null,
        "an entered face"
    );
    let text = m.ok(&["show", &check.to_string()]);
    assert!(
        text.contains(&format!("the revealed seed gives the face {face}")),
        "{text}"
    );

    let (code, report) = verify(&m);
    assert_eq!(
        (code, &report["ok"], &report["findings"]),
        (0, &json!(true), &json!([]))
    );
}

#[test]
fn assert_is_recorded_checked_by_verify_and_refused_when_malformed() {
    let m = Muster::lodestar();
    let wound = first_version(&m.json(&["wound", "Wong"]));
    let held = m.json(&[
        "assert",
        "Wong",
        "wounds=1",
        "xp=0",
        "hardy.cold=1",
        "status=active",
    ]);
    assert_eq!(kinds(&held), ["assertion_recorded"]);
    let payload = &m.show(first_version(&held))["payload"];
    assert_eq!(payload["soldier"], "Wong");
    assert_eq!(
        payload["fields"],
        json!({"wounds": "1", "xp": "0", "hardy.cold": "1", "status": "active"})
    );
    assert_eq!(verify(&m).0, 0);

    let (code, _, stderr) = m.run(&["assert", "wong", "wounds=2"]);
    assert_eq!(code, 0, "an assertion that disagrees is still recorded: {stderr}");
    let drift = m.head_version();
    let (code, report) = verify(&m);
    assert_eq!((code, &report["ok"]), (3, &json!(false)));
    let findings = report["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 1, "{report}");
    assert_eq!(
        (&findings[0]["check"], num(&findings[0], "version")),
        (&json!("assert"), drift)
    );
    let problem = findings[0]["problem"].as_str().unwrap();
    for needle in [
        "wounds is 1 in the log but 2 on the paper sheet",
        &format!("v{wound}"),
    ] {
        assert!(problem.contains(needle), "{needle:?} missing: {problem}");
    }
    let (code, text, stderr) = m.run(&["verify"]);
    assert_eq!(code, 3);
    assert!(text.contains(&format!("v{drift} [assert]")), "{text}");
    // The hint mends a paper sheet with a void, not the file with an older export.
    let hint = stderr
        .lines()
        .find(|l| l.starts_with("hint:"))
        .unwrap_or_default();
    assert!(
        hint.contains("`assert`: the paper sheet and the log disagree"),
        "{stderr}"
    );
    assert!(hint.contains("void the assertion"), "{hint}");
    assert!(!hint.contains("export"), "{hint}");

    let head = m.head();
    m.refused(&["assert", "Wong", "luck=3"], "'luck' is not a field");
    m.refused(&["assert", "Wong", "xp"], "KEY=VALUE");
    m.refused(&["assert", "Wong", "discipline=2"], "only a K9 has Discipline");
    m.refused(&["assert", "Wong", "xp=1", "XP=2"], "stated twice");
    m.refused(&["assert", "Nobody", "xp=1"], "Nobody");
    m.usage_error(&["assert", "Wong"]);
    assert_eq!(m.head(), head);
    // As the hint says: the assertion voided, the log verifies.
    m.ok(&["void", &drift.to_string(), "--why", "the sheet was misread"]);
    assert_eq!(verify(&m).0, 0);
}

#[test]
fn blame_lists_each_number_with_the_events_that_made_it() {
    let m = Muster::lodestar();
    let wound = first_version(&m.json(&["wound", "Wong", "2"]));
    let heal = first_version(&m.json(&["heal", "Wong", "1"]));
    let mistake = first_version(&m.json(&["xp", "Wong", "+5", "--why", "wrong Soldier"]));
    let void = first_version(&m.json(&["void", &mistake.to_string(), "--why", "it was Reyes"]));
    let blame = m.json(&["blame", "wong"]);
    assert_eq!(blame["soldier"], "Wong");
    let field = |blame: &Value, f: &str| blame["fields"][f].clone();
    let lines = |blame: &Value, f: &str| -> Vec<(u64, Value, Value)> {
        let lines = field(blame, f)["lines"].as_array().unwrap().clone();
        lines
            .iter()
            .map(|l| (num(l, "version"), l["change"].clone(), l["voided"].clone()))
            .collect()
    };
    assert_eq!(field(&blame, "wounds")["value"], "1");
    let (f, t) = (json!(false), json!(true));
    assert_eq!(
        lines(&blame, "wounds"),
        [
            (wound, json!({"add": 2}), f.clone()),
            (heal, json!({"add": -1}), f.clone())
        ]
    );
    assert_eq!(field(&blame, "xp")["value"], "0");
    assert_eq!(lines(&blame, "xp"), [(mistake, json!({"add": 5}), t)]);
    let enlisted = m.enlisted("Wong");
    assert_eq!(
        lines(&blame, "status"),
        [(enlisted, json!({"set": "active"}), f.clone())]
    );
    assert_eq!(field(&blame, "hardy.cold")["value"], "1");
    assert_eq!(field(&blame, "rp")["value"], "8");
    let line = &field(&blame, "wounds")["lines"][0];
    assert!(line["summary"].as_str().unwrap().contains("Wong"), "{line}");
    assert!(
        line["recorded_at"].is_string() && line["command_id"].is_string(),
        "{line}"
    );
    assert_eq!(field(&m.json(&["blame", "Gizmo"]), "discipline")["value"], "2");

    let earlier = m.json(&["blame", "Wong", "--as-of", &(void - 1).to_string()]);
    assert_eq!(field(&earlier, "xp")["value"], "5");
    assert_eq!(lines(&earlier, "xp"), [(mistake, json!({"add": 5}), f)]);

    let text = m.ok(&["blame", "Wong"]);
    for needle in [
        "Wounds: 1",
        "Hardy cold: 1",
        "Medal RP: 0",
        &format!("v{wound}"),
        "+2",
        "-1",
        "VOIDED",
        "= active",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from:\n{text}");
    }
    m.refused(&["blame", "Nobody"], "Nobody");
}

#[test]
fn diff_between_a_version_and_the_end_of_a_mission() {
    let m = Muster::lodestar();
    let reyes = m.enlisted("Reyes");
    m.ok(&["mission", "start", "Dawn", "--with", "Wong", "--with", "Reyes"]);
    m.ok(&["wound", "Reyes"]);
    m.ok(&["xp", "Wong", "+2", "--why", "Skill card"]);
    m.ok(&[
        "mission",
        "end",
        "--result",
        "success",
        "--rp-award",
        "3",
        "--why",
        "Objective",
    ]);
    let diff = m.json(&["diff", &reyes.to_string(), "mission:1"]);
    let lines = diff
        .as_array()
        .unwrap_or_else(|| panic!("diff --json is an array: {diff}"));
    let line = |soldier: Value, field: &str| -> Option<(Value, Value)> {
        let d = lines
            .iter()
            .find(|d| d["soldier"] == soldier && d["field"] == field)?;
        Some((d["before"].clone(), d["after"].clone()))
    };
    assert_eq!(line(json!("Price"), "enlisted"), Some((Value::Null, json!(true))));
    assert_eq!(line(json!("Reyes"), "wounds"), Some((json!(0), json!(1))));
    assert_eq!(line(json!("Wong"), "xp"), Some((json!(0), json!(2))));
    assert_eq!(line(Value::Null, "squad.rp_bank"), Some((json!(0), json!(3))));
    assert_eq!(line(json!("Gizmo"), "wounds"), None, "Gizmo did not move");
    for d in lines {
        assert!(d["field"].is_string() && d["before"] != d["after"], "{d}");
    }
    assert_eq!(m.json(&["diff", "mission:1", "mission:1"]), json!([]));
    let text = m.ok(&["diff", &reyes.to_string(), "mission:1"]);
    assert!(
        text.contains(&format!("from v{reyes} to v")) && text.contains("Reyes: wounds 0 -> 1"),
        "{text}"
    );
    m.refused(&["diff", &reyes.to_string(), "mission:9"], "mission");
    m.usage_error(&["diff", "5"]);

    // `now` (or `head`) is the log as it stands, wherever a point is read.
    m.ok(&["heal", "Reyes"]);
    let head = m.roster()["head"]["version"].to_string();
    let since = m.json(&["diff", "mission:1", "now"]);
    assert_eq!(since, m.json(&["diff", "mission:1", &head]));
    assert_eq!(since, m.json(&["diff", "mission:1", "head"]));
    assert!(
        since.as_array().is_some_and(|d| d
            .iter()
            .any(|l| l["soldier"] == "Reyes" && l["field"] == "wounds")),
        "{since}"
    );
    assert_eq!(m.json(&["roster", "--as-of", "now"]), m.roster());
    for reading in [&["log"][..], &["show", &head], &["blame", "Reyes"]] {
        let mut at_now = reading.to_vec();
        at_now.extend(["--as-of", "now"]);
        let mut at_head = reading.to_vec();
        at_head.extend(["--as-of", &head]);
        assert_eq!(m.ok(&at_now), m.ok(&at_head), "{at_now:?}");
        assert_eq!(m.ok(&at_now), m.ok(reading), "{at_now:?}");
    }
    m.refused(&["diff", "mission:1", "later"], "now (also head)");
}

#[test]
fn show_as_of_a_point_before_the_void_does_not_know_of_it() {
    let m = Muster::lodestar();
    let wound = first_version(&m.json(&["wound", "Wong"]));
    let other = first_version(&m.json(&["wound", "Reyes"]));
    let void = first_version(&m.json(&["void", &wound.to_string(), "--why", "it was Price"]));
    let as_of = |at: u64| m.json(&["show", &wound.to_string(), "--as-of", &at.to_string()]);
    let before = as_of(other);
    assert_eq!(
        (&before["voided"], &before["voided_by"]),
        (&json!(false), &Value::Null)
    );
    for after in [as_of(void), m.show(wound)] {
        assert_eq!(after["voided"], true);
        assert_eq!(
            after["voided_by"],
            json!({"version": void, "why": "it was Price", "disproofs": []})
        );
    }
    assert_eq!(before["hash"], m.show(wound)["hash"], "the same event either way");
    m.refused(
        &["show", &void.to_string(), "--as-of", &other.to_string()],
        "does not exist",
    );
    m.refused(&["show", &wound.to_string(), "--as-of", "mission:7"], "mission");
}

#[test]
fn seed_reveal_needs_the_seed_this_file_holds() {
    let m = Muster::lodestar();
    let file = m.path("lodestar.jsonl");
    std::fs::write(&file, m.ok(&["export"])).unwrap();
    let copy = Muster::new();
    copy.ok(&["import", file.to_str().unwrap()]);
    copy.refused(&["seed", "reveal"], "not in this database");

    // Its first generated roll commits a seed of the copy's own, which it can then reveal.
    copy.ok(&["mission", "start", "Dawn", "--with", "Wong"]);
    let check = copy.json(&["check", "Wong", "handler"]);
    assert_eq!(kinds(&check), ["seed_committed", "check_rolled"]);
    let reveal = copy.json(&["seed", "reveal"]);
    assert_eq!(kinds(&reveal), ["seed_revealed", "seed_committed"]);
    let shown = copy.show(versions_written(&check)[1]);
    assert_eq!(shown["recomputed"]["face_from_seed"], shown["roll"]["faces"][0]);
    assert_eq!(verify(&copy).0, 0);

    // The original still holds its seed: revealing twice reveals each seed in turn.
    let first = m.json(&["seed", "reveal"]);
    let second = m.json(&["seed", "reveal"]);
    let commitment =
        |written: &Value, i: usize| m.show(versions_written(written)[i])["payload"]["commitment"].clone();
    assert_eq!(commitment(&second, 0), commitment(&first, 1));
    assert_eq!(verify(&m).0, 0);
}

#[test]
fn a_seeds_commitment_is_printed_with_the_same_twenty_digits_everywhere() {
    let m = Muster::lodestar();
    let commitment = m.roster()["dice_seed_commitment"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let noted = &commitment[..20];
    // The roster, the log's line, and seed reveal's own lines all print the same 20 digits.
    assert!(m.ok(&["roster"]).contains(noted));
    let log = m.ok(&["log"]);
    let line = log
        .lines()
        .find(|l| l.contains("dice seed committed"))
        .unwrap_or_default();
    assert!(line.contains(&format!("committed: {noted} ")), "{line}");
    let revealed = m.ok(&["seed", "reveal"]);
    assert!(
        revealed.contains(&format!("dice seed {noted} revealed")),
        "{revealed}"
    );
    let next = m.roster()["dice_seed_commitment"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        revealed.contains(&format!("dice seed committed: {}", &next[..20])),
        "{revealed}"
    );
}

#[test]
fn a_sheet_the_log_disagrees_with_is_exported_imported_and_backed_up_with_the_log() {
    let m = Muster::lodestar();
    m.ok(&["assert", "Wong", "xp=3"]);
    assert_eq!(verify(&m).0, 3, "verify reports the disagreement");
    let export = m.path("lodestar.jsonl");
    m.ok(&["export", "-o", &export.display().to_string()]);
    let copy = Muster::new();
    copy.ok(&["import", &export.display().to_string()]);
    let (code, out, err) = copy.run(&["--campaign", "Operation Lodestar", "--json", "verify"]);
    assert_eq!(code, 3, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    let checks: Vec<&str> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["check"].as_str())
        .collect();
    assert_eq!(
        checks,
        ["assert"],
        "the disagreement came with the log, and nothing else"
    );
    let backup = m.path("backup.db");
    let (code, _, err) = m.run(&["backup", &backup.display().to_string()]);
    assert_eq!(code, 0, "{err}");
    assert!(backup.exists());
}
