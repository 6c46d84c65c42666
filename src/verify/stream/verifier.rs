//! The verifier itself: its state as it reads the rows, the chain, times and assertions; what
//! a command's rows must hold is checked in `commands`, what a row means beyond the fold in
//! `meaning`.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use chrono::{DateTime, FixedOffset};
use fastbloom::BloomFilter;

use super::tracked::{self, Tracked};
use crate::domain::event::{AssertionRecorded, Event};
use crate::domain::fold::{Voided, step};
use crate::domain::logged::Logged;
use crate::domain::sheet;
use crate::domain::state::{CampaignState, RecordedEvent, UnsettledAward};
use crate::rules::redecide::Redecide;
use crate::store::Known;
use crate::store::chain::GENESIS;
use crate::store::{RowRef, StoreError};
use crate::verify::commanded::{Commanded, Start};
use crate::verify::report::{Finding, Report};
use crate::verify::voids::{Ground, Grounds};

/// The rows before the one being read, for the few checks that look further back.
pub trait Earlier {
    /// The command id and kind of the event at `version`, if the log has one.
    fn at(&mut self, version: u64) -> Result<Option<(String, String)>, StoreError>;
    /// Whether `command_id` wrote any event before `version`.
    fn command_before(&mut self, command_id: &str, version: u64) -> Result<bool, StoreError>;
    /// The ground of the void at `at`, for a verifier that resumed after rows it was not
    /// shown: the state just before the command that wrote `named`, with only the commands in
    /// `voided` voided (`known`, every void of the log, says which checkpoints may serve), and
    /// the log from that command up to `at`. `None` when this log cannot give it; only a
    /// resumed verifier asks, and only for a void that reaches back past the rows it read.
    fn ground_from(
        &mut self,
        _named: u64,
        _at: u64,
        _voided: &Voided,
        _known: &Known,
    ) -> Result<Option<Ground>, StoreError> {
        Ok(None)
    }
}

/// Checks a campaign's rows, fed in version order with [`Verifier::push`].
pub struct Verifier {
    pub(super) campaign: String,
    pub(super) known: Known,
    pub(super) findings: Vec<Finding>,
    pub(super) events: usize,
    pub(super) prev_hash: String,
    pub(super) expected_version: u64,
    /// Command ids seen so far, in a Bloom filter: its rare "seen" is confirmed against
    /// the log.
    pub(super) commands: BloomFilter,
    pub(super) previous_command: Option<String>,
    /// The greatest command id so far, as text.
    pub(super) greatest_command: Option<String>,
    pub(super) voided_so_far: Voided,
    /// The rows come from a file, whose payloads may be re-spaced (see [`Verifier::canonical`]).
    pub(super) reading_a_file: bool,
    /// The first version of the command being read, and the dice it has rolled so far.
    pub(super) command_start: u64,
    pub(super) dice_in_command: u32,
    /// The command being read, when its events show what was asked: decided again once read.
    pub(super) redeciding: Option<Redecide>,
    /// How many commands were read, and how many of them were decided again.
    pub(super) commands_read: u64,
    pub(super) commands_redecided: u64,
    /// How many commands were plain voids, each decided again on its ground (`verify::voids`).
    pub(super) plain_voids: u64,
    /// What deciding voids again needs of the log read so far.
    pub(super) grounds: Grounds,
    /// How many commands a void of the log voided: no longer part of its history, they are
    /// not decided again.
    pub(super) voided_commands: u64,
    /// The command being read, when its first row carries its command: decided again from
    /// it once read (`verify::commanded`), instead of from its events.
    pub(super) commanded: Option<Box<Commanded>>,
    /// How many of the commands decided again were decided from their stored command.
    pub(super) commands_from_command: u64,
    /// The command the row being read carries, read on any thread (or why it does not
    /// read): taken at a command's first row by [`Verifier::commanded`].
    pub(super) row_command: Option<Result<Logged, String>>,
    /// Whether the row being read carries a command.
    pub(super) row_carries_command: bool,
    /// The command the row being read begins, started before its event was read: its first
    /// row was left unread ([`Verifier::first_row`]).
    pub(super) started: Option<Started>,
    /// The command being read when it carries no command after the campaign's mark: its first
    /// version, its id and the mark's version, reported once its events are read unless they
    /// were found wrong otherwise.
    pub(super) uncommanded: Option<(u64, String, u64)>,
    /// The version the keys of carried faces name, when the command being read amends one.
    pub(super) amends: Option<u64>,
    /// For each command that began with a void (an amendment, or a void), the version the
    /// keys of the faces it carries name. Voids are rare, so this stays small.
    pub(super) origins: BTreeMap<String, u64>,
    pub(super) tracked: Vec<Tracked>,
    pub(super) state: CampaignState,
    /// The version a verifier resumed after ([`Verifier::resume`]): the rows up to it were
    /// checked before and are not shown to it, so what it needs of them it asks the log.
    pub(super) resumed_after: Option<u64>,
    /// The awards the state resumed from already left unsettled: reported when read before.
    pub(super) unsettled_before: Vec<UnsettledAward>,
    /// When the last row with a readable time was recorded: times never go back.
    pub(super) previous_time: Option<DateTime<FixedOffset>>,
    /// The last [`RECENT`] rows' version, command id and kind: most voids and every repeated
    /// command id are answered here, without asking the log.
    pub(super) recent: VecDeque<(u64, String, String)>,
    /// Every seed commitment the log has committed so far; none known to a verifier that
    /// resumed after rows it was not shown.
    pub(super) committed: Option<BTreeSet<String>>,
}

