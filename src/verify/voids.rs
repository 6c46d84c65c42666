//! Voids decided again: a void is decided (`rules::void::decide`) on the state before the
//! command it voids, with the voids logged before it applied, and on the log from that command
//! up to the void; `verify` rebuilds that ground at the void's place, asks the rules again
//! with what the void asked, and requires the same events (each void with its disproofs, and
//! the RP awards it revised).
//!
//! The verifier folds every void of the log from the first row, so its state just before a
//! command that a later void voids is that void's ground, unless a void not yet read voids an
//! earlier command too. [`Grounds`] keeps the state before each command still waiting for its
//! void, and the log read since the first of them: a void's ground is folded on from the
//! state before the earliest command waiting (every void not yet read reaches no further back),
//! or from the ground of a void decided since that still holds, through the log kept, with
//! only the voids already read applied; so each void costs about the log it rests on, as
//! `muster void` did, however long an earlier command waits. A verifier that resumed
//! after rows it was not shown (a pull's or a push's) asks the log for the ground of a void
//! that reaches back past them ([`super::Earlier::ground_from`]).

use std::collections::BTreeMap;
use std::ops::Range;

use crate::domain::command::Command;
use crate::domain::event::Event;
use crate::domain::fold::{self, fold_onto};
use crate::domain::logged::Asked;
use crate::domain::state::{CampaignState, RecordedEvent};
use crate::rules::void::{self, History, Request, Stored};

use crate::rules::redecide::first_difference;

/// How far apart, at least, the grounds of earlier voids are kept (see [`Grounds::grounds`]).
const SPACING: u64 = 1000;

/// The log a void was decided on, from a command at or before the one it voids.
#[derive(Debug, Clone)]
pub struct Ground {
    /// The state just before `log`'s first event, with the voids logged before the void
    /// applied and no other.
    pub base: CampaignState,
    /// The log from that event up to the void, every event (those of voided commands too).
    pub log: Vec<RecordedEvent>,
    /// The commands of `log` the log stored, by command id.
    pub stored: Stored,
}

/// What the verifier keeps to decide voids again, as it reads.
#[derive(Debug, Default)]
pub(super) struct Grounds {
    /// The commands a void not yet read voids, by id: the first version of each, and the
    /// verifier's state just before it.
    waiting: BTreeMap<String, (u64, CampaignState)>,
    /// The log from the first command waiting on, as read.
    since: Vec<RecordedEvent>,
    /// The grounds of voids decided while an earlier command waited, by version: the state
    /// just before it, with the voids then read applied. Each holds for a later void while no
    /// command at or before it is struck in between, so it saves folding the log again from the
    /// first command waiting; none lies past the first version of a command struck since.
    grounds: BTreeMap<u64, CampaignState>,
    /// The versions among `since`'s that did not decode: a ground over one is not whole.
    holes: Vec<u64>,
    /// The commands among `since`'s the log stored, by first version: each is decided again
    /// from it when a void is, as `muster void` decided it.
    stored: BTreeMap<u64, (String, Command)>,
    /// The commands voided by the commands read whole so far.
    struck: fold::Voided,
    /// The commands voided by the command being read, struck once it is read whole.
    striking: Vec<String>,
    /// The command being read, when it is a void.
    reading: Option<VoidRead>,
    /// The void the row being read carries as its stored command, until it is read.
    carried: Option<Asked>,
}

/// A command that began as a void, read until its end.
#[derive(Debug)]
pub(super) struct VoidRead {
    pub(super) command_id: String,
    pub(super) first_version: u64,
    /// The version of its last event read so far.
    pub(super) last_version: u64,
    /// The void its first row carries, when it carries its command.
    asked: Option<Asked>,
    /// Its first row carries its command, and it is an amendment: read as a command.
    amends: bool,
    events: Vec<Event>,
    /// Its ground as the log gave it, when the verifier did not read that far back: `None`
    /// inside when the log could not give it.
    asked_of_the_log: Option<Option<Ground>>,
}

