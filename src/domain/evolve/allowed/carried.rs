//! A paper sheet carried over holds the numbers and names `carry-over` takes.

use super::text::text_problem;
use crate::domain::event::Event;
use crate::domain::limits::{MAX_CARD_RP, MAX_HARDY, MAX_HARM, MAX_PAPER_MISSIONS, MAX_RP, MAX_XP};

/// An amount a sheet carries: what it is, the amount if given, and the most accepted.
type Amount<'a> = (&'a str, Option<u32>, i64);

/// What is out of range in a carried-over sheet, if anything.
pub(super) fn carried_problem(event: &Event) -> Option<String> {
    let (amounts, names): (Vec<Amount<'_>>, Vec<(&str, &str)>) = match event {
        Event::SoldierCarriedOver(e) => (
            [
                ("XP", e.xp, MAX_XP),
                ("Wounds", e.wounds, MAX_HARM),
                ("Missions on paper", e.missions, MAX_PAPER_MISSIONS),
            ]
            .into_iter()
            .chain(e.hardy.values().map(|n| ("a Hardy count", Some(*n), MAX_HARDY)))
            .chain(e.medals.iter().map(|m| ("a Medal's RP", Some(m.rp), MAX_CARD_RP)))
            .collect(),
            e.medals
                .iter()
                .map(|m| ("a Medal's name", m.name.as_str()))
                .chain(e.hardy.keys().map(|k| ("a Hardy type", k.as_str())))
                .collect(),
        ),
        Event::SquadCarriedOver(e) => (
            vec![
                ("the RP bank", e.rp_bank, MAX_RP),
                ("Missions on paper", e.missions, MAX_PAPER_MISSIONS),
            ],
            Vec::new(),
        ),
        _ => return None,
    };
    amounts
        .into_iter()
        .find_map(|(what, amount, most)| {
            amount
                .filter(|n| i64::from(*n) > most)
                .map(|n| format!("carries over {what} of {n}; at most {most} are accepted"))
        })
        .or_else(|| {
            names
                .into_iter()
                .find_map(|(what, name)| text_problem(what, name))
        })
}
