//! What one row shows without the rows before it: whether its hash is the hash of its own
//! columns and `prev_hash`, its time as read, the event its payload decodes to, and whether
//! the payload is written as muster writes that event.
//!
//! None of it depends on another row, so it is worked out on any thread, rows side by side,
//! and handed to [`super::Verifier::push_checked`] in version order, which reports it in the
//! same place and order as a row checked on the spot.

use chrono::{DateTime, FixedOffset};

use crate::domain::codec::{self, DecodeError};
use crate::domain::event::Event;
use crate::domain::state::RecordedEvent;
use crate::store::RowRef;
use crate::store::chain;

/// How a verifier checks one row on its own: a plain copy of its settings that any thread
/// may use while the verifier folds.
#[derive(Debug, Clone, Copy)]
pub struct Checker {
    /// The rows come from a file, whose payloads may be re-spaced.
    pub(super) reading_a_file: bool,
}

/// What one row shows on its own, to be pushed into the verifier in its place.
#[derive(Debug)]
pub struct Checked {
    /// Whether its hash is the hash of its columns chained from its `prev_hash`.
    pub(super) hashes: bool,
    /// Its `recorded_at`, read as an RFC 3339 time, if it is one.
    pub(super) at: Option<DateTime<FixedOffset>>,
    /// The event it decodes to (upcast to the current schema), or why not.
    pub(super) decoded: Result<RecordedEvent, DecodeError>,
    /// When its payload is not written as muster writes its event: what muster writes.
    pub(super) payload_problem: Option<String>,
}

impl Checker {
    /// Checks `row` on its own, its hash included.
    pub fn check(self, row: RowRef<'_>) -> Checked {
        let hashes = chain::matches(row.prev_hash, &row.link(), row.hash);
        self.check_hashed(row, hashes)
    }

    /// Checks `row` on its own, its hash already checked by the caller (`hashes`).
    pub fn check_hashed(self, row: RowRef<'_>, hashes: bool) -> Checked {
        let decoded = row.decode();
        let payload_problem = match &decoded {
            Ok(recorded) => self.canonical(&row, &recorded.event),
            Err(_) => None,
        };
        Checked {
            hashes,
            at: DateTime::parse_from_rfc3339(row.recorded_at).ok(),
            decoded,
            payload_problem,
        }
    }

    /// A payload at its kind's current schema must be the bytes muster writes for the event
    /// it decodes to: otherwise two different files (and two different chains) would hold
    /// the same history. (An older schema is read through an upcaster and kept as written.)
    fn canonical(self, row: &RowRef<'_>, event: &Event) -> Option<String> {
        if row.schema != crate::domain::event::current_schema(row.kind) {
            return None;
        }
        let encoded = codec::encode(event);
        // A file may be re-spaced or its keys re-ordered by hand: its payloads are read back
        // into canonical form (and hashed so) on import; a row in the database may not.
        let respaced = || {
            self.reading_a_file
                && serde_json::from_str::<serde_json::Value>(row.payload)
                    .is_ok_and(|value| codec::canonical_payload(&value) == encoded.payload)
        };
        (encoded.payload != row.payload && !respaced()).then(|| {
            format!(
                "its payload is not written as muster writes it (fields missing, unknown, reordered or respaced): {}",
                encoded.payload.chars().take(120).collect::<String>()
            )
        })
    }
}
