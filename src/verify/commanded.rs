//! Commands decided again from the command their first row carries (`domain::logged`): on the
//! state before the command, with the faces entered for it, under the rules in force at its
//! place, `rules::decide` must give back exactly the events the log holds.
//!
//! This is independent of what the events show, unlike `redecide`, which rebuilds a command
//! from its events: every command recorded since the log kept its command is decided again,
//! whatever its kind. An amendment's correction is decided again too, on the state its void
//! leaves, with the faces it carries. A plain void is decided again from its stored command in
//! `verify::voids`: its decision rests on the log from the command it strikes up to it, which
//! the verifier keeps there.
//!
//! Faces: entered ones come from the stored command; generated ones follow from the seed
//! in force (when this file keeps it, or it has been revealed), else they are taken from the
//! rolls of the events, whose faces `meaning::roll` checks against the seed once it is known.

use crate::dice::{Carried, Cup, Seed};
use crate::domain::command::Command;
use crate::domain::error::RuleError;
use crate::domain::event::Event;
use crate::domain::evolve::evolve;
use crate::domain::logged::{Asked, Logged};
use crate::domain::roll::Source;
use crate::domain::state::{COMPUTED, CampaignState};
use crate::rules;

use crate::rules::redecide::first_difference;

/// A command being read that carries its command: decided again once read whole.
pub(super) struct Commanded {
    pub(super) command_id: String,
    pub(super) first_version: u64,
    /// The version of its last event read so far.
    pub(super) last_version: u64,
    command: Command,
    /// Whether it amends an earlier command: its void's events come first.
    amends: bool,
    faces: Vec<i64>,
    ground: Ground,
    /// How many of its events read so far are the decided ones in their places, while every
    /// one has been (`Ground::Decided` only): those are not kept.
    following: Option<usize>,
    /// Its events read so far, but those `following` counts.
    events: Vec<Event>,
}

/// What a command is decided again from once read whole.
enum Ground {
    /// Its events, decided at its first row on the state before it: a command that needs
    /// nothing its later rows show (nearly all), so no copy of the state is kept, and each
    /// event read is held to the decided one in its place.
    Decided(Vec<Event>),
    /// The state before it, kept for the decision once its rows are read: a campaign's
    /// creation and an amendment (their decision rests on their later rows), and a command
    /// whose generated faces only its rolls show (the seed not known here), or that the rules
    /// refused at its start.
    Before(Box<CampaignState>),
}

/// Where a command stands in the log: its campaign, its id and its first version.
#[derive(Debug, Clone, Copy)]
pub(super) struct At<'a> {
    pub(super) campaign: &'a str,
    pub(super) command_id: &'a str,
    pub(super) version: u64,
}

/// What reading a command's stored form gave.
pub(super) enum Start {
    /// A command to decide again once read.
    Commanded(Box<Commanded>),
    /// A void, and what it asked: decided again on the log it was decided on
    /// (`verify::voids`).
    Void(Box<Asked>),
    /// The stored form does not read: why.
    Unreadable(String),
}

impl Commanded {
    /// The command it decides again.
    pub(super) fn command(&self) -> &Command {
        &self.command
    }

