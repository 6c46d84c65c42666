//! The checked fold's questions: would the rules have let this event happen in this state,
//! and does every number it carries that the state decides agree with the state?
//!
//! Whatever path brings an event in (a command, a void's re-fold, an import, `verify`),
//! the fold asks these before applying it, and notes each "no" as an anomaly. So a history
//! muster accepts is one the rules could have produced, not only one whose bytes hash.

mod cast;
mod computed;
mod environment;
mod rolls;
mod spook;

use crate::domain::event::{Event, MissionEnded};
use crate::domain::game::Game;
use crate::domain::limits::{
    MAX_AWARD, MAX_CARD_RP, MAX_HARDY, MAX_HARM, MAX_HOSTILE_VALUE, MAX_RP, MAX_TEXT, MAX_XP,
};
use crate::domain::rulebook::Expansion;
use crate::domain::rules_version::{self, EXPANSIONS_REQUIRED, RulesVersion};
use crate::domain::soldier::SoldierKind;
use crate::domain::state::CampaignState;

/// Notes, as anomalies of `state`, everything about `event` that the rules would have refused
/// or computed differently in `state`.
pub(super) fn check(state: &mut CampaignState, event: &Event) {
    let problems = [
        belongs(state, event),
        rules_in_force(state, event),
        on_the_books(state, event),
        amounts(event),
        texts(event),
        computed::computed(state, event),
        computed::moment(state, event),
        rolls::card_problem(state, event),
        cast::cast_problem(state, event),
        environment::environment_problem(state, event),
        spook::spook_problem(state, event),
    ];
    for problem in problems.into_iter().flatten() {
        state.note(problem);
    }
    if let Some((check, problem)) = event.roll().and_then(|roll| rolls::roll_problem(state, roll)) {
        state.note_as(check, problem);
    }
    if let Some(problem) = computed::sheet_problem(state, event) {
        state.note_as("assert", problem);
    }
}

/// The event belongs to this campaign's game and comes after its creation; its rulebook's
/// expansion is one the campaign uses (the Medal deck's always, the others' from
/// [`EXPANSIONS_REQUIRED`]); an expansion is added to or removed from the list as
/// `decide` allows.
fn belongs(state: &CampaignState, event: &Event) -> Option<String> {
    let Some(info) = &state.info else {
        return match event {
            Event::CampaignCreated(e) if e.rules >= EXPANSIONS_REQUIRED => e
                .expansions
                .iter()
                .find(|x| !x.games().contains(&e.game))
                .map(|x| {
                    format!(
                        "creates a {} campaign with {}, an expansion of another game",
                        e.game,
                        x.title()
                    )
                }),
            Event::CampaignCreated(_) => None,
            _ => Some(format!("{} comes before the campaign was created", event.kind())),
        };
    };
    if matches!(event, Event::CampaignCreated(_)) {
        return Some("creates the campaign a second time".to_owned());
    }
    let book = event.rulebook();
    if !book.games().contains(&info.game) {
        let games = if book.games() == [Game::ZeroDark] {
            "Horizon Wars: Zero Dark".to_owned()
        } else {
            let games: Vec<String> = book.games().iter().map(ToString::to_string).collect();
            format!("Warfighter ({})", games.join(" or "))
        };
        return Some(format!(
            "records {} in a {} campaign; it belongs to {games}",
            event.kind(),
            info.game
        ));
    }
    let gated = state.rules() >= EXPANSIONS_REQUIRED || matches!(event, Event::MedalDeckLoaded(_));
    if let Some(expansion) = book.expansion().filter(|x| gated && !state.uses(*x)) {
        return Some(format!(
            "records {} in a campaign that does not use {}",
            event.kind(),
            expansion.title()
        ));
    }
    match event {
        Event::SoldierEnlisted(e)
            if e.card.kind == SoldierKind::K9
                && state.rules() >= EXPANSIONS_REQUIRED
                && !state.uses(Expansion::K9) =>
        {
            Some(format!(
                "enlists a K9 in a campaign that does not use {}",
                Expansion::K9.title()
            ))
        }
        Event::ExpansionAdded(e) if state.uses(e.expansion) => Some(format!(
            "adds {}, which the campaign already uses",
            e.expansion.title()
        )),
        Event::ExpansionAdded(e) if !e.expansion.games().contains(&info.game) => Some(format!(
            "adds {} to a {} campaign: it is another game's",
            e.expansion.title(),
            info.game
        )),
        Event::ExpansionRemoved(e) if !state.uses(e.expansion) => Some(format!(
            "removes {}, which the campaign does not use",
            e.expansion.title()
        )),
        Event::ExpansionRemoved(e) => state
            .needs(e.expansion)
            .map(|why| format!("removes {} although {why}", e.expansion.title())),
        _ => None,
    }
}

/// A campaign is created under rules this muster knows, and adopts only later ones it
/// knows, between Missions.
fn rules_in_force(state: &CampaignState, event: &Event) -> Option<String> {
    let unknown = |version: RulesVersion| {
        format!(
            "names {version}, which this muster does not know (it knows rules {} to {}): it was written by a newer muster, or forged",
            rules_version::FIRST.0,
            rules_version::NEWEST.0
        )
    };
    match event {
        Event::CampaignCreated(e) if !e.rules.is_known() => Some(unknown(e.rules)),
        Event::RulesAdopted(e) if !e.version.is_known() => Some(unknown(e.version)),
        Event::RulesAdopted(e) if e.version <= state.rules() => Some(format!(
            "adopts {} under {}: only later rules are adopted",
            e.version,
            state.rules()
        )),
        Event::RulesAdopted(_) => state.mission_in_progress().map(|m| {
            format!(
                "adopts rules during Mission {}: rules are adopted between Missions",
                m.number
            )
        }),
        _ => None,
    }
}

