//! The names a command line completes: the campaign's Soldiers, Medals, bogeys and Allies
//! as the state at its head has them, each with a word about it.

use serde::Serialize;

use super::Query;
use crate::Error;
use crate::checkpoint;

/// A name and a few words about it, as a completion shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Named {
    pub name: String,
    pub about: String,
}

/// The names of one campaign, by what they name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Names {
    pub soldiers: Vec<Named>,
    pub medals: Vec<Named>,
    pub bogeys: Vec<Named>,
    pub allies: Vec<Named>,
}

impl Query<'_> {
    /// The names of the campaign at its head.
    pub fn names(&self) -> Result<Names, Error> {
        let state = checkpoint::state_at(self.store, self.campaign, None)?;
        let soldiers = state
            .soldiers
            .iter()
            .map(|s| Named {
                name: s.card.name.clone(),
                about: format!("{}, {}, {} XP", s.card.kind, s.status, s.xp),
            })
            .collect();
        let medals = state.medal_deck.iter().flat_map(|deck| {
            deck.cards.iter().map(|card| Named {
                name: card.name.clone(),
                about: format!("Medal, {} RP", card.rp),
            })
        });
        let bogeys = state.mission.iter().flat_map(|m| {
            m.zero_dark.bogeys.iter().map(|b| Named {
                name: b.name.clone(),
                about: format!("bogey of Mission {}", m.number),
            })
        });
        let allies = state.soldiers.iter().flat_map(|hero| {
            hero.allies.iter().map(|ally| Named {
                name: ally.name.clone(),
                about: format!("{}'s Ally", hero.card.name),
            })
        });
        Ok(Names {
            soldiers,
            medals: medals.collect(),
            bogeys: bogeys.collect(),
            allies: allies.collect(),
        })
    }
}
