//! What happens to one Soldier: Wounds, Suppress, status, XP, Hardy, EKIA and Medals.

mod hurt;
pub(super) mod squad;

use crate::domain::Game;
use crate::domain::command::{Harm, StatusChange, XpTarget};
use crate::domain::error::{RuleError, in_range};
use crate::domain::event::{
    EkiaRecorded, Event, HardyAdjusted, MedalAwarded, MedalSticker, MedalStickersRemoved, SoldierAmount,
    SoldierNamed, TeamXpAdjusted, XpAdjusted,
};
use crate::domain::limits::{MAX_CARD_RP, MAX_HARDY, MAX_HARM, MAX_HOSTILE_VALUE, MAX_XP};
use crate::domain::rules_version;
use crate::domain::soldier::{SoldierKind, Status, same_name};
use crate::domain::state::{CampaignInfo, CampaignState, SoldierState};
use crate::domain::suggest::did_you_mean;
use crate::rules::preconditions::check_text;
use crate::rules::preconditions::running;
use crate::rules::types::check_type;

pub(super) fn harm(
    state: &CampaignState,
    harm: Harm,
    name: &str,
    amount: i64,
) -> Result<Vec<Event>, RuleError> {
    let what = match harm {
        Harm::Wound => "the number of Wounds",
        Harm::Suppress => "the number of Suppress",
        Harm::Heal => "the number of Wounds to heal",
    };
    let amount = u32::try_from(in_range(what, amount, 1, MAX_HARM)?).unwrap_or(1);
    let soldier = on_the_books(state.find_soldier(name)?)?;
    let named = SoldierAmount {
        soldier: soldier.card.name.clone(),
        amount,
    };
    match harm {
        Harm::Wound => {
            hurt::on_the_mission(state, soldier, "wounded")?;
            hurt::within_health(state, soldier, amount)?;
            Ok(vec![Event::Wounded(named)])
        }
        Harm::Suppress => {
            let mission = running(state)?;
            if !mission.soldiers.contains(&soldier.card.name) {
                return Err(RuleError::refused(format!(
                    "{} is not on Mission {}; Suppress only lands on Soldiers taken on it ({})",
                    soldier.card.name,
                    mission.number,
                    mission.soldiers.join(", ")
                )));
            }
            Ok(vec![Event::Suppressed(named)])
        }
        Harm::Heal if soldier.wounds < amount => Err(RuleError::refused(format!(
            "{} has {} Wound{}; heal at most {}",
            soldier.card.name,
            soldier.wounds,
            if soldier.wounds == 1 { "" } else { "s" },
            soldier.wounds
        ))),
        Harm::Heal => Ok(vec![Event::Healed(named)]),
    }
}

/// The Soldier, unless he is KIA or discharged, whose records are closed.
fn on_the_books(soldier: &SoldierState) -> Result<&SoldierState, RuleError> {
    if soldier.is_on_the_books() {
        Ok(soldier)
    } else {
        Err(RuleError::refused(format!(
            "{} is {}: his record is closed; nothing more can happen to him (a mistaken entry is fixed with `muster void VERSION`)",
            soldier.card.name, soldier.status
        )))
    }
}

pub(super) fn change_status(
    state: &CampaignState,
    change: StatusChange,
    name: &str,
) -> Result<Vec<Event>, RuleError> {
    let soldier = on_the_books(state.find_soldier(name)?)?;
    let refuse = |accepted: &str| {
        Err(RuleError::refused(format!(
            "{} is {}; this applies only to a Soldier who is {accepted}",
            soldier.card.name, soldier.status
        )))
    };
    match change {
        StatusChange::Down => hurt::on_the_mission(state, soldier, "Downed")?,
        StatusChange::Kill => hurt::on_the_mission(state, soldier, "Killed")?,
        // Returning to duty and leaving the campaign are no harm: a Soldier left behind may.
        StatusChange::Recover | StatusChange::Discharge => {}
    }
    match (change, soldier.status) {
        (StatusChange::Down, Status::Active)
        | (StatusChange::Recover, Status::Downed)
        | (StatusChange::Kill | StatusChange::Discharge, _) => Ok(status_events(soldier, change)),
        (StatusChange::Down, _) => refuse("active"),
        (StatusChange::Recover, _) => refuse("downed"),
    }
}

