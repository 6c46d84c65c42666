//! How a Soldier's values read as words, on every roster: stats, Allies, Medal stickers,
//! abilities and keywords as the card prints them, and the Missions he went on.

use crate::domain::event::MedalSticker;
use crate::domain::soldier::{Ability, Stats};
use crate::domain::zero_dark::Ally;

/// A hero's stats: `M3 F2 A4 D3`.
pub fn stats_words(st: Stats) -> String {
    format!("M{} F{} A{} D{}", st.m, st.f, st.a, st.d)
}

/// An Ally's name, with `(Dependent)` and `(dead)` as they apply.
pub fn ally(a: &Ally) -> String {
    let mut name = a.name.clone();
    if a.dependent {
        name.push_str(" (Dependent)");
    }
    if a.dead {
        name.push_str(" (dead)");
    }
    name
}

/// A Medal sticker: `Bronze Star (2 RP)`.
pub fn medal(m: &MedalSticker) -> String {
    format!("{} ({} RP)", m.name, m.rp)
}

/// An ability as a card prints it: `Handler 7+`, `Medic 6+ [4+]` with an Upgunned target.
pub fn ability(name: &str, target: Ability) -> String {
    format!("{} {target}", capitalized(name))
}

/// `word` with its first letter a capital: a keyword as a card prints it.
pub fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The Missions a Soldier was taken on, consecutive ones as a run: `1–3, 5`.
///
/// A run is joined by an en dash, never a hyphen, so that a spreadsheet does not read `1-3`
/// as a date.
pub fn mission_runs(missions: &[u32]) -> String {
    let mut sorted = missions.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for n in sorted {
        match runs.last_mut() {
            Some((_, last)) if last.checked_add(1) == Some(n) => *last = n,
            _ => runs.push((n, n)),
        }
    }
    runs.iter()
        .map(|&(first, last)| {
            if first == last {
                first.to_string()
            } else {
                format!("{first}\u{2013}{last}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missions_read_as_runs() {
        assert_eq!(mission_runs(&[]), "");
        assert_eq!(mission_runs(&[4]), "4");
        assert_eq!(mission_runs(&[1, 2, 3, 5]), "1\u{2013}3, 5");
        assert_eq!(mission_runs(&[5, 1, 2, 2, 7, 8]), "1\u{2013}2, 5, 7\u{2013}8");
        assert_eq!(
            mission_runs(&[u32::MAX - 1, u32::MAX]),
            format!("{}\u{2013}{}", u32::MAX - 1, u32::MAX)
        );
    }

    #[test]
    fn abilities_and_keywords_read_as_printed() {
        let upgunned = Ability {
            target: 6,
            upgunned: Some(4),
        };
        assert_eq!(ability("medic", upgunned), "Medic 6+ [4+]");
        let plain = Ability {
            target: 7,
            upgunned: None,
        };
        assert_eq!(ability("handler", plain), "Handler 7+");
        assert_eq!(capitalized("enduring"), "Enduring");
        assert_eq!(capitalized("łowca"), "Łowca");
    }
}
