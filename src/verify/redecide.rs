//! Commands decided again: where a command's events show what was asked (every command of play
//! that writes more than one event, and checks on a named card), `verify` asks the rules again, on
//! the state before it and with the faces it rolled, and requires the same events: the
//! Wounds an Encounter's end deals, a Medal's sticker and benefit, an Eliminate Medal lost,
//! the stickers a Downed result strips, the Discipline set at turn 1, a persuader's wounds,
//! the Spook's XP, the Suppress cleared.
//!
//! muster records events, not commands, so this covers the commands whose intent their
//! events carry whole; the others are held event by event by the checked fold.

use crate::dice::{Carried, Cup};
use crate::domain::command::{Command, NamedModifier, StatusChange};
use crate::domain::error::RuleError;
use crate::domain::event::{EncounterEnd, EncounterStep, EnvironmentRolled, Event, Heading};
use crate::domain::fold::step;
use crate::domain::k9::Resource;
use crate::domain::roll::Modifier;
use crate::domain::state::{COMPUTED, CampaignState};
use crate::domain::zero_dark::HeroState;
use crate::rules;

/// A command being read whose intent its events show: decided at its first event when that
/// event shows it (no copy of the state needed), else once read whole, on a copy of the
/// state before it.
pub(super) struct Redecide {
    pub(super) command_id: String,
    pub(super) first_version: u64,
    /// The version of its last event read so far.
    pub(super) last_version: u64,
    /// What the rules decided at its first event, if they could.
    decided: Option<Result<Vec<Event>, RuleError>>,
    /// The state before it, kept when its intent shows only later.
    before: Option<CampaignState>,
    events: Vec<Event>,
}

impl Redecide {
    /// Starts on the command whose first event is `first`, at `state`, the state before it;
    /// `None` for a command this module does not decide again.
    pub(super) fn start(
        campaign: &str,
        command_id: &str,
        first_version: u64,
        first: &Event,
        state: &CampaignState,
    ) -> Option<Redecide> {
        if !begins_one(first) {
            return None;
        }
        // A turn's expired Medals, a K9 roll's payment or a Spook's task come before what
        // shows the command: those wait for the whole command.
        let shown_first = !matches!(
            first,
            Event::MedalLost(_)
                | Event::DisciplineSpent(_)
                | Event::PriorityTaskResolved(_)
                | Event::EnvironmentRolled(_)
                | Event::SeedCommitted(_)
                | Event::XpAdjusted(_)
                | Event::PersuasionTested(_)
        );
        let decided = shown_first.then(|| {
            let events = std::slice::from_ref(first);
            let command = intent(events)?;
            Some(rules::decide(
                state,
                &command,
                &mut cup(campaign, first_version, events),
            ))
        });
        let decided = decided.flatten();
        Some(Redecide {
            command_id: command_id.to_owned(),
            first_version,
            last_version: first_version,
            before: decided.is_none().then(|| state.clone()),
            decided,
            events: vec![first.clone()],
        })
    }

    /// Takes the next event of the command, at `version`.
    pub(super) fn push(&mut self, version: u64, event: &Event) {
        self.last_version = version;
        self.events.push(event.clone());
    }

    /// The command decided again, under the rules in force before it.
    pub(super) fn decide_again(self, campaign: &str) -> Redecided {
        match self.problem(campaign) {
            None => Redecided::NotShown,
            Some(None) => Redecided::Same,
            Some(Some(problem)) => Redecided::Differs(problem),
        }
    }

    /// `None` when its events do not show what was asked, else what is wrong with the
    /// command decided again (`None` when the rules give back its events).
    fn problem(self, campaign: &str) -> Option<Option<String>> {
        // A command that generated the first face of a seed this file holds commits it first
        // (muster does so when it decides): the rules decide what follows the commitment.
        let logged: &[Event] = match self.events.split_first() {
            Some((Event::SeedCommitted(_), rest)) if !rest.is_empty() => rest,
            _ => &self.events,
        };
        let decided = match self.decided {
            Some(decided) => decided,
            None => {
                let command = intent(logged)?;
                let mut before = self.before?;
                if let Some(seed) = self.events.first().filter(|_| logged.len() < self.events.len()) {
                    step(&mut before, self.first_version, Some(seed));
                }
                rules::decide(&before, &command, &mut cup(campaign, self.first_version, logged))
            }
        };
        Some(match decided.map(|events| award_as_logged(logged, events)) {
            Ok(events) if events == logged => None,
            Ok(events) => {
                let at = events
                    .iter()
                    .zip(logged)
                    .position(|(decided, logged)| decided != logged)
                    .unwrap_or(events.len().min(logged.len()));
                let shown = |e: Option<&Event>| e.map_or("nothing".to_owned(), |e| format!("{e:?}"));
                Some(format!(
                    "decided again, the rules give {} event(s) where the log has {}; the first to differ is number {}: the rules give {}, the log has {}",
                    events.len(),
                    logged.len(),
                    at + 1,
                    shown(events.get(at)),
                    shown(logged.get(at)),
                ))
            }
            Err(e) => Some(format!("decided again, the rules refuse it: {e}")),
        })
    }
}

