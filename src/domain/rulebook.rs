//! The rulebooks muster plays, the expansions a campaign opts into, and which game each
//! belongs to: the gate every command and every event passes.
//!
//! Every command ([`crate::domain::command::Command::rulebook`]) and every event
//! ([`crate::domain::event::Event::rulebook`]) names its rulebook through a match the
//! compiler holds exhaustive, so a new one cannot slip past the gate.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::game::Game;

/// One body of rules, with the same name in every layer (`rules/k9`, `cli/k9.rs`…).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rulebook {
    /// What every game shares: the campaign, enlisting, Missions and turns, XP, dice seeds,
    /// rules versions, voids and the paper sheet.
    Campaign,
    /// Warfighter's core: Wounds, Suppress, statuses, Hostiles, RP and hand-awarded Medals.
    Warfighter,
    /// Warfighter's ability checks and Multiple Objectives (Canada #1, rule 001).
    Checks,
    /// Warfighter's Environment rolls and Hardy counters (Russia #2, rule 002).
    Environment,
    /// K9 & Handlers (Warfighter Modern Expansion #37, rule 000).
    K9,
    /// The Medals expansion's decks, draws and recipients (Warfighter WWII Expansion #44, rule 004).
    Medals,
    /// Horizon Wars: Zero Dark's heroes, bogeys, Spooks and allies (rule 003).
    ZeroDark,
}

impl Rulebook {
    /// The games it is played in.
    pub fn games(self) -> &'static [Game] {
        match self {
            Rulebook::Campaign => &[Game::Wwii, Game::Modern, Game::ZeroDark],
            Rulebook::Warfighter | Rulebook::Checks | Rulebook::Environment => &[Game::Wwii, Game::Modern],
            Rulebook::K9 => Expansion::K9.games(),
            Rulebook::Medals => Expansion::Medals.games(),
            Rulebook::ZeroDark => &[Game::ZeroDark],
        }
    }

    /// The expansion a campaign must use to play it, if any.
    pub fn expansion(self) -> Option<Expansion> {
        match self {
            Rulebook::K9 => Some(Expansion::K9),
            Rulebook::Medals => Some(Expansion::Medals),
            Rulebook::Campaign
            | Rulebook::Warfighter
            | Rulebook::Checks
            | Rulebook::Environment
            | Rulebook::ZeroDark => None,
        }
    }

    /// What a player is told when a campaign of `game` meets it: what it belongs to, and
    /// what this game uses instead.
    pub fn belongs(self, game: Game) -> String {
        match self {
            Rulebook::Warfighter => "Wounds, Suppress and Soldier statuses belong to Warfighter; record a hero's state with `muster hero-state`. Hostile cards belong to Warfighter; Zero Dark has bogeys (`muster bogey`, `muster target`). RP belongs to Warfighter; a Zero Dark team gains XP (`muster xp team N`)".to_owned(),
            Rulebook::Checks => "ability checks belong to Warfighter (heroes test their stats); Multiple Objectives belong to Warfighter".to_owned(),
            Rulebook::Environment => "Hardy counters and Environment rolls belong to Warfighter".to_owned(),
            Rulebook::K9 => "K9 Encounters belong to Warfighter Modern (the K9 & Handlers expansion)".to_owned(),
            Rulebook::Medals => "Medals belong to Warfighter WWII (the Medals expansion)".to_owned(),
            Rulebook::ZeroDark => format!(
                "heroes, bogeys and Spooks belong to Horizon Wars: Zero Dark, and this is a {game} campaign"
            ),
            Rulebook::Campaign => "every game shares the campaign's own commands".to_owned(),
        }
    }
}

/// An expansion a campaign opts into with `--expansion`, whose commands it then allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Expansion {
    /// K9 & Handlers (Warfighter Modern Expansion #37).
    K9,
    /// Medals (Warfighter WWII Expansion #44).
    Medals,
}

impl Expansion {
    /// Every expansion, in the order `--help` lists them.
    pub const ALL: [Expansion; 2] = [Expansion::K9, Expansion::Medals];

    /// The games it can be played with. The Medals expansion is WWII's, but muster lets a
    /// Modern campaign use it too (its decks are a Nation's, and the demo does).
    pub fn games(self) -> &'static [Game] {
        match self {
            Expansion::K9 => &[Game::Modern],
            Expansion::Medals => &[Game::Wwii, Game::Modern],
        }
    }

    /// Its name on the box.
    pub fn title(self) -> &'static str {
        match self {
            Expansion::K9 => "the K9 & Handlers expansion (Warfighter Modern Expansion #37)",
            Expansion::Medals => "the Medals expansion (Warfighter WWII Expansion #44)",
        }
    }

    /// The expansion a word names (`k9`, `medals`; any case), if any.
    pub fn named(word: &str) -> Option<Expansion> {
        Expansion::ALL
            .into_iter()
            .find(|e| e.to_string().eq_ignore_ascii_case(word.trim()))
    }
}

impl fmt::Display for Expansion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expansion::K9 => "k9",
            Expansion::Medals => "medals",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_expansion_is_named_by_its_word_in_any_case_and_a_typo_names_none() {
        assert_eq!(Expansion::named("K9"), Some(Expansion::K9));
        assert_eq!(Expansion::named(" medals "), Some(Expansion::Medals));
        assert_eq!(Expansion::named("medal"), None);
        for expansion in Expansion::ALL {
            assert_eq!(Expansion::named(&expansion.to_string()), Some(expansion));
        }
    }

    #[test]
    fn a_rulebook_of_an_expansion_is_played_in_the_games_of_that_expansion() {
        for book in [Rulebook::K9, Rulebook::Medals] {
            let expansion = book.expansion().map(Expansion::games);
            assert_eq!(expansion, Some(book.games()));
        }
        assert_eq!(Rulebook::Campaign.games().len(), 3, "every game");
    }
}
