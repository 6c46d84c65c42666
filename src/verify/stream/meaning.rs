//! What a row's meaning must show beyond the fold: a generated face's key from its place in
//! the log and its face from the revealed seed, and the commands decided again. (Its payload
//! written as muster writes it is checked with the row on its own, in `checked`.)

use super::verifier::{Earlier, Verifier};
use crate::dice::Seed;
use crate::domain::event::Event;
use crate::domain::logged::Logged;
use crate::domain::roll::Source;
use crate::domain::state::RecordedEvent;
use crate::rules::redecide::{Redecide, Redecided, Unshown};
use crate::store::{Known, StoreError};
use crate::verify::commanded::{At, Commanded, Start};
use crate::verify::voids::{VoidRead, Voided};

impl Verifier {
    /// A generated face's key must follow from its place in the log (the first version of
    /// the command that rolled, and the count of dice it rolled before), and the face must
    /// be the one the seed gives: once revealed, or at once when this file keeps the seed. A
    /// void that names the face disproved must say so truly. (The fold checks the rest of a
    /// roll: its faces on the die, its outcome, and the seed in force.)
    pub(super) fn roll(&mut self, recorded: &RecordedEvent) {
        let Some(roll) = recorded.event.roll() else {
            return;
        };
        let v = recorded.version;
        let index = self.dice_in_command;
        if matches!(roll.source, Some(Source::Entered | Source::Generated)) {
            self.dice_in_command += 1;
        }
        let Some(key) = roll.dice.as_ref() else {
            return;
        };
        let placed = key.version == self.command_start || Some(key.version) == self.amends;
        if !placed || key.index != index {
            let problem = format!(
                "the generated face's key names version {} die {}, but it is die {index} of the command that began at version {}: a key is never copied",
                key.version, key.index, self.command_start
            );
            self.found(v, "seed", problem);
            return;
        }
        // A void may strike a generated face only on the word of a revealed seed.
        let is_revealed = self.known.seeds.contains_key(&key.commitment);
        if !is_revealed && let Some((at, _, _)) = self.known.disproofs.get(&(v, index)) {
            let problem = format!(
                "the void at version {at} names this face disproved, but no seed revealed in the log made it"
            );
            self.found(v, "seed", problem);
        }
        let revealed = self.known.seeds.get(&key.commitment);
        let disproof = self.known.disproofs.get(&(v, index));
        let Some(seed) = revealed.or_else(|| self.known.held.get(&key.commitment)) else {
            return;
        };
        // A die muster does not roll is the fold's finding: no seed gives its face.
        let Some(sides) = roll.sides() else {
            return;
        };
        let expected = seed.face(&self.campaign, key.version, index, sides);
        let recorded_face = roll.faces.first().copied();
        if recorded_face == Some(expected) {
            if let Some((at, _, _)) = disproof.filter(|_| revealed.is_some()) {
                let problem = format!(
                    "the void at version {at} names this face disproved, but the revealed seed gives the face it records (version {}, die {index})",
                    key.version
                );
                self.found(v, "seed", problem);
            }
            return;
        }
        // A forged face that a void struck, naming the disproof as it is, is mended.
        let struck = disproof.is_some_and(|(_, command, d)| {
            *command == recorded.command_id
                && Some(d.recorded_face) == recorded_face
                && d.seed_face == expected
        });
        let problem = match revealed {
            Some(_) if struck => return,
            Some(_) => format!(
                "the recorded face {:?} is not the {expected} the revealed seed gives (version {}, die {index})",
                roll.faces, key.version
            ),
            // The seed is still secret: its face is not named, or a push would foretell it.
            None => format!(
                "the recorded face {:?} is not the face this file's own seed (commitment {}, not revealed) gives for version {}, die {index}: a generated face is never chosen",
                roll.faces,
                key.commitment.get(..20).unwrap_or(&key.commitment),
                key.version
            ),
        };
        self.found(v, "seed", problem);
    }

    /// A revealed seed must be one the log committed: one no commitment names reveals no
    /// seed of the campaign (the seeds its rolls used stay unrevealed), whoever made it.
    pub(super) fn seed_event(&mut self, v: u64, event: &Event) {
        let Some(committed) = self.committed.as_mut() else {
            return;
        };
        match event {
            Event::SeedCommitted(e) => {
                committed.insert(e.commitment.clone());
            }
            Event::SeedRevealed(e) if !committed.contains(&e.commitment) => {
                let problem = format!(
                    "it reveals a seed under the commitment {}, which the log never committed: it is no seed this campaign committed, and the rolls that name it were not made by a committed seed",
                    e.commitment
                );
                self.found(v, "seed", problem);
            }
            _ => {}
        }
    }

