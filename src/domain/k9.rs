//! K9 Encounter cards (Warfighter Modern, Expansion #37) as data: the card texts are not
//! public, so a player writes each card as JSON and muster enforces its structure.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The abilities K9 & Handlers names (rule 000): a K9's Bomb, Friendly, Rescue and Threat,
/// and a Handler's Handler, written as muster keeps ability names.
pub const ABILITIES: [&str; 5] = ["bomb", "friendly", "rescue", "threat", "handler"];

/// Who makes an Encounter roll, or suffers an effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Maker {
    K9,
    Handler,
}

/// What a paid modifier costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    /// The K9's Discipline counters.
    Discipline,
    /// The roller's XP.
    Xp,
    /// Cards discarded from the hand (recorded, not tracked).
    Discards,
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Resource::Discipline => "discipline",
            Resource::Xp => "xp",
            Resource::Discards => "discards",
        })
    }
}

/// An optional modifier the player may pay for before a roll: "pay 1 Discipline: +4".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaidOption {
    pub amount: u32,
    pub bonus: i32,
    pub resource: Resource,
}

impl fmt::Display for PaidOption {
    /// As a card words it: "pay 1 Discipline: +4", "discard 2 cards: +3".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let PaidOption {
            amount,
            bonus,
            resource,
        } = self;
        match resource {
            Resource::Discipline => write!(f, "pay {amount} Discipline: {bonus:+}"),
            Resource::Xp => write!(f, "pay {amount} XP: {bonus:+}"),
            Resource::Discards if *amount == 1 => write!(f, "discard 1 card: {bonus:+}"),
            Resource::Discards => write!(f, "discard {amount} cards: {bonus:+}"),
        }
    }
}

/// One roll in an Encounter's series: who makes it, with which ability and modifier.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EncounterRoll {
    /// The K9's Bomb, Friendly, Rescue or Threat, or the Handler's `handler` ability.
    pub ability: String,
    pub maker: Maker,
    #[serde(default)]
    pub modifier: i32,
    #[serde(default)]
    pub options: Vec<PaidOption>,
}

/// What happens to whom: `{"who": "both", "result": "wound", "amount": 1}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Effect {
    #[serde(default = "one")]
    pub amount: u32,
    pub result: EffectResult,
    pub who: Who,
}

fn one() -> u32 {
    1
}

/// Who an effect lands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    K9,
    Handler,
    Both,
}

/// An effect's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectResult {
    Wound,
    Suppress,
    Down,
    Kill,
}

/// A card's text for an outcome and the effects muster records for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    #[serde(default)]
    pub effects: Vec<Effect>,
    pub text: String,
}

/// The choice some cards give after a failed roll: accept the Failure, or make this fresh
/// roll at the risk of the major harm.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Retry {
    pub major: Outcome,
    pub roll: EncounterRoll,
}

/// A K9 Encounter card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EncounterCard {
    pub failure: Outcome,
    /// The number in the top right corner; it gives no XP.
    pub hostile_value: u32,
    /// Ignore: a d10 at or above this discards the Encounter; below, suffer the Failure.
    pub ignore_target: u8,
    pub name: String,
    #[serde(default)]
    pub retry: Option<Retry>,
    pub reward: String,
    /// The ordered rolls; the first one's maker is the card's top-most note.
    pub rolls: Vec<EncounterRoll>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paid_option_reads_as_the_card_words_it() {
        let said = |amount, bonus, resource| {
            PaidOption {
                amount,
                bonus,
                resource,
            }
            .to_string()
        };
        assert_eq!(said(1, 4, Resource::Discipline), "pay 1 Discipline: +4");
        assert_eq!(said(2, 1, Resource::Xp), "pay 2 XP: +1");
        assert_eq!(said(2, 3, Resource::Discards), "discard 2 cards: +3");
        assert_eq!(said(1, 2, Resource::Discards), "discard 1 card: +2");
    }
}
