//! How Medals drawn and not yet earned lapse: an Eliminate Medal spoiled by another
//! Soldier's hit, a turn limit run out, the Mission's end.

use crate::domain::event::{Event, MedalLost};
use crate::domain::medals::{MedalReturn, one_name};
use crate::domain::rules_version::{MEDAL_CARDS_ONCE, RulesVersion};
use crate::domain::state::{CampaignState, MissionState};

/// Who placed each Suppression and EKIA on `hostile` this Mission.
pub(super) fn hits_on<'a>(
    state: &CampaignState,
    mission: &'a MissionState,
    hostile: &'a str,
) -> impl Iterator<Item = &'a str> {
    let rules = state.rules();
    mission
        .hostile_hits
        .iter()
        .filter(move |h| one_hostile(rules, &h.hostile, hostile))
        .map(|h| h.soldier.as_str())
}

/// Whether two Hostile names are one card's: in any case, and from rules 10 however spaced,
/// as Medal names are ("MG  Nest" is the MG Nest).
pub(super) fn one_hostile(rules: RulesVersion, a: &str, b: &str) -> bool {
    if rules >= MEDAL_CARDS_ONCE {
        one_name(a, b)
    } else {
        a.eq_ignore_ascii_case(b)
    }
}

/// What a loss to a hit before the draw adds, from rules 10: Hostiles are told apart by name
/// within a Mission, so a hit on an earlier card of the name counts, and a second card of a
/// name needs a name of its own.
pub(super) fn told_apart_by_name(state: &CampaignState) -> &'static str {
    if state.rules() >= MEDAL_CARDS_ONCE {
        TOLD_APART
    } else {
        ""
    }
}

/// How a player keeps two Hostile cards of one name apart for an Eliminate Medal.
pub(super) const TOLD_APART: &str = " (Hostiles are told apart by name within a Mission: name a second card of one name distinctly, e.g. \"Rifle Team 2\")";

/// Eliminate Medals lost because `soldier` placed a Suppression or EKIA (`what`) on
/// `hostile` while another Soldier is the recipient (rule 004). Shuffled back by default.
pub(in crate::rules) fn eliminate_losses(
    state: &CampaignState,
    soldier: &str,
    hostile: &str,
    what: &str,
) -> Vec<Event> {
    let Some(deck) = &state.medal_deck else {
        return Vec::new();
    };
    deck.drawn
        .iter()
        .filter(|d| {
            d.hostile
                .as_deref()
                .is_some_and(|h| one_hostile(state.rules(), h, hostile))
        })
        .filter(|d| d.recipient.as_deref().is_some_and(|r| r != soldier))
        .map(|d| {
            Event::MedalLost(MedalLost {
                medal: d.name.clone(),
                to: MedalReturn::Deck,
                why: format!(
                    "{soldier} placed {what} on the {hostile}, which {} had to Eliminate alone",
                    d.recipient.as_deref().unwrap_or_default()
                ),
            })
        })
        .collect()
}

/// Medals whose turn limit ends before `turn` starts; shuffled back by default (rule 004).
pub(in crate::rules) fn expired_before(
    state: &CampaignState,
    mission: &MissionState,
    turn: u32,
) -> Vec<Event> {
    let Some(deck) = &state.medal_deck else {
        return Vec::new();
    };
    deck.drawn
        .iter()
        .filter(|d| d.mission == mission.number)
        .filter_map(|d| {
            let limit = deck.card(&d.name)?.turn_limit?;
            // Rules 10: a face-down card waits for its condition ("Reveal it, when the
            // condition is met"), and its limit runs from its reveal.
            let from_reveal = state.rules() >= MEDAL_CARDS_ONCE;
            if from_reveal && d.face_down {
                return None;
            }
            let revealed = d.revealed_turn.filter(|_| from_reveal);
            // A card drawn before turn 1 counts turn 1 as its first.
            let last_turn = revealed.unwrap_or(d.turn).max(1) + limit - 1;
            (turn > last_turn).then(|| {
                Event::MedalLost(MedalLost {
                    medal: d.name.clone(),
                    to: MedalReturn::Deck,
                    why: format!(
                        "its turn limit of {limit} turn{}{} ended with turn {last_turn}",
                        if limit == 1 { "" } else { "s" },
                        revealed
                            .map(|t| format!(" from its reveal in turn {}", t.max(1)))
                            .unwrap_or_default()
                    ),
                })
            })
        })
        .collect()
}

/// Medals still drawn when the Mission ends go back into the deck.
pub(in crate::rules) fn unearned_at_end(state: &CampaignState, mission: &MissionState) -> Vec<Event> {
    let Some(deck) = &state.medal_deck else {
        return Vec::new();
    };
    deck.drawn
        .iter()
        .filter(|d| d.mission == mission.number)
        .map(|d| {
            Event::MedalLost(MedalLost {
                medal: d.name.clone(),
                to: MedalReturn::Deck,
                why: format!("not earned by the end of Mission {}", mission.number),
            })
        })
        .collect()
}