/// What deciding a command again gave.
pub(super) enum Redecided {
    /// The rules give back its events.
    Same,
    /// They give other events, or refuse it: why.
    Differs(String),
    /// Its events do not show what was asked, so it was held event by event only.
    NotShown,
}

/// Whether a command beginning with `first` may be one this module decides again.
fn begins_one(first: &Event) -> bool {
    matches!(
        first,
        Event::DisciplineSpent(_)
            | Event::K9RollMade(_)
            | Event::K9EncounterDrawn(_)
            | Event::K9EncounterResolved(_)
            | Event::MedalLost(_)
            | Event::PriorityTaskResolved(_)
            | Event::MissionEnded(_)
            | Event::MedalEarned(_)
            | Event::EnvironmentResolved(_)
            | Event::TurnStarted(_)
            | Event::Downed(_)
            | Event::Killed(_)
            | Event::MedalRecipientRolled(_)
            | Event::PriorityTaskChosen(_)
            | Event::K9ObjectiveResolved(_)
            | Event::EnvironmentRolled(_)
            | Event::SeedCommitted(_)
            | Event::EkiaRecorded(_)
            | Event::HostileSuppressed(_)
            | Event::PersuasionTested(_)
    ) || matches!(first, Event::CheckRolled(e) if e.card.is_some())
        // A K9 roll paid with XP begins with the XP paid, named for the roll.
        || matches!(first, Event::XpAdjusted(e) if e.why.starts_with("k9 encounter:"))
}

/// A cup that gives back the faces `events` rolled, in order, each as it was shown.
fn cup(campaign: &str, first_version: u64, events: &[Event]) -> Cup {
    let carried: Vec<Carried> = events
        .iter()
        .filter_map(Event::roll)
        .filter_map(Carried::of)
        .collect();
    Cup::new(campaign, first_version, Vec::new(), None).carrying(carried)
}

/// `events` with the Mission's RP award as `logged` has it. The award is the checked fold's
/// to hold: a computed one to its basis, or to the revision a later void wrote; one entered
/// by the player is the command's own; logs from before awards had none.
fn award_as_logged(logged: &[Event], mut events: Vec<Event>) -> Vec<Event> {
    let award = logged.iter().find_map(|e| match e {
        Event::MissionEnded(e) => Some(e.rp_award.clone()),
        _ => None,
    });
    if let Some(award) = award {
        for event in &mut events {
            if let Event::MissionEnded(e) = event {
                e.rp_award = award.clone();
            }
        }
    }
    events
}

