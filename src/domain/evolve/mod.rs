//! `evolve`: how one event changes a campaign's state.

mod allowed;
mod checks;
mod environment;
mod k9;
mod medals;
mod zero_dark;

use super::event::Event;
use super::medals::HeldRpCard;
use super::soldier::{SoldierKind, Status};
use super::state::{CampaignInfo, CampaignState, MissionState, ObjectiveState, SoldierState};
use super::zero_dark::{HeroState, ZeroDarkMission};

/// Moves a Soldier to status `to`, describing the move when he was not in one of `from`.
fn change_status(soldier: &mut SoldierState, from: &[Status], to: Status) -> Option<String> {
    let before = soldier.status;
    soldier.status = to;
    (!from.contains(&before)).then(|| format!("makes {} {to}, who was {before}", soldier.card.name))
}

/// Subtracts `amount` from `counter`, clamping at zero and describing an overdraw.
pub(super) fn take(counter: &mut u32, amount: u32, what: &str, who: &str) -> Option<String> {
    let before = *counter;
    *counter = before.saturating_sub(amount);
    (amount > before).then(|| format!("takes {amount} {what} from {who}, who had {before}"))
}

/// Adds a signed `amount` to `counter`, clamping at zero and describing an overdraw.
fn adjust(counter: &mut u32, amount: i64, what: &str, who: &str) -> Option<String> {
    let magnitude = u32::try_from(amount.unsigned_abs()).unwrap_or(u32::MAX);
    if amount >= 0 {
        *counter = counter.saturating_add(magnitude);
        None
    } else {
        take(counter, magnitude, what, who)
    }
}

