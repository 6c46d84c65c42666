//! A paper campaign carried over: a Soldier's sheet and the squad's, once each, before play
//! recorded here; the next Mission numbered after the paper ones.

use crate::domain::event::{MedalDeckLoaded, SoldierCarriedOver, SquadCarriedOver};
use crate::domain::medals::MedalCard;
use crate::rules::tests::*;

fn soldier(name: &str) -> Command {
    Command::CarrySoldierOver {
        soldier: name.into(),
        xp: Some(7),
        wounds: Some(1),
        hardy: vec![("Cold".into(), 2)],
        medals: vec![("Bronze Star".into(), 2)],
        missions: Some(3),
        discipline: None,
        why: " the sheet of 12 May ".into(),
    }
}

fn carried(name: &str) -> Event {
    Event::SoldierCarriedOver(Box::new(SoldierCarriedOver {
        discipline: None,
        hardy: [("cold".to_owned(), 2)].into(),
        medals: vec![sticker("Bronze Star", 2)],
        missions: Some(3),
        soldier: name.into(),
        why: "the sheet of 12 May".into(),
        wounds: Some(1),
        xp: Some(7),
    }))
}

fn squad(rp_bank: Option<u32>, missions: Option<u32>) -> Command {
    Command::CarrySquadOver {
        rp_bank,
        missions,
        why: "the squad's sheet".into(),
    }
}

#[test]
fn a_soldier_s_sheet_replaces_the_numbers_it_gives_and_keeps_the_rest() {
    let state = given(modern_squad())
        .when(soldier("wong"))
        .then([carried("Wong")]);
    let wong = state.soldier("Wong").unwrap();
    assert_eq!((wong.xp, wong.wounds, wong.paper_missions), (7, 1, 3));
    assert_eq!(wong.hardy.get("cold"), Some(&2));
    assert_eq!(wong.medal_rp(), 2);
    assert!(wong.carried_over);
    let park = state.soldier("Park").unwrap();
    assert_eq!((park.xp, park.wounds, park.carried_over), (0, 0, false));
}

#[test]
fn a_soldier_is_carried_over_once_and_never_after_his_first_mission_here() {
    let mut log = modern_squad();
    log.push(carried("Wong"));
    given(log)
        .when(soldier("Wong"))
        .then_refused(&["carried over already"]);
    given(on_mission())
        .when(soldier("Wong"))
        .then_refused(&["went on Mission 1", "never rewritten as paper"]);
    // Gizmo stayed behind on Mission 1: he may still be carried over.
    let gizmo = Command::CarrySoldierOver {
        soldier: "Gizmo".into(),
        xp: None,
        wounds: None,
        hardy: Vec::new(),
        medals: Vec::new(),
        missions: None,
        discipline: Some(1),
        why: "sheet".into(),
    };
    let state = given(on_mission())
        .when(gizmo.clone())
        .then([Event::SoldierCarriedOver(Box::new(SoldierCarriedOver {
            discipline: Some(1),
            hardy: Default::default(),
            medals: Vec::new(),
            missions: None,
            soldier: "Gizmo".into(),
            why: "sheet".into(),
            wounds: None,
            xp: None,
        }))]);
    assert_eq!(state.soldier("Gizmo").and_then(|g| g.discipline), Some(1));
}

#[test]
fn a_sheet_out_of_range_or_empty_is_refused_naming_what_is_accepted() {
    let bare = |why: &str| Command::CarrySoldierOver {
        soldier: "Wong".into(),
        xp: None,
        wounds: None,
        hardy: Vec::new(),
        medals: Vec::new(),
        missions: None,
        discipline: None,
        why: why.into(),
    };
    given(modern_squad())
        .when(bare("sheet"))
        .then_refused(&["name at least one number", "--xp"]);
    let with = |f: &dyn Fn(&mut Command)| {
        let mut c = soldier("Wong");
        f(&mut c);
        c
    };
    given(modern_squad())
        .when(with(&|c| {
            if let Command::CarrySoldierOver { xp, .. } = c {
                *xp = Some(5000);
            }
        }))
        .then_refused(&["XP"]);
    given(modern_squad())
        .when(with(&|c| {
            if let Command::CarrySoldierOver { discipline, .. } = c {
                *discipline = Some(1);
            }
        }))
        .then_refused(&["is no K9"]);
    given(modern_squad())
        .when(with(&|c| {
            if let Command::CarrySoldierOver { medals, .. } = c {
                medals.push(("bronze star".into(), 1));
            }
        }))
        .then_refused(&["already carries the bronze star"]);
    given(modern_squad())
        .when(with(&|c| {
            if let Command::CarrySoldierOver { why, .. } = c {
                *why = "  ".into();
            }
        }))
        .then_refused(&["the reason is empty"]);
}

