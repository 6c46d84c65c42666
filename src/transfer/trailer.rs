//! The trailer of an export file: its last line, which says how many events the file holds
//! and the head they end at, so that a file cut short is told from a whole one.

use serde::{Deserialize, Serialize};

use crate::Error;
use crate::store::Head;

/// What an export file's last line says about the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trailer {
    pub campaign: String,
    /// The number of event lines before the trailer.
    pub events: u64,
    /// The version and hash of the last event line.
    pub head: TrailerHead,
}

/// The head named by a [`Trailer`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrailerHead {
    pub version: u64,
    pub hash: String,
}

/// The trailer as it stands on its line: `{"trailer": {...}}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TrailerLine {
    trailer: Trailer,
}

impl Trailer {
    /// The trailer of an export of `campaign` holding `events` lines that end at `head`.
    pub fn of(campaign: &str, events: u64, head: &Head) -> Trailer {
        Trailer {
            campaign: campaign.to_owned(),
            events,
            head: TrailerHead {
                version: head.version,
                hash: head.hash.clone(),
            },
        }
    }

    /// The trailer's line, without its newline.
    pub fn line(&self) -> String {
        // A struct of strings and numbers always serializes; the fallback is never taken.
        serde_json::to_string(&TrailerLine {
            trailer: self.clone(),
        })
        .unwrap_or_default()
    }
}

/// Whether line text is meant as a trailer: an object whose first key is `trailer`,
/// however it is spaced.
pub(super) fn is_trailer(line: &str) -> bool {
    line.trim_start()
        .strip_prefix('{')
        .is_some_and(|rest| rest.trim_start().starts_with("\"trailer\""))
}

/// Where a file's trailer is, once one has been read, and the checks that it is the last
/// line and agrees with the events before it.
#[derive(Default)]
pub(super) struct Ending {
    trailer: Option<(usize, Trailer)>,
}

/// The last event line of a file: its line number, version and hash.
pub(super) struct LastEvent<'a> {
    pub number: usize,
    pub version: u64,
    pub hash: &'a str,
}

impl Ending {
    /// The line of the trailer, once one has been read.
    pub(super) fn line(&self) -> Option<usize> {
        self.trailer.as_ref().map(|(at, _)| *at)
    }

    /// Takes note of line `number` if it is a trailer (`Ok(true)`); refuses any line after
    /// the trailer, and a trailer that is not one as `muster export` writes it.
    pub(super) fn read(&mut self, number: usize, line: &str) -> Result<bool, Error> {
        if let Some((at, _)) = &self.trailer {
            return Err(Error::input(format!(
                "line {number} comes after the trailer on line {at}; the trailer is an export's last line, so lines were added to the file after it was exported"
            )));
        }
        if !is_trailer(line) {
            return Ok(false);
        }
        let read: TrailerLine = serde_json::from_str(line).map_err(|e| {
            Error::input(format!(
                "line {number} is not a trailer as `muster export` writes it ({e}): {{\"trailer\": {{\"campaign\", \"events\", \"head\": {{\"version\", \"hash\"}}}}}}"
            ))
        })?;
        self.trailer = Some((number, read.trailer));
        Ok(true)
    }

    /// Checks the trailer, if the file has one, against what was read before it: the
    /// campaign, the number of events and the last one's version and hash. Says whether
    /// the file had a trailer.
    pub(super) fn check(&self, campaign: &str, events: u64, last: &LastEvent<'_>) -> Result<bool, Error> {
        match self.disagreement(campaign, events, last) {
            Some(disagreement) => Err(Error::input(format!(
                "{disagreement}: the file is not the whole export it ends with (cut short, or edited); nothing imported"
            ))),
            None => Ok(self.trailer.is_some()),
        }
    }

    /// What the trailer, if the file has one, says that the events before it do not: the
    /// campaign, the number of events or the last one's version and hash.
    pub(super) fn disagreement(&self, campaign: &str, events: u64, last: &LastEvent<'_>) -> Option<String> {
        let (at, trailer) = self.trailer.as_ref()?;
        let read = format!(
            "the file holds {events} event{} of '{campaign}' up to line {} (version {}, hash {})",
            if events == 1 { "" } else { "s" },
            last.number,
            last.version,
            short(last.hash)
        );
        let says = format!(
            "the trailer on line {at} says {} event{} of '{}' up to version {} (hash {})",
            trailer.events,
            if trailer.events == 1 { "" } else { "s" },
            trailer.campaign,
            trailer.head.version,
            short(&trailer.head.hash)
        );
        let agrees = trailer.campaign == campaign
            && trailer.events == events
            && trailer.head.version == last.version
            && trailer.head.hash == last.hash;
        (!agrees).then(|| format!("{says}, but {read}"))
    }
}

/// The first characters of a hash, as the roster prints it.
fn short(hash: &str) -> &str {
    crate::projection::summary::noted(hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trailer() -> Trailer {
        Trailer::of(
            "Lodestar",
            3,
            &Head {
                version: 3,
                hash: "ab".repeat(32),
            },
        )
    }

    #[test]
    fn a_trailers_line_reads_back_as_that_trailer() {
        let line = trailer().line();
        assert!(
            line.starts_with("{\"trailer\":{\"campaign\":\"Lodestar\""),
            "{line}"
        );
        let mut ending = Ending::default();
        assert!(ending.read(4, &line).unwrap());
        let last = LastEvent {
            number: 3,
            version: 3,
            hash: &"ab".repeat(32),
        };
        assert!(ending.check("Lodestar", 3, &last).unwrap());
    }

    #[test]
    fn a_line_after_the_trailer_and_a_trailer_that_disagrees_are_refused_naming_the_line() {
        let mut ending = Ending::default();
        assert!(!ending.read(1, "{\"campaign\":\"Lodestar\"}").unwrap());
        assert!(ending.read(2, &trailer().line()).unwrap());
        let after = ending.read(3, "{}").unwrap_err().to_string();
        assert!(
            after.contains("line 3 comes after the trailer on line 2"),
            "{after}"
        );
        let last = LastEvent {
            number: 1,
            version: 2,
            hash: &"ab".repeat(32),
        };
        let disagrees = ending.check("Lodestar", 3, &last).unwrap_err().to_string();
        assert!(
            disagrees.contains("the trailer on line 2 says 3 events"),
            "{disagrees}"
        );
        assert!(disagrees.contains("up to line 1 (version 2"), "{disagrees}");
    }

    #[test]
    fn a_spaced_trailer_is_still_a_trailer_and_a_malformed_one_is_refused() {
        assert!(is_trailer(" { \"trailer\" : {}}"));
        assert!(!is_trailer("{\"campaign\":\"trailer\"}"));
        let mut ending = Ending::default();
        let bad = ending
            .read(9, "{\"trailer\": {\"events\": 1}}")
            .unwrap_err()
            .to_string();
        assert!(bad.contains("line 9 is not a trailer"), "{bad}");
    }
}