/// Checks one event against the state and applies it. Never fails: what the rules would have
/// refused, or computed otherwise, is noted as an anomaly, and what cannot apply is clamped.
pub fn evolve(mut state: CampaignState, event: &Event) -> CampaignState {
    allowed::check(&mut state, event);
    match event {
        Event::CampaignCreated(e) => {
            state.info = Some(CampaignInfo {
                game: e.game,
                nation: e.nation.clone(),
                expansions: e.expansions.clone(),
                rules: e.rules,
            });
        }
        Event::ExpansionAdded(e) => {
            if let Some(info) = state
                .info
                .as_mut()
                .filter(|i| !i.expansions.contains(&e.expansion))
            {
                info.expansions.push(e.expansion);
            }
        }
        Event::ExpansionRemoved(e) => {
            if let Some(info) = state.info.as_mut() {
                info.expansions.retain(|x| *x != e.expansion);
            }
        }
        Event::RulesAdopted(e) => {
            if let Some(info) = state.info.as_mut() {
                info.rules = e.version;
            }
        }
        Event::SoldierEnlisted(e) => {
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
                missions: Vec::new(),
                card,
            });
        }
        Event::MissionStarted(e) => {
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
                checks: Vec::new(),
                start_rp: 0,
                start_medal_rp: 0,
                start_rp_by_soldier: Vec::new(),
                medal_triggers: Vec::new(),
                hostile_hits: Vec::new(),
                zero_dark: ZeroDarkMission::default(),
            });
            medals::mission_started(&mut state);
        }
        // Missions are in order and the one meant is nearly always the last: search from the end.
        Event::TurnStarted(e) => match state.mission_numbered(e.mission) {
            Some(mission) if mission.result.is_none() => mission.turn = e.turn,
            Some(_) => state.note(format!("starts a turn of Mission {}, which had ended", e.mission)),
            None => state.note(format!(
                "starts a turn of Mission {}, which {}",
                e.mission,
                state.mission_fate(e.mission)
            )),
        },
        Event::DisciplineReset(e) => state.with_soldier(&e.soldier, |s| {
            s.discipline = Some(e.discipline);
            None
        }),
        Event::MissionEnded(e) => {
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
        Event::Wounded(e) => state.with_soldier(&e.soldier, |s| {
            s.wounds = s.wounds.saturating_add(e.amount);
            None
        }),
        Event::Suppressed(e) => state
            .during_mission("Suppress", &e.soldier)
            .with_soldier(&e.soldier, |s| {
                s.suppress = s.suppress.saturating_add(e.amount);
                None
            }),
        Event::Healed(e) => state.with_soldier(&e.soldier, |s| {
            take(&mut s.wounds, e.amount, "Wounds", &e.soldier)
        }),
        Event::SuppressCleared(e) => state.with_soldier(&e.soldier, |s| {
            take(&mut s.suppress, e.amount, "Suppress", &e.soldier)
        }),
        Event::Downed(e) => state.with_soldier(&e.soldier, |s| {
            change_status(s, &[Status::Active], Status::Downed)
        }),
        Event::Recovered(e) => state.with_soldier(&e.soldier, |s| {
            change_status(s, &[Status::Downed], Status::Active)
        }),
        Event::Killed(e) => state.with_soldier(&e.soldier, |s| {
            change_status(s, &[Status::Active, Status::Downed], Status::Kia)
        }),
        Event::Discharged(e) => state.with_soldier(&e.soldier, |s| {
            change_status(s, &[Status::Active, Status::Downed], Status::Discharged)
        }),
        Event::MedalAwarded(e) => state.with_soldier(&e.soldier, |s| {
            s.medals.push(e.medal.clone());
            None
        }),
        Event::MedalStickersRemoved(e) => state.with_soldier(&e.soldier, |s| {
            let before = s.medals.len();
            s.medals.retain(|m| !e.medals.contains(m));
            (before - s.medals.len() != e.medals.len())
                .then(|| format!("removes Medal stickers {} does not carry", e.soldier))
        }),
        Event::XpAdjusted(e) => {
            state.with_soldier(&e.soldier, |s| adjust(&mut s.xp, e.amount, "XP", &e.soldier))
        }
        Event::TeamXpAdjusted(e) => {
            if let Some(problem) = adjust(&mut state.team_xp, e.amount, "XP", "the team") {
                state.note(problem);
            }
        }
        Event::HardyAdjusted(e) => state.with_soldier(&e.soldier, |s| {
            let counter = s.hardy.entry(e.hardy.clone()).or_insert(0);
            let problem = adjust(counter, e.amount, &format!("Hardy {}", e.hardy), &e.soldier);
            if *counter == 0 {
                s.hardy.remove(&e.hardy);
            }
            problem
        }),
        Event::EkiaRecorded(e) => {
            state
                .during_mission("an EKIA", &e.soldier)
                .with_soldier(&e.soldier, |s| {
                    s.xp = s.xp.saturating_add(e.value);
                    None
                });
            medals::hit(&mut state, &e.hostile, &e.soldier);
        }
        Event::RpGranted(e) => state.rp_bank = state.rp_bank.saturating_add(e.amount),
        Event::RpSpent(e) => {
            if let Some(problem) = take(&mut state.rp_bank, e.amount, "RP", "the squad's bank") {
                state.note(problem);
            }
        }
        Event::RpAwardRevised(e) => {
            if e.amount >= e.was {
                state.rp_bank = state.rp_bank.saturating_add(e.amount - e.was);
            } else if let Some(problem) = take(&mut state.rp_bank, e.was - e.amount, "RP", "the squad's bank")
            {
                state.note(problem);
            }
        }
        Event::CommandVoided(_) => {}
        Event::SeedCommitted(e) => state.seed_commitment = Some(e.commitment.clone()),
        Event::SeedRevealed(_) | Event::AssertionRecorded(_) => {}
        Event::CheckRolled(e) => checks::check_rolled(&mut state, e),
        Event::EnvironmentRolled(e) => environment::environment_rolled(&mut state, e),
        Event::EnvironmentResolved(e) => environment::environment_resolved(&mut state, e),
        Event::ObjectiveActivated(e) => checks::objective_activated(&mut state, e),
        Event::ObjectiveCompleted(e) => checks::objective_completed(&mut state, e),
        Event::K9EncounterDrawn(e) => k9::encounter_drawn(&mut state, e),
        Event::K9RollMade(e) => k9::k9_roll_made(&mut state, e),
        Event::DisciplineSpent(e) => state.with_soldier(&e.soldier, |s| match s.discipline.as_mut() {
            Some(counters) => take(counters, e.amount, "Discipline", &e.soldier),
            None => Some(format!("spends Discipline of {}, who is not a K9", e.soldier)),
        }),
        Event::K9EncounterResolved(e) => k9::encounter_resolved(&mut state, e),
        Event::K9ObjectiveResolved(e) => k9::k9_objective_resolved(&mut state, e),
        Event::MedalDeckLoaded(e) => medals::deck_loaded(&mut state, e),
        Event::MedalDrawn(e) => medals::drawn(&mut state, e),
        Event::MedalRevealed(e) => medals::with_drawn(&mut state, &e.medal, |d| d.face_down = false),
        Event::MedalRecipientRolled(e) => {
            medals::with_drawn(&mut state, &e.medal, |d| d.recipient = Some(e.recipient.clone()));
        }
        Event::MedalEarned(e) => medals::left_play(&mut state, &e.medal, None),
        Event::MedalLost(e) => medals::left_play(&mut state, &e.medal, Some(e.to)),
        Event::MedalsReshuffled(e) => medals::reshuffled(&mut state, e),
        Event::HostileSuppressed(e) => medals::hit(&mut state, &e.hostile, &e.soldier),
        Event::RpCardGained(e) => state.with_soldier(&e.soldier, |s| {
            s.rp_cards.push(HeldRpCard {
                kind: e.card,
                name: e.name.clone(),
                rp: e.rp,
            });
            None
        }),
        Event::HeroStateSet(e) => state.with_soldier(&e.hero, |s| {
            s.hero_state = e.state;
            None
        }),
        Event::BogeyAdded(e) => zero_dark::with_mission(&mut state, |z| z.bogeys.push(e.bogey.clone())),
        Event::BogeyTargeted(e) => {
            zero_dark::with_mission(&mut state, |z| z.targeted.push((e.bogey.clone(), e.by.clone())));
        }
        Event::BogeyDowned(e) => zero_dark::with_mission(&mut state, |z| z.down.push(e.bogey.clone())),
        Event::BogeyKilled(e) => zero_dark::with_mission(&mut state, |z| {
            z.down.retain(|b| *b != e.bogey);
            z.dead.push((e.bogey.clone(), e.by.clone()));
        }),
        Event::BuyTimeDeclared(e) => zero_dark::with_mission(&mut state, |z| {
            z.spook = Some(e.spook.clone());
            z.bought_time = Some(e.cards);
        }),
        Event::PriorityTaskChosen(e) => zero_dark::with_mission(&mut state, |z| {
            z.spook = Some(e.spook.clone());
            z.task = Some(e.task);
            z.task_target = e.target.clone();
        }),
        Event::DeadDropInteracted(_) => zero_dark::with_mission(&mut state, |z| z.dead_drop = true),
        Event::RescueExtracted(_) => zero_dark::with_mission(&mut state, |z| z.extracted = true),
        Event::PriorityTaskResolved(_) => {}
        Event::PersuasionTested(e) => zero_dark::persuasion(&mut state, e),
        Event::AllyMadeDependent(e) => zero_dark::with_ally(&mut state, e, |a| a.dependent = true),
        Event::AllyDied(e) => zero_dark::with_ally(&mut state, e, |a| a.dead = true),
        Event::RpCardLost(e) => state.with_soldier(&e.soldier, |s| {
            let held = s
                .rp_cards
                .iter()
                .position(|c| c.kind == e.card && c.name == e.name);
            match held {
                Some(i) => {
                    s.rp_cards.remove(i);
                    None
                }
                None => Some(format!(
                    "takes the {} '{}' from {}, who does not hold it",
                    e.card, e.name, e.soldier
                )),
            }
        }),
    }
    state
}
