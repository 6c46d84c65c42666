//! A property of `verify` over real stores: random rule-valid command sequences (Missions,
//! turns, Wounds and Heals, XP, checks with entered dice, RP granted and spent, paper
//! sheets asserted, voids with and without --cascade, amendments) written through the
//! library's write side verify clean, every command decided again agreeing; then one field
//! of one event is edited in the file and the chain hashed again after it, so that the
//! chain holds, and `verify` still finds the edit, by a check other than the chain's.
//!
//! The fields edited: a roll's face (its outcome no longer follows), a paper sheet's asserted
//! number, the version a void names, an RP spend past the bank, and any other amount a
//! command wrote (a Wound, a Heal, XP, RP granted), which only deciding the command again
//! from the command its first row carries can find.

use chrono::{TimeZone, Utc};
use muster::app;
use muster::clock::FixedClock;
use muster::domain::Game;
use muster::domain::command::{Command, Harm, XpTarget};
use muster::domain::soldier::SoldierCard;
use muster::rules::void::Request;
use muster::store::{Store, StoredRow};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use serde_json::{Value, json};

const CAMPAIGN: &str = "Prop";
const SQUAD: [&str; 3] = ["Able", "Baker", "Charlie"];

fn clock() -> FixedClock {
    FixedClock(Utc.with_ymd_and_hms(2026, 11, 29, 21, 0, 0).unwrap())
}

/// One step of a random history.
#[derive(Debug, Clone)]
enum Step {
    Start,
    Turn,
    End,
    Wound(usize),
    Heal(usize),
    Xp(usize, i64),
    Check(usize, i64),
    Grant(i64),
    Spend(i64),
    Assert(usize),
    /// Void the command of the version this far back from the head (1 is the head).
    Void(usize, bool),
    /// Amend the command this far back into a Wound or Heal of another Soldier.
    Amend(usize, usize),
}

fn step() -> impl Strategy<Value = Step> {
    let who = 0..SQUAD.len();
    prop_oneof![
        2 => Just(Step::Start),
        2 => Just(Step::Turn),
        1 => Just(Step::End),
        3 => who.clone().prop_map(Step::Wound),
        1 => who.clone().prop_map(Step::Heal),
        2 => (who.clone(), -2_i64..4).prop_map(|(w, n)| Step::Xp(w, n)),
        3 => (who.clone(), 1_i64..=10).prop_map(|(w, f)| Step::Check(w, f)),
        1 => (1_i64..6).prop_map(Step::Grant),
        1 => (1_i64..6).prop_map(Step::Spend),
        2 => who.clone().prop_map(Step::Assert),
        2 => (1_usize..8, any::<bool>()).prop_map(|(back, cascade)| Step::Void(back, cascade)),
        2 => (1_usize..8, who).prop_map(|(back, w)| Step::Amend(back, w)),
    ]
}

fn harm(harm: Harm, who: usize) -> Command {
    Command::Harm {
        harm,
        soldier: SQUAD[who].into(),
        amount: 1,
    }
}

/// The command of a step that is one, with the faces it is entered with.
fn command(store: &Store, step: &Step) -> Option<(Command, Vec<i64>)> {
    let name = |i: &usize| SQUAD[*i].to_owned();
    let command = match step {
        Step::Start => Command::StartMission {
            name: "Patrol".into(),
            soldiers: vec![],
            objectives: None,
            k9_objective: None,
            environments: vec![],
        },
        Step::Turn => Command::NextTurn,
        Step::End => Command::EndMission {
            result: muster::domain::MissionResult::Failure,
            rp_award: None,
        },
        Step::Wound(i) => harm(Harm::Wound, *i),
        Step::Heal(i) => harm(Harm::Heal, *i),
        Step::Xp(i, n) => Command::AdjustXp {
            target: XpTarget::Soldier(name(i)),
            amount: *n,
            why: "service".into(),
        },
        Step::Check(i, face) => {
            let check = Command::Check {
                soldier: name(i),
                ability: "medic".into(),
                modifiers: vec![],
                upgunned: false,
                trap: false,
                fail: false,
                card: None,
            };
            return Some((check, vec![*face]));
        }
        Step::Grant(n) => Command::GrantRp {
            amount: *n,
            why: "loot".into(),
        },
        Step::Spend(n) => Command::SpendRp {
            amount: *n,
            why: "kit".into(),
        },
        Step::Assert(i) => {
            let (_, state) = app::load(store, CAMPAIGN).unwrap();
            let xp = state.soldier(SQUAD[*i])?.xp;
            Command::Assert {
                soldier: name(i),
                fields: vec![("xp".into(), xp.to_string())],
            }
        }
        Step::Void(..) | Step::Amend(..) => return None,
    };
    Some((command, vec![]))
}

