//! Environment rolls and Hardy (rule 002): Enduring, Fire, and the choice after a failure.

use crate::dice::Cup;
use crate::domain::command::NamedModifier;
use crate::domain::error::{RuleError, in_range};
use crate::domain::event::{
    EnvironmentChoice, EnvironmentResolved, EnvironmentRolled, Event, HardyAdjusted, SoldierAmount,
};
use crate::domain::roll::Modifier;
use crate::domain::rules_version;
use crate::domain::state::CampaignState;
use crate::rules::preconditions::check_word;
use crate::rules::preconditions::running;
use crate::rules::roll::{RollSpec, named_modifiers};

pub(super) fn roll(
    state: &CampaignState,
    soldier: &str,
    environment: &str,
    target: i64,
    modifiers: &[NamedModifier],
    location: Option<&str>,
    cup: &mut Cup,
) -> Result<Vec<Event>, RuleError> {
    let mission = running(state)?;
    let soldier = state.find_soldier(soldier)?;
    let name = soldier.card.name.clone();
    if !mission.soldiers.contains(&name) || !soldier.is_on_the_books() {
        return Err(RuleError::refused(format!(
            "{name} is not in play on Mission {}; only its Soldiers roll for Environment ({})",
            mission.number,
            mission.soldiers.join(", ")
        )));
    }
    let environment = check_word("an Environ type", &environment.to_lowercase())?;
    let target = u8::try_from(in_range("the Environ target", target, 1, 10)?).unwrap_or(10);
    let location = location
        .map(|l| crate::rules::preconditions::check_text("the Location's name", l))
        .transpose()?;
    if state.rules() >= rules_version::ENVIRON_WITHOUT_ARMOR {
        if let Some(armor) = modifiers.iter().find(|m| protects(&m.source)) {
            return Err(RuleError::refused(format!(
                "an Environment roll gains no protection from Armor or Shields (rule 002: \"Do not gain protection from Armors or Shields\"); leave out the modifier {:+}:{}",
                armor.value, armor.source
            )));
        }
    }
    let keywords = &soldier.card.keywords;
    // Enduring: immune to Environ effects, so no roll is made.
    if keywords.iter().any(|k| k == "enduring") {
        return Ok(vec![Event::EnvironmentRolled(EnvironmentRolled {
            soldier: name,
            environment,
            target,
            location,
            immune: true,
            roll: None,
        })]);
    }
    let mut all = named_modifiers(modifiers)?;
    if keywords.iter().any(|k| k == "fire") {
        match environment.as_str() {
            "hot" => all.push(keyword_fire(2)),
            "cold" => all.push(keyword_fire(-2)),
            _ => {}
        }
    }
    let roll = RollSpec {
        who: name.clone(),
        purpose: format!(
            "Environ {environment} {target}+{}",
            location.as_ref().map(|l| format!(" at {l}")).unwrap_or_default()
        ),
        target,
        modifiers: all,
        costs: Vec::new(),
    }
    .roll(cup)?;
    Ok(vec![Event::EnvironmentRolled(EnvironmentRolled {
        soldier: name,
        environment,
        target,
        location,
        immune: false,
        roll: Some(roll),
    })])
}

/// Whether a modifier's source names Armor or a Shield, as a word of its own ("Body Armor",
/// "shields"; not "Shielded position").
fn protects(source: &str) -> bool {
    source
        .split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .any(|word| {
            matches!(
                word.as_str(),
                "armor" | "armors" | "armour" | "armours" | "shield" | "shields"
            )
        })
}

fn keyword_fire(value: i32) -> Modifier {
    Modifier {
        value,
        source: "keyword Fire".to_owned(),
    }
}

pub(super) fn resolve(
    state: &CampaignState,
    soldier: &str,
    choice: EnvironmentChoice,
) -> Result<Vec<Event>, RuleError> {
    let soldier = state.find_soldier(soldier)?;
    let name = soldier.card.name.clone();
    let Some(pending) = state.pending.iter().find(|p| p.soldier == name) else {
        let others: Vec<String> = state
            .pending
            .iter()
            .map(|p| format!("{} (Environ {}, v{})", p.soldier, p.environment, p.version))
            .collect();
        return Err(RuleError::refused(format!(
            "{name} has no failed Environment roll awaiting a choice; awaiting: {}",
            if others.is_empty() {
                "nothing".to_owned()
            } else {
                others.join(", ")
            }
        )));
    };
    let why = format!("Environ {} failed at v{}", pending.environment, pending.version);
    let effect = match choice {
        EnvironmentChoice::Hardy | EnvironmentChoice::HardyAny => {
            let hardy = if choice == EnvironmentChoice::Hardy {
                pending.environment.as_str()
            } else {
                "any"
            };
            if soldier.hardy.get(hardy).copied().unwrap_or(0) == 0 {
                let held: Vec<String> = soldier.hardy.iter().map(|(k, n)| format!("{k} {n}")).collect();
                return Err(RuleError::refused(format!(
                    "{name} has no Hardy {hardy} counter (he has: {}); choose wound or suppress{}",
                    if held.is_empty() {
                        "none".to_owned()
                    } else {
                        held.join(", ")
                    },
                    if soldier.hardy.contains_key("any") {
                        ", or hardy --any"
                    } else {
                        ""
                    }
                )));
            }
            Event::HardyAdjusted(HardyAdjusted {
                soldier: name.clone(),
                hardy: hardy.to_owned(),
                amount: -1,
                why,
            })
        }
        EnvironmentChoice::Wound => Event::Wounded(SoldierAmount {
            soldier: name.clone(),
            amount: 1,
        }),
        EnvironmentChoice::Suppress => Event::Suppressed(SoldierAmount {
            soldier: name.clone(),
            amount: 1,
        }),
    };
    Ok(vec![
        Event::EnvironmentResolved(EnvironmentResolved {
            soldier: name,
            environment: pending.environment.clone(),
            rolled_at: pending.version,
            choice,
        }),
        effect,
    ])
}
