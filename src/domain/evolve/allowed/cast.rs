//! Who may be in the story: a Soldier's card as `enlist` accepts it, the Soldiers a Mission
//! takes, and the Zero Dark team's Spook, persuasion and Buy Time.

use crate::domain::event::Event;
use crate::domain::limits::{MAX_DISCIPLINE, MAX_HEALTH, MAX_SOLDIER_RP, MAX_STARTING_HARDY, MAX_STAT};
use crate::domain::names;
use crate::domain::rules_version;
use crate::domain::soldier::{MAX_SOLDIER_NAME, SoldierCard, SoldierKind, same_name};
use crate::domain::state::CampaignState;
use crate::domain::zero_dark::mission_stats;

/// Notes what `enlist`, `mission start`, `persuade`, `spook buy-time` and `spook task` would
/// have refused.
pub(super) fn cast_problem(state: &CampaignState, event: &Event) -> Option<String> {
    match event {
        Event::SoldierEnlisted(e) => card_problem(&e.card).or_else(|| {
            let kept = state.rules() >= rules_version::NAMES_KEPT_APART;
            names::problem(&e.card.name)
                .filter(|_| kept)
                .map(|why| format!("enlists a Soldier named '{}': {why}", e.card.name.escape_debug()))
        }),
        Event::MissionStarted(e) => {
            if let Some(twice) = e
                .soldiers
                .iter()
                .enumerate()
                .find(|(i, name)| e.soldiers.iter().skip(i + 1).any(|other| same_name(other, name)))
            {
                return Some(format!("takes {} on the Mission twice", twice.1));
            }
            e.soldiers.iter().find_map(|name| {
                let soldier = state.soldier(name)?;
                let handler = soldier.card.handler.as_deref()?;
                (soldier.card.kind == SoldierKind::K9 && !e.soldiers.iter().any(|s| same_name(s, handler)))
                    .then(|| format!("takes the K9 {name} on the Mission without his Handler {handler}"))
            })
        }
        Event::PersuasionTested(e) => {
            let bogey = state
                .mission_in_progress()?
                .zero_dark
                .bogeys
                .iter()
                .find(|b| b.name == e.bogey);
            if bogey.is_some_and(|b| b.synthetic) {
                return Some(format!(
                    "persuades {}, a synthetic bogey, which cannot be persuaded",
                    e.bogey
                ));
            }
            (e.persuaded != (e.hero_successes > e.bogey_successes)).then(|| {
                format!(
                    "records {} {} with {} to the bogey's {}",
                    e.bogey,
                    if e.persuaded { "persuaded" } else { "not persuaded" },
                    crate::domain::zero_dark::successes(e.hero_successes),
                    e.bogey_successes
                )
            })
        }
        Event::BuyTimeDeclared(_) | Event::OpponentBoughtTime(_) if state.mission_in_progress()?.turn > 0 => {
            Some("buys time after the Mission's first turn started".to_owned())
        }
        Event::BuyTimeDeclared(e) => {
            let mission = state.mission_in_progress()?;
            if mission.zero_dark.bought_time.is_some() {
                return Some("buys time a second time in the Mission".to_owned());
            }
            let d = state
                .soldier(&e.spook)?
                .card
                .stats
                .map_or(0, |s| u32::from(mission_stats(s, mission.zero_dark.task).d));
            let theirs = e
                .versus
                .as_ref()
                .filter(|v| v.opponent_buys_time)
                .map_or(0, |v| v.opponent_d);
            (e.cards != d.saturating_add(theirs)).then(|| {
                format!(
                    "sets {} Control Deck cards aside where the Spook's D ({d}) and the opponent's ({theirs}) make {}",
                    e.cards,
                    d.saturating_add(theirs)
                )
            })
        }
        Event::OpponentBoughtTime(e) => {
            let mission = state.mission_in_progress()?;
            if mission.zero_dark.bought_time.is_some() {
                return Some("buys time a second time in the Mission".to_owned());
            }
            (i64::from(e.opponent_d) > MAX_STAT).then(|| {
                format!(
                    "records the opponent Spook's D as {}; 0 to {MAX_STAT} are accepted",
                    e.opponent_d
                )
            })
        }
        Event::PriorityTaskChosen(e) => {
            let mission = state.mission_in_progress()?;
            if mission.zero_dark.task.is_some() {
                return Some("chooses a second priority task in the Mission; one is allowed".to_owned());
            }
            let spook = state.soldier(&e.spook)?;
            let is_spook = spook
                .card
                .specialism
                .as_deref()
                .is_some_and(|s| s.eq_ignore_ascii_case("spook"));
            (!is_spook).then(|| format!("gives a priority task to {}, who is not a Spook", e.spook))
        }
        _ => None,
    }
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