    /// Starts on the command whose first row carries `logged` (as read, or why it does not
    /// read), at `first` (its first event, when read: the decision needs no more of it than
    /// whether it commits a seed, so an unread first row must not be a `seed_committed`),
    /// on `state`, the state before it; `seed` gives the seed of a commitment when it is known
    /// (kept or revealed). Its events, the first included, are then given with
    /// [`Commanded::push`] or [`Commanded::push_decided`].
    pub(super) fn start(
        logged: Result<Logged, String>,
        at: At<'_>,
        first: Option<&Event>,
        state: &CampaignState,
        seed: &dyn Fn(&str) -> Option<Seed>,
    ) -> Start {
        let logged = match logged {
            Ok(logged) => logged,
            Err(problem) => return Start::Unreadable(problem),
        };
        let (command, amends) = match logged.command {
            Asked::Command(command) => (command, false),
            Asked::Amend { command, .. } => (command, true),
            void @ Asked::Void { .. } => return Start::Void(Box::new(void)),
        };
        let mut commanded = Commanded {
            command_id: at.command_id.to_owned(),
            first_version: at.version,
            last_version: at.version,
            command,
            amends,
            faces: logged.faces,
            ground: Ground::Decided(Vec::new()),
            following: None,
            events: Vec::new(),
        };
        let now = !amends && !matches!(commanded.command, Command::CreateCampaign { .. });
        // Decided now, with no faces carried from its rolls: what needs them (generated faces
        // of a seed not known here) is refused for want of a die, and decided at its end.
        let first = first.map(std::slice::from_ref).unwrap_or_default();
        let decided = now.then(|| commanded.decide_on(state, at.campaign, seed, false, first));
        (commanded.ground, commanded.following) = match decided {
            Some(Ok(events)) => (Ground::Decided(events), Some(0)),
            _ => (Ground::Before(Box::new(state.clone())), None),
        };
        Start::Commanded(Box::new(commanded))
    }

    /// The event the command was decided to write next, while every event read so far has
    /// been the decided one in its place.
    pub(super) fn expected(&self) -> Option<&Event> {
        match (&self.ground, self.following) {
            (Ground::Decided(events), Some(read)) => events.get(read),
            _ => None,
        }
    }

    /// Takes the next event of the command, at `version`: only counted while it is the
    /// decided one in its place, else kept, with the decided ones read before it.
    pub(super) fn push(&mut self, version: u64, event: &Event) {
        self.last_version = version;
        if let (Some(read), Ground::Decided(decided)) = (self.following, &self.ground) {
            if decided.get(read) == Some(event) {
                self.following = Some(read + 1);
                return;
            }
            self.following = None;
            self.events = decided.get(..read).unwrap_or_default().to_vec();
        }
        self.events.push(event.clone());
    }

    /// Takes the next event of the command, at `version`, which the caller found to be
    /// [`Commanded::expected`] (its row written as muster writes that event), without a copy.
    pub(super) fn push_expected(&mut self, version: u64) {
        if self.expected().is_some() {
            self.last_version = version;
            self.following = self.following.map(|read| read + 1);
        }
    }

    /// The command decided again: `None` when the rules give back its events, else what
    /// differs. `seed` gives the seed of a commitment when it is known (kept or revealed).
    pub(super) fn problem(mut self, campaign: &str, seed: &dyn Fn(&str) -> Option<Seed>) -> Option<String> {
        let decided = match std::mem::replace(&mut self.ground, Ground::Decided(Vec::new())) {
            Ground::Decided(events) => match self.following {
                // Every event read was the decided one in its place, and none is missing.
                Some(read) if read == events.len() => return None,
                Some(read) => {
                    self.events = events.get(..read).unwrap_or_default().to_vec();
                    Ok(events)
                }
                None => Ok(events),
            },
            Ground::Before(before) => self.decide_on(&before, campaign, seed, true, &self.events),
        }
        .map(|events| award_as_logged(&self.command, &self.events, events));
        match decided {
            Ok(events) if events == self.events => None,
            Ok(events) => Some(first_difference(
                "its stored command decided again gives",
                &events,
                &self.events,
            )),
            Err(e) => Some(format!("its stored command decided again is refused: {e}")),
        }
    }

