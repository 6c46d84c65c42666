//! Environment rolls and Hardy (rule 002): Enduring, Fire, the choice after a failure, and the
//! Environments a Mission, a Location or an Event declares.

use crate::dice::Cup;
use crate::domain::Game;
use crate::domain::command::NamedModifier;
use crate::domain::environment::{DeclaredEnvironment, EnvironmentScope, OwedEnvironment};
use crate::domain::error::{RuleError, in_range};
use crate::domain::event::{
    EnvironmentChoice, EnvironmentResolved, EnvironmentRolled, Event, HardyAdjusted, MissionEnvironment,
    SoldierAmount,
};
use crate::domain::limits::MAX_ENVIRONMENTS;
use crate::domain::roll::Modifier;
use crate::domain::rules_version;
use crate::domain::soldier::{Status, same_name};
use crate::domain::state::{CampaignState, MissionState, SoldierState};
use crate::domain::suggest::did_you_mean;
use crate::rules::preconditions::{check_text, running};
use crate::rules::roll::{RollSpec, named_modifiers};
use crate::rules::types::environ_type;

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
        // Those of its Soldiers still on the books: one Killed or discharged rolls no more.
        let in_play: Vec<&str> = mission
            .soldiers
            .iter()
            .filter(|s| state.soldier(s).is_some_and(|s| s.is_on_the_books()))
            .map(String::as_str)
            .collect();
        return Err(RuleError::refused(format!(
            "{name} is not in play on Mission {}; only its Soldiers still on the books roll for Environment ({})",
            mission.number,
            if in_play.is_empty() {
                "none".to_owned()
            } else {
                in_play.join(", ")
            }
        )));
    }
    let environment = environ_type(state, &environment.to_lowercase())?;
    let target = u8::try_from(in_range("the Environ target", target, 1, 10)?).unwrap_or(10);
    if state.rules() >= rules_version::ACTIVE_SOLDIERS_ACT {
        once_a_turn(mission, soldier, &environment, target)?;
    }
    let location = location
        .map(|l| check_text("the Location's name", l))
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
        return Ok(vec![Event::EnvironmentRolled(Box::new(EnvironmentRolled {
            soldier: name,
            environment,
            target,
            location,
            immune: true,
            roll: None,
        }))]);
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
    Ok(vec![Event::EnvironmentRolled(Box::new(EnvironmentRolled {
        soldier: name,
        environment,
        target,
        location,
        immune: false,
        roll: Some(roll),
    }))])
}

