//! Commands decided again: every command's events show what was asked, so `verify` (and a
//! void, for every command after the one it voids) asks the rules again, on the state before
//! it and with the faces it rolled, and requires the same events: the Wounds an Encounter's end deals, a Medal's sticker and benefit, an Eliminate
//! Medal lost, the stickers a Downed result strips, the Discipline set at turn 1, a
//! persuader's wounds, the Spook's XP, the Suppress cleared, and each single event as well.
//!
//! muster records events, not commands: [`intent`] is the inverse of `decide`, one arm per
//! event kind. A plain void is the one command it does not give: a void is decided by
//! `rules::void::decide` on the log from the command it voids up to it, not by `decide`, and
//! is decided again there (`verify::voids`), from the void its events show.

mod difference;
mod intent;
#[cfg(test)]
mod tests;

use crate::dice::{Carried, Cup};
use crate::domain::error::RuleError;
use crate::domain::event::Event;
use crate::domain::fold::step;
use crate::domain::state::CampaignState;
use crate::rules;
pub(crate) use intent::Unshown;
use intent::intent;

pub(crate) use difference::first_difference;

/// A command being read: decided at its first event when that event shows it (no copy of
/// the state needed), else once read whole, on a copy of the state before it.
pub(crate) struct Redecide {
    pub(crate) command_id: String,
    pub(crate) first_version: u64,
    /// The version of its last event read so far.
    pub(crate) last_version: u64,
    /// What the rules decided at its first event, if they could.
    decided: Option<Result<Vec<Event>, RuleError>>,
    /// The state before it, kept when its intent shows only later.
    before: Option<CampaignState>,
    events: Vec<Event>,
}

/// Whether a command's first event shows the command whole: most do, but a turn's expired
/// Medals, a K9 roll's payment, a Spook's task, a Mission's or a Location's Environments, a
/// seed committed before a roll, a void before an amendment's correction and a persuasion
/// (whose hero may die) come before what shows the rest.
fn shown_first(first: &Event) -> bool {
    !matches!(
        first,
        Event::MedalLost(_)
            | Event::DisciplineSpent(_)
            | Event::PriorityTaskResolved(_)
            | Event::EnvironmentRolled(_)
            | Event::SeedCommitted(_)
            | Event::XpAdjusted(_)
            | Event::PersuasionTested(_)
            | Event::CampaignCreated(_)
            | Event::MissionStarted(_)
            | Event::EnvironmentDeclared(_)
            | Event::EnvironmentCleared(_)
            | Event::SeedRevealed(_)
            | Event::CommandVoided(_)
            | Event::RpAwardRevised(_)
    )
}

impl Redecide {
    /// Starts on the command whose first event is `first`, at `state`, the state before it.
    pub(crate) fn start(
        campaign: &str,
        command_id: &str,
        first_version: u64,
        first: &Event,
        state: &CampaignState,
    ) -> Redecide {
        let decided = shown_first(first)
            .then(|| {
                let events = std::slice::from_ref(first);
                let commands = intent(events).ok()?;
                let [command] = commands.as_slice() else {
                    return None;
                };
                Some(rules::decide(
                    state,
                    command,
                    &mut cup(campaign, first_version, events),
                ))
            })
            .flatten();
        Redecide {
            command_id: command_id.to_owned(),
            first_version,
            last_version: first_version,
            before: decided.is_none().then(|| state.clone()),
            decided,
            events: vec![first.clone()],
        }
    }

    /// Takes the next event of the command, at `version`.
    pub(crate) fn push(&mut self, version: u64, event: &Event) {
        self.last_version = version;
        self.events.push(event.clone());
    }

    /// The command decided again, under the rules in force before it.
    pub(crate) fn decide_again(self, campaign: &str) -> Redecided {
        match self.problem(campaign) {
            Err(unshown) => Redecided::NotShown(unshown),
            Ok(None) => Redecided::Same,
            Ok(Some(problem)) => Redecided::Differs(problem),
        }
    }

