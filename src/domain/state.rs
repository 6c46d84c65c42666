//! The fold: a campaign's state is every non-voided event applied in order by [`evolve`].

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::error::RuleError;
use super::event::{Event, MedalSticker};
use super::soldier::{SoldierCard, SoldierKind, Status, same_name};
use super::{Game, MissionResult};

/// An event as read back from the log, with its place in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedEvent {
    /// The campaign version this event holds (1, 2, 3…).
    pub version: u64,
    /// All events written by one command share this id.
    pub command_id: String,
    /// When it was recorded, UTC, RFC 3339.
    pub recorded_at: String,
    pub event: Event,
}

/// Something the fold met that the rules should have made impossible.
///
/// `evolve` never panics and never refuses: it clamps and notes the problem here, and
/// `verify` reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Anomaly {
    pub version: u64,
    pub message: String,
}

/// The campaign itself, once created.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignInfo {
    pub game: Game,
    pub nation: Option<String>,
    pub expansions: Vec<String>,
}

/// One Soldier's numbers as the log makes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoldierState {
    pub card: SoldierCard,
    pub status: Status,
    pub wounds: u32,
    pub suppress: u32,
    pub hardy: BTreeMap<String, u32>,
    pub xp: u32,
    /// A K9's Discipline counters; `None` for other kinds.
    pub discipline: Option<u32>,
    pub medals: Vec<MedalSticker>,
    /// The numbers of the Missions he was taken on.
    pub missions: Vec<u32>,
}

impl SoldierState {
    /// The Medal RP on his stickers.
    pub fn medal_rp(&self) -> u32 {
        self.medals.iter().map(|m| m.rp).sum()
    }

    /// True when he can still act: not KIA and not discharged.
    pub fn is_on_the_books(&self) -> bool {
        matches!(self.status, Status::Active | Status::Downed)
    }
}

/// One Mission as the log makes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionState {
    pub number: u32,
    pub name: String,
    pub soldiers: Vec<String>,
    pub objectives: u32,
    pub k9_objective: Option<String>,
    pub turn: u32,
    pub result: Option<MissionResult>,
}

/// The state of one campaign at some version of its log.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignState {
    /// `None` until the campaign's first event.
    pub info: Option<CampaignInfo>,
    /// The last version folded in (voided ones included).
    pub version: u64,
    /// Soldiers in the order they were enlisted.
    pub soldiers: Vec<SoldierState>,
    pub missions: Vec<MissionState>,
    pub rp_bank: u32,
    pub team_xp: u32,
    pub anomalies: Vec<Anomaly>,
}

impl CampaignState {
    /// The Soldier with this name, compared case-insensitively.
    pub fn soldier(&self, name: &str) -> Option<&SoldierState> {
        self.soldiers.iter().find(|s| same_name(&s.card.name, name))
    }

