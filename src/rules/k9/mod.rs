//! K9 Encounters (rule 000): drawing, Ignoring, the series of rolls with paid modifiers,
//! the accept-or-retry choice, and the K9 Objective that completes a Mission.

mod effects;
mod payment;

use effects::ended;
use payment::paid_roll;

use crate::dice::Cup;
use crate::domain::error::RuleError;
use crate::domain::event::{
    EncounterEnd, EncounterStep, Event, K9EncounterDrawn, K9ObjectiveResolved, K9RollMade,
};
use crate::domain::k9::{EffectResult, EncounterCard, Outcome, Resource};
use crate::domain::rules_version::{self, RulesVersion};
use crate::domain::soldier::{SoldierKind, Status, same_name};
use crate::domain::state::{CampaignState, EncounterState, MissionState, SoldierState};
use crate::rules::preconditions::running;
use crate::rules::roll::RollSpec;

pub(super) fn draw(
    state: &CampaignState,
    card: &EncounterCard,
    first_in: Option<&str>,
) -> Result<Vec<Event>, RuleError> {
    let mission = running(state)?;
    if mission.turn == 0 && state.rules() >= rules_version::ENCOUNTERS_FROM_TURN_1 {
        return Err(RuleError::refused(format!(
            "Mission {} has not begun its first turn, which sets each K9's Discipline (rule 000: \"At the start of the 1st Turn, place Discipline counters\"); start it with `muster turn`, then draw",
            mission.number
        )));
    }
    if let Some(open) = &mission.encounter {
        return Err(RuleError::refused(format!(
            "the Encounter '{}' is still open; finish it before drawing another",
            open.card.name
        )));
    }
    check_card(card, state.rules())?;
    let (k9, handler) = pair_on(state, mission, first_in)?;
    // Rule 000 draws the card whenever a K9 went on the Mission; from rules 8, with the pair
    // out of action, it is drawn as another Soldier Enters first, and its rolls fail.
    let someone_else = first_in.is_some_and(|f| !same_name(f, &handler) && !same_name(f, &k9));
    let active = |name: &str| state.soldier(name).is_some_and(|s| s.status == Status::Active);
    // From rules 9, one of the pair Entering first while the other is out of action is not
    // "a Handler and their K9" either.
    let alone = first_in
        .filter(|f| !someone_else && active(f) && state.rules() >= rules_version::WHAT_HAPPENED_ONCE)
        .is_some();
    for name in [&handler, &k9] {
        let soldier = state.soldier(name);
        if soldier.is_none_or(|s| s.status != Status::Active) {
            if (someone_else && state.rules() >= rules_version::TABLE_SIZED) || alone {
                continue;
            }
            let status = soldier.map_or("not on the books".to_owned(), |s| s.status.to_string());
            return Err(RuleError::refused(
                if state.rules() >= rules_version::TABLE_SIZED {
                    format!(
                        "{name} is {status}, so the Handler and his K9 cannot Enter first; name who did with `--first SOLDIER` (the card's rolls then fail, rule 000)"
                    )
                } else {
                    format!(
                        "{name} is not active; a K9 Encounter is drawn only while the Handler and his K9 both are"
                    )
                },
            ));
        }
    }
    let first_in = match first_in {
        Some(name) => {
            let soldier = state.find_soldier(name)?;
            if !mission.soldiers.contains(&soldier.card.name) {
                return Err(RuleError::refused(format!(
                    "{} is not on Mission {}; name who Entered first among {}",
                    soldier.card.name,
                    mission.number,
                    mission.soldiers.join(", ")
                )));
            }
            soldier.card.name.clone()
        }
        None => handler.clone(),
    };
    let mut events = vec![Event::K9EncounterDrawn(Box::new(K9EncounterDrawn {
        mission: mission.number,
        card: card.clone(),
        k9: k9.clone(),
        handler: handler.clone(),
        first_in: first_in.clone(),
    }))];
    // Rule 000: if any Soldier other than the Handler and his K9 Enters first, the rolls
    // are automatically failed.
    let pair_whole = active(&handler) && active(&k9);
    if (first_in != handler && first_in != k9) || (alone && !pair_whole) {
        events.extend(ended(
            state,
            &card.name,
            EncounterEnd::Failure,
            &card.failure,
            &k9,
            &handler,
        ));
    }
    Ok(events)
}

