//! What a Soldier is on paper: his kind, his card (abilities, keywords, stats) and his status.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// True when two Soldier names are the same name, compared without case (any script).
pub fn same_name(a: &str, b: &str) -> bool {
    super::names::same(a, b)
}

/// The kind of a Soldier card, as the rulebooks name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SoldierKind {
    /// A Player Soldier.
    Player,
    /// A Non-Player Soldier.
    Nps,
    /// A Squad Soldier.
    Squad,
    /// A K9 Soldier (Warfighter Modern, Expansion #37).
    K9,
    /// A Horizon Wars: Zero Dark hero.
    Hero,
}

impl fmt::Display for SoldierKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SoldierKind::Player => "player",
            SoldierKind::Nps => "nps",
            SoldierKind::Squad => "squad",
            SoldierKind::K9 => "k9",
            SoldierKind::Hero => "hero",
        })
    }
}

/// Where a Soldier stands in the campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Fit for duty.
    Active,
    /// Suffered a Downed result; may be returned to duty.
    Downed,
    /// Killed in action; final.
    Kia,
    /// Left the campaign alive; final.
    Discharged,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Active => "active",
            Status::Downed => "downed",
            Status::Kia => "kia",
            Status::Discharged => "discharged",
        })
    }
}

/// The longest Soldier name accepted, in characters.
pub const MAX_SOLDIER_NAME: usize = 40;

/// An ability's target number, with its Upgunned target when the card prints one.
///
/// `Bomb 5+ [4+]` is `Ability { target: 5, upgunned: Some(4) }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ability {
    pub target: u8,
    pub upgunned: Option<u8>,
}

impl FromStr for Ability {
    type Err = String;

    /// Reads a target as players write it: `7`, `7+`, `5/4` or `5+ [4+]`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || {
            format!(
                "'{text}' is not an ability target: write it as on the card, e.g. 7, 7+, 5/4 or \"5+ [4+]\", with numbers 1 to 10"
            )
        };
        let cleaned: String = text
            .chars()
            .map(|c| if c == '[' || c == ']' || c == '+' { ' ' } else { c })
            .collect();
        let cleaned = cleaned.replace('/', " ");
        let numbers: Vec<&str> = cleaned.split_whitespace().collect();
        let parse = |word: &str| {
            word.parse::<u8>()
                .ok()
                .filter(|n| (1..=10).contains(n))
                .ok_or_else(bad)
        };
        match numbers.as_slice() {
            [target] => Ok(Ability {
                target: parse(target)?,
                upgunned: None,
            }),
            [target, upgunned] => Ok(Ability {
                target: parse(target)?,
                upgunned: Some(parse(upgunned)?),
            }),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.upgunned {
            Some(up) => write!(f, "{}+ [{}+]", self.target, up),
            None => write!(f, "{}+", self.target),
        }
    }
}

/// A Zero Dark hero's stat line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Acuity.
    pub a: u8,
    /// Discipline.
    pub d: u8,
    /// Fight.
    pub f: u8,
    /// Mobility.
    pub m: u8,
}

/// A Soldier's card as enlisted: everything printed on it that the tracker uses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoldierCard {
    /// Ability name (lowercase) to its target, e.g. `handler` → 7+.
    #[serde(default)]
    pub abilities: BTreeMap<String, Ability>,
    /// A K9's Discipline stat.
    pub discipline: Option<u32>,
    /// A K9's Handler, by name.
    pub handler: Option<String>,
    /// Hardy counters the card starts with, by type.
    #[serde(default)]
    pub hardy: BTreeMap<String, u32>,
    pub health: Option<u32>,
    /// Keywords such as `enduring` or `fire`, lowercase.
    #[serde(default)]
    pub keywords: Vec<String>,
    pub kind: SoldierKind,
    pub name: String,
    /// The card's RP cost.
    pub rp: u32,
    /// A Zero Dark hero's specialism.
    pub specialism: Option<String>,
    /// A Zero Dark hero's stats.
    pub stats: Option<Stats>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_same_without_case_in_any_script() {
        assert!(same_name("Wong", "wONG"));
        assert!(!same_name("Wong", "Wang"));
        assert!(!same_name("Wong", "Wong "));
        assert!(same_name("Łukasz", "łUKASZ"));
        assert!(same_name("ΟΔΟΣ", "οδος"));
        // The Kelvin sign lowercases to an ASCII k.
        assert!(same_name("\u{212A}ane", "kane"));
        assert!(!same_name("Łukasz", "Lukasz"));
    }

    #[test]
    fn ability_targets_read_as_printed_on_the_card() {
        let plain: Ability = "7+".parse().unwrap();
        assert_eq!(
            plain,
            Ability {
                target: 7,
                upgunned: None
            }
        );
        let upgunned: Ability = "5+ [4+]".parse().unwrap();
        assert_eq!(
            upgunned,
            Ability {
                target: 5,
                upgunned: Some(4)
            }
        );
        assert_eq!("5/4".parse::<Ability>().unwrap(), upgunned);
        assert_eq!(upgunned.to_string(), "5+ [4+]");
    }

    #[test]
    fn ability_targets_outside_the_die_are_refused() {
        for bad in ["0", "11", "", "seven", "5 4 3", "-3"] {
            assert!(bad.parse::<Ability>().is_err(), "{bad:?} was accepted");
        }
    }
}
