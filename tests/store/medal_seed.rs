//! A Medal's recipient (rule 004) rolled by muster: the face is generated from the seed the
//! campaign committed to, so anyone holding the file's seed can roll it again and find the
//! same Soldier.

use muster::catalog::medal_deck;
use muster::dice::Seed;
use muster::domain::roll::Source;
use muster::domain::soldier::{SoldierCard, SoldierKind};

use super::*;

const ORTONA: &str = "Ortona";

/// The Mission's Soldiers, in the order the recipient die counts them.
const SOLDIERS: [&str; 3] = ["Baker", "Dubois", "Fraser"];

fn rifleman(name: &str) -> SoldierCard {
    SoldierCard {
        name: name.to_owned(),
        kind: SoldierKind::Player,
        rp: 8,
        health: Some(3),
        abilities: Default::default(),
        keywords: vec![],
        discipline: None,
        handler: None,
        hardy: Default::default(),
        stats: None,
        specialism: None,
    }
}

/// `ORTONA`, a WWII Canada campaign with the Medals expansion and the Canadian deck, with
/// `SOLDIERS` on Mission 1 and the Military Medal drawn.
fn ortona_with_a_medal_drawn(store: &mut Store) -> Result<(), muster::Error> {
    let create = Command::CreateCampaign {
        commands_kept: true,
        game: Game::Wwii,
        nation: Some("Canada".to_owned()),
        expansions: vec![muster::domain::rulebook::Expansion::Medals],
    };
    app::create_campaign(store, ORTONA, &create, &clock())?;
    let deck = medal_deck::parse(include_str!("../../fixtures/cards/medals-canada.json"), "deck")?;
    app::execute(store, ORTONA, &Command::LoadMedalDeck(deck), &clock())?;
    for name in SOLDIERS {
        app::execute(
            store,
            ORTONA,
            &Command::Enlist(Box::new(rifleman(name))),
            &clock(),
        )?;
    }
    let start = Command::StartMission {
        name: "Ortona".to_owned(),
        soldiers: SOLDIERS.map(str::to_owned).to_vec(),
        objectives: None,
        k9_objective: None,
        environments: vec![],
    };
    app::execute(store, ORTONA, &start, &clock())?;
    let draw = Command::DrawMedal {
        medal: "Military Medal".to_owned(),
        trigger: "Location: the Church".to_owned(),
        hostile: None,
    };
    app::execute(store, ORTONA, &draw, &clock())?;
    Ok(())
}

#[test]
fn a_generated_medal_recipient_is_the_candidate_at_the_face_the_held_seed_gives() -> Result<(), muster::Error>
{
    let (_dir, path, mut store) = new_db();
    ortona_with_a_medal_drawn(&mut store)?;
    let roll_recipient = Command::RollMedalRecipient {
        medal: "Military Medal".to_owned(),
    };
    let written = app::execute_rolling(&mut store, ORTONA, &roll_recipient, &[], &clock())?;
    let [Event::MedalRecipientRolled(rolled)] = written.events.as_slice() else {
        panic!(
            "expected one medal_recipient_rolled event, got {:?}",
            written.events
        );
    };
    assert_eq!(rolled.candidates, SOLDIERS);
    assert_eq!(rolled.roll.die, "d3");
    assert_eq!(rolled.roll.source, Some(Source::Generated));
    let dice = rolled
        .roll
        .dice
        .as_ref()
        .expect("a generated face records its key");
    assert_eq!((dice.version, dice.index), (written.first_version, 0));
    let committed = app::load(&store, ORTONA)?.1.seed_commitment;
    assert_eq!(committed.as_deref(), Some(dice.commitment.as_str()));

    // Recomputed from the seed the file holds, read back after reopening it.
    drop(store);
    let store = Store::open(&path)?;
    let held = store
        .seed(ORTONA, &dice.commitment)?
        .expect("the file holds the campaign's seed");
    let seed = Seed::from_hex(&held).expect("the held seed is 64 hex digits");
    assert_eq!(seed.commitment(), dice.commitment);
    let face = seed.face(ORTONA, dice.version, dice.index, 3);
    assert!((1..=3).contains(&face), "{face}");
    assert_eq!(rolled.roll.faces, [face]);
    assert_eq!(rolled.roll.total, Some(i32::from(face)));
    assert_eq!(rolled.recipient, SOLDIERS[usize::from(face) - 1]);

    // The stored row says the same as the decided event.
    let row = row_at(&store, ORTONA, written.first_version);
    assert_eq!(row.kind, "medal_recipient_rolled");
    let stored = payload(&row);
    assert_eq!(stored["recipient"], rolled.recipient.as_str());
    assert_eq!(stored["roll"]["faces"], serde_json::json!([face]));
    assert_eq!(stored["roll"]["dice"]["version"], dice.version);
    let report = muster::verify::verify(ORTONA, &all_rows(&store, ORTONA));
    assert!(report.ok, "{:?}", report.findings);
    Ok(())
}
