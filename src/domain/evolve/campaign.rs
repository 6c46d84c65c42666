//! How the campaign's own events change its state: its creation, rules and expansions,
//! enlisting, and Missions with their turns.

use super::medals;
use crate::domain::event::{
    CampaignCreated, ExpansionChanged, MissionEnded, MissionStarted, RulesAdopted, SoldierCarriedOver,
    SoldierEnlisted, SquadCarriedOver, TurnStarted,
};
use crate::domain::ranges::Missions;
use crate::domain::rules_version::{ABILITY_TYPOS_AT_ENLIST, MEDAL_CARDS_ONCE};
use crate::domain::soldier::{SoldierKind, Status};
use crate::domain::state::{CampaignInfo, CampaignState, MissionState, ObjectiveState, SoldierState};
use crate::domain::zero_dark::{HeroState, ZeroDarkMission};

/// The campaign's own facts: its game, Nation, expansions and rules.
pub(super) fn created(state: &mut CampaignState, e: &CampaignCreated) {
    state.info = Some(CampaignInfo {
        game: e.game,
        nation: e.nation.clone(),
        expansions: e.expansions.clone(),
        rules: e.rules,
    });
    if e.commands_kept {
        state.commands_kept = Some(state.version);
    }
}

/// An expansion joins the campaign's list.
pub(super) fn expansion_added(state: &mut CampaignState, e: &ExpansionChanged) {
    if let Some(info) = state
        .info
        .as_mut()
        .filter(|i| !i.expansions.contains(&e.expansion))
    {
        info.expansions.push(e.expansion);
    }
}

/// An expansion leaves the campaign's list.
pub(super) fn expansion_removed(state: &mut CampaignState, e: &ExpansionChanged) {
    if let Some(info) = state.info.as_mut() {
        info.expansions.retain(|x| *x != e.expansion);
    }
}

/// Later rules are in force from here on.
pub(super) fn rules_adopted(state: &mut CampaignState, e: &RulesAdopted) {
    let before = state.rules();
    if let Some(info) = state.info.as_mut() {
        info.rules = e.version;
    }
    // A campaign taking up rules 10 puts each Medal card a Soldier holds out of the deck, as a
    // sticker put on from then on does: a card is in one place at a time.
    if before < MEDAL_CARDS_ONCE && state.rules() >= MEDAL_CARDS_ONCE {
        let held: Vec<String> = state
            .soldiers
            .iter()
            .flat_map(|s| s.medals.iter().map(|m| m.name.clone()))
            .collect();
        for medal in &held {
            medals::sticker_put_on(state, medal);
        }
    }
}

/// From here on every command carries its command; a campaign is marked once.
pub(super) fn commands_kept(state: &mut CampaignState) {
    match state.commands_kept {
        Some(marked) => state.note(format!(
            "marks the campaign as keeping every command's command, which it has done since version {marked}: a campaign is marked once"
        )),
        None => state.commands_kept = Some(state.version),
    }
}

/// A Soldier joins with his card's numbers; a K9's Discipline starts at his stat.
pub(super) fn enlisted(state: &mut CampaignState, e: &SoldierEnlisted) {
    let card = e.card.clone();
    if state.soldier(&card.name).is_some() {
        state.note(format!("enlists a second Soldier named '{}'", card.name));
    }
    if let Some(handler) = card.handler.as_deref().filter(|h| state.soldier(h).is_none()) {
        state.note(format!(
            "enlists the K9 '{}', whose Handler '{handler}' was never enlisted",
            card.name
        ));
    }
    if state.rules() >= ABILITY_TYPOS_AT_ENLIST {
        state.tested_abilities.extend(card.abilities.keys().cloned());
    }
    let discipline = (card.kind == SoldierKind::K9).then(|| card.discipline.unwrap_or(0));
    state.soldiers.push(SoldierState {
        status: Status::Active,
        wounds: 0,
        suppress: 0,
        hardy: card.hardy.clone(),
        xp: 0,
        discipline,
        medals: Vec::new(),
        rp_cards: Vec::new(),
        hero_state: HeroState::Ready,
        allies: Vec::new(),
        missions: Missions::default(),
        paper_missions: 0,
        carried_over: false,
        card: card.into(),
    });
}

