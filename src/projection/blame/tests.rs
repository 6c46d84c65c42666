use super::sheet::{self, Sheet, changes};
use super::*;
use crate::domain::Game;
use crate::domain::event::{
    CommandVoided, DisciplineReset, DisciplineSpent, Event, HardyAdjusted, SoldierAmount, SoldierNamed,
    XpAdjusted,
};
use crate::domain::fold::fold;
use crate::domain::sheet::{FIELDS, Reading};
use crate::domain::soldier::{SoldierKind, Status};
use crate::rules::tests::{created, enlisted, every_kind, player, recorded};

/// Records `commands` (each the events one command wrote) at versions 1, 2, 3…
fn log(commands: Vec<Vec<Event>>) -> Vec<RecordedEvent> {
    let events = commands
        .into_iter()
        .enumerate()
        .flat_map(|(n, events)| events.into_iter().map(move |e| (format!("command-{n}"), e)));
    events
        .zip(1..)
        .map(|((command, event), version)| recorded(version, &command, event))
        .collect()
}

/// Each line of `field` as (version, change, voided).
fn lines(blame: &Blame, field: &str) -> Vec<(u64, Change, bool)> {
    blame.fields[field]
        .lines
        .iter()
        .map(|l| (l.version, l.change.clone(), l.voided))
        .collect()
}

fn add(n: i64) -> Change {
    Change::Add(n)
}

fn set(value: &str) -> Change {
    Change::Set(value.to_owned())
}

/// Wong (Hardy cold 1) and his K9 Gizmo (Discipline 2), then one event of each sort of change.
fn squad_log() -> Vec<RecordedEvent> {
    let mut wong = player("Wong");
    wong.hardy.insert("cold".into(), 1);
    let mut gizmo = player("Gizmo");
    gizmo.kind = SoldierKind::K9;
    gizmo.handler = Some("Wong".into());
    gizmo.discipline = Some(2);
    let wound = |amount| SoldierAmount {
        soldier: "Wong".into(),
        amount,
    };
    log(vec![
        vec![created(Game::Modern)],
        vec![enlisted(wong)],
        vec![enlisted(gizmo)],
        // v4: the Discipline it already has: set, though nothing moved.
        vec![Event::DisciplineReset(DisciplineReset {
            soldier: "Gizmo".into(),
            discipline: 2,
        })],
        vec![Event::DisciplineSpent(DisciplineSpent {
            soldier: "Gizmo".into(),
            amount: 1,
            why: "a roll".into(),
        })],
        vec![Event::Wounded(wound(2))],
        vec![Event::Healed(wound(1))],
        // v8, voided by v9.
        vec![Event::XpAdjusted(XpAdjusted {
            soldier: "Wong".into(),
            amount: 5,
            why: "wrong Soldier".into(),
        })],
        vec![Event::CommandVoided(CommandVoided {
            disproofs: Vec::new(),
            command_id: "command-7".into(),
            version: 8,
            why: "it was Reyes".into(),
        })],
        vec![Event::HardyAdjusted(HardyAdjusted {
            soldier: "Wong".into(),
            hardy: "cold".into(),
            amount: -1,
            why: "a cold night".into(),
        })],
        vec![Event::Downed(SoldierNamed {
            soldier: "Wong".into(),
        })],
    ])
}

