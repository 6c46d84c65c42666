//! `verify` as a front end asks it: the log's checks, and a head the player noted on paper.

use serde::Serialize;

use super::Query;
use crate::Error;
use crate::verify::{self, Finding, Report};

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
    /// How many heads another copy showed this database (pulls, pushes, imports) were held
    /// against the log.
    pub witnessed_heads: usize,
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
        let witnessed = self.store.witnessed(self.campaign)?;
        for seen in &witnessed {
            let version = seen.head.version;
            let held = self.store.row_at(self.campaign, version)?.map(|r| r.hash);
            let problem = match held {
                None => format!(
                    "the head v{version} {} seen at {} on {} is gone: the log ends at v{}",
                    short(&seen.head.hash),
                    seen.source,
                    seen.witnessed_at,
                    report.head_version
                ),
                Some(hash) if hash != seen.head.hash => format!(
                    "v{version} is {} here, but {} showed it as {} on {}: one of the two copies rewrote history the other had seen",
                    short(&hash),
                    seen.source,
                    short(&seen.head.hash),
                    seen.witnessed_at
                ),
                Some(_) => continue,
            };
            report.findings.push(Finding {
                version: Some(version),
                check: "witnessed",
                problem,
            });
            report.ok = false;
        }
        Ok(Verified {
            report,
            noted_head: noted,
            witnessed_heads: witnessed.len(),
        })
    }
}

/// A hash as the command line shows it: its first 20 hex digits.
fn short(hash: &str) -> &str {
    hash.get(..20).unwrap_or(hash)
}
