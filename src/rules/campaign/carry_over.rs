//! A paper campaign carried over into muster: a Soldier's sheet before his first Mission
//! recorded here, the squad's before the campaign's first, each once, so play recorded in
//! muster is never rewritten as paper.

use std::collections::BTreeMap;

use crate::domain::Game;
use crate::domain::error::{RuleError, in_range};
use crate::domain::event::{Event, MedalSticker, SoldierCarriedOver, SquadCarriedOver};
use crate::domain::limits::{MAX_CARD_RP, MAX_HARDY, MAX_HARM, MAX_PAPER_MISSIONS, MAX_RP, MAX_XP};
use crate::domain::rules_version::WOUNDS_WITHIN_HEALTH;
use crate::domain::soldier::SoldierKind;
use crate::domain::state::CampaignState;
use crate::rules::preconditions::check_text;
use crate::rules::types::check_type;

/// What a Soldier's paper sheet says: each number given replaces the log's.
pub(in crate::rules) struct Sheet<'a> {
    pub xp: Option<u32>,
    pub wounds: Option<u32>,
    pub hardy: &'a [(String, u32)],
    pub medals: &'a [(String, u32)],
    pub missions: Option<u32>,
    pub discipline: Option<u32>,
}

pub(in crate::rules) fn soldier(
    state: &CampaignState,
    name: &str,
    sheet: &Sheet<'_>,
    why: &str,
) -> Result<Vec<Event>, RuleError> {
    let soldier = state.find_soldier(name)?;
    let name = soldier.card.name.clone();
    if soldier.carried_over {
        return Err(RuleError::refused(format!(
            "{name}'s paper sheet was carried over already; it is carried over once (void that command to carry it over again)"
        )));
    }
    if let Some(first) = soldier.missions.first() {
        return Err(RuleError::refused(format!(
            "{name} went on Mission {first}, recorded in muster: only a Soldier not yet on a Mission here can be carried over from paper, so play is never rewritten as paper (record a change with xp, wound, hardy or medal award)"
        )));
    }
    let given = sheet.xp.is_some()
        || sheet.wounds.is_some()
        || !sheet.hardy.is_empty()
        || !sheet.medals.is_empty()
        || sheet.missions.is_some()
        || sheet.discipline.is_some();
    if !given {
        return Err(RuleError::refused(
            "name at least one number of the sheet: --xp, --wounds, --hardy TYPE=N, --medal NAME=RP, --missions or --discipline",
        ));
    }
    let why = check_text("the reason", why)?;
    if let Some(xp) = sheet.xp {
        in_range("his XP", i64::from(xp), 0, MAX_XP)?;
    }
    if let Some(wounds) = sheet.wounds {
        in_range("his Wounds", i64::from(wounds), 0, MAX_HARM)?;
        let health = soldier
            .card
            .health
            .filter(|_| state.rules() >= WOUNDS_WITHIN_HEALTH);
        if let Some(health) = health.filter(|health| wounds > *health) {
            let quoted = shell_words::quote(&name);
            return Err(RuleError::refused(format!(
                "{name}'s card prints Health {health}: his sheet holds 0 to {health} Wounds, not {wounds}; at his Health he is Downed or Killed (`muster down {quoted}` or `muster kill {quoted}` once carried over)"
            )));
        }
    }
    if let Some(missions) = sheet.missions {
        in_range(
            "his Missions on paper",
            i64::from(missions),
            0,
            MAX_PAPER_MISSIONS,
        )?;
        if state.squad_carried_over && missions > state.paper_missions {
            return Err(RuleError::refused(format!(
                "{name} cannot have gone on {missions} Missions on paper: the squad played {}",
                state.paper_missions
            )));
        }
    }
    let discipline = match (sheet.discipline, soldier.card.kind) {
        (None, _) => None,
        (Some(d), SoldierKind::K9) => {
            let stat = soldier.card.discipline.unwrap_or(0);
            if d > stat {
                return Err(RuleError::refused(format!(
                    "{name}'s Discipline stat is {stat}: his counters are 0 to {stat}, not {d}"
                )));
            }
            Some(d)
        }
        (Some(_), _) => {
            return Err(RuleError::refused(format!(
                "{name} is no K9: only a K9 has Discipline counters"
            )));
        }
    };
    let mut hardy = BTreeMap::new();
    for (kind, n) in sheet.hardy {
        let kind = check_type(state, "a Hardy type", &kind.to_lowercase())?;
        in_range("a Hardy count", i64::from(*n), 0, MAX_HARDY)?;
        if hardy.insert(kind.clone(), *n).is_some() {
            return Err(RuleError::refused(format!(
                "Hardy {kind} is given twice; give each type once"
            )));
        }
    }
    let game = state.info.as_ref().map(|i| i.game);
    if !sheet.medals.is_empty() && game == Some(Game::ZeroDark) {
        return Err(RuleError::refused(
            "Medals are Warfighter's; a Zero Dark hero carries none",
        ));
    }
    let mut medals: Vec<MedalSticker> = Vec::new();
    for (medal, rp) in sheet.medals {
        let medal = check_text("a Medal's name", medal)?;
        in_range("a Medal's RP", i64::from(*rp), 0, MAX_CARD_RP)?;
        crate::rules::medals::printed_rp(state, &medal, *rp)?;
        let medal = crate::rules::medals::sticker_name(state, &medal)?;
        let held = soldier.medals.iter().chain(&medals);
        if held.into_iter().any(|m| m.name.eq_ignore_ascii_case(&medal)) {
            return Err(RuleError::refused(format!(
                "{name} already carries the {medal}; a Medal is carried once"
            )));
        }
        medals.push(MedalSticker { name: medal, rp: *rp });
    }
    Ok(vec![Event::SoldierCarriedOver(Box::new(SoldierCarriedOver {
        discipline,
        hardy,
        medals,
        missions: sheet.missions,
        soldier: name,
        why,
        wounds: sheet.wounds,
        xp: sheet.xp,
    }))])
}