fn check_card(card: &EncounterCard, rules: RulesVersion) -> Result<(), RuleError> {
    let bad = |why: &str| RuleError::refused(format!("the Encounter card '{}' {why}", card.name));
    crate::rules::preconditions::check_text("the Encounter's name", &card.name)?;
    if card.rolls.is_empty() {
        return Err(bad("lists no rolls; give at least one under \"rolls\""));
    }
    if !(1..=10).contains(&card.ignore_target) {
        return Err(bad("has an ignore_target outside 1 to 10"));
    }
    // From rules 9, a Wound or Suppress the card deals is one the rules record (1 to 20), as
    // the command line's `wound` is: one of 0 was written when suffered, and failed `verify`.
    let outcomes = std::iter::once(&card.failure).chain(card.retry.as_ref().map(|r| &r.major));
    let unrecordable = outcomes.flat_map(|o| &o.effects).find(|e| {
        matches!(e.result, EffectResult::Wound | EffectResult::Suppress) && !(1..=20).contains(&e.amount)
    });
    if let Some(effect) = unrecordable.filter(|_| rules >= rules_version::WHAT_HAPPENED_ONCE) {
        return Err(bad(&format!(
            "has an effect of {} {:?}; an effect's \"amount\" of Wounds or Suppress is 1 to 20",
            effect.amount, effect.result
        )));
    }
    let all_rolls = card.rolls.iter().chain(card.retry.as_ref().map(|r| &r.roll));
    for roll in all_rolls {
        if roll.options.iter().any(|o| o.amount == 0 || o.amount > 10) {
            return Err(bad("has a paid option costing 0 or more than 10"));
        }
        let twice = roll
            .options
            .iter()
            .enumerate()
            .find(|(i, o)| roll.options[..*i].iter().any(|p| p.resource == o.resource));
        if let Some((_, o)) = twice.filter(|_| rules >= rules_version::TABLE_SIZED) {
            return Err(bad(&format!(
                "lists two options paid with {} on one roll; `--pay {}` names one, so each resource is listed once",
                o.resource, o.resource
            )));
        }
    }
    Ok(())
}

/// The K9 and Handler on the Mission (both active); with several pairs, the one `first_in` names.
fn pair_on(
    state: &CampaignState,
    mission: &MissionState,
    first_in: Option<&str>,
) -> Result<(String, String), RuleError> {
    let pairs: Vec<(&SoldierState, &str)> = mission
        .soldiers
        .iter()
        .filter_map(|name| state.soldier(name))
        .filter(|s| s.card.kind == SoldierKind::K9)
        .filter_map(|k9| k9.card.handler.as_deref().map(|h| (k9, h)))
        .collect();
    let chosen = match pairs.as_slice() {
        [] => {
            return Err(RuleError::refused(format!(
                "no K9 is on Mission {}; K9 Encounters are drawn only on a Mission with a K9 and his Handler",
                mission.number
            )));
        }
        [only] => *only,
        several => {
            let named = first_in.and_then(|f| {
                several
                    .iter()
                    .find(|(k9, h)| k9.card.name.eq_ignore_ascii_case(f) || h.eq_ignore_ascii_case(f))
            });
            *named.ok_or_else(|| match first_in {
                // Whose Failure the card deals is the pair's whose Encounter it is, which
                // another Soldier Entering first does not say.
                Some(other) => RuleError::refused(format!(
                    "several K9s are on this Mission and {other} is none of their Handlers or K9s, so muster cannot tell whose Encounter this is: record what its Failure deals with `muster wound`, `muster down` or `muster kill`"
                )),
                None => RuleError::refused(
                    "several K9s are on this Mission; name with --first the Handler or K9 who Entered",
                ),
            })?
        }
    };
    Ok((chosen.0.card.name.clone(), chosen.1.to_owned()))
}

/// The open Encounter, with its K9 and Handler both active and on the Mission.
fn open(state: &CampaignState) -> Result<(&MissionState, &EncounterState), RuleError> {
    let (mission, encounter) = drawn(state)?;
    if let Some(name) = out_of_action(state, mission, encounter) {
        return Err(RuleError::refused(format!(
            "{name} is not active on Mission {}; a K9 Encounter roll needs both the Handler and his K9. Suffer the card's Failure with `muster k9 accept`",
            mission.number
        )));
    }
    Ok((mission, encounter))
}

/// The open Encounter, whether or not its pair can still roll.
fn drawn(state: &CampaignState) -> Result<(&MissionState, &EncounterState), RuleError> {
    let mission = running(state)?;
    let encounter = mission.encounter.as_ref().ok_or_else(|| {
        RuleError::refused("no K9 Encounter is open; draw one with `muster k9 draw CARD.json`")
    })?;
    Ok((mission, encounter))
}

/// The Handler or K9 of the Encounter who can no longer act (Downed, Killed…), if any.
fn out_of_action<'a>(
    state: &CampaignState,
    mission: &MissionState,
    encounter: &'a EncounterState,
) -> Option<&'a str> {
    [&encounter.handler, &encounter.k9]
        .into_iter()
        .find(|name| {
            !mission.soldiers.contains(name) || state.soldier(name).is_none_or(|s| s.status != Status::Active)
        })
        .map(String::as_str)
}