/// A WWII campaign of three medics in a new database.
fn squad(dir: &std::path::Path) -> (std::path::PathBuf, Store) {
    let path = dir.join("prop.db");
    let mut store = Store::open(&path).unwrap();
    let create = Command::CreateCampaign {
        commands_kept: true,
        game: Game::Wwii,
        nation: None,
        expansions: vec![],
    };
    app::create_campaign(&mut store, CAMPAIGN, &create, &clock()).unwrap();
    for (i, name) in SQUAD.iter().enumerate() {
        let mut card: SoldierCard = serde_json::from_value(json!({
            "name": name, "kind": "player", "rp": 3 + i,
            "discipline": null, "handler": null, "health": null,
            "specialism": null, "stats": null,
        }))
        .unwrap();
        card.abilities.insert("medic".into(), "6+".parse().unwrap());
        app::execute(&mut store, CAMPAIGN, &Command::Enlist(Box::new(card)), &clock()).unwrap();
    }
    (path, store)
}

fn rows(store: &Store) -> Vec<StoredRow> {
    store.rows_between(CAMPAIGN, 0, None).unwrap()
}

/// Plays `steps` through the library's write side; a command the rules refuse writes
/// nothing and the history stays rule-valid.
fn play(store: &mut Store, steps: &[Step]) {
    for step in steps {
        let head = store.head(CAMPAIGN).unwrap().version;
        let back = |back: usize| head.checked_sub(back as u64 - 1).filter(|v| *v > 1);
        let before = rows(store).len();
        let written = match step {
            Step::Void(back_by, cascade) => {
                let Some(version) = back(*back_by) else { continue };
                let request = Request {
                    version,
                    why: "entered by mistake",
                    cascade: *cascade,
                };
                app::void_with(store, CAMPAIGN, &request, &clock()).is_ok()
            }
            Step::Amend(back_by, who) => {
                let Some(version) = back(*back_by) else { continue };
                let request = Request {
                    version,
                    why: "the other Soldier",
                    cascade: false,
                };
                app::amend(store, CAMPAIGN, &request, &harm(Harm::Wound, *who), &clock()).is_ok()
            }
            other => {
                let Some((command, faces)) = command(store, other) else {
                    continue;
                };
                app::execute_rolling(store, CAMPAIGN, &command, &faces, &clock()).is_ok()
            }
        };
        if !written {
            assert_eq!(rows(store).len(), before, "{step:?} was refused but wrote");
        }
    }
    // Each Soldier's paper sheet, asserted at the end: every history has one to edit.
    for i in 0..SQUAD.len() {
        if let Some((command, faces)) = command(store, &Step::Assert(i)) {
            let _refused_or_written = app::execute_rolling(store, CAMPAIGN, &command, &faces, &clock());
        }
    }
}

