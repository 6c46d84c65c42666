//! `verify` as a front end asks it: the log's checks, and a head the player noted on paper.

use serde::Serialize;

use super::Query;
use crate::Error;
use crate::verify::{self, Report};

/// A head the player noted: its version and the hex digits of its hash he wrote down.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NotedHead {
    pub version: u64,
    pub hash: String,
}

/// `verify --json`: the report, and the noted head it was checked against (null when none
/// was given: a wholesale rewrite of the file could then not be caught).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verified {
    #[serde(flatten)]
    pub report: Report,
    pub noted_head: Option<NotedHead>,
}

impl Query<'_> {
    /// Verifies the campaign, and that the log still holds `noted`; `progress` is told how
    /// many rows have been read, now and then.
    pub fn verify(&self, noted: Option<NotedHead>, progress: &mut dyn FnMut(u64)) -> Result<Verified, Error> {
        let mut report = verify::verify_store(self.store, self.campaign, progress)?;
        if let Some(noted) = &noted {
            let version = noted.version;
            let held = self
                .store
                .rows_between(self.campaign, version.saturating_sub(1), Some(version))?;
            let held = held
                .iter()
                .find(|r| r.version == version)
                .map(|r| r.hash.as_str());
            if let Some(finding) = verify::noted_head_held(held, report.head_version, version, &noted.hash) {
                report.findings.push(finding);
                report.ok = false;
            }
        }
        Ok(Verified {
            report,
            noted_head: noted,
        })
    }
}