#[test]
fn the_squad_s_sheet_sets_the_bank_and_numbers_the_next_mission_after_the_paper_ones() {
    let state = given(modern_squad())
        .when(squad(Some(9), Some(4)))
        .then([Event::SquadCarriedOver(SquadCarriedOver {
            missions: Some(4),
            rp_bank: Some(9),
            why: "the squad's sheet".into(),
        })]);
    assert_eq!((state.rp_bank, state.paper_missions), (9, 4));
    assert!(state.on_paper(4).is_some_and(|m| m.contains("played on paper")));
    assert_eq!(state.on_paper(5), None);
    let mut log = modern_squad();
    log.push(Event::SquadCarriedOver(SquadCarriedOver {
        missions: Some(4),
        rp_bank: Some(9),
        why: "sheet".into(),
    }));
    given(log.clone())
        .when(start("Fifth", &["Wong"]))
        .then([mission_started(5, "Fifth", &["Wong"])]);
    given(log)
        .when(squad(Some(1), None))
        .then_refused(&["carried over already"]);
}

#[test]
fn the_squad_is_carried_over_only_before_the_first_mission_here() {
    given(on_mission())
        .when(squad(Some(9), None))
        .then_refused(&["Mission 1 is recorded in muster", "rp grant"]);
    given(modern_squad())
        .when(squad(None, None))
        .then_refused(&["--rp-bank N or --missions N"]);
    let mut log = modern_squad();
    log.push(carried("Wong"));
    given(log)
        .when(squad(None, Some(2)))
        .then_refused(&["Wong went on 3 Missions on paper"]);
}

#[test]
fn a_medal_carried_over_leaves_the_campaign_s_medal_deck() {
    let card = |name: &str| MedalCard {
        benefit: "+1 XP".into(),
        condition: "a Mission starts".into(),
        effects: Vec::new(),
        eliminate: false,
        face_down: false,
        name: name.into(),
        requirement: "survive".into(),
        rp: 2,
        turn_limit: None,
    };
    let mut log = modern_squad();
    log.push(Event::MedalDeckLoaded(MedalDeckLoaded {
        medals: vec![card("Bronze Star"), card("Silver Star")],
        nation: "US".into(),
    }));
    let state = given(log).when(soldier("Wong")).then([carried("Wong")]);
    let deck = state.medal_deck.unwrap();
    assert_eq!(deck.in_deck, ["Silver Star"]);
}

#[test]
fn a_soldier_s_missions_on_paper_number_the_next_mission_until_the_squad_s_sheet_says() {
    // Wong went on 3 Missions on paper: the campaign played at least 3 there.
    let state = given(modern_squad())
        .when(soldier("Wong"))
        .then([carried("Wong")]);
    assert_eq!(state.paper_missions, 3);
    let mut log = modern_squad();
    log.push(carried("Wong"));
    given(log.clone())
        .when(start("Fourth", &["Park"]))
        .then([mission_started(4, "Fourth", &["Park"])]);
    // The squad's sheet then says how many.
    log.push(Event::SquadCarriedOver(SquadCarriedOver {
        missions: Some(5),
        rp_bank: None,
        why: "sheet".into(),
    }));
    given(log)
        .when(start("Sixth", &["Park"]))
        .then([mission_started(6, "Sixth", &["Park"])]);
}

#[test]
fn a_soldier_carried_over_after_play_here_began_moves_no_mission_onto_paper() {
    let mut log = on_mission();
    log.push(enlisted(player("Reyes")));
    log.push(carried("Reyes"));
    let state = crate::rules::harness::Played::new(log).state();
    assert_eq!(state.paper_missions, 0);
    assert_eq!(state.on_paper(1), None);
}