/// How deciding a plain void again went.
pub(super) enum Voided {
    /// Its ground is not at hand: a row of it does not read, or the log cannot give it.
    NotAtHand,
    /// The rules give back its events.
    Same,
    /// They give other events, or refuse it: why.
    Differs(String),
}

impl VoidRead {
    /// Starts on the command whose first row is `first`, which carries the void `asked` (if
    /// it carries its command); `asked_of_the_log`, its ground when the log was asked for it.
    pub(super) fn start(
        first: &RecordedEvent,
        (asked, amends): (Option<Asked>, bool),
        asked_of_the_log: Option<Option<Ground>>,
    ) -> VoidRead {
        VoidRead {
            command_id: first.command_id.clone(),
            first_version: first.version,
            last_version: first.version,
            asked,
            amends,
            events: vec![first.event.clone()],
            asked_of_the_log,
        }
    }

    /// Whether it decides again from the command its first row carries.
    pub(super) fn carries_its_command(&self) -> bool {
        self.asked.is_some()
    }

    /// What it asked: from its stored command, or else from its events, whose last void names
    /// the command the player named (a cascade voids the later ones first); more than one
    /// void is a cascade. `None` for an amendment, whose events go on past its void.
    pub(super) fn request(&self) -> Option<Request<'_>> {
        if let Some(Asked::Void {
            version,
            why,
            cascade,
        }) = &self.asked
        {
            return Some(Request {
                version: *version,
                why,
                cascade: *cascade,
            });
        }
        // An amendment whose stored command was read as a command is one whatever its rows:
        // with its correction cut away it is still no plain void (its stored command, decided
        // again, finds what is missing), nor counted twice.
        if self.asked.is_none() && self.amends {
            return None;
        }
        // As `redecide` reads a command with no correction after its void.
        let plain = self.events.iter().all(|e| {
            matches!(
                e,
                Event::CommandVoided(_) | Event::RpAwardRevised(_) | Event::SeedCommitted(_)
            )
        });
        let voids: Vec<_> = self
            .events
            .iter()
            .filter_map(|e| match e {
                Event::CommandVoided(v) => Some(v),
                _ => None,
            })
            .collect();
        let named = voids.last().filter(|_| plain)?;
        Some(Request {
            version: named.version,
            why: &named.why,
            cascade: voids.len() > 1,
        })
    }
}

impl VoidRead {
    /// What an amendment asked of its void, and how many of its events the void wrote (its
    /// `command_voided` and the revisions after it; the correction follows): from its events,
    /// whose one void names the command the player named. `None` for a plain void.
    pub(super) fn amendment(&self) -> Option<(Request<'_>, usize)> {
        if self.request().is_some() {
            return None;
        }
        let Some(Event::CommandVoided(named)) = self.events.first() else {
            return None;
        };
        let lead = self
            .events
            .iter()
            .take_while(|e| matches!(e, Event::CommandVoided(_) | Event::RpAwardRevised(_)))
            .count();
        let request = Request {
            version: named.version,
            why: &named.why,
            cascade: false,
        };
        Some((request, lead))
    }
}

impl Grounds {
    /// The ground kept by a verifier that resumes after rows whose voids voided `struck`.
    pub(super) fn resumed(struck: fold::Voided) -> Grounds {
        Grounds {
            struck,
            ..Grounds::default()
        }
    }

    /// The commands voided by the commands read whole so far.
    pub(super) fn struck(&self) -> &fold::Voided {
        &self.struck
    }

