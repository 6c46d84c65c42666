//! A K9 Encounter roll with its paid options: the costs spent first, then the roll.

use crate::dice::Cup;
use crate::domain::error::RuleError;
use crate::domain::event::{DisciplineSpent, Event, XpAdjusted, payment_source};
use crate::domain::k9::{EncounterRoll, Maker, Resource};
use crate::domain::roll::{Cost, Modifier, Roll};
use crate::domain::rules_version::WHAT_HAPPENED_ONCE;
use crate::domain::state::{CampaignState, EncounterState};
use crate::rules::roll::RollSpec;

/// The payment events and the roll itself: the card's modifier, then each paid option.
pub(super) fn paid_roll(
    state: &CampaignState,
    encounter: &EncounterState,
    spec: &EncounterRoll,
    payments: &[Resource],
    purpose: String,
    cup: &mut Cup,
) -> Result<(Vec<Event>, Roll), RuleError> {
    let maker = match spec.maker {
        Maker::K9 => &encounter.k9,
        Maker::Handler => &encounter.handler,
    };
    let maker = state.find_soldier(maker)?;
    let k9 = state.find_soldier(&encounter.k9)?;
    let mut events = Vec::new();
    let mut modifiers = Vec::new();
    if spec.modifier != 0 {
        modifiers.push(Modifier {
            value: spec.modifier,
            source: "card".to_owned(),
        });
    }
    let mut costs = Vec::new();
    for (i, resource) in payments.iter().enumerate() {
        if payments[..i].contains(resource) {
            return Err(RuleError::refused(format!(
                "--pay {resource} is named twice; each option is paid once"
            )));
        }
        let option = spec
            .options
            .iter()
            .find(|o| o.resource == *resource)
            .ok_or_else(|| {
                let offered: Vec<String> = spec
                    .options
                    .iter()
                    .map(|o| format!("{} (+{})", o.resource, o.bonus))
                    .collect();
                RuleError::refused(format!(
                    "this roll offers no option paid with {resource}; it offers: {}",
                    if offered.is_empty() {
                        "none".to_owned()
                    } else {
                        offered.join(", ")
                    }
                ))
            })?;
        let why = format!("{purpose}: +{}", option.bonus);
        match resource {
            Resource::Discipline => {
                let have = k9.discipline.unwrap_or(0);
                if have < option.amount {
                    return Err(RuleError::refused(format!(
                        "{} has {have} Discipline; paying {} is refused",
                        k9.card.name, option.amount
                    )));
                }
                events.push(Event::DisciplineSpent(DisciplineSpent {
                    soldier: k9.card.name.clone(),
                    amount: option.amount,
                    why,
                }));
            }
            Resource::Xp => {
                if maker.xp < option.amount {
                    return Err(RuleError::refused(format!(
                        "{} has {} XP; paying {} is refused",
                        maker.card.name, maker.xp, option.amount
                    )));
                }
                events.push(Event::XpAdjusted(XpAdjusted {
                    soldier: maker.card.name.clone(),
                    amount: -i64::from(option.amount),
                    why,
                }));
            }
            Resource::Discards => {}
        }
        costs.push(Cost {
            resource: resource.to_string(),
            amount: option.amount,
        });
        modifiers.push(Modifier {
            value: option.bonus,
            source: payment_source(*resource, option.amount),
        });
    }
    let ability = spec.ability.to_lowercase();
    // From rules 9, a roll not made is not paid for: the payment buys a bonus to a roll.
    let unmade = !maker.card.abilities.contains_key(&ability);
    if unmade && !payments.is_empty() && state.rules() >= WHAT_HAPPENED_ONCE {
        return Err(RuleError::refused(format!(
            "{} has no {ability} ability, so no roll is made and it fails (rule 001); a payment is made before a roll (rule 000: \"You must pay the requirements before performing each roll\"), so nothing is paid: leave out --pay",
            maker.card.name
        )));
    }
    let purpose = format!("{purpose} ({ability})");
    let roll = match maker.card.abilities.get(&ability) {
        Some(printed) => RollSpec {
            who: maker.card.name.clone(),
            purpose,
            target: printed.target,
            modifiers,
            costs,
        }
        .roll(cup)?,
        // Without the ability, no roll is made and it fails (rule 001).
        None => Roll {
            who: maker.card.name.clone(),
            purpose,
            die: "d10".to_owned(),
            faces: Vec::new(),
            source: None,
            target: None,
            modifiers,
            costs,
            total: None,
            success: false,
            dice: None,
        },
    };
    Ok((events, roll))
}