    /// The events the rules give for the stored command, as the write path decides it: a
    /// campaign's creation commits its seed after it; a command that needed a fresh seed
    /// commits it before the events it decided on the state before it.
    /// `carry`: whether generated faces of a seed not known here are taken from the rolls read;
    /// `logged`: its events read so far.
    fn decide_on(
        &self,
        before: &CampaignState,
        campaign: &str,
        seed: &dyn Fn(&str) -> Option<Seed>,
        carry: bool,
        logged: &[Event],
    ) -> Result<Vec<Event>, RuleError> {
        if self.amends {
            return self.amended(before, campaign, logged);
        }
        let commitment_logged = |event: Option<&Event>| match event {
            Some(Event::SeedCommitted(e)) => Some(e.commitment.clone()),
            _ => None,
        };
        if matches!(self.command, Command::CreateCampaign { .. }) {
            let mut events = rules::decide(before, &self.command, &mut Cup::empty())?;
            crate::rules::redecide::created_as_logged(logged, &mut events);
            if let Some(commitment) = commitment_logged(logged.last()) {
                let created = events.iter().fold(before.clone(), evolve);
                events.extend(rules::decide(
                    &created,
                    &Command::CommitSeed { commitment },
                    &mut Cup::empty(),
                )?);
            }
            return Ok(events);
        }
        let fresh = match &self.command {
            Command::CommitSeed { .. } | Command::RevealSeed { .. } => None,
            _ => commitment_logged(logged.first()),
        };
        let mut events = match &fresh {
            Some(commitment) => rules::decide(
                before,
                &Command::CommitSeed {
                    commitment: commitment.clone(),
                },
                &mut Cup::empty(),
            )?,
            None => Vec::new(),
        };
        // The seed the command's generated faces came from: the fresh one, or the one in force.
        let commitment = fresh.clone().or_else(|| before.seed_commitment.clone());
        let known = commitment.as_deref().and_then(seed);
        let rolled = logged.get(usize::from(fresh.is_some())..).unwrap_or_default();
        let mut cup = Cup::new(campaign, self.first_version, self.faces.clone(), known.clone());
        if known.is_none() && carry {
            // The seed is not known here: the generated faces are taken as the rolls show them.
            let generated: Vec<Carried> = rolled
                .iter()
                .filter_map(Event::roll)
                .filter(|roll| roll.source == Some(Source::Generated))
                .filter_map(Carried::of)
                .collect();
            cup = cup.carrying(generated);
        }
        events.extend(rules::decide(before, &self.command, &mut cup)?);
        Ok(events)
    }
}

impl Commanded {
    /// An amendment decided again: its void's events (the void of the command it corrects and
    /// the RP awards that void revised) as logged, then the correction decided on the state
    /// they leave, with the faces the corrected command rolled carried over, as its rolls show
    /// them (an amendment rolls no die of its own). Whether the void was the rules' to make is
    /// left to the checked fold here: a plain void is decided again on its ground
    /// (`verify::voids`), an amendment's void not yet.
    fn amended(
        &self,
        before: &CampaignState,
        campaign: &str,
        logged: &[Event],
    ) -> Result<Vec<Event>, RuleError> {
        let split = logged
            .iter()
            .position(|e| !matches!(e, Event::CommandVoided(_) | Event::RpAwardRevised(_)))
            .unwrap_or(logged.len());
        let (voids, rest) = logged.split_at(split);
        let mut ground = before.clone();
        for (version, event) in (self.first_version..).zip(voids) {
            crate::domain::fold::step(&mut ground, version, Some(event));
        }
        let carried: Vec<Carried> = rest
            .iter()
            .filter_map(Event::roll)
            .filter_map(Carried::of)
            .collect();
        let mut cup = Cup::new(campaign, self.first_version, Vec::new(), None).carrying(carried);
        let mut events = voids.to_vec();
        events.extend(rules::decide(&ground, &self.command, &mut cup)?);
        Ok(events)
    }
}

/// `decided` with the Mission's computed RP award as the log has it. A computed award is the
/// checked fold's to hold: to its basis, or to the revision a later void wrote (the state
/// here has every void of the log applied, the state the command was decided on did not).
/// An award the player entered is the command's own, and stays as decided.
fn award_as_logged(command: &Command, logged: &[Event], mut decided: Vec<Event>) -> Vec<Event> {
    if !matches!(command, Command::EndMission { rp_award: None, .. }) {
        return decided;
    }
    let award = logged.iter().find_map(|e| match e {
        Event::MissionEnded(e) => Some(e.rp_award.clone()),
        _ => None,
    });
    let Some(award) = award.filter(|a| a.as_ref().is_none_or(|a| a.why.starts_with(COMPUTED))) else {
        return decided;
    };
    for event in &mut decided {
        if let Event::MissionEnded(e) = event {
            e.rp_award = award.clone();
        }
    }
    decided
}

#[cfg(test)]
mod tests;