/// Rule 002 from [`rules_version::ACTIVE_SOLDIERS_ACT`]: an active Soldier rolls (one Downed
/// owes none), and a roll a declared Environment owed him this turn is made once: another is
/// refused while none of that type and target is still owed him. A roll no declaration owed
/// (an Environment not declared) is recorded as before.
fn once_a_turn(
    mission: &MissionState,
    soldier: &SoldierState,
    environment: &str,
    target: u8,
) -> Result<(), RuleError> {
    let name = &soldier.card.name;
    if soldier.status != Status::Active {
        return Err(RuleError::refused(format!(
            "{name} is {}: only an active Soldier rolls for an Environment, and one {} owes none (rule 002)",
            soldier.status, soldier.status
        )));
    }
    let same = |owed: &OwedEnvironment| {
        same_name(&owed.soldier, name)
            && owed.environment.environment == environment
            && owed.environment.target == target
    };
    if mission.owed_environment.iter().any(same) {
        return Ok(());
    }
    match mission.rolled_environment.iter().find(|r| same(&r.owed)) {
        Some(made) => Err(RuleError::refused(format!(
            "{name} already made this turn's roll against {} (v{}); a declared Environment is rolled once a turn, at the start of the Soldier Turn (rule 002): the next is owed after `muster turn`",
            made.owed.environment, made.version
        ))),
        None => Ok(()),
    }
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
    rolled_at: Option<u64>,
) -> Result<Vec<Event>, RuleError> {
    let soldier = state.find_soldier(soldier)?;
    let name = soldier.card.name.clone();
    let his = || state.pending.iter().filter(|p| p.soldier == name);
    if let Some(version) = rolled_at.filter(|v| his().next().is_some() && !his().any(|p| p.version == *v)) {
        let awaiting: Vec<String> = his()
            .map(|p| {
                format!(
                    "Environ {} at v{} (--roll {})",
                    p.environment, p.version, p.version
                )
            })
            .collect();
        return Err(RuleError::refused(format!(
            "v{version} is not a failed Environment roll of {name} awaiting a choice; his are: {}",
            awaiting.join(", ")
        )));
    }
    let Some(pending) = his().find(|p| rolled_at.is_none_or(|v| p.version == v)) else {
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
                // The roll named, the other choices name it too: they are its own offers.
                let roll = rolled_at.map(|v| format!(" --roll {v}")).unwrap_or_default();
                let resolve =
                    |choice: &str| format!("`muster resolve {} {choice}{roll}`", shell_words::quote(&name));
                return Err(RuleError::refused(format!(
                    "{name} has no Hardy {hardy} counter (he has: {}); choose {} or {}{}",
                    if held.is_empty() {
                        "none".to_owned()
                    } else {
                        held.join(", ")
                    },
                    resolve("wound"),
                    resolve("suppress"),
                    if soldier.hardy.contains_key("any") && choice == EnvironmentChoice::Hardy {
                        format!(", or his Hardy Any counter: {}", resolve("hardy --any"))
                    } else {
                        String::new()
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

/// `muster environ declare`: Environments in force from now on during the Mission in progress,
/// owed by its Soldiers from the next turn's start.
pub(super) fn declare(
    state: &CampaignState,
    scope: EnvironmentScope,
    name: Option<&str>,
    environments: &[(String, i64)],
) -> Result<Vec<Event>, RuleError> {
    let mission = running(state)?;
    declarations(
        state,
        mission.number,
        &mission.environments,
        scope,
        name,
        environments,
    )
}

/// The Mission's own Environments, declared as it starts (`mission start --environ`): rule
/// 002, "Missions taking place in Russia have the 'Cold' Environmental condition".
pub(in crate::rules) fn declared_at_start(
    state: &CampaignState,
    mission: u32,
    environments: &[(String, i64)],
) -> Result<Vec<Event>, RuleError> {
    if environments.is_empty() {
        return Ok(Vec::new());
    }
    declarations(state, mission, &[], EnvironmentScope::Mission, None, environments)
}

/// One `environment_declared` event per Environment, each checked, named once and not in force.
fn declarations(
    state: &CampaignState,
    mission: u32,
    in_force: &[DeclaredEnvironment],
    scope: EnvironmentScope,
    name: Option<&str>,
    environments: &[(String, i64)],
) -> Result<Vec<Event>, RuleError> {
    declared_under_these_rules(state)?;
    let name = source_name(scope, name)?;
    if state.rules() >= rules_version::TABLE_SIZED && in_force.len() + environments.len() > MAX_ENVIRONMENTS {
        return Err(RuleError::refused(format!(
            "{} Environments would be in force, {} of them declared now; at most {MAX_ENVIRONMENTS} are (a Location or an Event lists one or two): end one first with `muster environ clear`",
            in_force.len() + environments.len(),
            environments.len()
        )));
    }
    let mut events: Vec<Event> = Vec::new();
    for (environment, target) in environments {
        let declared = DeclaredEnvironment {
            environment: environ_type(state, &environment.to_lowercase())?,
            name: name.clone(),
            scope,
            target: u8::try_from(in_range("the Environ target", *target, 1, 10)?).unwrap_or(10),
        };
        let twice = events
            .iter()
            .any(|e| matches!(e, Event::EnvironmentDeclared(d) if d.declared().same_as(&declared)));
        if twice || in_force.iter().any(|d| d.same_as(&declared)) {
            return Err(RuleError::refused(format!(
                "the {declared} is {}; each Environment is declared once (rule 002 rolls \"all of them separately\", not one twice)",
                if twice { "named twice" } else { "already in force" }
            )));
        }
        events.push(Event::EnvironmentDeclared(MissionEnvironment::of(
            mission, declared,
        )));
    }
    if events.is_empty() {
        return Err(RuleError::refused(
            "no Environment was named; give at least one as TYPE:TARGET, e.g. cold:6",
        ));
    }
    Ok(events)
}

/// `muster environ clear`: the Environments a Location or an Event (or the Mission) declared
/// end: all of that one's, or the ones named.
pub(super) fn clear(
    state: &CampaignState,
    scope: EnvironmentScope,
    name: Option<&str>,
    environments: &[(String, i64)],
) -> Result<Vec<Event>, RuleError> {
    let mission = running(state)?;
    declared_under_these_rules(state)?;
    let name = source_name(scope, name)?;
    let in_force = || {
        let listed: Vec<String> = mission.environments.iter().map(ToString::to_string).collect();
        if listed.is_empty() {
            "none".to_owned()
        } else {
            listed.join(", ")
        }
    };
    let of_source: Vec<&DeclaredEnvironment> = mission
        .environments
        .iter()
        .filter(|d| d.from(scope, name.as_deref()))
        .collect();
    let cleared: Vec<&DeclaredEnvironment> = if environments.is_empty() {
        of_source
    } else {
        let mut cleared = Vec::new();
        for (environment, target) in environments {
            let environment = environment.to_lowercase();
            let found = of_source
                .iter()
                .find(|d| d.environment == environment && i64::from(d.target) == *target);
            match found {
                Some(d) if !cleared.contains(d) => cleared.push(*d),
                _ => {
                    return Err(RuleError::refused(format!(
                        "Environ {environment} {target}+ is not in force for {}{}; in force: {}",
                        scope_words(scope, name.as_deref()),
                        did_you_mean(&environment, of_source.iter().map(|d| d.environment.as_str())),
                        in_force()
                    )));
                }
            }
        }
        cleared
    };
    if cleared.is_empty() {
        return Err(RuleError::refused(format!(
            "{} declared no Environment in force; in force: {}",
            scope_words(scope, name.as_deref()),
            in_force()
        )));
    }
    Ok(cleared
        .into_iter()
        .map(|d| Event::EnvironmentCleared(MissionEnvironment::of(mission.number, d.clone())))
        .collect())
}

/// Refuses to declare Environments in a campaign whose rules predate them, or outside Warfighter.
fn declared_under_these_rules(state: &CampaignState) -> Result<(), RuleError> {
    if state.info.as_ref().is_some_and(|i| i.game == Game::ZeroDark) {
        return Err(RuleError::refused(
            "this is a Horizon Wars: Zero Dark campaign: Environments belong to Warfighter; drop --environ",
        ));
    }
    if state.rules() < rules_version::ENVIRONMENTS_DECLARED {
        return Err(RuleError::refused(format!(
            "this campaign is under {}, which do not track declared Environments (from {}); adopt them between Missions with `muster campaign adopt-rules`, or roll each Environment with `muster environ SOLDIER TYPE TARGET`",
            state.rules(),
            rules_version::ENVIRONMENTS_DECLARED
        )));
    }
    Ok(())
}

/// The Location's or the Event's name, checked; none for the Mission's own.
fn source_name(scope: EnvironmentScope, name: Option<&str>) -> Result<Option<String>, RuleError> {
    match (scope, name) {
        (EnvironmentScope::Mission, None) => Ok(None),
        (EnvironmentScope::Mission, Some(_)) => Err(RuleError::refused(
            "the Mission's own Environments take no name; name a Location or an Event instead",
        )),
        (_, Some(name)) => Ok(Some(check_text(&format!("the {scope}'s name"), name)?)),
        (_, None) => Err(RuleError::refused(format!(
            "name the {scope} whose Environments these are, e.g. --{} Stream",
            scope.to_string().to_lowercase()
        ))),
    }
}

/// `the Mission`, `the Location Stream`: what `scope` and `name` point at.
fn scope_words(scope: EnvironmentScope, name: Option<&str>) -> String {
    match name {
        Some(name) => format!("the {scope} {name}"),
        None => format!("the {scope}"),
    }
}
