//! The chronicle told from events: what each report holds, voided events left out, and the
//! faces' test against a fair die.

use super::faces::Tally;
use super::teller::{Row, Teller};
use super::*;
use crate::domain::Game;
use crate::domain::event::{Event, NoteWritten};
use crate::domain::fold::step;
use crate::domain::state::CampaignState;
use crate::rules::tests::{created, enlisted, every_kind, mission_started, player};

/// Tells `events` (version = place + 1, one command each), the commands in `voided` left
/// out as the log reads them now.
fn told(events: &[Event], voided: &[u64]) -> Chronicle {
    let mut teller = Teller::new("Lodestar");
    let mut state = CampaignState::default();
    for (i, event) in events.iter().enumerate() {
        let version = i as u64 + 1;
        let event = (!voided.contains(&version)).then_some(event);
        step(&mut state, version, event);
        let id = format!("c{version}");
        teller.row(
            &Row {
                version,
                command_id: &id,
                recorded_at: "2026-12-01T20:00:00Z",
                event,
            },
            &state,
        );
    }
    teller.told(Game::Modern, 0)
}

fn note(text: &str, mission: Option<u32>) -> Event {
    Event::NoteWritten(NoteWritten {
        mission,
        soldier: None,
        text: text.into(),
    })
}

fn squad() -> Vec<Event> {
    vec![
        created(Game::Modern),
        enlisted(player("Wong")),
        enlisted(player("Park")),
    ]
}

#[test]
fn a_note_voided_leaves_the_story_and_the_void_is_told_with_its_mission() {
    let mut events = squad();
    events.push(note("before the war", None));
    events.push(mission_started(1, "Dawn Raid", &["Wong", "Park"]));
    events.push(note("Park froze", Some(1)));
    events.push(note("Wong carried Park out", Some(1)));
    events.push(Event::CommandVoided(crate::domain::event::CommandVoided {
        command_id: "c6".into(),
        disproofs: Vec::new(),
        version: 6,
        why: "unkind".into(),
    }));
    let c = told(&events, &[6]);
    assert_eq!(c.notes.len(), 1);
    assert_eq!(c.notes[0].text, "before the war");
    let m = &c.missions[0];
    let texts: Vec<&str> = m.notes.iter().map(|n| n.text.as_str()).collect();
    assert_eq!(texts, ["Wong carried Park out"]);
    assert_eq!(
        m.disputes,
        [Dispute {
            version: 8,
            voided: 6,
            why: "unkind".into()
        }]
    );
}

#[test]
fn every_kind_of_event_is_told_without_a_panic() {
    let mut events = squad();
    events.push(mission_started(1, "Dawn Raid", &["Wong", "Park"]));
    events.extend(
        every_kind()
            .into_iter()
            .filter(|e| !matches!(e, Event::CampaignCreated(_))),
    );
    let c = told(&events, &[]);
    assert_eq!(c.missions.first().map(|m| m.number), Some(1));
}

#[test]
fn faces_of_a_fair_looking_die_pass_and_a_loaded_one_fails() {
    let mut even = Tally::default();
    for face in 1..=10 {
        for _ in 0..10 {
            even.add(face);
        }
    }
    let faces = even.faces();
    assert_eq!(faces.rolls, 100);
    assert_eq!(faces.counts, vec![10; 10]);
    assert!((faces.expected - 10.0).abs() < 1e-9);
    assert_eq!(faces.chi_square, Some(0.0));
    assert!(faces.p_value.is_some_and(|p| (p - 1.0).abs() < 1e-9));
    assert_eq!(faces.warning, None);

    let mut loaded = Tally::default();
    for _ in 0..60 {
        loaded.add(10);
    }
    let faces = loaded.faces();
    // Nine faces 6 short and one 54 over: 9 × 36/6 + 54²/6 = 54 + 486.
    assert!(faces.chi_square.is_some_and(|x| (x - 540.0).abs() < 1e-9));
    assert!(faces.p_value.is_some_and(|p| p < 1e-6));
}

#[test]
fn a_chi_square_of_the_table_value_gives_its_p() {
    // 100 rolls: 20 ones, 5 twos, 5 tens and 10 of every other face.
    let mut tally = Tally::default();
    for (face, count) in [
        (1, 20),
        (2, 5),
        (3, 10),
        (4, 10),
        (5, 10),
        (6, 10),
        (7, 10),
        (8, 10),
        (9, 10),
        (10, 5),
    ] {
        for _ in 0..count {
            tally.add(face);
        }
    }
    let faces = tally.faces();
    // (100 + 25 + 25) / 10 = 15.
    assert!(faces.chi_square.is_some_and(|x| (x - 15.0).abs() < 1e-9));
    // P(X² ≥ 15) with 9 degrees of freedom is 0.0909 (tables give 14.684 at 0.10, 16.919 at 0.05).
    assert!(
        faces.p_value.is_some_and(|p| p > 0.05 && p < 0.10),
        "{:?}",
        faces.p_value
    );
}

#[test]
fn too_few_rolls_carry_a_warning_and_a_face_off_the_die_is_not_counted() {
    let mut tally = Tally::default();
    tally.add(3);
    tally.add(0);
    tally.add(11);
    let faces = tally.faces();
    assert_eq!(faces.rolls, 1);
    assert!(faces.warning.as_deref().is_some_and(|w| w.contains("too few")));
    assert!(Tally::default().faces().chi_square.is_none());
}