pub(in crate::rules) fn squad(
    state: &CampaignState,
    rp_bank: Option<u32>,
    missions: Option<u32>,
    why: &str,
) -> Result<Vec<Event>, RuleError> {
    if state.squad_carried_over {
        return Err(RuleError::refused(
            "the squad's paper sheet was carried over already; it is carried over once (void that command to carry it over again)",
        ));
    }
    if let Some(first) = &state.mission {
        return Err(RuleError::refused(format!(
            "Mission {} is recorded in muster: the squad is carried over from paper only before the campaign's first Mission here, so play is never rewritten as paper (record RP with rp grant or rp spend)",
            first.number
        )));
    }
    if rp_bank.is_none() && missions.is_none() {
        return Err(RuleError::refused(
            "name at least one number of the squad's sheet: --rp-bank N or --missions N",
        ));
    }
    let why = check_text("the reason", why)?;
    if let Some(bank) = rp_bank {
        if state.info.as_ref().is_some_and(|i| i.game == Game::ZeroDark) {
            return Err(RuleError::refused(
                "a Zero Dark team keeps no RP bank; carry over its XP with `muster xp team N --why TEXT`",
            ));
        }
        in_range("the RP bank", i64::from(bank), 0, MAX_RP)?;
    }
    if let Some(missions) = missions {
        in_range(
            "the Missions played on paper",
            i64::from(missions),
            0,
            MAX_PAPER_MISSIONS,
        )?;
        if let Some(soldier) = state.soldiers.iter().find(|s| s.paper_missions > missions) {
            return Err(RuleError::refused(format!(
                "{} went on {} Missions on paper: the squad played at least as many",
                soldier.card.name, soldier.paper_missions
            )));
        }
    }
    Ok(vec![Event::SquadCarriedOver(SquadCarriedOver {
        missions,
        rp_bank,
        why,
    })])
}
