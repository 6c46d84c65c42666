//! Ability checks (rule 001): the target on the card, Upgunned, Traps, and the headings.

pub(super) mod objectives;

use crate::dice::Cup;
use crate::domain::abilities;
use crate::domain::command::NamedModifier;
use crate::domain::error::RuleError;
use crate::domain::event::{CheckRolled, Event, Heading};
use crate::domain::medals::one_name;
use crate::domain::roll::Roll;
use crate::domain::roll::Source;
use crate::domain::rules_version;
use crate::domain::soldier::{SoldierKind, Status};
use crate::domain::state::CampaignState;
use crate::domain::suggest::did_you_mean;
use crate::rules::preconditions::check_text;
use crate::rules::preconditions::running;
use crate::rules::roll::{RollSpec, named_modifiers};

/// What the player asked for.
pub(super) struct CheckRequest<'a> {
    pub soldier: &'a str,
    pub ability: &'a str,
    pub modifiers: &'a [NamedModifier],
    pub upgunned: bool,
    pub trap: bool,
    pub fail: bool,
    pub card: Option<&'a str>,
}

pub(super) fn check(
    state: &CampaignState,
    request: &CheckRequest<'_>,
    cup: &mut Cup,
) -> Result<Vec<Event>, RuleError> {
    let mission = running(state)?;
    let soldier = state.find_soldier(request.soldier)?;
    let name = soldier.card.name.clone();
    if !mission.soldiers.contains(&name) || soldier.status != Status::Active {
        return Err(RuleError::refused(format!(
            "{name} cannot make a check: only an active Soldier on Mission {} can ({})",
            mission.number,
            crate::rules::preconditions::active_on(state, mission)
        )));
    }
    let ability =
        crate::rules::preconditions::check_word("an ability name", &request.ability.to_lowercase())?;
    if !soldier.card.abilities.contains_key(&ability) && state.rules() >= rules_version::ABILITY_WORDS_KNOWN {
        known_ability(state, &ability)?;
    }
    // A Trap is a Fail heading (rule 001).
    let heading = if request.fail || request.trap {
        Heading::Fail
    } else {
        Heading::Success
    };
    if heading == Heading::Success
        && soldier.card.kind == SoldierKind::K9
        && state.rules() >= rules_version::ACTIVE_SOLDIERS_ACT
    {
        return Err(RuleError::refused(format!(
            "{name} is a K9, and a check with a Success heading costs an Action, which K9 Soldiers do not have (rules 000 and 001); his abilities roll in K9 Encounters (`muster k9 roll`), and a check on entering is --fail or --trap"
        )));
    }
    let card = request
        .card
        .map(|c| check_text("the card's name (--on)", c))
        .transpose()?;
    let card = match card {
        Some(card) => Some(check_once(state, card, &name, heading)?),
        None => None,
    };
    let modifiers = named_modifiers(request.modifiers)?;
    let purpose = format!(
        "{ability} check{}",
        card.as_ref().map(|c| format!(" on {c}")).unwrap_or_default()
    );
    let roll = match soldier.card.abilities.get(&ability) {
        Some(printed) => {
            let target = match (request.upgunned, printed.upgunned) {
                (false, _) => printed.target,
                (true, Some(bracket)) => bracket,
                (true, None) => {
                    return Err(RuleError::refused(format!(
                        "{name}'s {ability} is {printed}, with no Upgunned [bracket] target; drop --upgunned"
                    )));
                }
            };
            RollSpec {
                who: name.clone(),
                purpose,
                target,
                modifiers,
                costs: Vec::new(),
            }
            .roll(cup)?
        }
        // Rule 001: a Soldier without the ability does not roll; the check fails. Under a
        // Trap the face is taken as 1, and nothing raises it.
        None if !modifiers.is_empty() && state.rules() >= rules_version::MODIFIERS_ONLY_ON_A_ROLL => {
            return Err(RuleError::refused(format!(
                "{name} has no {ability} on his card, so he does not roll{} (rule 001: \"cannot be increased by any means\"): no modifier counts; leave out --mod",
                if request.trap {
                    " and the Trap's face is taken as 1"
                } else {
                    ""
                }
            )));
        }
        None => Roll {
            who: name.clone(),
            purpose,
            die: "d10".to_owned(),
            faces: if request.trap { vec![1] } else { Vec::new() },
            source: request.trap.then_some(Source::Assumed),
            target: None,
            modifiers,
            costs: Vec::new(),
            total: request.trap.then_some(1),
            success: false,
            dice: None,
        },
    };
    Ok(vec![Event::CheckRolled(Box::new(CheckRolled {
        soldier: name,
        ability,
        card,
        heading,
        upgunned: request.upgunned,
        trap: request.trap,
        roll,
    }))])
}