#[test]
fn each_line_is_read_off_his_sheet_before_and_after_the_event() {
    let log = squad_log();
    let wong = blame(&log, "wong").unwrap();
    assert_eq!(wong.soldier, "Wong");
    assert_eq!(
        lines(&wong, "status"),
        [(2, set("active"), false), (11, set("downed"), false)]
    );
    assert_eq!(
        lines(&wong, "rp"),
        [(2, set("4"), false)],
        "his enlistment sets his RP"
    );
    assert_eq!(lines(&wong, "wounds"), [(6, add(2), false), (7, add(-1), false)]);
    assert_eq!(wong.fields["wounds"].value, "1");
    assert_eq!(
        lines(&wong, "xp"),
        [(8, add(5), true)],
        "voided, listed, counted for nothing"
    );
    assert_eq!(wong.fields["xp"].value, "0");
    assert_eq!(
        lines(&wong, "hardy.cold"),
        [(2, set("1"), false), (10, add(-1), false)]
    );
    assert_eq!(wong.fields["hardy.cold"].value, "0", "spent, still listed");
    assert!(
        lines(&wong, "suppress").is_empty(),
        "a 0 at enlistment is no line"
    );
    assert!(
        !wong.fields.contains_key("discipline"),
        "only a K9 has Discipline"
    );

    let gizmo = blame(&log, "Gizmo").unwrap();
    assert_eq!(
        lines(&gizmo, "discipline"),
        [(3, set("2"), false), (4, set("2"), false), (5, add(-1), false)]
    );
    assert_eq!(gizmo.fields["discipline"].value, "1");
    assert!(blame(&log, "Nobody").is_err());
}

#[test]
fn a_voided_command_is_folded_on_a_copy_of_the_state_where_it_began() {
    let mut events = squad_log();
    // A second command of two Wounds, voided: each line is what that event would have done
    // after the one before it.
    let wound = |amount| {
        Event::Wounded(SoldierAmount {
            soldier: "Wong".into(),
            amount,
        })
    };
    events.push(recorded(12, "command-x", wound(1)));
    events.push(recorded(13, "command-x", wound(2)));
    events.push(recorded(
        14,
        "command-y",
        Event::CommandVoided(CommandVoided {
            disproofs: Vec::new(),
            command_id: "command-x".into(),
            version: 12,
            why: "never happened".into(),
        }),
    ));
    let wong = blame(&events, "Wong").unwrap();
    let voided: Vec<_> = lines(&wong, "wounds").into_iter().filter(|l| l.2).collect();
    assert_eq!(voided, [(12, add(1), true), (13, add(2), true)]);
    assert_eq!(wong.fields["wounds"].value, "1");
}

#[test]
fn a_word_is_set_a_number_moved_by_its_difference_and_a_number_set_when_the_nudge_is_undone() {
    // A sheet of the fields named, each a number unless it is a Soldier's status.
    let sheet = |pairs: &[(&str, &str)]| {
        let mut made = Sheet {
            fixed: [None; FIELDS.len()],
            hardy: Vec::new(),
        };
        for (field, value) in pairs {
            let reading = match (value.parse::<i64>(), *value) {
                (Ok(n), _) => Reading::Number(n),
                (Err(_), "active") => Reading::Status(Status::Active),
                (Err(_), "downed") => Reading::Status(Status::Downed),
                (Err(_), word) => panic!("no status is written {word}"),
            };
            match field.strip_prefix("hardy.") {
                Some(t) => made.hardy.push((t.to_owned(), value.parse().unwrap())),
                None => {
                    let at = FIELDS.iter().position(|f| f == field).unwrap();
                    made.fixed[at] = Some(reading);
                }
            }
        }
        made
    };
    let before = sheet(&[
        ("status", "active"),
        ("wounds", "2"),
        ("discipline", "2"),
        ("hardy.cold", "1"),
    ]);
    let after = sheet(&[("status", "downed"), ("wounds", "3"), ("discipline", "2")]);
    // Folded on the nudged copy: Wounds and the Hardy counter kept their nudge, Discipline too.
    let untouched = sheet(&[
        ("status", "downed"),
        ("wounds", "1003"),
        ("discipline", "1002"),
        ("hardy.cold", "1000"),
    ]);
    let mut moved = changes(Some(&before), &after, Some(&untouched));
    moved.sort_by(|a, b| a.0.cmp(&b.0));
    let expected = [
        ("hardy.cold".to_owned(), add(-1)),
        ("status".to_owned(), set("downed")),
        ("wounds".to_owned(), add(1)),
    ];
    assert_eq!(moved, expected);
    // Folded on the nudged copy, Discipline came out at 2 again: the event set it.
    let reset = sheet(&[
        ("status", "downed"),
        ("wounds", "1003"),
        ("discipline", "2"),
        ("hardy.cold", "1000"),
    ]);
    let moved = changes(Some(&before), &after, Some(&reset));
    assert!(moved.contains(&("discipline".to_owned(), set("2"))), "{moved:?}");
    // No sheet before: every word and every number but 0 is set.
    let created = sheet(&[("status", "active"), ("wounds", "0"), ("rp", "8")]);
    let moved = changes(None, &created, None);
    assert_eq!(
        moved,
        [("rp".to_owned(), set("8")), ("status".to_owned(), set("active"))]
    );
}