/// The command the events show, when they show it whole.
fn intent(events: &[Event]) -> Option<Command> {
    let find = |f: fn(&Event) -> bool| events.iter().find(|e| f(e));
    // Resolving the K9 Objective ends the Mission too: it is asked first.
    if find(|e| matches!(e, Event::K9ObjectiveResolved(_))).is_some() {
        return Some(Command::ResolveK9Objective);
    }
    if find(|e| matches!(e, Event::TurnStarted(_))).is_some() {
        return Some(Command::NextTurn);
    }
    if let Some(Event::MissionEnded(e)) = find(|e| matches!(e, Event::MissionEnded(_))) {
        let rp_award = e
            .rp_award
            .as_ref()
            .filter(|a| !a.why.starts_with(COMPUTED))
            .map(|a| (i64::from(a.amount), a.why.clone()));
        return Some(Command::EndMission {
            result: e.result,
            rp_award,
        });
    }
    if let Some(Event::K9EncounterDrawn(e)) = find(|e| matches!(e, Event::K9EncounterDrawn(_))) {
        return Some(Command::DrawEncounter {
            card: e.card.clone(),
            first_in: Some(e.first_in.clone()),
        });
    }
    if let Some(Event::K9RollMade(e)) = find(|e| matches!(e, Event::K9RollMade(_))) {
        let payments = e
            .roll
            .costs
            .iter()
            .map(|c| match c.resource.as_str() {
                "discipline" => Some(Resource::Discipline),
                "xp" => Some(Resource::Xp),
                "discards" => Some(Resource::Discards),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        return Some(match e.step {
            EncounterStep::Roll(_) => Command::RollEncounter { payments },
            EncounterStep::Retry => Command::RetryEncounter { payments },
            EncounterStep::Ignore => Command::IgnoreEncounter,
        });
    }
    match events.first()? {
        Event::K9EncounterResolved(e) if e.end == EncounterEnd::Failure => Some(Command::AcceptFailure),
        Event::MedalEarned(e) => Some(Command::EarnMedal {
            medal: e.medal.clone(),
        }),
        Event::EnvironmentResolved(e) => Some(Command::Resolve {
            soldier: e.soldier.clone(),
            choice: e.choice,
        }),
        Event::Downed(e) => Some(Command::ChangeStatus {
            change: StatusChange::Down,
            soldier: e.soldier.clone(),
        }),
        Event::Killed(e) => Some(Command::ChangeStatus {
            change: StatusChange::Kill,
            soldier: e.soldier.clone(),
        }),
        Event::MedalRecipientRolled(e) => Some(Command::RollMedalRecipient {
            medal: e.medal.clone(),
        }),
        Event::PriorityTaskChosen(e) => Some(Command::ChooseTask(e.task)),
        // An EKIA or a Suppression may lose an Eliminate Medal: the rules say which.
        Event::EkiaRecorded(e) => Some(Command::RecordEkia {
            soldier: e.soldier.clone(),
            hostile: e.hostile.clone(),
            value: i64::from(e.value),
        }),
        Event::HostileSuppressed(e) => Some(Command::SuppressHostile {
            soldier: e.soldier.clone(),
            hostile: e.hostile.clone(),
        }),
        // A persuasion wounds (or kills) the hero as the bogey's successes say; an Ally left by
        // a hero who died goes to the hero named.
        Event::PersuasionTested(e) => Some(Command::Persuade {
            hero: e.hero.clone(),
            bogey: e.bogey.clone(),
            hero_successes: i64::from(e.hero_successes),
            bogey_successes: i64::from(e.bogey_successes),
            hero_died: events.iter().any(|event| {
                matches!(event, Event::HeroStateSet(s) if s.hero == e.hero && s.state == HeroState::Dead)
            }),
            ally_to: e.ally_of.clone().filter(|ally| *ally != e.hero),
        }),
        // A check on a named card (whose headings allow it once); its modifiers are the ones
        // the player named, and its roll carries them all. A check on no card is held whole
        // by the checked fold.
        Event::CheckRolled(e) => Some(Command::Check {
            soldier: e.soldier.clone(),
            ability: e.ability.clone(),
            modifiers: named(&e.roll.modifiers, ""),
            upgunned: e.upgunned,
            trap: e.trap,
            fail: e.heading == Heading::Fail && !e.trap,
            card: e.card.clone(),
        }),
        // An Environment roll, one event per Environ of the Location; its Fire modifier is the
        // keyword's, not the player's.
        Event::EnvironmentRolled(e) => {
            let rolled: Vec<&EnvironmentRolled> = events
                .iter()
                .filter_map(|event| match event {
                    Event::EnvironmentRolled(rolled) => Some(rolled),
                    _ => None,
                })
                .collect();
            let modifiers = rolled
                .iter()
                .find_map(|r| r.roll.as_ref())
                .map(|roll| named(&roll.modifiers, "keyword Fire"))
                .unwrap_or_default();
            Some(Command::Environ {
                soldier: e.soldier.clone(),
                environments: rolled
                    .iter()
                    .map(|r| (r.environment.clone(), i64::from(r.target)))
                    .collect(),
                modifiers,
                location: e.location.clone(),
            })
        }
        // A Medal lost on its own (`medal lose`); one lost at a turn or a Mission's end was
        // asked above.
        Event::MedalLost(e) if events.len() == 1 => Some(Command::LoseMedal {
            medal: e.medal.clone(),
            to: e.to,
            why: e.why.clone(),
        }),
        _ => None,
    }
}

/// The modifiers the player named, as the command takes them, leaving out `keyword`'s.
fn named(modifiers: &[Modifier], keyword: &str) -> Vec<NamedModifier> {
    modifiers
        .iter()
        .filter(|m| m.source != keyword)
        .map(|m| NamedModifier {
            value: i64::from(m.value),
            source: m.source.clone(),
        })
        .collect()
}