/// The edits `verify` must find in `row`, each as the payload it leaves; none for a row
/// whose fields it does not hold today.
fn edits(row: &StoredRow, head: u64, enlisted: &[String]) -> Vec<Value> {
    let payload: Value = serde_json::from_str(&row.payload).unwrap();
    let mut found = Vec::new();
    let mut edit = |change: &dyn Fn(&mut Value)| {
        let mut edited = payload.clone();
        change(&mut edited);
        if edited != payload {
            found.push(edited);
        }
    };
    match row.kind.as_str() {
        "check_rolled" => {
            let face = payload["roll"]["faces"][0].as_u64().unwrap_or(0);
            // Another face whose outcome differs: its total no longer follows.
            edit(&|p| p["roll"]["faces"][0] = json!(if face == 10 { 1 } else { face + 1 }));
        }
        // A void of an enlistment a sheet rests on is refused (the test below), so every
        // sheet is of a Soldier still enlisted; the filter keeps the edit meaningful.
        "assertion_recorded" if enlisted.iter().any(|n| payload["soldier"] == n.as_str()) => {
            edit(&|p| {
                if let Some(fields) = p["fields"].as_object_mut() {
                    for value in fields.values_mut() {
                        let n: i64 = value.as_str().and_then(|v| v.parse().ok()).unwrap_or(0);
                        *value = json!((n + 7).to_string());
                    }
                }
            });
        }
        "command_voided" => {
            edit(&|p| p["version"] = json!(head + 1000));
        }
        "rp_spent" => {
            edit(&|p| p["amount"] = json!(p["amount"].as_i64().unwrap_or(0) + 1000));
        }
        // Any other amount a command wrote: the command it carries gives another.
        _ if payload["amount"].is_i64() => {
            edit(&|p| p["amount"] = json!(p["amount"].as_i64().unwrap_or(0) + 1));
        }
        _ => {}
    }
    found
}

/// Rewrites the row at `version` with `payload` and hashes the chain again from it on, in
/// the file itself (its update trigger dropped first), so the chain is whole again.
fn edit_and_rechain(path: &std::path::Path, store: &Store, version: u64, payload: &str) {
    let mut all = rows(store);
    let sql = rusqlite::Connection::open(path).unwrap();
    sql.execute_batch("DROP TRIGGER IF EXISTS events_refuse_update; DELETE FROM checkpoints;")
        .unwrap();
    let mut prev = String::new();
    for row in &mut all {
        if row.version < version {
            prev = row.hash.clone();
            continue;
        }
        if row.version == version {
            row.payload = payload.to_owned();
        }
        row.prev_hash = prev.clone();
        row.hash = muster::store::chain::hash(&row.prev_hash, &row.link()).unwrap();
        prev = row.hash.clone();
        sql.execute(
            "UPDATE events SET payload = ?1, prev_hash = ?2, hash = ?3 WHERE campaign = ?4 AND version = ?5",
            rusqlite::params![row.payload, row.prev_hash, row.hash, CAMPAIGN, row.version as i64],
        )
        .unwrap();
    }
}

fn verified(store: &Store) -> muster::verify::Report {
    muster::verify::verify_store(store, CAMPAIGN, &mut |_| {}).unwrap()
}

