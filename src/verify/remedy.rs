//! What a player can do about what `verify` found, by the kind of check that found it: a
//! paper sheet the log disagrees with, a checkpoint out of date and an edited row are each
//! mended their own way, and only an edit made outside muster needs an older export.

use std::collections::BTreeMap;

use super::report::{Finding, Report};

/// What restores a log changed outside muster: an import into the same file adds nothing
/// over the damage (its head is all it compares), so the older copy goes into a new file.
macro_rules! restore {
    () => {
        "import an export from before the change into a new file (`muster --db NEW.db import FILE`), check it (`muster --db NEW.db verify`) and play on in that file (`--db NEW.db`, or MUSTER_DB); a backup from before the change (`muster backup`) is such a file already"
    };
}

/// How a finding is mended, in the order the hint names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Mend {
    /// A paper sheet the log disagrees with where it was asserted.
    Sheet,
    /// A command the rules decide otherwise than the log holds it.
    Decided,
    /// A generated face its seed does not give, or a seed or key that is not the seed's.
    Seed,
    /// A checkpoint that is not the log's fold: only a cache, written again from the log.
    Rebuild,
    /// Rows changed outside muster, or lost: only a copy from before the change has them.
    Restore,
}

impl Mend {
    /// How `finding`, of a log whose head is at `head`, is mended.
    fn of(finding: &Finding, head: u64) -> Mend {
        match finding.check {
            "assert" => Mend::Sheet,
            "decide" => Mend::Decided,
            "seed" => Mend::Seed,
            // A checkpoint past the log's end says its tail was cut, which no cache mends.
            "checkpoint" if finding.version.is_none_or(|v| v <= head) => Mend::Rebuild,
            // The chain's, the time's, the payload's and the fold's findings, and any kind
            // this list does not know yet: what only an edit of the file leaves.
            _ => Mend::Restore,
        }
    }

    /// What the player can do, in words.
    fn words(self) -> &'static str {
        match self {
            Mend::Sheet => {
                "the paper sheet and the log disagree where it was asserted: void the event recorded by mistake (the finding names those that made the number), or void the assertion (`muster void VERSION --why TEXT`) and assert the sheet again once the log is right"
            }
            Mend::Decided => {
                concat!(
                    "the rules decide the command otherwise than the log holds it: void it (`muster void VERSION --why TEXT`, with `--cascade` for the commands that rest on it) or amend it (`muster amend VERSION --why TEXT -- COMMAND`); if the file was edited outside muster, ",
                    restore!()
                )
            }
            Mend::Seed => {
                concat!(
                    "a generated face its seed does not give was not rolled: once the seed is revealed (`muster seed reveal`) a gm voids its command (`muster void VERSION --why TEXT`), naming the disproof; for a seed or key edited in the log outside muster, ",
                    restore!()
                )
            }
            Mend::Rebuild => {
                "a checkpoint is only a cache of the log's fold: `muster rebuild` writes the checkpoints again from the log (where the finding says the log was rewritten, the checkpoint is the evidence of it: keep a copy of the file first)"
            }
            Mend::Restore => {
                concat!("the file was changed outside muster: ", restore!())
            }
        }
    }
}

/// The hint that follows `reports`' findings: what explains a finding, then for each way
/// of mending them the kinds of check it mends and how, so a hint never sends a player to an
/// older export for what a void or `muster rebuild` mends.
pub fn remedy<'a>(reports: impl IntoIterator<Item = &'a Report>) -> String {
    let mut mends: BTreeMap<Mend, Vec<&str>> = BTreeMap::new();
    for report in reports {
        for finding in &report.findings {
            let checks = mends.entry(Mend::of(finding, report.head_version)).or_default();
            if !checks.contains(&finding.check) {
                checks.push(finding.check);
            }
        }
    }
    let mut clauses = vec!["`muster show VERSION` explains the event a finding names".to_owned()];
    for (mend, checks) in mends {
        let named: Vec<String> = checks.iter().map(|check| format!("`{check}`")).collect();
        clauses.push(format!("{}: {}", named.join(", "), mend.words()));
    }
    clauses.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(head_version: u64, findings: &[(&'static str, u64)]) -> Report {
        Report {
            campaign: "test".to_owned(),
            events: 10,
            head_version,
            head_hash: String::new(),
            ok: findings.is_empty(),
            findings: findings
                .iter()
                .map(|(check, version)| Finding {
                    version: Some(*version),
                    check,
                    problem: String::new(),
                })
                .collect(),
            rules: 1,
            commands: 0,
            decided_again: 0,
            voids: 0,
            voided: 0,
            decided_from_command: 0,
        }
    }

    #[test]
    fn each_kind_is_sent_to_its_own_mend_and_only_an_edit_to_an_older_export() {
        let assertion = remedy([&report(10, &[("assert", 8)])]);
        assert!(assertion.contains("`assert`: the paper sheet"), "{assertion}");
        assert!(!assertion.contains("export"), "{assertion}");
        let checkpoint = remedy([&report(10, &[("checkpoint", 8)])]);
        assert!(
            checkpoint.contains("`checkpoint`: a checkpoint is only a cache"),
            "{checkpoint}"
        );
        assert!(!checkpoint.contains("export"), "{checkpoint}");
        assert!(checkpoint.contains("the log was rewritten"), "{checkpoint}");
        let decided = remedy([&report(10, &[("decide", 9)])]);
        assert!(decided.contains("`muster void VERSION"), "{decided}");
        let edited = remedy([&report(10, &[("hash", 4), ("chain", 5), ("hash", 6)])]);
        assert!(
            edited.contains("`hash`, `chain`: the file was changed"),
            "{edited}"
        );
        // A checkpoint past the head says the log's tail was cut: no cache mends that.
        let cut = remedy([&report(10, &[("checkpoint", 12)])]);
        assert!(cut.contains("`checkpoint`: the file was changed"), "{cut}");
    }

    #[test]
    fn several_kinds_are_named_each_once_in_one_order() {
        let both = remedy([
            &report(10, &[("checkpoint", 3), ("assert", 8)]),
            &report(20, &[("assert", 9)]),
        ]);
        assert!(both.starts_with("`muster show VERSION`"), "{both}");
        let sheet = both.find("`assert`:").unwrap_or(usize::MAX);
        let cache = both.find("`checkpoint`:").unwrap_or(0);
        assert!(sheet < cache, "{both}");
        assert_eq!(both.matches("`assert`").count(), 1, "{both}");
    }
}