#[test]
fn the_nudge_moves_every_number_a_sheet_has() {
    let mut gizmo = player("Gizmo");
    gizmo.kind = SoldierKind::K9;
    gizmo.discipline = Some(2);
    gizmo.hardy.insert("cold".into(), 1);
    let state = fold(&log(vec![vec![created(Game::Modern)], vec![enlisted(gizmo)]]));
    let before = Sheet::of(&state.soldiers[0]);
    let mut nudged = state.soldiers[0].clone();
    sheet::nudge(&mut nudged, ["cold"].into_iter());
    let after = Sheet::of(&nudged);
    let numbers: Vec<String> = before
        .fields()
        .filter(|(_, v)| matches!(v, Reading::Number(_)))
        .map(|(f, _)| f.into_owned())
        .collect();
    for field in FIELDS.iter().filter(|f| !["status", "state"].contains(f)) {
        assert!(
            numbers.iter().any(|n| n == field),
            "{field} is a number a K9's sheet has"
        );
    }
    for field in numbers {
        assert_ne!(
            before.get(&field),
            after.get(&field),
            "the nudge leaves {field} as it was"
        );
    }
}

/// The demo campaign, then heroes and Soldiers for the events of [`every_kind`] to name, then
/// those events: between them, one event of every kind.
pub(super) fn every_kind_log() -> Vec<RecordedEvent> {
    let demo = crate::transfer::parse(include_str!("../../../fixtures/campaigns/demo.jsonl")).unwrap();
    let mut log: Vec<RecordedEvent> = demo.iter().map(|row| row.decode().unwrap()).collect();
    let hero = |name: &str| {
        let mut card = player(name);
        card.kind = SoldierKind::Hero;
        enlisted(card)
    };
    let joining = [
        enlisted(player("Able")),
        enlisted(player("Baker")),
        hero("Vega"),
        hero("Kato"),
    ];
    for event in joining.into_iter().chain(every_kind()) {
        let version = log.len() as u64 + 1;
        log.push(recorded(version, &format!("every-kind-{version}"), event));
    }
    log
}

#[test]
fn over_every_kind_of_event_each_fields_lines_add_up_to_the_rosters_number() {
    let log = every_kind_log();
    let state = fold(&log);
    let mut lines_seen = 0;
    for soldier in &state.soldiers {
        let blamed = blame(&log, &soldier.card.name).unwrap();
        let sheet = Sheet::of(soldier);
        for (field, blamed_field) in &blamed.fields {
            let written = sheet.get(field).map(|v| v.to_string()).unwrap_or_default();
            let value = written.as_str();
            assert_eq!(blamed_field.value, value, "{}'s {field}", soldier.card.name);
            let live = blamed_field.lines.iter().filter(|l| !l.voided);
            lines_seen += blamed_field.lines.len();
            let made = live.fold(None::<String>, |made, line| match &line.change {
                Change::Set(v) => Some(v.clone()),
                Change::Add(n) => {
                    let sum = made.as_deref().unwrap_or("0").parse::<i64>().unwrap() + n;
                    Some(sum.to_string())
                }
            });
            let zero = value == "0" && made.is_none();
            assert!(
                made.as_deref() == Some(value) || zero,
                "{}'s {field} is {value}, its lines make {made:?}: {:?}",
                soldier.card.name,
                blamed_field.lines
            );
        }
    }
    assert!(lines_seen > 50, "the campaign moves many numbers: {lines_seen}");
    // Kinds the demo never records move numbers too, with no code of their own here.
    let able = blame(&log, "Able").unwrap();
    let rp: Vec<Change> = able.fields["rp"].lines.iter().map(|l| l.change.clone()).collect();
    assert_eq!(rp, [set("4"), add(2), add(-2)], "a Skill gained, then lost");
    let vega = blame(&log, "Vega").unwrap();
    let state_lines = &vega.fields["state"].lines;
    assert_eq!(state_lines.last().map(|l| &l.change), Some(&set("wounded(2)")));
}

