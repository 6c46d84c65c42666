//! A field of a Soldier's sheet, as blame names it (`medal_rp`, `hardy.cold`), in the roster
//! line's words and in the card's order, so every front end says and orders it alike.

use super::roster_line::columns;
use super::words::capitalized;
use crate::domain::Game;

/// A field's key as a heading: the roster's own heading where the roster has the field
/// (`medal_rp` is "Medal RP", `hardy.cold` "Hardy cold"), else its words (`prev_hash` is
/// "Prev hash").
pub fn heading(key: &str) -> String {
    let (field, rest) = key.split_once('.').unwrap_or((key, ""));
    let known = [Game::Wwii, Game::ZeroDark]
        .into_iter()
        .flat_map(|game| columns(game).iter())
        .find(|c| c.key == field)
        .map(|c| c.heading.to_owned());
    let head = known.unwrap_or_else(|| capitalized(&field.replace('_', " ")));
    if rest.is_empty() {
        head
    } else {
        format!("{head} {}", rest.replace(['_', '.'], " "))
    }
}

/// Where `key` stands among the roster's columns, for ordering a Soldier's fields as his
/// card does; a field the roster does not show comes after those it does.
pub fn rank(key: &str) -> usize {
    let field = key.split('.').next().unwrap_or(key);
    [Game::Wwii, Game::ZeroDark]
        .into_iter()
        .filter_map(|game| columns(game).iter().position(|c| c.key == field))
        .min()
        .unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_reads_as_the_roster_heads_it_and_sorts_as_the_card() {
        assert_eq!(heading("medal_rp"), "Medal RP");
        assert_eq!(heading("hardy.cold"), "Hardy cold");
        assert_eq!(heading("xp"), "XP");
        assert_eq!(heading("prev_hash"), "Prev hash");
        assert!(rank("wounds") < rank("xp") && rank("xp") < rank("medal_rp"));
        assert!(rank("hardy.cold") < rank("medals"));
        assert_eq!(rank("hardy.cold"), rank("hardy"));
        assert_eq!(rank("no_such"), usize::MAX);
    }
}