    /// Gathers each command's events, and decides it again once read whole.
    pub(super) fn redecide(&mut self, recorded: &RecordedEvent) {
        if let Some(redeciding) = self
            .redeciding
            .as_mut()
            .filter(|r| r.command_id == recorded.command_id)
        {
            redeciding.push(recorded.version, &recorded.event);
            return;
        }
        self.decided_again();
        if recorded.version == self.command_start {
            self.redeciding = Some(Redecide::start(
                &self.campaign,
                &recorded.command_id,
                recorded.version,
                &recorded.event,
                &self.state,
            ));
        }
    }

    /// Decides again the command gathered, if any, and reports a difference.
    pub(super) fn decided_again(&mut self) {
        if let Some(redeciding) = self.redeciding.take() {
            // A command already found wrong event by event is not reported again.
            if self.found_between(redeciding.first_version, redeciding.last_version) {
                return;
            }
            let version = redeciding.first_version;
            match redeciding.decide_again(&self.campaign) {
                // A plain void is decided again on its ground, and counted there.
                Redecided::NotShown(Unshown::Void) => {}
                // No command of `decide` begins with its first event: nothing the rules
                // decide wrote it.
                Redecided::NotShown(Unshown::NeverFirst(why)) => self.found(
                    version,
                    "decide",
                    format!("begins a command with an event no command begins with ({why})"),
                ),
                Redecided::Same => self.commands_redecided += 1,
                Redecided::Differs(problem) => {
                    self.commands_redecided += 1;
                    self.found(version, "decide", problem);
                }
            }
        }
    }

    /// Gathers the command being read when its first row carries its command, and decides it
    /// again from it once read whole; false when the command carries none (or one that does
    /// not read), which [`Verifier::redecide`] then reads from its events.
    pub(super) fn commanded(&mut self, recorded: &RecordedEvent) -> bool {
        let v = recorded.version;
        let first = v == self.command_start;
        if !first && self.row_carries_command {
            let problem = "it carries a command, but only a command's first row does".to_owned();
            self.found(v, "command", problem);
        }
        if let Some(commanded) = self
            .commanded
            .as_mut()
            .filter(|c| c.command_id == recorded.command_id)
        {
            commanded.push(v, &recorded.event);
            return true;
        }
        self.decided_from_command();
        // Started already when its first row was left unread (`Verifier::first_row`).
        let (start, expected) = match self.started.take().filter(|started| started.version == v) {
            Some(started) => (started.start, started.expected),
            None => {
                let Some(logged) = self.row_command.take().filter(|_| first) else {
                    return false;
                };
                let start = self.start(logged, &recorded.command_id, v, Some(&recorded.event));
                (start, false)
            }
        };
        match start {
            Start::Commanded(mut commanded) => {
                if self.grounds.keeps() {
                    let command = commanded.command().clone();
                    self.grounds.stored(v, &recorded.command_id, command);
                }
                if expected {
                    commanded.push_expected(v);
                } else {
                    commanded.push(v, &recorded.event);
                }
                // A command gathered from its events before this one is decided now.
                self.decided_again();
                self.commanded = Some(commanded);
                true
            }
            // A void is decided again on its ground ([`Verifier::void_noted`]).
            Start::Void(asked) => {
                self.grounds.carried(*asked);
                true
            }
            Start::Unreadable(problem) => {
                self.found(v, "command", problem);
                false
            }
        }
    }

    /// Starts on the command `command_id` whose first row, at `version`, carries `logged`, on
    /// the state before it (`first`, its event, if read: see [`Commanded::start`]).
    pub(super) fn start(
        &self,
        logged: Result<Logged, String>,
        command_id: &str,
        version: u64,
        first: Option<&Event>,
    ) -> Start {
        let known = &self.known;
        let seed = |commitment: &str| seed_of(known, commitment);
        let at = At {
            campaign: &self.campaign,
            command_id,
            version,
        };
        Commanded::start(logged, at, first, &self.state, &seed)
    }

