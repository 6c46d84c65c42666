//! Stored checkpoints held against the log: each must be the fold of the log at its version,
//! or commands that trust it decide on numbers the log never made.

use std::collections::VecDeque;

use serde_json::Value;

use super::report::Finding;
use crate::checkpoint::PROJECTION;
use crate::domain::state::CampaignState;
use crate::store::Known;
use crate::store::{Checkpoint, Store, StoreError};

/// The checkpoints of one campaign still to be compared, oldest first, as the verifier's
/// fold passes their versions.
pub(super) struct Pending<'a> {
    store: &'a Store,
    campaign: String,
    /// Their versions: each is read only when the fold reaches it, so a long log's many
    /// checkpoints are never held at once.
    waiting: VecDeque<u64>,
    /// The log's voids, which decide which checkpoints legitimately differ.
    known: Known,
    pub(super) findings: Vec<Finding>,
}

impl<'a> Pending<'a> {
    /// The current projection's checkpoints of `campaign`, whose rare events are `known`.
    pub(super) fn of(store: &'a Store, campaign: &str, known: Known) -> Result<Pending<'a>, StoreError> {
        let waiting = store.checkpoint_versions(campaign, PROJECTION)?.into();
        Ok(Pending {
            store,
            campaign: campaign.to_owned(),
            waiting,
            known,
            findings: Vec::new(),
        })
    }

    /// Compares the checkpoints taken at `version` with `folded`, the log's state there.
    pub(super) fn at(&mut self, version: u64, folded: &CampaignState) {
        while self.waiting.front().is_some_and(|v| *v <= version) {
            let Some(at) = self.waiting.pop_front() else { break };
            match self.store.checkpoint(&self.campaign, at, PROJECTION) {
                Ok(Some(stored)) if stored.version == at => self.compare(&stored, folded),
                Ok(_) => {}
                Err(e) => self.found(at, format!("it cannot be read ({e})")),
            }
        }
    }

    /// Every checkpoint past the log's end is reported; the findings, in version order.
    pub(super) fn finish(mut self) -> Vec<Finding> {
        for version in std::mem::take(&mut self.waiting) {
            self.found(version, format!("the log has no version {version}"));
        }
        self.findings
    }

    fn found(&mut self, version: u64, problem: String) {
        self.findings.push(Finding {
            version: Some(version),
            check: "checkpoint",
            problem: format!("the checkpoint at v{version}: {problem}"),
        });
    }

    fn compare(&mut self, stored: &Checkpoint, folded: &CampaignState) {
        let v = stored.version;
        if let Some(flaw) = stored.flaw() {
            self.found(v, flaw);
            return;
        }
        // Taken before a void that reaches back past it, it rightly shows the voided
        // events; commands ignore it (`checkpoint::state_at`), and so does this.
        if self.known.reaches_back_past(v) {
            return;
        }
        let state = match serde_json::from_str::<CampaignState>(&stored.state) {
            Ok(state) => state,
            Err(e) => return self.found(v, format!("its state does not parse ({e})")),
        };
        if state == *folded {
            return;
        }
        let difference = match (serde_json::to_value(&state), serde_json::to_value(folded)) {
            (Ok(kept), Ok(log)) => first_difference(&kept, &log, String::new()),
            _ => None,
        };
        let problem = match difference {
            Some(what) => format!("its state differs from the log's fold: {what}"),
            None => "its state differs from the log's fold".to_owned(),
        };
        self.found(v, problem);
    }
}

/// The first place where `kept` (the checkpoint's) and `log` (the fold's) differ, as a path
/// and both values.
fn first_difference(kept: &Value, log: &Value, path: String) -> Option<String> {
    let at = |key: &str| {
        if path.is_empty() {
            key.to_owned()
        } else {
            format!("{path}.{key}")
        }
    };
    match (kept, log) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, value) in a {
                let other = b.get(key).unwrap_or(&Value::Null);
                if let Some(found) = first_difference(value, other, at(key)) {
                    return Some(found);
                }
            }
            b.iter()
                .find(|(key, _)| !a.contains_key(*key))
                .map(|(key, value)| format!("{} is missing, {value} in the log", at(key)))
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .enumerate()
            .find_map(|(i, (x, y))| first_difference(x, y, format!("{path}[{i}]"))),
        _ if kept == log => None,
        _ => Some(format!(
            "{} is {} in the checkpoint but {} in the log",
            if path.is_empty() { "the state" } else { &path },
            short(kept),
            short(log)
        )),
    }
}

/// A value as JSON text, cut short if long.
fn short(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(80) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_difference_names_its_path_and_both_values() {
        let kept = serde_json::json!({"soldiers": [{"name": "Wong", "xp": 99}], "bank": 9});
        let log = serde_json::json!({"soldiers": [{"name": "Wong", "xp": 3}], "bank": 9});
        assert_eq!(
            first_difference(&kept, &log, String::new()).as_deref(),
            Some("soldiers[0].xp is 99 in the checkpoint but 3 in the log")
        );
        let fewer = serde_json::json!({"soldiers": [], "bank": 9});
        assert_eq!(
            first_difference(&fewer, &log, String::new()).as_deref(),
            Some(r#"soldiers is [] in the checkpoint but [{"name":"Wong","xp":3}] in the log"#)
        );
        assert_eq!(first_difference(&log, &log, String::new()), None);
    }
}
