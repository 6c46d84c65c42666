//! How the evidence pages say things in the command line's words: a field's name as a heading,
//! a time as the viewer's clock shows it, and a hash shortened as the command line prints it.

pub use muster::projection::fields::{heading, rank};

/// A log's kind in words: `discipline_reset` is "discipline reset".
pub fn kind(kind: &str) -> String {
    kind.replace('_', " ")
}

/// A time as the log keeps it (RFC 3339, UTC): the stamp a `<time>` carries, and its words
/// until the page's script says it in the viewer's own time: `2026-12-02 14:05 UTC`.
pub struct When {
    pub stamp: String,
    pub words: String,
}

pub fn when(recorded_at: &str) -> When {
    let words = chrono::DateTime::parse_from_rfc3339(recorded_at)
        .map(|t| t.format("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_else(|_| recorded_at.to_owned());
    When {
        stamp: recorded_at.to_owned(),
        words,
    }
}

/// A hash as the command line prints it: its first 20 hex digits.
pub fn short(hash: &str) -> String {
    hash.chars().take(20).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_reads_in_words_and_keeps_its_stamp() {
        let at = when("2026-12-02T01:07:55Z");
        assert_eq!(at.words, "2026-12-02 01:07 UTC");
        assert_eq!(at.stamp, "2026-12-02T01:07:55Z");
        assert_eq!(when("not a time").words, "not a time");
    }
}