    /// The Soldier named `name` (any case), or a refusal listing who is there.
    pub fn find_soldier(&self, name: &str) -> Result<&SoldierState, RuleError> {
        self.soldier(name).ok_or_else(|| RuleError::UnknownSoldier {
            name: name.to_owned(),
            known: if self.soldiers.is_empty() {
                "none yet (enlist one with `muster enlist`)".to_owned()
            } else {
                self.soldiers
                    .iter()
                    .map(|s| s.card.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            },
        })
    }

    fn soldier_mut(&mut self, name: &str) -> Option<&mut SoldierState> {
        self.soldiers.iter_mut().find(|s| same_name(&s.card.name, name))
    }

    /// The Mission in progress, if one is.
    pub fn mission_in_progress(&self) -> Option<&MissionState> {
        self.missions.last().filter(|m| m.result.is_none())
    }

    /// The K9 whose Handler is `handler`, if he has one.
    pub fn k9_of(&self, handler: &str) -> Option<&SoldierState> {
        self.soldiers.iter().find(|s| {
            s.card.kind == SoldierKind::K9 && s.card.handler.as_deref().is_some_and(|h| same_name(h, handler))
        })
    }

    fn note(&mut self, message: String) {
        let version = self.version;
        self.anomalies.push(Anomaly { version, message });
    }

    /// Notes `what` for `soldier` when no Mission is in progress; returns the state to go on.
    fn during_mission(&mut self, what: &str, soldier: &str) -> &mut Self {
        if self.mission_in_progress().is_none() {
            self.note(format!(
                "records {what} for {soldier} while no Mission is in progress"
            ));
        }
        self
    }

    /// Applies `f` to the named Soldier, or notes that the event names nobody.
    fn with_soldier(&mut self, name: &str, f: impl FnOnce(&mut SoldierState) -> Option<String>) {
        let problem = match self.soldier_mut(name) {
            Some(soldier) => f(soldier),
            None => Some(format!("names '{name}', who was never enlisted")),
        };
        if let Some(problem) = problem {
            self.note(problem);
        }
    }
}

/// Moves a Soldier to status `to`, describing the move when he was not in one of `from`.
fn change_status(soldier: &mut SoldierState, from: &[Status], to: Status) -> Option<String> {
    let before = soldier.status;
    soldier.status = to;
    (!from.contains(&before)).then(|| format!("makes {} {to}, who was {before}", soldier.card.name))
}

/// Subtracts `amount` from `counter`, clamping at zero and describing an overdraw.
fn take(counter: &mut u32, amount: u32, what: &str, who: &str) -> Option<String> {
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

/// Applies one event to the state. Never fails: what cannot apply is noted as an anomaly.
pub fn evolve(mut state: CampaignState, event: &Event) -> CampaignState {
    match event {
        Event::CampaignCreated(e) => {
            state.info = Some(CampaignInfo {
                game: e.game,
                nation: e.nation.clone(),
                expansions: e.expansions.clone(),
            });
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
            state.missions.push(MissionState {
                number: e.mission,
                name: e.name.clone(),
                soldiers: e.soldiers.clone(),
                objectives: e.objectives,
                k9_objective: e.k9_objective.clone(),
                turn: 0,
                result: None,
            });
        }
        Event::TurnStarted(e) => match state.missions.iter_mut().find(|m| m.number == e.mission) {
            Some(mission) if mission.result.is_none() => mission.turn = e.turn,
            Some(_) => state.note(format!("starts a turn of Mission {}, which had ended", e.mission)),
            None => state.note(format!(
                "starts a turn of Mission {}, which never started",
                e.mission
            )),
        },
        Event::DisciplineReset(e) => state.with_soldier(&e.soldier, |s| {
            s.discipline = Some(e.discipline);
            None
        }),
        Event::MissionEnded(e) => {
            match state.missions.iter_mut().find(|m| m.number == e.mission) {
                Some(mission) if mission.result.is_none() => mission.result = Some(e.result),
                Some(_) => state.note(format!("ends Mission {} a second time", e.mission)),
                None => state.note(format!("ends Mission {}, which never started", e.mission)),
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
        Event::EkiaRecorded(e) => state
            .during_mission("an EKIA", &e.soldier)
            .with_soldier(&e.soldier, |s| {
                s.xp = s.xp.saturating_add(e.value);
                None
            }),
        Event::RpGranted(e) => state.rp_bank = state.rp_bank.saturating_add(e.amount),
        Event::RpSpent(e) => {
            if let Some(problem) = take(&mut state.rp_bank, e.amount, "RP", "the squad's bank") {
                state.note(problem);
            }
        }
        Event::CommandVoided(_) => {}
    }
    state
}

/// The command ids voided by the `CommandVoided` events among `events`.
pub fn voided_commands<'a>(events: impl IntoIterator<Item = &'a RecordedEvent>) -> BTreeSet<String> {
    events
        .into_iter()
        .filter_map(|r| match &r.event {
            Event::CommandVoided(v) => Some(v.command_id.clone()),
            _ => None,
        })
        .collect()
}

/// Folds a campaign's events, in version order, skipping the events of voided commands.
pub fn fold(events: &[RecordedEvent]) -> CampaignState {
    let voided = voided_commands(events);
    fold_skipping(events, &voided)
}

/// Folds `events`, skipping the events of the commands in `voided`.
pub fn fold_skipping(events: &[RecordedEvent], voided: &BTreeSet<String>) -> CampaignState {
    events
        .iter()
        .fold(CampaignState::default(), |mut state, recorded| {
            state.version = recorded.version;
            if voided.contains(&recorded.command_id) {
                state
            } else {
                evolve(state, &recorded.event)
            }
        })
}