    /// Why its events do not show a command to decide, else what is wrong with the command
    /// decided again (`None` when the rules give back its events).
    fn problem(self, campaign: &str) -> Result<Option<String>, Unshown> {
        // An amendment begins with the void of the command it corrects, and a command that
        // generated the first face of a seed this file holds commits it first (muster does so
        // when it decides): the rules decide what follows them, on the state after them.
        let lead = self
            .events
            .iter()
            .take_while(|e| {
                matches!(
                    e,
                    Event::CommandVoided(_) | Event::RpAwardRevised(_) | Event::SeedCommitted(_)
                )
            })
            .count();
        let lead =
            if lead == self.events.len() && !matches!(self.events.first(), Some(Event::CommandVoided(_))) {
                0
            } else {
                lead
            };
        let logged: &[Event] = self.events.get(lead..).unwrap_or_default();
        if logged.is_empty() {
            return Err(Unshown::Void);
        }
        let decided = match self.decided {
            Some(decided) => decided,
            None => {
                let commands = intent(logged)?;
                let Some(mut state) = self.before else {
                    return Err(Unshown::NeverFirst("the state before it was not kept"));
                };
                for (i, event) in self.events.iter().take(lead).enumerate() {
                    step(&mut state, self.first_version + i as u64, Some(event));
                }
                let amending = matches!(self.events.first(), Some(Event::CommandVoided(_)));
                decide_in_turn(
                    campaign,
                    self.first_version,
                    &mut state,
                    &commands,
                    logged,
                    amending,
                )
            }
        };
        Ok(match decided.map(|events| as_logged(logged, events)) {
            Ok(events) if events == logged => None,
            Ok(events) => Some(first_difference("decided again, the rules give", &events, logged)),
            Err(e) => Some(format!("decided again, the rules refuse it: {e}")),
        })
    }
}

/// Decides `commands` one after the other on `state`, each on the state the ones before it
/// left, with the faces `logged` rolled; `amending`, as the correction of an amendment.
fn decide_in_turn(
    campaign: &str,
    first_version: u64,
    state: &mut CampaignState,
    commands: &[crate::domain::command::Command],
    logged: &[Event],
    amending: bool,
) -> Result<Vec<Event>, RuleError> {
    let mut cup = cup(campaign, first_version, logged);
    let mut events: Vec<Event> = Vec::new();
    for command in commands {
        let decided = if amending {
            rules::decide_amendment(state, command, &mut cup)?
        } else {
            rules::decide(state, command, &mut cup)?
        };
        for event in &decided {
            let version = state.version + 1;
            step(state, version, Some(event));
        }
        events.extend(decided);
    }
    Ok(events)
}

/// The command the log stored with its first row, decided again on `state` (the state before
/// it) with the faces `logged`, its events, rolled: a decision the events alone might not
/// show (a Mission started with every Soldier fit for duty names them in its event).
pub(crate) fn decide_stored(
    campaign: &str,
    first_version: u64,
    state: &CampaignState,
    command: &crate::domain::command::Command,
    logged: &[Event],
) -> Redecided {
    let decided = rules::decide(state, command, &mut cup(campaign, first_version, logged));
    match decided.map(|events| as_logged(logged, events)) {
        Ok(events) if events == logged => Redecided::Same,
        Ok(events) => Redecided::Differs(first_difference("decided again, the rules give", &events, logged)),
        Err(e) => Redecided::Differs(format!("decided again, the rules refuse it: {e}")),
    }
}

/// What deciding a command again gave.
pub(crate) enum Redecided {
    /// The rules give back its events.
    Same,
    /// They give other events, or refuse it: why.
    Differs(String),
    /// Its events do not show a command of `decide` (a plain void, decided again in
    /// `verify::voids` instead).
    NotShown(Unshown),
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

/// `events`' creation of the campaign with the rules it was created under and the expansion
/// words it did not know as `logged` has them: the newest of the muster that created it, which
/// a later muster, knowing later rules, would not decide (whether from the events or from the
/// stored command; the checked fold holds the rules to ones this muster knows).
pub(crate) fn created_as_logged(logged: &[Event], events: &mut [Event]) {
    for (event, logged) in events.iter_mut().zip(logged) {
        if let (Event::CampaignCreated(e), Event::CampaignCreated(l)) = (event, logged) {
            e.rules = l.rules;
            e.unrecognized_expansions = l.unrecognized_expansions.clone();
        }
    }
}

/// `events` with what the log holds as a fact rather than as the command's decision, as
/// `logged` has it: a Mission's RP award (the checked fold's to hold: a computed one to its
/// basis, or to the revision a later void wrote; one entered by the player is the command's
/// own; logs from before awards had none); the rules a campaign was created under and the
/// expansion words it did not know (the newest of the muster that created it); the
/// Objectives a schema 1 Mission placed without tracking.
fn as_logged(logged: &[Event], mut events: Vec<Event>) -> Vec<Event> {
    created_as_logged(logged, &mut events);
    for (event, logged) in events.iter_mut().zip(logged) {
        if let (Event::MissionStarted(e), Event::MissionStarted(l)) = (event, logged) {
            e.untracked_objectives = l.untracked_objectives;
        }
    }
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
