//! The play page's "Now": the Mission in progress and its turn, who is on it, what the
//! Hostiles are drawn at, the K9 Objective, every decision and roll owed now (each one tap,
//! as the rules offer it), and the undo of the signed-in player's last command.

use muster::domain::soldier::Status;
use muster::projection::mission_words::{environments_line, game_name, objectives_line, zero_dark_lines};
use muster::projection::roster::Roster;
use muster::query::Offer;

use super::said::in_page_words;

/// What is happening now.
pub struct Now {
    pub game: &'static str,
    /// `Mission 4 'Hill 112', turn 2`, or that none is in progress.
    pub mission: String,
    pub lines: Vec<String>,
    pub offers: Vec<OfferView>,
    /// The signed-in player's last command that still stands.
    pub undo: Option<Undo>,
    /// No Mission is in progress: what comes next is starting one, which Now points to.
    pub idle: bool,
}

/// The signed-in player's last command that still stands, offered for an undo.
pub struct Undo {
    pub version: u64,
    pub summary: String,
    /// Why the rules would refuse to take it back now (later commands rest on it); empty
    /// when they would not.
    pub refused: String,
}

/// One command the rules were asked about.
pub struct OfferView {
    pub label: String,
    /// Its command line, as JSON: the server records it only while the rules still offer it.
    pub args: String,
    /// The rules' reason it may not be recorded now; empty when it may.
    pub refused: String,
    /// The sides of the die it rolls, when it rolls one: the keypad takes its face.
    pub keypad: Option<u8>,
    /// Each die's sides when it rolls more than one: a field each takes their faces.
    pub faces: Vec<u8>,
    /// True when it cannot be taken back at the table (a Soldier Killed, the Mission ended):
    /// it asks once more before it is sent.
    pub confirm: bool,
    /// Its form's id, from its command line: what the page's pending list knows it by.
    pub id: String,
    /// What its roll may be paid for first, a box each: the resource sent, and the card's
    /// words.
    pub pays: Vec<(String, String)>,
}

/// `offer` as the page shows it, among the rules' `offers` (which its reason may name).
pub fn view(offer: &Offer, offers: &[Offer]) -> OfferView {
    let first = |words: &[&str]| {
        offer
            .args
            .iter()
            .map(String::as_str)
            .take(words.len())
            .eq(words.iter().copied())
    };
    let id: String = offer
        .args
        .iter()
        .flat_map(|word| word.chars().chain(Some('-')))
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    OfferView {
        label: offer.label.clone(),
        args: serde_json::to_string(&offer.args).unwrap_or_default(),
        refused: offer
            .refused
            .as_deref()
            .map(|reason| in_page_words(reason, offers))
            .unwrap_or_default(),
        keypad: match offer.sides[..] {
            [sides] => Some(sides),
            _ => None,
        },
        faces: if offer.sides.len() > 1 {
            offer.sides.clone()
        } else {
            Vec::new()
        },
        confirm: first(&["kill"]) || first(&["mission", "end"]) || first(&["k9", "objective"]),
        id: format!("offer-{}", id.trim_end_matches('-')),
        pays: offer
            .pays
            .iter()
            .map(|pay| (pay.resource.to_string(), capitalised(&pay.to_string())))
            .collect(),
    }
}

/// `words` with a capital first letter, as a box's label starts.
fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// "Now" for `roster`, with the rules' `offers` for the Mission and the caller's `undo`.
pub fn now(roster: &Roster, offers: &[Offer], undo: Option<Undo>) -> Now {
    let mut lines = Vec::new();
    let mission = match &roster.mission {
        None => "No Mission in progress".to_owned(),
        Some(m) => {
            // Who went, each not fit to act said so (`Reyes (kia)`).
            let went: Vec<String> = m
                .soldiers
                .iter()
                .map(
                    |name| match roster.soldiers.iter().find(|s| &s.name == name).map(|s| s.status) {
                        Some(status) if status != Status::Active => format!("{name} ({status})"),
                        _ => name.clone(),
                    },
                )
                .collect();
            lines.push(format!("On it: {}", went.join(", ")));
            if roster.team_xp.is_none() {
                lines.push(format!("Hostiles drawn at {} RP", m.start_hostile_draw_rp));
            }
            if let Some(objective) = &m.k9_objective {
                lines.push(format!("K9 Objective: {objective}"));
            }
            lines.extend(objectives_line(m));
            lines.extend(environments_line(m));
            lines.extend(m.zero_dark.iter().flat_map(zero_dark_lines));
            format!("Mission {} '{}', turn {}", m.number, m.name, m.turn)
        }
    };
    Now {
        game: game_name(roster.game),
        mission,
        lines,
        // Every offer, as `muster now` lists them. What comes next for a Soldier at his Health
        // (his card offers it too) comes first: it is the table's to settle before it plays on.
        offers: offers
            .iter()
            .filter(|o| o.soldier.is_some())
            .chain(offers.iter().filter(|o| o.soldier.is_none()))
            .map(|o| view(o, offers))
            .collect(),
        undo,
        idle: roster.mission.is_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offer(args: &[&str], sides: &[u8]) -> Offer {
        Offer {
            label: "a step".to_owned(),
            args: args.iter().map(|w| (*w).to_owned()).collect(),
            refused: None,
            dice: sides.len(),
            sides: sides.to_vec(),
            soldier: None,
            pays: Vec::new(),
        }
    }

    #[test]
    fn one_die_takes_a_keypad_of_its_sides_and_more_take_a_field_each() {
        let check = view(&offer(&["k9", "roll"], &[10]), &[]);
        assert_eq!((check.keypad, check.faces.is_empty()), (Some(10), true));
        let pick = view(&offer(&["medal", "recipient", "Silver Star"], &[3]), &[]);
        assert_eq!(pick.keypad, Some(3));
        let two = view(&offer(&["environ", "Wong", "--location", "x"], &[10, 6]), &[]);
        assert_eq!((two.keypad, two.faces), (None, vec![10, 6]));
        let none = view(&offer(&["turn"], &[]), &[]);
        assert_eq!((none.keypad, none.faces.is_empty()), (None, true));
    }

    #[test]
    fn what_cannot_be_taken_back_at_the_table_asks_first() {
        assert!(view(&offer(&["kill", "Wong"], &[]), &[]).confirm);
        assert!(view(&offer(&["mission", "end", "--result", "success"], &[]), &[]).confirm);
        assert!(view(&offer(&["k9", "objective"], &[]), &[]).confirm);
        assert!(!view(&offer(&["down", "Wong"], &[]), &[]).confirm);
        assert!(!view(&offer(&["turn"], &[]), &[]).confirm);
    }

    #[test]
    fn each_offers_form_is_known_by_its_command_line() {
        let id = |args: &[&str]| view(&offer(args, &[]), &[]).id;
        assert_eq!(
            id(&["medal", "earn", "Silver Star"]),
            "offer-medal-earn-silver-star"
        );
        assert_ne!(
            id(&["resolve", "Wong", "hardy"]),
            id(&["resolve", "Wong", "wound"])
        );
    }
}