#[test]
fn an_event_that_only_adds_moves_a_sheet_as_its_nudged_fold_says() {
    // Wong and Gizmo as squad_log enlists them, with Wounds, Suppress and XP to take from.
    let mut state = fold(&squad_log()[..3]);
    for s in &mut state.soldiers {
        (s.wounds, s.suppress, s.xp) = (1, 1, 2);
    }
    let amount = |soldier: &str, amount| SoldierAmount {
        soldier: soldier.into(),
        amount,
    };
    let xp = |amount| {
        Event::XpAdjusted(XpAdjusted {
            soldier: "Wong".into(),
            amount,
            why: "a reason".into(),
        })
    };
    let hardy = |amount| {
        Event::HardyAdjusted(HardyAdjusted {
            soldier: "Wong".into(),
            hardy: "cold".into(),
            amount,
            why: "a reason".into(),
        })
    };
    // Each kind that only adds, by a little, by nothing, and past what he has (clamped).
    let events = [
        xp(3),
        xp(-1),
        xp(-50),
        hardy(2),
        hardy(-1),
        hardy(-5),
        Event::Wounded(amount("Wong", 1)),
        Event::Healed(amount("Wong", 1)),
        Event::Healed(amount("Gizmo", 7)),
        Event::Suppressed(amount("Wong", 2)),
        Event::SuppressCleared(amount("Wong", 9)),
    ];
    for (version, event) in (4..).zip(events) {
        assert!(sheet::adds_only(&event), "{event:?}");
        let who = event.soldier().unwrap_or_default().to_owned();
        let recorded = recorded(version, "a command", event);
        let before = state.soldier(&who).map(Sheet::of);
        let mut after_state = state.clone();
        crate::domain::fold::step(&mut after_state, version, Some(&recorded.event));
        let Some(after) = after_state.soldier(&who).map(Sheet::of) else {
            unreachable!("{who} is enlisted")
        };
        assert_nudged_fold_agrees(&state, &recorded, &who, before.as_ref(), &after);
        state = after_state;
    }
}

#[test]
fn every_kind_taken_for_one_that_only_adds_moves_a_sheet_as_its_nudged_fold_says() {
    // Over one event of every kind, each kind `adds_only` names, whatever it is.
    let mut state = CampaignState::default();
    let mut checked = 0;
    for recorded in every_kind_log() {
        let who = recorded
            .event
            .soldier()
            .and_then(|name| state.soldier(name))
            .map(|s| s.card.name.clone());
        let mut after_state = state.clone();
        crate::domain::fold::step(&mut after_state, recorded.version, Some(&recorded.event));
        if let Some(who) = who.filter(|_| sheet::adds_only(&recorded.event)) {
            let before = state.soldier(&who).map(Sheet::of);
            if let Some(after) = after_state.soldier(&who).map(Sheet::of) {
                assert_nudged_fold_agrees(&state, &recorded, &who, before.as_ref(), &after);
                checked += 1;
            }
        }
        state = after_state;
    }
    assert!(checked >= 6, "only {checked} events of the kinds that only add");
}

/// Asserts that `recorded`, taking `who`'s sheet from `before` to `after` on `state`, moves it
/// as its nudged fold says: what lets blame skip that fold for a kind that only adds.
fn assert_nudged_fold_agrees(
    state: &CampaignState,
    recorded: &RecordedEvent,
    who: &str,
    before: Option<&Sheet>,
    after: &Sheet,
) {
    let nudged = sheet::nudged_after(state.clone(), recorded, who, before, after);
    assert_eq!(
        changes(before, after, nudged.as_ref()),
        changes(before, after, None),
        "{:?}",
        recorded.event
    );
}
