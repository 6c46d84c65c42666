//! The checked fold's questions: is this row well formed, and does it agree with the log it
//! joins? What no command can say: it comes after the campaign's creation, names rules this
//! muster knows, carries amounts, texts, cards, Environments and rolls of the shapes a
//! command accepts, and keeps the log's own books (an RP award against its basis, a revision
//! against the award it settles, a paper sheet against the Soldier it is asserted of).
//!
//! Whether the rules allowed the event is not asked here: `verify`, import, pull and push
//! decide every command again (`rules/redecide`), and a void asks the rules again for every
//! later command (`rules/void.rs`). Whatever path brings an event in, the fold asks these
//! before applying it, and notes each "no" as an anomaly.

mod awards;
mod carried;
mod cast;
mod environment;
mod rolls;
mod text;

use crate::domain::event::{Event, MissionEnded};
use crate::domain::limits::{
    MAX_AWARD, MAX_CARD_RP, MAX_HARDY, MAX_HARM, MAX_HOSTILE_VALUE, MAX_RP, MAX_STAT, MAX_XP,
};
use crate::domain::rules_version;
use crate::domain::state::CampaignState;
use text::text_problem;

/// Notes, as anomalies of `state`, everything about `event` that the rules would have refused
/// or computed differently in `state`.
pub(super) fn check(state: &mut CampaignState, event: &Event) {
    let problems = [
        belongs(state, event),
        rules_known(event),
        amounts(event),
        texts(event),
        awards::award_problem(state, event),
        cast::cast_problem(state, event),
        environment::environment_problem(event),
        carried::carried_problem(event),
    ];
    for problem in problems.into_iter().flatten() {
        state.note(problem);
    }
    if let Some((check, problem)) = event.roll().and_then(|roll| rolls::roll_problem(state, roll)) {
        state.note_as(check, problem);
    }
    if let Some(problem) = awards::sheet_problem(state, event) {
        state.note_as("assert", problem);
    }
}

/// The event comes after the campaign's creation, which comes once.
fn belongs(state: &CampaignState, event: &Event) -> Option<String> {
    match (&state.info, event) {
        (None, Event::CampaignCreated(_)) => None,
        (None, _) => Some(format!("{} comes before the campaign was created", event.kind())),
        (Some(_), Event::CampaignCreated(_)) => Some("creates the campaign a second time".to_owned()),
        (Some(_), _) => None,
    }
}

/// A campaign is created under, and adopts, only rules this muster knows.
fn rules_known(event: &Event) -> Option<String> {
    let version = match event {
        Event::CampaignCreated(e) => e.rules,
        Event::RulesAdopted(e) => e.version,
        _ => return None,
    };
    (!version.is_known()).then(|| {
        format!(
            "names {version}, which this muster does not know (it knows rules {} to {}): it was written by a newer muster, or forged",
            rules_version::FIRST.0,
            rules_version::NEWEST.0
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
        Event::OpponentBoughtTime(e) => ("the opponent Spook's D", e.opponent_d.into(), 0, MAX_STAT),
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
        Event::NoteWritten(e) => &[("the note", Some(&e.text))],
        Event::SoldierCarriedOver(e) => &[("the reason", Some(&e.why))],
        Event::SquadCarriedOver(e) => &[("the reason", Some(&e.why))],
        _ => return None,
    };
    fields
        .iter()
        .find_map(|(what, text)| text.and_then(|text| text_problem(what, text)))
}