/// The events of a status change the caller has checked: Downed and KIA also remove the
/// Soldier's Medal stickers (rule 004).
pub(in crate::rules) fn status_events(soldier: &SoldierState, change: StatusChange) -> Vec<Event> {
    let named = SoldierNamed {
        soldier: soldier.card.name.clone(),
    };
    match change {
        StatusChange::Down => with_stickers_removed(Event::Downed(named), soldier, "downed"),
        StatusChange::Recover => vec![Event::Recovered(named)],
        StatusChange::Kill => with_stickers_removed(Event::Killed(named), soldier, "kia"),
        StatusChange::Discharge => vec![Event::Discharged(named)],
    }
}

/// `event`, followed by the removal of the Soldier's Medal stickers when he has any
/// (a Downed or KIA result strips them: rule 004).
fn with_stickers_removed(event: Event, soldier: &SoldierState, because: &str) -> Vec<Event> {
    let mut events = vec![event];
    if !soldier.medals.is_empty() {
        events.push(Event::MedalStickersRemoved(MedalStickersRemoved {
            soldier: soldier.card.name.clone(),
            medals: soldier.medals.clone(),
            because: because.to_owned(),
        }));
    }
    events
}

pub(super) fn adjust_xp(
    state: &CampaignState,
    info: &CampaignInfo,
    target: &XpTarget,
    amount: i64,
    why: &str,
) -> Result<Vec<Event>, RuleError> {
    let amount = nonzero("the XP change", amount, MAX_XP)?;
    let why = check_text("the reason (--why)", why)?;
    match target {
        XpTarget::Team if info.game != Game::ZeroDark => Err(RuleError::refused(format!(
            "a team XP pool exists only in Zero Dark campaigns, and this is a {} campaign; name a Soldier instead of 'team'",
            info.game
        ))),
        XpTarget::Team => {
            check_overdraw(state.team_xp, amount, "the team", "XP")?;
            Ok(vec![Event::TeamXpAdjusted(TeamXpAdjusted { amount, why })])
        }
        XpTarget::Soldier(name) => {
            let soldier = on_the_books(state.find_soldier(name)?)?;
            check_overdraw(soldier.xp, amount, &soldier.card.name, "XP")?;
            Ok(vec![Event::XpAdjusted(XpAdjusted {
                soldier: soldier.card.name.clone(),
                amount,
                why,
            })])
        }
    }
}

pub(super) fn adjust_hardy(
    state: &CampaignState,
    name: &str,
    hardy: &str,
    amount: i64,
    why: &str,
) -> Result<Vec<Event>, RuleError> {
    let hardy = check_type(state, "a Hardy type", hardy)?;
    let amount = nonzero("the Hardy change", amount, MAX_HARDY)?;
    let why = check_text("the reason (--why)", why)?;
    let soldier = on_the_books(state.find_soldier(name)?)?;
    let have = soldier.hardy.get(&hardy).copied().unwrap_or(0);
    let counters = if have == 1 { "counter" } else { "counters" };
    check_overdraw(
        have,
        amount,
        &soldier.card.name,
        &format!("Hardy {hardy} {counters}"),
    )
    // A type he holds none of may be a typo of one he holds; one he holds is no typo.
    .map_err(|refusal| match have {
        0 => RuleError::refused(format!(
            "{refusal}{}",
            did_you_mean(&hardy, soldier.hardy.keys().map(String::as_str))
        )),
        _ => refusal,
    })?;
    Ok(vec![Event::HardyAdjusted(HardyAdjusted {
        soldier: soldier.card.name.clone(),
        hardy,
        amount,
        why,
    })])
}

