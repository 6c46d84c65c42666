//! The audit under the API: tampering caught by the chain and then by the revealed seed or
//! the roll's own arithmetic, assertions of paper sheets, and `blame`, `diff`, `show` and
//! the history agreeing with independent replays of the log, voids included.

use muster::catalog::{encounter_card, soldier_card};
use muster::domain::command::{Harm, StatusChange, XpTarget};
use muster::domain::fold::fold;
use muster::domain::k9::Resource;
use muster::domain::soldier::SoldierCard;
use muster::domain::state::{RecordedEvent, SoldierState};
use muster::domain::{Game, MissionResult};
use muster::projection::blame::{Change, Line, blame};
use muster::projection::history::{Filter, entries};
use muster::projection::show::{Recomputed, explain};
use muster::projection::{diff::diff, roster};
use muster::store::Head;
use muster::verify::{Report, verify};
use serde_json::{Value, json};

use super::*;

fn fixture(file: &str) -> String {
    let path = format!("{}/fixtures/cards/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

/// Runs one command written much as a player types it; returns its first version.
///
/// `wound|heal|suppress S N`, `xp S ±N`, `ekia S VALUE`, `hardy S TYPE ±N`, `down S`,
/// `enlist S` (Wong's card), `check S [FACE]` (Handler), `draw` (Buried Explosive),
/// `roll RESOURCE FACE`, `end`,
/// `mission NAME S S` (and its turn 1), `assert S FIELD=VALUE…`, `void V`,
/// `reveal`.
#[rustfmt::skip]
fn play(store: &mut Store, line: &str) -> u64 {
    let words: Vec<&str> = line.split_whitespace().collect();
    let text = |i: usize| words[i].to_owned();
    let n = |i: usize| words[i].parse::<i64>().unwrap();
    let harm = |harm| Command::Harm { harm, soldier: text(1), amount: n(2) };
    let (command, faces) = match words[0] {
        "wound" => (harm(Harm::Wound), vec![]),
        "heal" => (harm(Harm::Heal), vec![]),
        "suppress" => (harm(Harm::Suppress), vec![]),
        "xp" => {
            let target = XpTarget::Soldier(text(1));
            (Command::AdjustXp { target, amount: n(2), why: text(0) }, vec![])
        }
        "ekia" => (Command::RecordEkia { soldier: text(1), hostile: text(0), value: n(2) }, vec![]),
        "hardy" => {
            let (soldier, hardy) = (text(1), text(2));
            (Command::AdjustHardy { soldier, hardy, amount: n(3), why: text(0) }, vec![])
        }
        "enlist" => {
            let card = soldier_card::parse(&fixture("wong.json"), "card").unwrap();
            (Command::Enlist(Box::new(SoldierCard { name: text(1), ..card })), vec![])
        }
        "down" => (Command::ChangeStatus { change: StatusChange::Down, soldier: text(1) }, vec![]),
        "check" => {
            let (soldier, ability, modifiers, card) = (text(1), "handler".to_owned(), vec![], None);
            let (upgunned, trap, fail) = (false, false, false);
            let check = Command::Check { soldier, ability, modifiers, upgunned, trap, fail, card };
            (check, words.get(2).map(|_| n(2)).into_iter().collect())
        }
        "draw" => {
            let card = encounter_card::parse(&fixture("buried-explosive.json"), "card").unwrap();
            (Command::DrawEncounter { card: Box::new(card), first_in: None }, vec![])
        }
        "roll" => {
            let resource = if words[1] == "discipline" { Resource::Discipline } else { Resource::Discards };
            (Command::RollEncounter { payments: vec![resource] }, vec![n(2)])
        }
        "end" => {
            let result = MissionResult::Success;
            (Command::EndMission { result, rp_award: Some((3, text(0))) }, vec![])
        }
        "mission" => {
            let (soldiers, k9_objective) = (vec![text(2), text(3)], Some("Find the cache".to_owned()));
            let start = Command::StartMission {
                name: text(1),
                soldiers,
                objectives: None,
                k9_objective,
                environments: vec![],
            };
            let first = app::execute(store, LODESTAR, &start, &clock()).unwrap().first_version;
            app::execute(store, LODESTAR, &Command::NextTurn, &clock()).unwrap();
            return first;
        }
        "assert" => {
            let fields = words[2..].iter().map(|f| f.split_once('=').unwrap());
            let fields = fields.map(|(f, v)| (f.to_owned(), v.to_owned())).collect();
            (Command::Assert { soldier: text(1), fields }, vec![])
        }
        "void" => {
            let version = u64::try_from(n(1)).unwrap();
            return app::void(store, LODESTAR, version, "a mistake", &clock()).unwrap().first_version;
        }
        "reveal" => return app::reveal_seed(store, LODESTAR, &clock()).unwrap().first_version,
        other => panic!("no such scripted command: {other}"),
    };
    app::execute_rolling(store, LODESTAR, &command, &faces, &clock()).unwrap().first_version
}

/// Runs every command of `script` (one a line, or separated by `;`); returns the first
/// version of each.
fn script(store: &mut Store, script: &str) -> Vec<u64> {
    let commands = script.split([';', '\n']).filter(|c| !c.trim().is_empty());
    commands.map(|c| play(store, c)).collect()
}

/// Lodestar (Modern, K9) with Wong and Gizmo from their cards, on Mission 1 at turn 1.
fn k9_campaign(store: &mut Store) {
    let expansions = vec![muster::domain::rulebook::Expansion::K9];
    let create = Command::CreateCampaign {
        commands_kept: true,
        game: Game::Modern,
        nation: None,
        expansions,
    };
    app::create_campaign(store, LODESTAR, &create, &clock()).unwrap();
    for file in ["wong.json", "gizmo.json"] {
        let card = soldier_card::parse(&fixture(file), file).unwrap();
        app::execute(store, LODESTAR, &Command::Enlist(Box::new(card)), &clock()).unwrap();
    }
    play(store, "mission Cold_Start Wong Gizmo");
}

fn report(store: &Store) -> Report {
    verify(LODESTAR, &all_rows(store, LODESTAR))
}

/// The (check, version) of every finding.
fn found(store: &Store) -> Vec<(&'static str, Option<u64>)> {
    let report = report(store);
    report.findings.iter().map(|f| (f.check, f.version)).collect()
}

/// `show`'s recomputation of the roll at `version`.
fn recomputed(store: &Store, version: u64) -> Recomputed {
    let shown = {
        let rows = all_rows(store, LODESTAR);
        let head = rows.last().map_or(0, |r| r.version);
        explain(&rows, version, head, &Default::default())
    }
    .unwrap();
    shown.recomputed.unwrap()
}

/// Rewrites the payload at `version` under the API, leaving the hashes as they were.
fn tamper(store: &Store, version: u64, edit: impl FnOnce(&mut Value)) {
    let mut value = payload(&row_at(store, LODESTAR, version));
    edit(&mut value);
    let sql = "UPDATE events SET payload = ?1 WHERE campaign = ?2 AND version = ?3";
    let params = rusqlite::params![value.to_string(), LODESTAR, version];
    assert_eq!(store.connection().execute(sql, params).unwrap(), 1);
}

#[test]
fn a_generated_face_edited_is_caught_by_the_chain_and_once_rechained_by_the_revealed_seed() {
    let (_dir, _path, mut store) = new_db();
    k9_campaign(&mut store);
    let check = play(&mut store, "check Wong");
    let reveal = play(&mut store, "reveal");
    let kinds = [reveal, reveal + 1].map(|v| row_at(&store, LODESTAR, v).kind);
    assert_eq!(kinds, ["seed_revealed", "seed_committed"], "one command");
    let noted = store.head(LODESTAR).unwrap().hash;
    assert_eq!(found(&store), []);

    let roll = payload(&row_at(&store, LODESTAR, check))["roll"].clone();
    assert_eq!(
        (roll["source"].as_str(), roll["target"].as_u64()),
        (Some("generated"), Some(7))
    );
    let face = roll["faces"][0].as_u64().unwrap();
    let forged = if face == 10 { 9 } else { face + 1 };
    drop_triggers(&store);
    // A consistent forgery: face, total and outcome agree; only the chain or the seed tells.
    tamper(&store, check, |p| {
        p["roll"]["faces"] = json!([forged]);
        p["roll"]["total"] = json!(forged);
        p["roll"]["success"] = json!(forged >= 7);
    });
    let edited = found(&store);
    assert!(edited.contains(&("hash", Some(check))), "{edited:?}");

    rechain(&store);
    let rechained = report(&store);
    assert_eq!(found(&store), [("seed", Some(check))]);
    let problem = &rechained.findings[0].problem;
    let named = [format!("[{forged}]"), format!("the {face} the revealed")];
    assert!(named.iter().all(|n| problem.contains(n)), "{problem}");
    assert_ne!(rechained.head_hash, noted, "the head noted on paper");
    let again = recomputed(&store, check);
    assert_eq!((again.face_from_seed, again.agrees), (Some(face as u8), false));

    // A seed that does not hash to its commitment; a face keyed to a seed never in force.
    tamper(&store, reveal, |p| p["seed"] = json!("ab".repeat(32)));
    let other = json!("cd".repeat(32));
    tamper(&store, check, |p| p["roll"]["dice"]["commitment"] = other);
    rechain(&store);
    assert_eq!(found(&store), [("seed", Some(check)), ("seed", Some(reveal))]);
}

#[test]
fn an_outcome_its_face_modifiers_and_target_do_not_give_is_caught_as_a_roll() {
    let (_dir, _path, mut store) = new_db();
    k9_campaign(&mut store);
    let check = play(&mut store, "check Wong 5"); // Handler 7+: a 5 fails.
    assert_eq!(found(&store), []);
    drop_triggers(&store);
    tamper(&store, check, |p| p["roll"]["success"] = json!(true));
    rechain(&store);
    assert_eq!(found(&store), [("roll", Some(check))]);
    tamper(&store, check, |p| {
        p["roll"]["success"] = json!(false);
        p["roll"]["total"] = json!(8);
    });
    rechain(&store);
    assert_eq!(found(&store), [("roll", Some(check))]);
    let again = recomputed(&store, check);
    assert_eq!((again.total, again.success), (Some(5), false));
    assert!(!again.agrees);
}

#[test]
fn an_assertion_catches_drift_naming_the_field_both_values_and_the_events() {
    let (_dir, _path, mut store) = new_db();
    k9_campaign(&mut store);
    let wound = play(&mut store, "wound Wong 1");
    script(
        &mut store,
        "xp Wong 3
         assert wong xp=3 status=Active hardy.cold=1 hardy.any=0
         assert Gizmo discipline=2 wounds=0 rp=4",
    );
    assert_eq!(found(&store), [], "assertions that hold");
    let drift = play(&mut store, "assert Wong wounds=2 xp=3");
    assert_eq!(found(&store), [("assert", Some(drift))]);
    let problem = report(&store).findings[0].problem.clone();
    let named = [
        "Wong's wounds is 1 in the log but 2 on the paper",
        &format!(": v{wound}"),
    ];
    assert!(named.iter().all(|n| problem.contains(n)), "{problem}");
}

#[test]
fn an_assertion_is_made_true_by_the_later_void_of_a_mistaken_event() {
    let (_dir, _path, mut store) = new_db();
    k9_campaign(&mut store);
    let v = script(&mut store, "wound Wong 1\nwound Wong 1\nassert Wong wounds=1");
    assert_eq!(found(&store), [("assert", Some(v[2]))]);
    let problem = report(&store).findings[0].problem.clone();
    assert!(problem.contains(&format!("v{}, v{}", v[0], v[1])), "{problem}");

    play(&mut store, &format!("void {}", v[1]));
    assert_eq!(found(&store), [], "the void makes the log agree with the sheet");
    play(&mut store, "assert Wong wounds=1");
    assert_eq!(found(&store), []);
}

#[test]
fn a_seed_reveal_cannot_be_voided_so_its_seed_never_rolls_again() {
    let (_dir, _path, mut store) = new_db();
    k9_campaign(&mut store);
    let reveal = play(&mut store, "reveal");
    let head = store.head(LODESTAR).unwrap();
    // Voiding it would put the published seed back in force for the next roll.
    for version in [reveal, reveal + 1] {
        match app::void(&mut store, LODESTAR, version, "too early", &clock()) {
            Err(muster::Error::Rule(refusal)) => assert!(
                refusal
                    .to_string()
                    .contains("belongs to a seed reveal, which cannot be voided"),
                "{refusal}"
            ),
            other => panic!("void {version}: expected the rules' refusal, got {other:?}"),
        }
    }
    assert_eq!(store.head(LODESTAR).unwrap(), head);
    let check = play(&mut store, "check Wong");
    let published = recomputed(&store, check).face_from_seed;
    assert_eq!(published, None, "v{check} rolled with a published seed");
    assert_eq!(found(&store), []);
}

/// Every kind of change to Wong and Gizmo over two Missions, with the XP of the
/// returned version voided in the middle.
fn eventful(store: &mut Store) -> u64 {
    k9_campaign(store);
    let v = script(
        store,
        "wound Wong 2; heal Wong 1; suppress Wong 1; wound Gizmo 1; xp Wong 3; xp Wong -1
         ekia Wong 2; hardy Wong cold -1; hardy Wong any 2; draw; roll discipline 4
         roll discards 6; xp Wong 5; void 22; end; mission Hill_112 Wong Gizmo; draw
         roll discipline 3; down Wong",
    );
    assert_eq!(v[12], 22, "the scripted void names the mistaken XP");
    v[12]
}

#[test]
fn blame_adds_up_to_every_number_on_the_roster() {
    let (_dir, _path, mut store) = new_db();
    let mistake = eventful(&mut store);
    let (log, _) = app::load(&store, LODESTAR).unwrap();
    let head = store.head(LODESTAR).unwrap();
    for line in roster::at(LODESTAR, &log, head.version, &head).unwrap().soldiers {
        let blamed = blame(&log, &line.name).unwrap();
        let mut expected = vec![
            ("wounds".to_owned(), line.wounds),
            ("suppress".to_owned(), line.suppress),
            ("xp".to_owned(), line.xp),
            ("rp".to_owned(), line.rp),
            ("medal_rp".to_owned(), line.medal_rp),
            ("medals".to_owned(), line.medals.len() as u32),
        ];
        expected.extend(line.discipline.map(|d| ("discipline".to_owned(), d.current)));
        for field in blamed.fields.keys().filter(|f| f.starts_with("hardy.")) {
            let count = line.hardy.get(&field["hardy.".len()..]).copied();
            expected.push((field.clone(), count.unwrap_or(0)));
        }
        for (field, value) in expected {
            let (lines, who) = (&blamed.fields[&field].lines, &line.name);
            let live = lines.iter().filter(|l| !l.voided);
            let sum = live.fold(0, |sum, l| match &l.change {
                Change::Add(n) => sum + n,
                Change::Set(v) => v.parse().unwrap(),
            });
            assert_eq!(sum, i64::from(value), "{who}'s {field}: {lines:?}");
            assert_eq!(blamed.fields[&field].value, value.to_string(), "{who}'s {field}");
        }
        let status = blamed.fields["status"].lines.iter().rfind(|l| !l.voided);
        assert_eq!(status.unwrap().change, Change::Set(line.status.to_string()));
    }
    let wong = blame(&log, "WONG").unwrap();
    assert_eq!(wong.fields["hardy.cold"].value, "0", "spent, still listed");
    let xp = marks(&wong.fields["xp"].lines);
    assert_eq!(xp, [(12, false), (13, false), (14, false), (mistake, true)]);
    let gizmo = &blame(&log, "Gizmo").unwrap().fields["discipline"];
    let changes: Vec<&Change> = gizmo.lines.iter().map(|l| &l.change).collect();
    let two = Change::Set("2".into());
    assert_eq!(changes, [&two, &two, &Change::Add(-1), &two, &Change::Add(-1)]);
}

/// Each line's version and voided flag.
fn marks(lines: &[Line]) -> Vec<(u64, bool)> {
    lines.iter().map(|l| (l.version, l.voided)).collect()
}

/// A Soldier's numbers as `diff` names them, read from a folded state.
fn numbers(s: &SoldierState) -> Vec<(&'static str, Value)> {
    let mut out = vec![
        ("wounds", json!(s.wounds)),
        ("suppress", json!(s.suppress)),
        ("xp", json!(s.xp)),
        ("status", json!(s.status.to_string())),
        ("rp", json!(s.rp())),
        ("medal_rp", json!(s.medal_rp())),
    ];
    out.extend(s.discipline.map(|d| ("discipline.current", json!(d))));
    for (hardy, field) in [("cold", "hardy.cold"), ("any", "hardy.any")] {
        out.push((field, s.hardy.get(hardy).map_or(Value::Null, |n| json!(n))));
    }
    out
}

/// Checks `diff` from `a` to `b` against two independent folds of the log.
fn check_diff(log: &[RecordedEvent], head: &Head, a: u64, b: u64) {
    let at = |v| roster::at(LODESTAR, log, v, head).unwrap();
    let differences = diff(&at(a), &at(b));
    let upto = |v: u64| fold(&log.iter().filter(|r| r.version <= v).cloned().collect::<Vec<_>>());
    let (before, after) = (upto(a), upto(b));
    let context = format!("from v{a} to v{b}: {differences:?}");
    let of = |name: &str, field: &str| {
        let mut named = differences.iter().filter(|d| d.soldier.as_deref() == Some(name));
        named
            .find(|d| d.field == field)
            .map(|d| (d.before.clone(), d.after.clone()))
    };
    for now in &after.soldiers {
        let name = now.card.name.as_str();
        let Some(was) = before.soldier(name) else {
            let enlisted = of(name, "enlisted");
            assert_eq!(enlisted, Some((Value::Null, json!(true))), "{context}");
            continue;
        };
        for ((field, old), (_, new)) in numbers(was).into_iter().zip(numbers(now)) {
            let expected = (old != new).then_some((old, new));
            assert_eq!(of(name, field), expected, "{name}'s {field} {context}");
        }
    }
    for gone in before
        .soldiers
        .iter()
        .filter(|s| after.soldier(&s.card.name).is_none())
    {
        let enlisted = of(&gone.card.name, "enlisted");
        assert_eq!(enlisted, Some((json!(true), Value::Null)), "{context}");
    }
    assert!(differences.iter().all(|d| d.before != d.after), "{context}");
    let bank = differences.iter().find(|d| d.field == "squad.rp_bank");
    let bank = bank.map(|d| (d.before.clone(), d.after.clone()));
    let moved = (before.rp_bank != after.rp_bank).then(|| (json!(before.rp_bank), json!(after.rp_bank)));
    assert_eq!(bank, moved, "{context}");
}

#[test]
fn diff_between_two_points_is_the_difference_of_two_replays() {
    let (_dir, _path, mut store) = new_db();
    eventful(&mut store);
    let (log, _) = app::load(&store, LODESTAR).unwrap();
    let head = store.head(LODESTAR).unwrap();
    let points = [3, 7, 12, 20, 22, 25, head.version - 4, head.version];
    for (i, a) in points.into_iter().enumerate() {
        for b in points.into_iter().skip(i) {
            check_diff(&log, &head, a, b);
        }
    }
}

#[test]
fn diff_reports_a_soldier_whose_enlistment_a_later_void_removed() {
    let (_dir, _path, mut store) = new_db();
    k9_campaign(&mut store);
    let enlisted = play(&mut store, "enlist Price");
    let voided = play(&mut store, &format!("void {enlisted}"));
    let (log, _) = app::load(&store, LODESTAR).unwrap();
    let head = store.head(LODESTAR).unwrap();
    check_diff(&log, &head, enlisted, voided);
    let at = |v| roster::at(LODESTAR, &log, v, &head).unwrap();
    let differences = diff(&at(enlisted), &at(voided));
    let price = differences
        .iter()
        .filter(|d| d.soldier.as_deref() == Some("Price"));
    let price: Vec<_> = price.map(|d| (d.field.as_str(), &d.before, &d.after)).collect();
    assert_eq!(price, [("enlisted", &json!(true), &Value::Null)]);
}

#[test]
fn a_voided_command_counts_for_nothing_and_stays_listed_everywhere() {
    let (_dir, _path, mut store) = new_db();
    k9_campaign(&mut store);
    let v = script(&mut store, "wound Wong 2\nxp Wong 4\nxp Wong 1");
    let (wound, mistake) = (v[0], v[1]);
    let voided_by = play(&mut store, &format!("void {mistake}"));
    let (log, state) = app::load(&store, LODESTAR).unwrap();
    let wong = state.soldier("Wong").unwrap();
    assert_eq!((wong.xp, wong.wounds), (1, 2));

    let wong_only = Filter {
        soldier: Some("wong".into()),
        mission: None,
    };
    let listed = entries(&log, &wong_only);
    let flag = |v: u64| listed.iter().find(|e| e.version == v).map(|e| e.voided);
    assert_eq!((flag(mistake), flag(wound)), (Some(true), Some(false)));

    let rows = all_rows(&store, LODESTAR);
    let shown = explain(
        &rows,
        mistake,
        rows.last().map_or(0, |r| r.version),
        &Default::default(),
    )
    .unwrap();
    let by = shown.voided_by.unwrap();
    assert!(shown.voided);
    assert_eq!((by.version, by.why.as_str()), (voided_by, "a mistake"));
    let before = explain(
        &rows[..voided_by as usize - 1],
        mistake,
        voided_by - 1,
        &Default::default(),
    )
    .unwrap();
    assert!(!before.voided && before.voided_by.is_none(), "before the void");
    assert!(
        !explain(
            &rows,
            wound,
            rows.last().map_or(0, |r| r.version),
            &Default::default()
        )
        .unwrap()
        .voided
    );

    let xp = marks(&blame(&log, "Wong").unwrap().fields["xp"].lines);
    assert_eq!(xp, [(mistake, true), (mistake + 1, false)]);
    assert_eq!(found(&store), []);
}

#[test]
fn a_payload_that_decodes_alike_but_is_not_muster_s_bytes_is_caught_as_a_payload() {
    let (_dir, _path, mut store) = new_db();
    k9_campaign(&mut store);
    let wound = play(&mut store, "wound Wong 1");
    assert_eq!(found(&store), []);
    drop_triggers(&store);
    // An unknown field: ignored by the decoder, so two files would hold one history.
    tamper(&store, wound, |p| p["note"] = json!("hidden"));
    rechain(&store);
    assert_eq!(found(&store), [("payload", Some(wound))]);
    // A field left to its default: it decodes alike too.
    tamper(&store, wound, |p| {
        p.as_object_mut().unwrap().remove("note");
    });
    rechain(&store);
    assert_eq!(found(&store), []);
    let enlisted = 3;
    tamper(&store, enlisted, |p| {
        p["card"].as_object_mut().unwrap().remove("keywords");
    });
    rechain(&store);
    assert_eq!(found(&store), [("payload", Some(enlisted))]);
}

#[test]
fn a_command_whose_events_the_rules_would_not_give_is_caught_as_decide() {
    let (_dir, _path, mut store) = new_db();
    k9_campaign(&mut store);
    play(&mut store, "draw");
    play(&mut store, "roll discipline 4");
    play(&mut store, "roll discards 2"); // Wong's 2 + 3 fails: the card offers a choice.
    let accepted = app::execute(&mut store, LODESTAR, &Command::AcceptFailure, &clock())
        .unwrap()
        .first_version;
    assert_eq!(found(&store), []);
    // The Failure's Wound on Gizmo made two: each number is within the rules, but the card's
    // Failure deals one, as the command decided again shows.
    let gizmo = all_rows(&store, LODESTAR)
        .into_iter()
        .find(|r| r.version > accepted && r.kind == "wounded" && r.payload.contains("Gizmo"))
        .unwrap()
        .version;
    drop_triggers(&store);
    tamper(&store, gizmo, |p| p["amount"] = json!(2));
    rechain(&store);
    let findings = report(&store).findings;
    assert_eq!(
        findings.iter().map(|f| (f.check, f.version)).collect::<Vec<_>>(),
        [("decide", Some(accepted))],
        "{findings:?}"
    );
    assert!(findings[0].problem.contains("decided again"), "{findings:?}");
}
