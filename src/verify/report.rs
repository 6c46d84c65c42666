//! What `verify` reports: each finding, and the whole report of one campaign.

use serde::Serialize;

/// One thing `verify` found wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The version it concerns, when it concerns one.
    pub version: Option<u64>,
    /// A short name for the check that failed.
    pub check: &'static str,
    pub problem: String,
}

impl Finding {
    /// Whether it is a paper sheet the log disagrees with: a fact the log records (the
    /// assertion, as the player made it), not damage, which goes with the log where it goes
    /// (export, import, a backup) and which `verify` goes on reporting until it is mended.
    pub fn is_a_sheets_disagreement(&self) -> bool {
        self.check == "assert"
    }

    /// A row whose hash does not match its contents.
    pub fn edited(version: u64) -> Finding {
        Finding {
            version: Some(version),
            check: "hash",
            problem: "its hash does not match its contents: the row was edited".to_owned(),
        }
    }
}

/// The result of verifying one campaign.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    pub campaign: String,
    pub events: usize,
    pub head_version: u64,
    pub head_hash: String,
    pub ok: bool,
    pub findings: Vec<Finding>,
    /// The rules version in force at the head.
    pub rules: u32,
    /// How many commands the log holds, and how many of them were decided again under the
    /// rules in force at their place: every command but a command voided, unless its events
    /// were already found wrong event by event.
    pub commands: u64,
    pub decided_again: u64,
    /// How many of the commands were plain voids (a void with no correction after it): each
    /// is decided again, and counted in `decided_again`, on the log it was decided on (the
    /// state before the command it voids, with the voids before it applied, and the log from
    /// that command up to it).
    pub voids: u64,
    /// How many of the commands a void of the log voided: no longer part of its history, they
    /// are not decided again.
    pub voided: u64,
    /// How many of those were decided again from the command their first row carries (the
    /// rest from what their events show).
    pub decided_from_command: u64,
}
