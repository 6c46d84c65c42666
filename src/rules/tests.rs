//! Given/when/then tests of the rules, one scenario each.

use super::harness::given;
use crate::domain::command::{Command, Harm};
use crate::domain::event::*;
use crate::domain::soldier::{SoldierCard, SoldierKind};
use crate::domain::Game;

fn created(game: Game) -> Event {
    Event::CampaignCreated(CampaignCreated {
        game,
        nation: None,
        expansions: vec![],
    })
}

fn card(name: &str, kind: SoldierKind) -> SoldierCard {
    SoldierCard {
        name: name.into(),
        kind,
        rp: 4,
        health: None,
        abilities: Default::default(),
        keywords: vec![],
        discipline: None,
        handler: None,
        hardy: Default::default(),
        stats: None,
        specialism: None,
    }
}

fn enlisted(card: SoldierCard) -> Event {
    Event::SoldierEnlisted(SoldierEnlisted { card })
}

#[test]
fn healing_more_wounds_than_he_has_is_refused() {
    given([
        created(Game::Modern),
        enlisted(card("Wong", SoldierKind::Player)),
        Event::Wounded(SoldierAmount { soldier: "Wong".into(), amount: 1 }),
    ])
    .when(Command::Harm { harm: Harm::Heal, soldier: "wong".into(), amount: 2 })
    .then_refused(&["Wong has 1 Wound", "heal at most 1"]);
}