pub(super) fn record_ekia(
    state: &CampaignState,
    name: &str,
    hostile: &str,
    value: i64,
) -> Result<Vec<Event>, RuleError> {
    let value = u32::try_from(in_range("the Hostile's value", value, 0, MAX_HOSTILE_VALUE)?).unwrap_or(0);
    let hostile = check_text("the Hostile's name", hostile)?;
    let mission = running(state)?;
    let soldier = on_the_books(state.find_soldier(name)?)?;
    if soldier.card.kind == SoldierKind::K9 {
        return Err(RuleError::refused(format!(
            "{} is a K9, and K9 Soldiers cannot perform Attacks against Hostiles (rule 000); record the EKIA for the Soldier who made it",
            soldier.card.name
        )));
    }
    if !mission.soldiers.contains(&soldier.card.name) {
        return Err(RuleError::refused(format!(
            "{} is not on Mission {}; Soldiers on it: {}",
            soldier.card.name,
            mission.number,
            mission.soldiers.join(", ")
        )));
    }
    if soldier.status != Status::Active && state.rules() >= rules_version::ACTIVE_SOLDIERS_ACT {
        return Err(RuleError::refused(format!(
            "{} is {}, and only an active Soldier attacks (as for a Suppression); record the EKIA for the Soldier who made it",
            soldier.card.name, soldier.status
        )));
    }
    // Rule 000: "Do not gain XP for the Encounter's Hostile value."
    let encounter = mission.encounters_drawn.iter().find(|e| same_name(e, &hostile));
    if let Some(encounter) = encounter.filter(|_| state.rules() >= rules_version::WHAT_HAPPENED_ONCE) {
        return Err(RuleError::refused(format!(
            "'{encounter}' is a K9 Encounter drawn this Mission, and its Hostile value gives no XP (rule 000: \"Do not gain XP for the Encounter's Hostile value\"); an EKIA names a Hostile card"
        )));
    }
    let losses = crate::rules::medals::eliminate_losses(state, &soldier.card.name, &hostile, "an EKIA");
    let mut events = vec![Event::EkiaRecorded(EkiaRecorded {
        soldier: soldier.card.name.clone(),
        hostile,
        value,
    })];
    events.extend(losses);
    Ok(events)
}

pub(super) fn award_medal(
    state: &CampaignState,
    name: &str,
    medal: &str,
    rp: i64,
    why: &str,
) -> Result<Vec<Event>, RuleError> {
    let medal = check_text("the Medal's name", medal)?;
    let rp = u32::try_from(in_range("the Medal's RP", rp, 0, MAX_CARD_RP)?).unwrap_or(0);
    crate::rules::medals::printed_rp(state, &medal, rp)?;
    let medal = crate::rules::medals::sticker_name(state, &medal)?;
    let why = check_text("the reason (--why)", why)?;
    let soldier = state.find_soldier(name)?;
    if soldier.status != Status::Active {
        return Err(RuleError::refused(format!(
            "{} is {}; a Medal sticker goes only on an active Soldier",
            soldier.card.name, soldier.status
        )));
    }
    Ok(vec![Event::MedalAwarded(MedalAwarded {
        soldier: soldier.card.name.clone(),
        medal: MedalSticker { name: medal, rp },
        why,
    })])
}

/// Checks a signed change that must not be zero and must stay within ±`max`.
fn nonzero(what: &'static str, amount: i64, max: i64) -> Result<i64, RuleError> {
    if amount == 0 {
        return Err(RuleError::refused(format!(
            "{what} is 0, which records nothing; give a number from -{max} to {max}, e.g. +2 or -1"
        )));
    }
    in_range(what, amount, -max, max)
}

/// Refuses a negative change larger than what `who` has.
fn check_overdraw(have: u32, amount: i64, who: &str, what: &str) -> Result<(), RuleError> {
    if amount < 0 && amount.unsigned_abs() > u64::from(have) {
        return Err(RuleError::refused(format!(
            "{who} has {have} {what}; cannot take away {}; at most {have} can be spent",
            amount.unsigned_abs()
        )));
    }
    Ok(())
}