/// Refuses `ability` when no Soldier of the campaign has it and no card names it: a typo
/// (from [`rules_version::ABILITY_WORDS_KNOWN`]), not rule 001's Soldier without the ability.
///
/// From [`rules_version::TABLE_SIZED`] only a word one letter from a known ability is a typo:
/// one of its own is an ability a card names (a Location's "Climbing"), which a Soldier
/// without it fails (rule 001: "even if the Soldier doesn't have the ability").
fn known_ability(state: &CampaignState, ability: &str) -> Result<(), RuleError> {
    let known = abilities::known(state);
    if known.contains(ability) {
        return Ok(());
    }
    if state.rules() >= rules_version::TABLE_SIZED {
        return match one_letter_from(state, ability) {
            None => Ok(()),
            Some(meant) => Err(RuleError::refused(format!(
                "the ability '{ability}' is one letter from '{meant}'; did you mean '{meant}'? An ability of its own, one letter from none known here, is accepted, and a Soldier without it fails the check (rule 001)"
            ))),
        };
    }
    let closest = did_you_mean(ability, known.iter().copied());
    Err(RuleError::refused(format!(
        "no Soldier in this campaign has an ability '{ability}' and no card names one{closest}; abilities known here: {} (a Soldier who lacks a known ability fails its check without rolling, rule 001)",
        known.into_iter().collect::<Vec<_>>().join(", ")
    )))
}

/// The known ability `ability`, not itself known, is one letter from (the first in
/// alphabetical order), from [`rules_version::TABLE_SIZED`]: a typo of it. From
/// [`rules_version::ABILITY_TYPOS_AT_ENLIST`] only a tested word counts ([`abilities::tested`]).
pub(in crate::rules) fn one_letter_from<'s>(state: &'s CampaignState, ability: &str) -> Option<&'s str> {
    abilities::tested(state)
        .into_iter()
        .find(|k| strsim::damerau_levenshtein(k, ability) == 1)
}

/// Refuses, from [`rules_version::ABILITY_TYPOS_AT_ENLIST`], an ability on a card being
/// enlisted that is one letter from one known here and not itself known: a typo, refused as a
/// check of it would be, so `medc` never stands beside `medic`.
pub(in crate::rules) fn enlisted_ability(state: &CampaignState, ability: &str) -> Result<(), RuleError> {
    if state.rules() < rules_version::ABILITY_TYPOS_AT_ENLIST || abilities::known(state).contains(ability) {
        return Ok(());
    }
    match one_letter_from(state, ability) {
        None => Ok(()),
        Some(meant) => Err(RuleError::refused(format!(
            "the ability '{ability}' is one letter from '{meant}', an ability known here; did you mean '{meant}'? An ability of its own, one letter from none known here, is accepted (rule 001)"
        ))),
    }
}

/// A Success check's benefit is gained once; a Fail check is rolled once per Soldier. Gives
/// the card's name to record: from [`rules_version::CHECK_CARDS_HOWEVER_SPACED`] as this
/// Mission's checks first named it, the card read however spaced and in any case.
fn check_once(
    state: &CampaignState,
    card: String,
    soldier: &str,
    heading: Heading,
) -> Result<String, RuleError> {
    let mission = running(state)?;
    let spaced = state.rules() >= rules_version::CHECK_CARDS_HOWEVER_SPACED;
    let same_card = |named: &str| {
        if spaced {
            one_name(named, &card)
        } else {
            named.eq_ignore_ascii_case(&card)
        }
    };
    let earlier = mission.checks.iter().filter(|r| same_card(&r.card));
    for record in earlier.clone().filter(|r| r.heading == heading) {
        match heading {
            Heading::Success if record.success => {
                return Err(RuleError::refused(format!(
                    "{} already succeeded at the check on {} this Mission; its benefit is gained only once",
                    record.soldier, record.card
                )));
            }
            Heading::Fail if record.soldier == soldier => {
                return Err(RuleError::refused(format!(
                    "{soldier} already rolled the Fail check on {} this Mission; a Fail check is rolled once",
                    record.card
                )));
            }
            _ => {}
        }
    }
    match earlier.map(|r| &r.card).next() {
        Some(first) if spaced => Ok(first.clone()),
        _ => Ok(card),
    }
}