/// A command started at its first row before the row's event was read.
pub(super) struct Started {
    /// The version of its first row.
    pub(super) version: u64,
    pub(super) start: Start,
    /// Whether its first event was found to be the one it was decided to write first.
    pub(super) expected: bool,
}

/// How many rows the verifier keeps at hand.
pub(super) const RECENT: usize = 4096;

impl Verifier {
    /// A verifier for `campaign`, expecting about `rows` rows, with its rare events known.
    pub fn new(campaign: &str, rows: u64, known: Known) -> Verifier {
        let expected = usize::try_from(rows)
            .unwrap_or(usize::MAX)
            .clamp(1_000, 50_000_000);
        // One in a thousand new command ids is looked up again: about 1.8 MB per million rows.
        let commands = BloomFilter::with_false_pos(0.001)
            .seed(&7)
            .expected_items(expected);
        let tracked = known
            .assertions
            .iter()
            .map(|(version, assertion)| Tracked::new(*version, assertion.clone()))
            .collect();
        Verifier {
            campaign: campaign.to_owned(),
            known,
            findings: Vec::new(),
            events: 0,
            prev_hash: GENESIS.to_owned(),
            expected_version: 1,
            commands,
            previous_command: None,
            greatest_command: None,
            voided_so_far: Voided::default(),
            reading_a_file: false,
            command_start: 0,
            dice_in_command: 0,
            amends: None,
            redeciding: None,
            commands_read: 0,
            commands_redecided: 0,
            plain_voids: 0,
            grounds: Grounds::default(),
            voided_commands: 0,
            commanded: None,
            commands_from_command: 0,
            row_command: None,
            row_carries_command: false,
            started: None,
            uncommanded: None,
            origins: BTreeMap::new(),
            tracked,
            state: CampaignState::default(),
            resumed_after: None,
            unsettled_before: Vec::new(),
            previous_time: None,
            recent: VecDeque::with_capacity(RECENT),
            committed: Some(BTreeSet::new()),
        }
    }

    /// The same verifier for rows read from a file: a payload re-spaced or with its keys
    /// re-ordered is taken in its canonical form, as the import stores it.
    pub fn reading_a_file(mut self) -> Verifier {
        self.reading_a_file = true;
        self
    }

    pub(super) fn found(&mut self, version: u64, check: &'static str, problem: String) {
        self.findings.push(Finding {
            version: Some(version),
            check,
            problem,
        });
    }

    /// Keeps `row`'s version, command id and kind at hand, dropping the oldest beyond
    /// [`RECENT`].
    pub(super) fn remember(&mut self, row: &RowRef<'_>) {
        // The oldest entry's strings are reused: no allocation per row once the ring is full.
        let (mut id, mut kind) = if self.recent.len() == RECENT {
            self.recent
                .pop_front()
                .map_or_else(Default::default, |(_, id, kind)| (id, kind))
        } else {
            Default::default()
        };
        id.clear();
        id.push_str(row.command_id);
        kind.clear();
        kind.push_str(row.kind);
        self.recent.push_back((row.version, id, kind));
    }

    /// Whether something was already found at a version from `first` to `last`, both
    /// included: by a check of this verifier, or by the checked fold.
    pub(super) fn found_between(&self, first: u64, last: u64) -> bool {
        let versions = first..=last;
        self.findings
            .iter()
            .any(|f| f.version.is_some_and(|v| versions.contains(&v)))
            || self
                .state
                .anomalies
                .iter()
                .rev()
                .take_while(|a| a.version >= first)
                .any(|a| versions.contains(&a.version))
    }

