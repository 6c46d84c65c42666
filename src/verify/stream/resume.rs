//! A verifier that resumes after rows already checked: a pull's new rows are checked by the
//! checked fold from the local state at the head they continue, without reading the log again.

use chrono::DateTime;

use super::verifier::Verifier;
use crate::domain::fold::Voided;
use crate::domain::state::CampaignState;
use crate::store::{Head, Known};
use crate::verify::voids::Grounds;

/// What the rows up to the head left, for the verifier to go on from.
pub struct CheckedUpTo {
    pub head: Head,
    /// When the head's event was recorded, as stored.
    pub recorded_at: Option<String>,
    /// The state at the head with every void `known` holds applied, those among the rows to
    /// come included (`checkpoint::state_before` the next version).
    pub state: CampaignState,
    /// The commands the voids up to the head voided.
    pub voided: Voided,
    /// The greatest command id up to the head, as text: an id past it is new, any other is
    /// looked for in the log (a row that reuses an earlier command's id is found).
    pub greatest_command: Option<String>,
}

impl Verifier {
    /// A verifier for the rows of `campaign` after `checked.head`, expecting about `rows` of
    /// them, with the rare events of the whole log (before the head and among the rows)
    /// known: what it needs of the rows before, it asks the log it is given.
    pub fn resume(campaign: &str, rows: u64, known: Known, checked: CheckedUpTo) -> Verifier {
        let mut verifier = Verifier::new(campaign, rows, known);
        let after = checked.head.version;
        verifier.events = usize::try_from(after).unwrap_or(usize::MAX);
        verifier.expected_version = after + 1;
        verifier.prev_hash = checked.head.hash;
        verifier.previous_time = checked
            .recorded_at
            .as_deref()
            .and_then(|at| DateTime::parse_from_rfc3339(at).ok());
        verifier.grounds = Grounds::resumed(checked.voided.clone());
        verifier.voided_so_far = checked.voided;
        verifier.tracked.retain(|t| t.version > after);
        verifier.unsettled_before = checked.state.unsettled_awards.clone();
        verifier.state = checked.state;
        verifier.greatest_command = checked.greatest_command;
        verifier.resumed_after = Some(after);
        // The commitments of the rows before are not shown to it.
        verifier.committed = None;
        verifier
    }
}