/// A check Wong rolled on `die`, typed in from a real die.
fn checked_on(die: &str, face: u8) -> Event {
    use crate::domain::event::{CheckRolled, Heading};
    use crate::domain::roll::{Roll, Source};
    Event::CheckRolled(Box::new(CheckRolled {
        ability: "handler".into(),
        card: None,
        heading: Heading::Success,
        roll: Roll {
            costs: vec![],
            dice: None,
            die: die.into(),
            faces: vec![face],
            purpose: "handler check".into(),
            modifiers: vec![],
            source: Some(Source::Entered),
            success: true,
            target: Some(1),
            total: Some(i32::from(face)),
            who: "Wong".into(),
        },
        soldier: "Wong".into(),
        trap: false,
        upgunned: false,
    }))
}

#[test]
fn the_faces_counted_are_those_of_every_roll_the_fold_reads_as_a_d10() {
    let mut events = squad();
    events.push(mission_started(1, "Dawn Raid", &["Wong", "Park"]));
    // The fold reads a die as `d` and its sides (`Roll::sides`): "d010" is a d10 to it.
    for (die, face) in [("d10", 3), ("d010", 4), ("d6", 5), ("d00", 6)] {
        events.push(checked_on(die, face));
    }
    let entered = told(&events, &[]).statistics.faces.entered;
    assert_eq!(entered.rolls, 2);
    assert_eq!(entered.counts, [0, 0, 1, 1, 0, 0, 0, 0, 0, 0]);
}

fn ended(mission: u32) -> Event {
    Event::MissionEnded(crate::domain::event::MissionEnded {
        mission,
        result: crate::domain::MissionResult::Success,
        rp_award: None,
    })
}

#[test]
fn a_note_is_told_with_the_mission_it_names_whenever_it_was_written() {
    let mut events = squad();
    events.push(mission_started(1, "Dawn Raid", &["Wong", "Park"]));
    events.push(ended(1));
    events.push(note("after the raid, about it", Some(1)));
    events.push(mission_started(2, "Night Drop", &["Wong"]));
    events.push(note("still thinking of the raid", Some(1)));
    events.push(note("on the drop", Some(2)));
    events.push(ended(2));
    events.push(note("between Missions", None));
    let c = told(&events, &[]);
    let texts = |notes: &[Note]| notes.iter().map(|n| n.text.clone()).collect::<Vec<_>>();
    assert_eq!(
        texts(&c.missions[0].notes),
        ["after the raid, about it", "still thinking of the raid"]
    );
    assert_eq!(texts(&c.missions[1].notes), ["on the drop"]);
    assert_eq!(texts(&c.notes), ["between Missions"]);
}

#[test]
fn stickers_taken_off_a_downed_soldier_are_told_with_the_mission() {
    use crate::domain::event::{MedalAwarded, MedalSticker, MedalStickersRemoved};
    let sticker = |name: &str| MedalSticker {
        name: name.into(),
        rp: 2,
    };
    let mut events = squad();
    events.push(mission_started(1, "Dawn Raid", &["Wong", "Park"]));
    events.push(Event::MedalAwarded(MedalAwarded {
        medal: sticker("Bronze Star"),
        soldier: "Park".into(),
        why: "held the line".into(),
    }));
    events.push(Event::MedalStickersRemoved(MedalStickersRemoved {
        because: "downed".into(),
        medals: vec![sticker("Bronze Star"), sticker("Silver Star")],
        soldier: "Park".into(),
    }));
    let c = told(&events, &[]);
    let lines: Vec<(&str, &str)> = c.missions[0]
        .medals
        .iter()
        .map(|m| (m.medal.as_str(), m.what.as_str()))
        .collect();
    assert_eq!(
        lines,
        [
            ("Bronze Star", "awarded"),
            ("Bronze Star", "removed (downed)"),
            ("Silver Star", "removed (downed)")
        ]
    );
    assert!(
        c.missions[0].medals[1..]
            .iter()
            .all(|m| m.soldier.as_deref() == Some("Park"))
    );
}

#[test]
fn a_mission_tells_the_rp_of_those_who_went_as_its_end_line_does() {
    use crate::domain::event::SoldierNamed;
    let worth = |name: &str, rp: u32| enlisted(crate::domain::soldier::SoldierCard { rp, ..player(name) });
    let events = vec![
        created(Game::Modern),
        worth("Wong", 8),
        worth("Park", 6),
        worth("Reyes", 3),
        mission_started(1, "Dawn Raid", &["Wong", "Park"]),
        Event::Killed(SoldierNamed {
            soldier: "Park".into(),
        }),
        ended(1),
    ];
    let m = &told(&events, &[]).missions[0];
    // Those who went: 8 + 6 at the start, Wong's 8 left; the squad on the books: 8 + 3.
    assert_eq!((m.start_rp, m.surviving_rp, m.squad_rp), (14, 8, 11));
}

#[test]
fn a_bogey_put_down_and_then_made_dead_is_one_ekia_in_the_mission_and_the_campaign() {
    use crate::domain::event::BogeyAction;
    let hit = |bogey: &str| BogeyAction {
        bogey: bogey.into(),
        by: "Wong".into(),
    };
    let mut events = squad();
    events.push(mission_started(1, "Dawn Raid", &["Wong", "Park"]));
    events.push(Event::BogeyDowned(hit("Boss")));
    events.push(Event::BogeyKilled(hit("Boss")));
    events.push(Event::BogeyKilled(hit("Grunt")));
    let c = told(&events, &[]);
    let counted = |ekia: &[report::Ekia]| {
        ekia.iter()
            .map(|e| (e.soldier.clone(), e.count))
            .collect::<Vec<_>>()
    };
    assert_eq!(counted(&c.missions[0].ekia), [("Wong".to_owned(), 2)]);
    assert_eq!(counted(&c.statistics.ekia), [("Wong".to_owned(), 2)]);
}