proptest! {
    #![proptest_config(Config {
        cases: 20,
        failure_persistence: Some(Box::new(FileFailurePersistence::SourceParallel("proptest-regressions"))),
        ..Config::default()
    })]

    #[test]
    fn a_written_history_verifies_and_one_field_edited_and_rechained_is_found(
        steps in prop::collection::vec(step(), 1..30),
        kind in any::<prop::sample::Index>(),
        pick in any::<prop::sample::Index>(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let (path, mut store) = squad(dir.path());
        play(&mut store, &steps);
        let report = verified(&store);
        prop_assert!(report.ok, "{:?} after {:?}", report.findings, steps);
        // Every command but a voided one is decided again (a void on its ground), each from
        // the command its first row carries, since this version wrote them all.
        prop_assert_eq!(
            report.decided_again,
            report.commands - report.voided,
            "not every command was decided again after {:?}", steps
        );
        prop_assert_eq!(
            report.decided_from_command,
            report.decided_again,
            "a command was decided from its events, not its stored command, after {:?}", steps
        );

        let all = rows(&store);
        let head = all.last().map_or(0, |r| r.version);
        let (_, state) = app::load(&store, CAMPAIGN).unwrap();
        let enlisted: Vec<String> = SQUAD
            .iter()
            .filter(|n| state.soldier(n).is_some())
            .map(|n| (*n).to_owned())
            .collect();
        // A voided command's events no longer count: an edit there may change nothing.
        let voided: Vec<String> = all
            .iter()
            .filter(|r| r.kind == "command_voided")
            .filter_map(|r| serde_json::from_str::<Value>(&r.payload).ok())
            .filter_map(|p| p["command_id"].as_str().map(str::to_owned))
            .collect();
        let candidates: Vec<(&str, u64, Value)> = all
            .iter()
            .filter(|row| !voided.contains(&row.command_id))
            .flat_map(|row| edits(row, head, &enlisted).into_iter().map(|p| (row.kind.as_str(), row.version, p)))
            .collect();
        prop_assert!(!candidates.is_empty(), "every history ends in asserted sheets");
        // A kind first, then one of its events: the many sheets asserted do not crowd out the rest.
        let mut kinds: Vec<&str> = candidates.iter().map(|c| c.0).collect();
        kinds.dedup();
        kinds.sort_unstable();
        kinds.dedup();
        let kind = *kind.get(&kinds);
        let of_kind: Vec<&(&str, u64, Value)> = candidates.iter().filter(|c| c.0 == kind).collect();
        let (_, version, payload) = (*pick.get(&of_kind)).clone();
        let payload = serde_json::to_string(&payload).unwrap();
        drop(store);
        let store = Store::open(&path).unwrap();
        edit_and_rechain(&path, &store, version, &payload);
        let edited = rows(&store);
        prop_assert_eq!(
            &edited.iter().find(|r| r.version == version).unwrap().payload,
            &payload
        );

        let report = verified(&store);
        prop_assert!(!report.ok, "v{} edited to {} was not found, after {:?}", version, payload, steps);
        let checks: Vec<&str> = report.findings.iter().map(|f| f.check).collect();
        prop_assert!(
            !checks.iter().any(|c| ["chain", "hash", "gap", "payload", "decode"].contains(c)),
            "the chain is whole again and the payload canonical, so another check must find it: {:?}",
            report.findings
        );
        // A command decided again is reported at its first event, which may come before
        // the event edited.
        let command_id = &edited.iter().find(|r| r.version == version).unwrap().command_id;
        let start = edited
            .iter()
            .find(|r| &r.command_id == command_id)
            .map_or(version, |r| r.version);
        prop_assert!(
            report.findings.iter().any(|f| f.version.is_some_and(|v| v >= start)),
            "found at or after v{} (its command's first event): {:?}", start, report.findings
        );
    }
}

/// Found by the property above: a void of a Soldier's enlistment that a later paper sheet
/// asserted of him rests on is refused (asked again without the enlistment, the rules refuse
/// a sheet of a Soldier not enlisted), so no sheet is left checked against nothing, and
/// nothing is written.
#[test]
fn a_void_of_an_enlistment_a_later_asserted_sheet_rests_on_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (_path, mut store) = squad(dir.path());
    let charlie = store.head(CAMPAIGN).unwrap().version;
    play(&mut store, &[Step::Assert(2)]);
    let before = rows(&store);
    assert!(
        before
            .iter()
            .any(|r| r.kind == "assertion_recorded" && r.payload.contains("Charlie")),
        "the sheet asserted is Charlie's"
    );
    let voided = app::void(&mut store, CAMPAIGN, charlie, "never joined", &clock());
    let refusal = voided.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        refusal.contains("no Soldier named 'Charlie'"),
        "the void should be refused, naming the sheet of a Soldier not enlisted: {refusal:?}"
    );
    assert_eq!(rows(&store), before, "a refused void writes nothing");
}