    /// Decides again the command gathered with its stored command, if any, and reports a
    /// difference.
    pub(super) fn decided_from_command(&mut self) {
        let Some(commanded) = self.commanded.take() else {
            return;
        };
        // A command already found wrong event by event is not reported again.
        let found = self.found_between(commanded.first_version, commanded.last_version);
        self.commands_redecided += 1;
        self.commands_from_command += 1;
        if found {
            return;
        }
        let version = commanded.first_version;
        let known = &self.known;
        let seed = |commitment: &str| seed_of(known, commitment);
        if let Some(problem) = commanded.problem(&self.campaign, &seed) {
            self.found(version, "decide", problem);
        }
    }
}

impl Verifier {
    /// Takes note of `recorded` (of a command `voided` by the log, or not) for deciding voids
    /// again: a void read whole is decided at the next command's first row, and one that
    /// begins here is read; a resumed verifier asks `earlier` for the ground of a void that
    /// reaches back past the rows it read.
    pub(super) fn void_noted(
        &mut self,
        recorded: &RecordedEvent,
        voided: bool,
        earlier: &mut impl Earlier,
    ) -> Result<(), StoreError> {
        let v = recorded.version;
        let first = v == self.command_start;
        if first {
            self.void_read_whole();
        }
        // A command the log voids waits for its void, which is decided again from the
        // command the log stored (read by [`Verifier::commanded`] for one that stands).
        if first && voided {
            let stored = self.row_command.take().and_then(|logged| logged.ok()?.played());
            if let Some(command) = stored {
                self.grounds.stored(v, &recorded.command_id, command);
            }
        }
        self.grounds.note(recorded, first, voided, &self.state);
        // A void that carries its command was read by [`Verifier::commanded`]; one that
        // carries none shows itself by its first event (and one whose stored command does not
        // read is found so, and left).
        let carried = self.grounds.take_carried();
        let amends = carried.is_none() && self.row_carries_command;
        let begins = match (&carried, self.row_carries_command) {
            (Some(_), _) => true,
            (None, false) => matches!(recorded.event, Event::CommandVoided(_)),
            // An amendment's stored command was read as a command: its void is decided again
            // here too.
            (None, true) => matches!(recorded.event, Event::CommandVoided(_)),
        };
        if !first || voided || !begins {
            return Ok(());
        }
        let reaches_past = self
            .resumed_after
            .and_then(|after| self.known.reach_from(v).filter(|named| *named <= after));
        let asked_of_the_log = match reaches_past {
            Some(named) => Some(earlier.ground_from(named, v, self.grounds.struck(), &self.known)?),
            None => None,
        };
        self.grounds
            .read(VoidRead::start(recorded, (carried, amends), asked_of_the_log));
        Ok(())
    }

    /// Decides again the void read whole, if one was being read, and reports a difference;
    /// then strikes the commands the command read whole voided.
    pub(super) fn void_read_whole(&mut self) {
        if let Some(read) = self.grounds.take_read() {
            self.void_decided(&read);
        }
        self.grounds.strike();
    }

    /// Decides again `read`, when it is a plain void; of an amendment (whose correction is
    /// decided again as a command), its void.
    fn void_decided(&mut self, read: &VoidRead) {
        let Some(request) = read.request() else {
            self.amendment_decided(read);
            return;
        };
        self.plain_voids += 1;
        let (first, from_command) = (read.first_version, read.carries_its_command());
        let problem = if self.found_between(first, read.last_version) {
            // A void already found wrong event by event is not decided again; one that carries
            // its command is counted as decided from it, as any such command is.
            if !from_command {
                return;
            }
            None
        } else {
            match self.grounds.decide(&self.campaign, read, &request, None) {
                Voided::NotAtHand => return,
                Voided::Same => None,
                Voided::Differs(problem) => Some(problem),
            }
        };
        self.commands_redecided += 1;
        if from_command {
            self.commands_from_command += 1;
        }
        if let Some(problem) = problem {
            self.found(first, "decide", problem);
        }
    }
}

impl Verifier {
    /// Decides again the void of `read`, when it is an amendment, and reports a difference;
    /// the amendment is counted as a command decided again, from its correction.
    fn amendment_decided(&mut self, read: &VoidRead) {
        let Some((request, lead)) = read.amendment() else {
            return;
        };
        if self.found_between(read.first_version, read.last_version) {
            return;
        }
        if let Voided::Differs(problem) = self.grounds.decide(&self.campaign, read, &request, Some(lead)) {
            self.found(read.first_version, "decide", problem);
        }
    }
}

/// The seed of `commitment` when this file knows it: revealed in the log, or kept here.
fn seed_of(known: &Known, commitment: &str) -> Option<Seed> {
    known
        .seeds
        .get(commitment)
        .or_else(|| known.held.get(commitment))
        .cloned()
}