    /// Takes note of `recorded` before the verifier folds it: `first` when it begins its
    /// command, `waits` when a void of the log voids that command, `state` the verifier's state
    /// before it.
    pub(super) fn note(&mut self, recorded: &RecordedEvent, first: bool, waits: bool, state: &CampaignState) {
        let id = &recorded.command_id;
        // A command struck already has had its void read: it waits for nothing.
        if first && waits && !self.struck.contains(id) && !self.waiting.contains_key(id) {
            self.waiting.insert(id.clone(), (recorded.version, state.clone()));
        }
        if !self.waiting.is_empty() {
            self.since.push(recorded.clone());
        }
        if let Event::CommandVoided(e) = &recorded.event {
            self.striking.push(e.command_id.clone());
        }
        if let Some(read) = self.reading.as_mut().filter(|r| !first && r.command_id == *id) {
            read.last_version = recorded.version;
            read.events.push(recorded.event.clone());
        }
    }

    /// Whether the log being read is kept, for a void not yet read: a command's stored command
    /// is then kept too ([`Grounds::stored`]).
    pub(super) fn keeps(&self) -> bool {
        !self.waiting.is_empty()
    }

    /// Keeps the stored `command` of the command `command_id`, which begins at `version`.
    pub(super) fn stored(&mut self, version: u64, command_id: &str, command: Command) {
        self.stored.insert(version, (command_id.to_owned(), command));
    }

    /// Keeps the void the row being read carries as its stored command.
    pub(super) fn carried(&mut self, asked: Asked) {
        self.carried = Some(asked);
    }

    /// The void the row being read carries as its stored command, if any.
    pub(super) fn take_carried(&mut self) -> Option<Asked> {
        self.carried.take()
    }

    /// Takes note of a row at `version` that did not decode.
    pub(super) fn hole(&mut self, version: u64) {
        if !self.waiting.is_empty() {
            self.holes.push(version);
        }
    }

    /// Starts reading a void.
    pub(super) fn read(&mut self, read: VoidRead) {
        self.reading = Some(read);
    }

    /// The void read whole, if one was being read.
    pub(super) fn take_read(&mut self) -> Option<VoidRead> {
        self.reading.take()
    }

    /// Strikes what the command read whole voided: its voided commands wait no more, and the
    /// log before the first command still waiting is let go.
    pub(super) fn strike(&mut self) {
        if self.striking.is_empty() {
            return;
        }
        for id in self.striking.drain(..) {
            // A ground kept past the command struck folded it in: it no longer holds.
            match self.waiting.remove(&id) {
                Some((first, _)) => self.grounds.retain(|kept, _| *kept <= first),
                None => self.grounds.clear(),
            }
            self.struck.insert(id);
        }
        match self.waiting.values().map(|(first, _)| *first).min() {
            Some(from) => {
                let before = self.since.partition_point(|r| r.version < from);
                self.since.drain(..before);
                self.holes.retain(|h| *h >= from);
                self.grounds = self.grounds.split_off(&from);
                self.stored = self.stored.split_off(&from);
            }
            None => {
                self.since.clear();
                self.holes.clear();
                self.grounds.clear();
                self.stored.clear();
            }
        }
    }