/// A Soldier's paper sheet: each number it gives replaces the log's; a Medal it carries
/// leaves the campaign's Medal deck (from rules 10 for the earned pile, so it is in one place).
pub(super) fn soldier_carried_over(state: &mut CampaignState, e: &SoldierCarriedOver) {
    // A Soldier who went on N Missions on paper means the campaign played at least N there,
    // until the squad's own sheet says how many, or a Mission is recorded here.
    let before_play = !state.squad_carried_over && state.mission.is_none();
    if let Some(missions) = e.missions.filter(|_| before_play) {
        state.paper_missions = state.paper_missions.max(missions);
    }
    state.with_soldier(&e.soldier, |s| {
        s.carried_over = true;
        s.xp = e.xp.unwrap_or(s.xp);
        s.wounds = e.wounds.unwrap_or(s.wounds);
        s.paper_missions = e.missions.unwrap_or(s.paper_missions);
        if s.discipline.is_some() {
            s.discipline = e.discipline.or(s.discipline);
        }
        for (kind, n) in &e.hardy {
            s.hardy.insert(kind.clone(), *n);
        }
        s.hardy.retain(|_, n| *n > 0);
        s.medals.extend(e.medals.iter().cloned());
        None
    });
    if state.rules() >= MEDAL_CARDS_ONCE {
        for medal in &e.medals {
            medals::sticker_put_on(state, &medal.name);
        }
    } else if let Some(deck) = state.medal_deck.as_mut() {
        for medal in &e.medals {
            deck.in_deck
                .retain(|name| !name.eq_ignore_ascii_case(&medal.name));
        }
    }
}

/// The squad's paper sheet: its bank, and the Missions played before muster.
pub(super) fn squad_carried_over(state: &mut CampaignState, e: &SquadCarriedOver) {
    state.squad_carried_over = true;
    state.rp_bank = e.rp_bank.unwrap_or(state.rp_bank);
    state.paper_missions = e.missions.unwrap_or(state.paper_missions);
}

/// A Mission begins with its Soldiers and Objectives; Medals note its start.
pub(super) fn mission_started(state: &mut CampaignState, e: &MissionStarted) {
    if let Some(running) = state.mission_in_progress() {
        let problem = format!(
            "starts Mission {} while Mission {} is in progress",
            e.mission, running.number
        );
        state.note(problem);
    }
    for name in &e.soldiers {
        state.with_soldier(name, |s| {
            s.missions.push(e.mission);
            None
        });
    }
    let count = e.objectives.unwrap_or(0);
    state.mission = Some(MissionState {
        number: e.mission,
        name: e.name.clone(),
        soldiers: e.soldiers.clone(),
        objectives: vec![ObjectiveState::Waiting; usize::try_from(count).unwrap_or(0)],
        untracked_objectives: e.untracked_objectives,
        // Rule 001: the Inactive counter starts on the left-most Objective.
        inactive_at: (count > 0).then_some(1),
        k9_objective: e.k9_objective.clone(),
        k9_objective_resolved: false,
        turn: 0,
        result: None,
        encounter: None,
        encounters_drawn: Vec::new(),
        checks: Vec::new(),
        start_rp: 0,
        start_medal_rp: 0,
        start_rp_by_soldier: Vec::new(),
        medal_triggers: Vec::new(),
        hostile_hits: Vec::new(),
        zero_dark: ZeroDarkMission::default(),
        environments: Vec::new(),
        owed_environment: Vec::new(),
        downed_owing: Vec::new(),
        rolled_environment: Vec::new(),
    });
    medals::mission_started(state);
}

/// Missions are in order and the one meant is nearly always the last: search from the end.
/// The Mission's turn moves on.
pub(super) fn turn_started(state: &mut CampaignState, e: &TurnStarted) {
    match state.mission_numbered(e.mission) {
        Some(mission) if mission.result.is_none() => mission.turn = e.turn,
        Some(_) => state.note(format!("starts a turn of Mission {}, which had ended", e.mission)),
        None => state.note(format!(
            "starts a turn of Mission {}, which {}",
            e.mission,
            state.mission_fate(e.mission)
        )),
    };
}

/// The Mission ends: its result, what only a running Mission needs dropped, its award banked.
pub(super) fn mission_ended(state: &mut CampaignState, e: &MissionEnded) {
    match state.mission_numbered(e.mission) {
        Some(mission) if mission.result.is_none() => {
            mission.result = Some(e.result);
            // What only the Mission in progress needs goes, so the state (and its
            // checkpoints) stays small however long the campaign runs.
            mission.checks = Vec::new();
            mission.hostile_hits = Vec::new();
            mission.medal_triggers = Vec::new();
            mission.soldiers = Vec::new();
            mission.start_rp_by_soldier = Vec::new();
            mission.zero_dark = ZeroDarkMission::default();
            mission.encounter = None;
            mission.environments = Vec::new();
            mission.owed_environment = Vec::new();
            mission.rolled_environment = Vec::new();
            mission.downed_owing = Vec::new();
        }
        Some(_) => state.note(format!("ends Mission {} a second time", e.mission)),
        None => state.note(format!(
            "ends Mission {}, which {}",
            e.mission,
            state.mission_fate(e.mission)
        )),
    }
    if let Some(award) = &e.rp_award {
        state.rp_bank = state.rp_bank.saturating_add(award.amount);
    }
}
