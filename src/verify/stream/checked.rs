//! What one row shows without the rows before it: whether its hash is the hash of its own
//! columns and `prev_hash`, its time as read, the event its payload decodes to, and whether
//! the payload is written as muster writes that event.
//!
//! None of it depends on another row, so it is worked out on any thread, rows side by side,
//! and handed to [`Verifier::push_checked`] in version order, which reports it in the same
//! place and order as a row checked on the spot ([`Verifier::push`]), then what the row means
//! for the campaign.
//!
//! A checker may leave the payload of a command's first row unread (see
//! [`Checker::leaving_first_rows`]): the verifier decides the command it carries again at that
//! row anyway, and a payload written as muster writes the event decided first is that event,
//! so it is compared with it as written, and read only if it differs.

use chrono::{DateTime, FixedOffset};

use super::verifier::{Earlier, Started, Verifier};
use crate::domain::codec::{self, DecodeError};
use crate::domain::event::{Event, current_schema};
use crate::domain::logged::{Asked, Logged};
use crate::domain::state::RecordedEvent;
use crate::store::chain;
use crate::store::{RowRef, StoreError};
use crate::verify::commanded::Start;
use crate::verify::report::Finding;

thread_local! {
    /// The buffer each thread writes an event into, to compare it with its payload.
    static WRITTEN: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// How a verifier checks one row on its own: a plain copy of its settings that any thread
/// may use while the verifier folds.
#[derive(Debug, Clone, Copy)]
pub struct Checker {
    /// The rows come from a file, whose payloads may be re-spaced.
    pub(super) reading_a_file: bool,
    /// The payload of a command's first row is left for the verifier to compare with what the
    /// command decides (see [`Checker::leaving_first_rows`]).
    leaves_first_rows: bool,
}

/// What one row shows on its own, to be pushed into the verifier in its place.
#[derive(Debug)]
pub struct Checked {
    /// Whether its hash is the hash of its columns chained from its `prev_hash`.
    pub(super) hashes: bool,
    /// Its `recorded_at`, read as an RFC 3339 time, if it is one.
    pub(super) at: Option<DateTime<FixedOffset>>,
    /// What its payload was found to be, or the payload left unread.
    pub(super) payload: Payload,
    /// The command it carries, read (or why it does not read): taken by the verifier.
    pub(super) command: Option<Result<Logged, String>>,
}

/// A row's payload, as checked on its own.
#[derive(Debug)]
pub(super) enum Payload {
    /// Read: the event it decodes to (upcast to the current schema), or why not, and when it
    /// is not written as muster writes its event, what muster writes.
    Read {
        decoded: Result<RecordedEvent, DecodeError>,
        problem: Option<String>,
    },
    /// Left unread: the payload of a command's first row, at its kind's current schema, that
    /// carries a command of play that reads (not a `seed_committed`, which the decision of
    /// the command reads).
    Unread(String),
}

impl Checker {
    /// Checks `row` on its own, its hash included.
    pub fn check(self, row: RowRef<'_>) -> Checked {
        let hashes = chain::matches(row.prev_hash, &row.link(), row.hash);
        self.check_hashed(row, hashes)
    }

    /// Checks `row` on its own, its hash already checked by the caller (`hashes`).
    pub fn check_hashed(self, row: RowRef<'_>, hashes: bool) -> Checked {
        let command = row
            .command
            .map(|text| Logged::decode(text).map_err(|e| e.to_string()));
        let unread = self.leaves_first_rows
            && matches!(
                &command,
                Some(Ok(Logged {
                    command: Asked::Command(_),
                    ..
                }))
            )
            && row.schema == current_schema(row.kind)
            && row.kind != "seed_committed";
        Checked {
            hashes,
            at: DateTime::parse_from_rfc3339(row.recorded_at).ok(),
            payload: if unread {
                Payload::Unread(row.payload.to_owned())
            } else {
                let (decoded, problem) = self.read(&row);
                Payload::Read { decoded, problem }
            },
            command,
        }
    }

    /// The same checker, leaving the payload of a command's first row unread when that row
    /// carries a command of play that reads: [`Verifier::push_checked`] compares it with the
    /// event the command is decided to write first, and reads it only if they differ. Most
    /// rows of a log that keeps its commands begin a command, so most are never decoded.
    pub fn leaving_first_rows(self) -> Checker {
        Checker {
            leaves_first_rows: true,
            ..self
        }
    }

    /// Reads `row`'s payload: the event it decodes to (or why not), and when it is not written
    /// as muster writes that event, what muster writes.
    fn read(self, row: &RowRef<'_>) -> (Result<RecordedEvent, DecodeError>, Option<String>) {
        let decoded = row.decode();
        let problem = match &decoded {
            Ok(recorded) => self.canonical(row, &recorded.event),
            Err(_) => None,
        };
        (decoded, problem)
    }

    /// A payload must be the bytes muster writes for the event it decodes to: otherwise two
    /// different files (and two different chains) would hold the same history. One at an
    /// older schema is kept as written, so it must be canonical JSON whose upcast is those
    /// bytes: a field its schema never had is not carried along unseen.
    fn canonical(self, row: &RowRef<'_>, event: &Event) -> Option<String> {
        let current = row.schema == current_schema(row.kind);
        if current && written_as_muster_writes(event, row.payload) {
            return None;
        }
        let encoded = codec::encode(event);
        let as_muster_writes = |payload: &str| {
            if current {
                return payload == encoded.payload;
            }
            let canonical = serde_json::from_str::<serde_json::Value>(payload)
                .is_ok_and(|value| codec::canonical_payload(&value) == payload);
            canonical
                && codec::upcast_payload(row.kind, row.schema, payload).as_deref()
                    == Some(encoded.payload.as_str())
        };
        // A file may be re-spaced or its keys re-ordered by hand: its payloads are read back
        // into canonical form (and hashed so) on import; a row in the database may not.
        let respaced = || {
            self.reading_a_file
                && serde_json::from_str::<serde_json::Value>(row.payload)
                    .is_ok_and(|value| as_muster_writes(&codec::canonical_payload(&value)))
        };
        (!as_muster_writes(row.payload) && !respaced()).then(|| {
            let shown: String = encoded.payload.chars().take(120).collect();
            if current {
                format!(
                    "its payload is not written as muster writes it (fields missing, unknown, reordered or respaced): {shown}"
                )
            } else {
                format!(
                    "its schema {} payload is not written as muster wrote that schema (a field it never had, or fields reordered or respaced); it reads as: {shown}",
                    row.schema
                )
            }
        })
    }
}

/// Whether `payload` is written as muster writes `event` now: told without a string of its
/// own, on a buffer each thread keeps, as nearly every row is.
fn written_as_muster_writes(event: &Event, payload: &str) -> bool {
    WRITTEN.with_borrow_mut(|buffer| codec::encodes_to(event, payload, buffer))
}

impl Verifier {
    /// Checks the next row: its place in the chain, its hash, its time and its payload, then
    /// what its event means for the campaign.
    pub fn push(&mut self, row: RowRef<'_>, earlier: &mut impl Earlier) -> Result<(), StoreError> {
        let mut checked = self.checker().check(row);
        self.push_checked(row, &mut checked, earlier)
    }

    /// Like [`Verifier::push`], for a row whose hash the caller has already checked against
    /// its contents (`hashes`), so that it is not computed twice.
    pub fn push_hashed(
        &mut self,
        row: RowRef<'_>,
        hashes: bool,
        earlier: &mut impl Earlier,
    ) -> Result<(), StoreError> {
        let mut checked = self.checker().check_hashed(row, hashes);
        self.push_checked(row, &mut checked, earlier)
    }

    /// How this verifier checks a row on its own: for [`Verifier::push_checked`], on any
    /// thread.
    pub fn checker(&self) -> Checker {
        Checker {
            reading_a_file: self.reading_a_file,
            leaves_first_rows: false,
        }
    }

    /// Like [`Verifier::push`], for a row its [`Checker`] has already checked on its own
    /// (`checked`), perhaps on another thread: the findings are the same, in the same order.
    /// The command it read is taken out of `checked`.
    pub fn push_checked(
        &mut self,
        row: RowRef<'_>,
        checked: &mut Checked,
        earlier: &mut impl Earlier,
    ) -> Result<(), StoreError> {
        let v = row.version;
        self.events += 1;
        if v != self.expected_version {
            let expected = self.expected_version;
            self.found(v, "gap", format!("expected version {expected} here, found {v}"));
        }
        self.expected_version = v.saturating_add(1);
        if row.prev_hash != self.prev_hash {
            self.found(v, "chain", "its prev_hash is not the hash of the event before it: an event was removed, inserted or reordered".to_owned());
        }
        if !checked.hashes {
            self.findings.push(Finding::edited(v));
        }
        self.prev_hash.clear();
        self.prev_hash.push_str(row.hash);
        match checked.at {
            None => {
                let problem = format!("recorded_at '{}' is not an RFC 3339 time", row.recorded_at);
                self.found(v, "time", problem);
            }
            Some(at) => {
                if !crate::clock::recordable(at.with_timezone(&chrono::Utc)) {
                    let problem = format!(
                        "recorded_at '{}' is outside the years 1970 to 9999 muster records",
                        row.recorded_at
                    );
                    self.found(v, "time", problem);
                }
                if let Some(before) = self.previous_time.filter(|before| at < *before) {
                    let problem = format!(
                        "recorded at {}, earlier than the event before it ({}): a clock set back, or rows reordered",
                        row.recorded_at,
                        crate::clock::written(before.with_timezone(&chrono::Utc))
                    );
                    self.found(v, "time", problem);
                }
                self.previous_time = Some(at);
            }
        }
        self.row_carries_command = row.command.is_some();
        self.row_command = checked.command.take();
        let first_row;
        let (decoded, problem) = match &checked.payload {
            Payload::Read { decoded, problem } => (decoded, problem),
            Payload::Unread(payload) => {
                first_row = self.first_row(RowRef { payload, ..row });
                (&first_row.0, &first_row.1)
            }
        };
        let result = match decoded {
            Ok(recorded) => {
                if let Some(problem) = problem {
                    self.found(v, "payload", problem.clone());
                }
                self.event(recorded, earlier)
            }
            Err(e) => {
                self.found(v, "decode", e.to_string());
                self.grounds.hole(v);
                Ok(())
            }
        };
        // A command started here that the row's event did not go on to (it did not decode).
        self.started = None;
        self.remember(&row);
        result
    }

    /// The event of a command's first row left unread, and whether its payload is written as
    /// muster writes it: when the row begins a command the log does not void, the command is
    /// started here, and a payload written as muster writes the event it is decided to write
    /// first is that event; any other is read, as a checker would have.
    fn first_row(&mut self, row: RowRef<'_>) -> (Result<RecordedEvent, DecodeError>, Option<String>) {
        let begins = self.previous_command.as_deref() != Some(row.command_id);
        let voided = self.known.voided().contains(row.command_id);
        let reads = matches!(self.row_command, Some(Ok(_)));
        if begins
            && !voided
            && reads
            && let Some(Ok(logged)) = self.row_command.take()
        {
            let start = self.start(Ok(logged), row.command_id, row.version, None);
            let event = match &start {
                Start::Commanded(commanded) => commanded
                    .expected()
                    .filter(|event| event.kind() == row.kind && written_as_muster_writes(event, row.payload))
                    .cloned(),
                Start::Void(_) | Start::Unreadable(_) => None,
            };
            self.started = Some(Started {
                version: row.version,
                start,
                expected: event.is_some(),
            });
            if let Some(event) = event {
                let recorded = RecordedEvent {
                    version: row.version,
                    command_id: row.command_id.to_owned(),
                    recorded_at: row.recorded_at.to_owned(),
                    event,
                };
                return (Ok(recorded), None);
            }
        }
        self.checker().read(&row)
    }
}