pub(super) fn ignore(state: &CampaignState, cup: &mut Cup) -> Result<Vec<Event>, RuleError> {
    let (_, encounter) = open(state)?;
    if encounter.next_roll > 0 || encounter.awaiting_choice {
        return Err(RuleError::refused(
            "the Encounter's rolls have begun; Ignoring is decided before the first roll",
        ));
    }
    let card = &encounter.card;
    let roll = RollSpec {
        who: encounter.handler.clone(),
        purpose: format!("k9 encounter: {}, Ignore", card.name),
        target: card.ignore_target,
        modifiers: Vec::new(),
        costs: Vec::new(),
    }
    .roll(cup)?;
    let success = roll.success;
    let mut events = vec![Event::K9RollMade(Box::new(K9RollMade {
        encounter: card.name.clone(),
        step: EncounterStep::Ignore,
        roll,
    }))];
    if success {
        let discarded = Outcome {
            text: "Ignored: the Encounter is discarded".to_owned(),
            effects: Vec::new(),
        };
        events.extend(finish(state, encounter, EncounterEnd::Discarded, &discarded));
    } else {
        events.extend(finish(state, encounter, EncounterEnd::Failure, &card.failure));
    }
    Ok(events)
}

pub(super) fn roll_next(
    state: &CampaignState,
    payments: &[Resource],
    cup: &mut Cup,
) -> Result<Vec<Event>, RuleError> {
    let (_, encounter) = open(state)?;
    if encounter.awaiting_choice {
        return Err(RuleError::refused(
            "a roll failed and the card offers a choice: accept the Failure (`muster k9 accept`) or retry (`muster k9 retry`)",
        ));
    }
    let card = &encounter.card;
    let index = encounter.next_roll;
    let spec = card
        .rolls
        .get(index)
        .ok_or_else(|| RuleError::refused(format!("'{}' has no roll left to make", card.name)))?;
    let purpose = format!("k9 encounter: {}, roll {}", card.name, index + 1);
    let (mut events, roll) = paid_roll(state, encounter, spec, payments, purpose, cup)?;
    let success = roll.success;
    events.push(Event::K9RollMade(Box::new(K9RollMade {
        encounter: card.name.clone(),
        step: EncounterStep::Roll(index),
        roll,
    })));
    if success && index + 1 == card.rolls.len() {
        events.extend(finish(state, encounter, EncounterEnd::Reward, &reward(card)));
    } else if !success && card.retry.is_none() {
        events.extend(finish(state, encounter, EncounterEnd::Failure, &card.failure));
    }
    Ok(events)
}

/// Suffers the Failure: after a failed roll on a card with a choice, or when the Handler or
/// K9 can no longer act, which would otherwise leave the Encounter open for good.
pub(super) fn accept(state: &CampaignState) -> Result<Vec<Event>, RuleError> {
    let (mission, encounter) = drawn(state)?;
    if out_of_action(state, mission, encounter).is_none() {
        awaiting(state)?;
    }
    Ok(finish(
        state,
        encounter,
        EncounterEnd::Failure,
        &encounter.card.failure,
    ))
}

pub(super) fn retry(
    state: &CampaignState,
    payments: &[Resource],
    cup: &mut Cup,
) -> Result<Vec<Event>, RuleError> {
    let (_, encounter) = awaiting(state)?;
    let card = &encounter.card;
    let Some(retry) = &card.retry else {
        return Err(RuleError::refused(format!("'{}' offers no retry", card.name)));
    };
    let purpose = format!("k9 encounter: {}, retry", card.name);
    let (mut events, roll) = paid_roll(state, encounter, &retry.roll, payments, purpose, cup)?;
    let success = roll.success;
    events.push(Event::K9RollMade(Box::new(K9RollMade {
        encounter: card.name.clone(),
        step: EncounterStep::Retry,
        roll,
    })));
    if success {
        events.extend(finish(state, encounter, EncounterEnd::Reward, &reward(card)));
    } else {
        events.extend(finish(state, encounter, EncounterEnd::MajorFailure, &retry.major));
    }
    Ok(events)
}

fn awaiting(state: &CampaignState) -> Result<(&MissionState, &EncounterState), RuleError> {
    let (mission, encounter) = open(state)?;
    if encounter.awaiting_choice {
        Ok((mission, encounter))
    } else {
        Err(RuleError::refused(format!(
            "'{}' is not awaiting a choice; accept and retry follow a failed roll on a card that offers them",
            encounter.card.name
        )))
    }
}

/// The K9 Objective of the Mission in progress, resolved; the Mission's end follows it.
pub(super) fn objective_resolved(mission: &MissionState) -> Result<Event, RuleError> {
    let objective = mission.k9_objective.clone().ok_or_else(|| {
        RuleError::refused(format!(
            "Mission {} has no K9 Objective to resolve",
            mission.number
        ))
    })?;
    Ok(Event::K9ObjectiveResolved(K9ObjectiveResolved {
        mission: mission.number,
        objective,
    }))
}

/// The end of the open Encounter and the events of its effects.
fn finish(
    state: &CampaignState,
    encounter: &EncounterState,
    end: EncounterEnd,
    outcome: &Outcome,
) -> Vec<Event> {
    ended(
        state,
        &encounter.card.name,
        end,
        outcome,
        &encounter.k9,
        &encounter.handler,
    )
}

/// The card's Reward, which has no effects muster records.
fn reward(card: &EncounterCard) -> Outcome {
    Outcome {
        text: card.reward.clone(),
        effects: Vec::new(),
    }
}
