//! A Soldier's card and name as `enlist` accepts them: numbers in their ranges, a name the
//! command line takes and other names are kept apart from.

use crate::domain::event::Event;
use crate::domain::limits::{MAX_DISCIPLINE, MAX_HEALTH, MAX_SOLDIER_RP, MAX_STARTING_HARDY, MAX_STAT};
use crate::domain::names;
use crate::domain::rules_version;
use crate::domain::soldier::{MAX_SOLDIER_NAME, SoldierCard};
use crate::domain::state::CampaignState;

/// Notes a Soldier enlisted with a card or a name `enlist` refuses.
pub(super) fn cast_problem(state: &CampaignState, event: &Event) -> Option<String> {
    let Event::SoldierEnlisted(e) = event else {
        return None;
    };
    card_problem(&e.card).or_else(|| {
        let why = match state.rules() {
            rules if rules >= rules_version::CARDS_AS_PRINTED => names::hidden_problem(&e.card.name),
            rules if rules >= rules_version::NAMES_KEPT_APART => names::problem(&e.card.name),
            _ => None,
        };
        why.map(|why| format!("enlists a Soldier named '{}': {why}", e.card.name.escape_debug()))
    })
}

/// A card `enlist` would have refused: its name, RP, Health, Hardy, Discipline or stats.
fn card_problem(card: &SoldierCard) -> Option<String> {
    let name = &card.name;
    if name.trim().is_empty() || name.trim() != name || name.chars().count() > MAX_SOLDIER_NAME {
        return Some(format!(
            "enlists a Soldier named '{}', a name the command line refuses",
            name.escape_debug()
        ));
    }
    if name.chars().any(char::is_control) {
        return Some("enlists a Soldier whose name holds a control character".to_owned());
    }
    let out = |what: &str, got: u32, min: i64, max: i64| {
        (!(min..=max).contains(&i64::from(got)))
            .then(|| format!("enlists {name} with {what} {got}; {min} to {max} are accepted"))
    };
    out("RP", card.rp, 0, MAX_SOLDIER_RP)
        .or_else(|| card.health.and_then(|h| out("Health", h, 1, MAX_HEALTH)))
        .or_else(|| {
            card.discipline
                .and_then(|d| out("Discipline", d, 0, MAX_DISCIPLINE))
        })
        .or_else(|| {
            card.hardy
                .values()
                .find_map(|n| out("a Hardy count of", *n, 0, MAX_STARTING_HARDY))
        })
        .or_else(|| {
            card.stats.and_then(|s| {
                [s.m, s.f, s.a, s.d]
                    .into_iter()
                    .find_map(|v| out("a stat of", u32::from(v), 0, MAX_STAT))
            })
        })
        .or_else(|| {
            card.abilities
                .values()
                .find(|a| !(1..=10).contains(&a.target) || a.upgunned.is_some_and(|u| !(1..=10).contains(&u)))
                .map(|_| format!("enlists {name} with an ability target off the d10"))
        })
}