    /// Decides again `read`, a plain void read whole that asked `request` (or, `amending`, an
    /// amendment whose void wrote `read`'s first `lead` events), on the ground it was decided
    /// on, for `campaign`.
    pub(super) fn decide(
        &mut self,
        campaign: &str,
        read: &VoidRead,
        request: &Request<'_>,
        amending: Option<usize>,
    ) -> Voided {
        let named = read.events.iter().rev().find_map(|e| match e {
            Event::CommandVoided(v) => Some(v.command_id.as_str()),
            _ => None,
        });
        let Some(named) = named else {
            return Voided::Differs(format!(
                "its stored command voids version {}, but its events void nothing",
                request.version
            ));
        };
        let ground = match &read.asked_of_the_log {
            Some(asked) => asked
                .as_ref()
                .and_then(|g| asked_ground(g, read, named, &self.struck)),
            None => self.kept_ground(read, named),
        };
        let Some((base, tail)) = ground else {
            return Voided::NotAtHand;
        };
        let log = match &read.asked_of_the_log {
            Some(Some(g)) => g.log.as_slice(),
            _ => self.since.as_slice(),
        };
        let kept;
        let stored = match &read.asked_of_the_log {
            Some(Some(g)) => &g.stored,
            _ => {
                kept = self.stored.values().cloned().collect::<Stored>();
                &kept
            }
        };
        let history = History {
            campaign,
            base,
            tail: log.get(tail).unwrap_or_default(),
            voided: &self.struck,
            stored,
        };
        let (what, refused) = if let Some(lead) = amending {
            let logged = read.events.get(..lead).unwrap_or_default();
            return match void::amend(&history, request) {
                Ok((events, _)) if events == logged => Voided::Same,
                Ok((events, _)) => Voided::Differs(first_difference(
                    "its void decided again, on the log it was decided on, the rules give",
                    &events,
                    logged,
                )),
                Err(e) => Voided::Differs(format!(
                    "its void decided again, on the log it was decided on, the rules refuse it: {e}"
                )),
            };
        } else if read.carries_its_command() {
            (
                "its stored command decided again, on the log it was decided on, gives",
                "its stored command decided again, on the log it was decided on, is refused",
            )
        } else {
            (
                "decided again on the log it was decided on, the rules give",
                "decided again on the log it was decided on, the rules refuse it",
            )
        };
        match void::decide(&history, request) {
            Ok(events) if events == read.events => Voided::Same,
            Ok(events) => Voided::Differs(first_difference(what, &events, &read.events)),
            Err(e) => Voided::Differs(format!("{refused}: {e}")),
        }
    }

    /// The ground of `read`, which voids the command `named` last, from what was kept: the
    /// state before that command (the voids read before `read` applied) and where the log
    /// from it up to `read` lies in `since`. It is folded on from the latest state kept at or
    /// before that command: the verifier's own before the first command still waiting, or an
    /// earlier void's ground, which is kept in turn.
    fn kept_ground(&mut self, read: &VoidRead, named: &str) -> Option<(CampaignState, Range<usize>)> {
        let (from, earliest) = self.waiting.values().min_by_key(|(first, _)| *first)?;
        let from = *from;
        if self.holes.iter().any(|h| (from..read.first_version).contains(h)) {
            return None;
        }
        let end = self.since.partition_point(|r| r.version < read.first_version);
        let at = first_of(self.since.get(..end)?, named)?;
        let first = self.since.get(at)?.version;
        let (start, state) = match self.grounds.range(..=first).next_back() {
            Some((kept, state)) if *kept > from => (*kept, state),
            _ => (from, earliest),
        };
        let skip = self.since.partition_point(|r| r.version < start);
        let base = fold_onto(state.clone(), self.since.get(skip..at)?, &self.struck);
        if first > from {
            // Kept ground a few versions apart, each the latest of its stretch.
            self.grounds
                .retain(|kept, _| *kept > first || kept.saturating_add(SPACING) <= first);
            self.grounds.insert(first, base.clone());
        }
        Some((base, at..end))
    }
}

/// The ground of `read`, which voids the command `named` last, from the ground the log gave:
/// the state before that command and where the log from it up to `read` lies in `ground.log`.
fn asked_ground(
    ground: &Ground,
    read: &VoidRead,
    named: &str,
    struck: &fold::Voided,
) -> Option<(CampaignState, Range<usize>)> {
    let end = ground.log.partition_point(|r| r.version < read.first_version);
    let at = first_of(ground.log.get(..end)?, named)?;
    let base = fold_onto(ground.base.clone(), ground.log.get(..at)?, struck);
    Some((base, at..end))
}

/// Where in `log` the command `named` begins: sought from the end, since a void most often
/// strikes a command just before it, so that the search costs no more than the decision.
fn first_of(log: &[RecordedEvent], named: &str) -> Option<usize> {
    let last = log.iter().rposition(|r| r.command_id == named)?;
    let before = log.get(..last)?;
    Some(
        before
            .iter()
            .rposition(|r| r.command_id != named)
            .map_or(0, |i| i + 1),
    )
}
