//! How the evidence pages say things in the command line's words: a field's name as a heading,
//! a time as the viewer's clock shows it, and a hash shortened as the command line prints it.

use muster::domain::Game;
use muster::projection::roster_line::columns;

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

/// A log's kind in words: `discipline_reset` is "discipline reset".
pub fn kind(kind: &str) -> String {
    kind.replace('_', " ")
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A time as the log keeps it (RFC 3339, UTC): the stamp a `<time>` carries, and its words
/// until the page's script says it in the viewer's own time: `2026-12-02 14:05 UTC`.
pub struct When {
    pub stamp: String,
    pub words: String,
}

pub fn when(recorded_at: &str) -> When {
    let words = chrono::DateTime::parse_from_rfc3339(recorded_at)
        .map(|t| t.format("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_else(|_| recorded_at.to_owned());
    When {
        stamp: recorded_at.to_owned(),
        words,
    }
}

/// A hash as the command line prints it: its first 20 hex digits.
pub fn short(hash: &str) -> String {
    hash.chars().take(20).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_read_as_the_roster_heads_them() {
        assert_eq!(heading("medal_rp"), "Medal RP");
        assert_eq!(heading("hardy.cold"), "Hardy cold");
        assert_eq!(heading("xp"), "XP");
        assert_eq!(heading("prev_hash"), "Prev hash");
        assert!(rank("wounds") < rank("xp"));
        assert!(rank("hardy.cold") < rank("medals"));
        assert_eq!(rank("elsewhere"), usize::MAX);
    }

    #[test]
    fn a_time_reads_in_words_and_keeps_its_stamp() {
        let at = when("2026-12-02T01:07:55Z");
        assert_eq!(at.words, "2026-12-02 01:07 UTC");
        assert_eq!(at.stamp, "2026-12-02T01:07:55Z");
        assert_eq!(when("not a time").words, "not a time");
    }
}
