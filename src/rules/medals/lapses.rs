//! How Medals drawn and not yet earned lapse: an Eliminate Medal spoiled by another
//! Soldier's hit, a turn limit run out, the Mission's end.

use crate::domain::event::{Event, MedalLost};
use crate::domain::medals::MedalReturn;
use crate::domain::state::{CampaignState, MissionState};

/// Who placed each Suppression and EKIA on `hostile` this Mission.
pub(super) fn hits_on<'a>(mission: &'a MissionState, hostile: &'a str) -> impl Iterator<Item = &'a str> {
    mission
        .hostile_hits
        .iter()
        .filter(move |h| h.hostile.eq_ignore_ascii_case(hostile))
        .map(|h| h.soldier.as_str())
}

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
                .is_some_and(|h| h.eq_ignore_ascii_case(hostile))
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
            // A card drawn before turn 1 counts turn 1 as its first.
            let last_turn = d.turn.max(1) + limit - 1;
            (turn > last_turn).then(|| {
                Event::MedalLost(MedalLost {
                    medal: d.name.clone(),
                    to: MedalReturn::Deck,
                    why: format!(
                        "its turn limit of {limit} turn{} ended with turn {last_turn}",
                        if limit == 1 { "" } else { "s" }
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