/// A Soldier whose record is closed (KIA or discharged) gains and loses nothing more.
fn on_the_books(state: &CampaignState, event: &Event) -> Option<String> {
    let name = match event {
        Event::Wounded(e) | Event::Suppressed(e) | Event::Healed(e) => &e.soldier,
        Event::Downed(e) | Event::Recovered(e) | Event::Killed(e) | Event::Discharged(e) => &e.soldier,
        Event::XpAdjusted(e) => &e.soldier,
        Event::HardyAdjusted(e) => &e.soldier,
        Event::EkiaRecorded(e) => &e.soldier,
        Event::MedalAwarded(e) => &e.soldier,
        Event::CheckRolled(e) => &e.soldier,
        Event::EnvironmentRolled(e) => &e.soldier,
        Event::DisciplineSpent(e) => &e.soldier,
        Event::HostileSuppressed(e) => &e.soldier,
        Event::RpCardGained(e) => &e.soldier,
        Event::MedalEarned(e) => &e.soldier,
        // A paper sheet is asserted of any Soldier enlisted, whatever his status.
        Event::AssertionRecorded(e) => {
            return state.soldier(&e.soldier).is_none().then(|| {
                format!(
                    "asserts the paper sheet of {}, who is not enlisted in this campaign",
                    e.soldier
                )
            });
        }
        _ => return None,
    };
    let soldier = state.soldier(name)?;
    (!soldier.is_on_the_books()).then(|| {
        format!(
            "records {} for {}, who is {}: his record was closed",
            event.kind(),
            soldier.card.name,
            soldier.status
        )
    })
}

/// Every amount lies within what one command may record.
fn amounts(event: &Event) -> Option<String> {
    let (what, got, min, max): (&str, i64, i64, i64) = match event {
        Event::Wounded(e) | Event::Suppressed(e) | Event::Healed(e) => {
            ("an amount of Wounds or Suppress", e.amount.into(), 1, MAX_HARM)
        }
        Event::XpAdjusted(e) => ("an XP change", e.amount, -MAX_XP, MAX_XP),
        Event::TeamXpAdjusted(e) => ("a team XP change", e.amount, -MAX_XP, MAX_XP),
        Event::HardyAdjusted(e) => ("a Hardy change", e.amount, -MAX_HARDY, MAX_HARDY),
        Event::EkiaRecorded(e) => ("a Hostile's value", e.value.into(), 0, MAX_HOSTILE_VALUE),
        Event::RpGranted(e) | Event::RpSpent(e) => ("an RP amount", e.amount.into(), 1, MAX_RP),
        Event::MissionEnded(MissionEnded {
            rp_award: Some(award),
            ..
        }) => ("an RP award", award.amount.into(), 0, MAX_AWARD),
        Event::MedalAwarded(e) => ("a Medal's RP", e.medal.rp.into(), 0, MAX_CARD_RP),
        Event::RpCardGained(e) => ("a card's RP", e.rp.into(), 0, MAX_CARD_RP),
        _ => return None,
    };
    let zero = matches!(
        event,
        Event::XpAdjusted(_) | Event::TeamXpAdjusted(_) | Event::HardyAdjusted(_)
    ) && got == 0;
    (zero || !(min..=max).contains(&got)).then(|| {
        format!(
            "records {what} of {got}; the rules accept {min} to {max}{}",
            if zero { ", not 0" } else { "" }
        )
    })
}

/// The free text a player types is what the command line accepts: not blank, not too long,
/// no control characters. Every name and text an event brings into the log is held here,
/// one check for all, whatever path (a command, a push, an import) brought it.
fn texts(event: &Event) -> Option<String> {
    let fields: &[(&str, Option<&str>)] = match event {
        Event::CampaignCreated(e) => &[("the nation", e.nation.as_deref())],
        Event::MissionStarted(e) => &[
            ("the Mission's name", Some(&e.name)),
            ("the K9 Objective", e.k9_objective.as_deref()),
        ],
        Event::XpAdjusted(e) => &[("the reason", Some(&e.why))],
        Event::TeamXpAdjusted(e) => &[("the reason", Some(&e.why))],
        Event::HardyAdjusted(e) => &[("the reason", Some(&e.why)), ("the Hardy type", Some(&e.hardy))],
        Event::EkiaRecorded(e) => &[("the Hostile's name", Some(&e.hostile))],
        Event::RpGranted(e) | Event::RpSpent(e) => &[("the reason", Some(&e.why))],
        Event::CommandVoided(e) => &[("the reason", Some(&e.why))],
        Event::MedalAwarded(e) => &[
            ("the Medal's name", Some(&e.medal.name)),
            ("the reason", Some(&e.why)),
        ],
        Event::MedalDrawn(e) => &[
            ("the trigger", Some(&e.trigger)),
            ("the Hostile card", e.hostile.as_deref()),
        ],
        Event::HostileSuppressed(e) => &[("the Hostile's name", Some(&e.hostile))],
        Event::RpCardGained(e) => &[("the card's name", Some(&e.name))],
        Event::CheckRolled(e) => &[("the card's name", e.card.as_deref())],
        Event::EnvironmentRolled(e) => &[("the Location's name", e.location.as_deref())],
        _ => return None,
    };
    fields.iter().find_map(|(what, text)| {
        let text = (*text)?;
        let length = text.chars().count();
        if text.trim().is_empty() {
            Some(format!("records {what} blank"))
        } else if length > MAX_TEXT {
            Some(format!(
                "records {what} {length} characters long; at most {MAX_TEXT} are accepted"
            ))
        } else if text.chars().any(char::is_control) {
            Some(format!("records {what} with a control character"))
        } else {
            None
        }
    })
}
