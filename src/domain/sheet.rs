//! A Soldier's paper sheet: his numbers by field name, as `assert` records them and
//! `verify` and `blame` read them.

use std::fmt;

use super::soldier::{SoldierKind, Status};
use super::state::SoldierState;
use super::zero_dark::HeroState;

/// The fields a paper sheet can state; `hardy.TYPE` names one Hardy type.
pub const FIELDS: &[&str] = &[
    "wounds",
    "suppress",
    "xp",
    "status",
    "discipline",
    "rp",
    "medal_rp",
    "medals",
    "state",
];

/// True when `field` is one a sheet can state.
pub fn is_field(field: &str) -> bool {
    FIELDS.contains(&field) || field.strip_prefix("hardy.").is_some_and(|t| !t.is_empty())
}

/// The Soldier's value of `field`, written as a player would write it on paper; `None` for
/// a field he does not have (Discipline of a Soldier who is not a K9, the state of a
/// Soldier who is not a hero).
pub fn value(soldier: &SoldierState, field: &str) -> Option<String> {
    reading(soldier, field).map(|r| r.to_string())
}

/// One field's value as the state holds it: a number, or one of the words a sheet writes.
/// Compared without being written out, as blame compares a sheet after every event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    Number(i64),
    Status(Status),
    HeroState(HeroState),
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reading::Number(n) => write!(f, "{n}"),
            Reading::Status(status) => write!(f, "{status}"),
            Reading::HeroState(state) => write!(f, "{state}"),
        }
    }
}

/// The Soldier's value of `field` unwritten; `None` for a field he does not have.
pub fn reading(soldier: &SoldierState, field: &str) -> Option<Reading> {
    if let Some(hardy) = field.strip_prefix("hardy.") {
        return Some(Reading::Number(
            soldier.hardy.get(hardy).copied().unwrap_or(0).into(),
        ));
    }
    let number = |n: u32| Some(Reading::Number(n.into()));
    match field {
        "wounds" => number(soldier.wounds),
        "suppress" => number(soldier.suppress),
        "xp" => number(soldier.xp),
        "status" => Some(Reading::Status(soldier.status)),
        "discipline" => number(soldier.discipline?),
        "rp" => number(soldier.rp()),
        "medal_rp" => number(soldier.medal_rp()),
        "medals" => Some(Reading::Number(
            i64::try_from(soldier.medals.len()).unwrap_or(i64::MAX),
        )),
        "state" if soldier.card.kind == SoldierKind::Hero => Some(Reading::HeroState(soldier.hero_state)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::soldier::SoldierCard;

    /// A K9 with a Hardy counter, as enlisted.
    fn k9() -> SoldierState {
        let card = SoldierCard {
            abilities: Default::default(),
            discipline: Some(2),
            handler: Some("Wong".into()),
            hardy: [("cold".to_owned(), 1)].into(),
            health: Some(2),
            keywords: vec![],
            kind: SoldierKind::K9,
            name: "Gizmo".into(),
            rp: 4,
            specialism: None,
            stats: None,
        };
        SoldierState {
            status: Status::Active,
            wounds: 1,
            suppress: 0,
            hardy: card.hardy.clone(),
            xp: 3,
            discipline: Some(2),
            medals: vec![],
            rp_cards: vec![],
            hero_state: HeroState::Ready,
            allies: vec![],
            missions: [1].into_iter().collect(),
            paper_missions: 0,
            carried_over: false,
            card: card.into(),
        }
    }

    #[test]
    fn every_number_a_soldier_has_is_on_the_paper_sheet_or_said_not_to_be() {
        let soldier = k9();
        // Taken apart whole: a new field of a Soldier's state does not compile here until
        // it is placed on the sheet (FIELDS and `value`) or said not to be.
        let SoldierState {
            status,
            wounds,
            suppress,
            hardy,
            xp,
            discipline,
            medals,
            // On the sheet as `rp` (the card's RP and his RP cards) and `medal_rp`.
            rp_cards: _,
            card: _,
            hero_state: _,
            // Allies and the Missions he went on are lists, not numbers a sheet states.
            allies: _,
            missions: _,
            // The Missions on paper are a count of Missions, shown with them, not a number
            // of the sheet `assert` states; whether the sheet was carried over is no number.
            paper_missions: _,
            carried_over: _,
        } = &soldier;
        let read = |field: &str| value(&soldier, field);
        assert_eq!(read("status"), Some(status.to_string()));
        assert_eq!(read("wounds"), Some(wounds.to_string()));
        assert_eq!(read("suppress"), Some(suppress.to_string()));
        assert_eq!(read("hardy.cold"), hardy.get("cold").map(u32::to_string));
        assert_eq!(read("xp"), Some(xp.to_string()));
        assert_eq!(read("discipline"), discipline.map(|d| d.to_string()));
        assert_eq!(read("medals"), Some(medals.len().to_string()));
        assert_eq!(read("rp"), Some("4".to_owned()));
        assert_eq!(read("medal_rp"), Some("0".to_owned()));
        assert_eq!(read("state"), None, "only a hero has a state in play");
        assert!(FIELDS.iter().all(|f| is_field(f)));
        assert!(!is_field("missions") && !is_field("hardy."));
    }
}
