//! Medal cards (Warfighter WWII, Expansion #44) as data: one deck file per Nation.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A benefit that changes a number the tracker keeps, recorded as its own event on earning.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum BenefitEffect {
    /// XP for the recipient.
    Xp { amount: u32 },
    /// Hardy counters of one type.
    Hardy { hardy: String, amount: u32 },
    /// A Skill card worth RP ("select 2 RP of Skills").
    Skill { name: String, rp: u32 },
}

/// One Medal card: its back's draw condition, its face's requirement and benefit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MedalCard {
    pub benefit: String,
    /// The condition on the card's back: when it is drawn.
    pub condition: String,
    #[serde(default)]
    pub effects: Vec<BenefitEffect>,
    /// The recipient must inflict every Suppression and EKIA on the named Hostile card.
    #[serde(default)]
    pub eliminate: bool,
    /// "Draw and leave face down": held aside until its condition is met.
    #[serde(default)]
    pub face_down: bool,
    pub name: String,
    pub requirement: String,
    pub rp: u32,
    /// Turns allowed to meet the requirement, counting the turn it is drawn.
    #[serde(default)]
    pub turn_limit: Option<u32>,
}

/// A Nation's Medal deck, as its card file holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MedalDeckFile {
    pub medals: Vec<MedalCard>,
    pub nation: String,
}

/// Where a Medal that was not earned goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MedalReturn {
    /// Shuffled back into the Nation's deck (the rule text's default).
    Deck,
    /// Discarded (the printed example).
    Discard,
}

/// A card a Soldier gains that is worth RP: a Skill, Equipment or a Service Record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RpCardKind {
    Skill,
    Equipment,
    ServiceRecord,
}

impl fmt::Display for RpCardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RpCardKind::Skill => "Skill",
            RpCardKind::Equipment => "Equipment",
            RpCardKind::ServiceRecord => "Service Record",
        })
    }
}

/// A Medal drawn and not yet earned or lost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawnMedal {
    /// The version of the event that drew it.
    pub drawn_at: u64,
    /// Still held aside face down.
    pub face_down: bool,
    /// The Hostile card an Eliminate Medal is about.
    pub hostile: Option<String>,
    pub mission: u32,
    pub name: String,
    /// The potential recipient, once rolled.
    pub recipient: Option<String>,
    pub turn: u32,
    /// The turn a face-down card was revealed in, from which (rules 10) its turn limit runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revealed_turn: Option<u32>,
}

/// Where every card of the campaign's Medal deck is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MedalDeck {
    pub cards: Vec<MedalCard>,
    pub discarded: Vec<String>,
    pub drawn: Vec<DrawnMedal>,
    pub earned: Vec<String>,
    /// Face down in the deck.
    pub in_deck: Vec<String>,
    pub nation: String,
}

impl MedalDeck {
    /// The card named `name` (any case).
    pub fn card(&self, name: &str) -> Option<&MedalCard> {
        self.cards.iter().find(|c| c.name.eq_ignore_ascii_case(name))
    }

    /// The card `name` names as a player may type it: in any case, however spaced.
    pub fn printed(&self, name: &str) -> Option<&MedalCard> {
        self.cards.iter().find(|c| one_name(&c.name, name))
    }

    /// The drawn Medal named `name` (any case).
    pub fn drawn(&self, name: &str) -> Option<&DrawnMedal> {
        self.drawn.iter().find(|d| d.name.eq_ignore_ascii_case(name))
    }
}

/// A card worth RP that a Soldier holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldRpCard {
    pub kind: RpCardKind,
    pub name: String,
    pub rp: u32,
}

/// Whether two names on cards are one: the same words in any case, however spaced (a Medal's,
/// a Hostile card's, the card a check is made on).
pub fn one_name(a: &str, b: &str) -> bool {
    a.split_whitespace()
        .map(str::to_lowercase)
        .eq(b.split_whitespace().map(str::to_lowercase))
}