    pub(super) fn event(
        &mut self,
        recorded: &RecordedEvent,
        earlier: &mut impl Earlier,
    ) -> Result<(), StoreError> {
        let v = recorded.version;
        let is_creation = matches!(recorded.event, Event::CampaignCreated(_));
        if self.events == 1 && !is_creation {
            self.found(
                v,
                "start",
                "the campaign's first event is not campaign_created".to_owned(),
            );
        }
        if self.events > 1 && is_creation {
            self.found(
                v,
                "start",
                "campaign_created appears after the campaign began".to_owned(),
            );
        }
        self.contiguity(recorded, earlier)?;
        match &recorded.event {
            Event::CommandVoided(void) => self.void(v, &void.command_id, void.version, earlier)?,
            Event::SeedRevealed(e) if !self.known.seeds.contains_key(&e.commitment) => {
                let problem = format!(
                    "the revealed seed does not hash to its commitment {}",
                    e.commitment
                );
                self.found(v, "seed", problem);
            }
            Event::SeedCommitted(_) | Event::SeedRevealed(_) => self.seed_event(v, &recorded.event),
            _ => {}
        }
        self.roll(recorded);
        self.kept(recorded);
        let voided = self.known.voided().contains(&recorded.command_id);
        // A command that carries its command is decided again from it; the others, from what
        // their events show.
        if voided {
            if v == self.command_start {
                self.voided_commands += 1;
            }
        } else if !self.commanded(recorded) {
            self.redecide(recorded);
        }
        self.void_noted(recorded, voided, earlier)?;
        // The fold says which asserted fields the event moved: each paper sheet asserted
        // later is read before and after it.
        let before = (!voided).then(|| tracked::Before::read(&self.tracked, &self.state, v));
        step(&mut self.state, v, (!voided).then_some(&recorded.event));
        if let Some(before) = before {
            before.settle(&mut self.tracked, &self.state, v);
        }
        if !voided {
            if let Event::AssertionRecorded(a) = &recorded.event {
                self.assertion(v, a);
            }
        }
        Ok(())
    }

    /// At an assertion, the log's numbers (voids applied) must be the paper sheet's.
    fn assertion(&mut self, v: u64, a: &AssertionRecorded) {
        let Some(soldier) = self.state.soldier(&a.soldier) else {
            return;
        };
        let mut problems = Vec::new();
        for (field, paper) in &a.fields {
            let logged = sheet::value(soldier, field).unwrap_or_default();
            if logged.eq_ignore_ascii_case(paper) {
                continue;
            }
            let events = self
                .tracked
                .iter()
                .find(|t| t.version == v)
                .and_then(|t| t.changed_by.get(field))
                .map(|versions| versions.iter().map(|v| format!("v{v}")).collect::<Vec<_>>())
                .unwrap_or_default();
            problems.push(format!(
                "{}'s {field} is {logged} in the log but {paper} on the paper sheet; the events that made it: {}",
                a.soldier,
                if events.is_empty() {
                    "none".to_owned()
                } else {
                    events.join(", ")
                }
            ));
        }
        for problem in problems {
            self.found(v, "assert", problem);
        }
        // Its blame is written: what it tracked is not needed again.
        self.tracked.retain(|t| t.version != v);
    }

    /// The campaign's state folded so far (every void of the log applied), at the version of
    /// the last row pushed.
    pub fn state(&self) -> &CampaignState {
        &self.state
    }

    /// The report: every finding, the fold's anomalies last.
    pub fn finish(self) -> Report {
        self.finish_with_state().0
    }

    /// The report, and the campaign's state as the log folds to it (voids applied).
    pub fn finish_with_state(mut self) -> (Report, CampaignState) {
        self.void_read_whole();
        self.decided_again();
        self.decided_from_command();
        self.uncommanded_read(u64::MAX);
        // After a resume, what the fold found up to it was reported when those rows were read.
        let shown = |version: u64| self.resumed_after.is_none_or(|after| version > after);
        let anomalies: Vec<_> = self
            .state
            .anomalies
            .iter()
            .filter(|a| shown(a.version))
            .cloned()
            .collect();
        let awards: Vec<_> = self
            .state
            .unsettled_awards
            .iter()
            .filter(|a| !self.unsettled_before.contains(a))
            .cloned()
            .collect();
        for anomaly in anomalies {
            let check = match anomaly.check.as_deref() {
                // A paper sheet the log disagrees with is already reported, with its blame.
                Some("assert") => continue,
                Some("roll") => "roll",
                Some("seed") => "seed",
                _ => "fold",
            };
            self.found(anomaly.version, check, format!("the event {}", anomaly.message));
        }
        for award in awards {
            self.found(
                award.version,
                "fold",
                format!(
                    "Mission {}'s RP award was computed as {} RP, but the log now computes {} RP and no revision follows",
                    award.mission, award.recorded, award.computed
                ),
            );
        }
        // In log order, the fold's findings among the others.
        self.findings.sort_by_key(|f| f.version);
        let head_version = self.expected_version.saturating_sub(1);
        let report = Report {
            campaign: self.campaign,
            events: self.events,
            head_version: if self.events == 0 { 0 } else { head_version },
            head_hash: self.prev_hash,
            ok: self.findings.is_empty(),
            findings: self.findings,
            rules: self.state.rules().0,
            commands: self.commands_read,
            decided_again: self.commands_redecided,
            voids: self.plain_voids,
            voided: self.voided_commands,
            decided_from_command: self.commands_from_command,
        };
        (report, self.state)
    }
}
