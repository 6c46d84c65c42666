//! Points in a campaign's history: a version, a date/time, or the end of a Mission.

use std::str::FromStr;

use chrono::{DateTime, NaiveDate, Utc};

use crate::Error;

/// A point in the log, as a player names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AsOf {
    /// This campaign version, included.
    Version(u64),
    /// Everything recorded at or before this instant.
    Time(DateTime<Utc>),
    /// The end of Mission N (the last event of the command that ended it).
    MissionEnd(u32),
}

impl FromStr for AsOf {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let bad = || {
            Error::input(format!(
                "'{text}' is not a point in the log; give a version (e.g. 12), an RFC 3339 date/time (e.g. 2026-11-29T21:00:00Z), a date (2026-11-29, meaning its end) or mission:N"
            ))
        };
        if let Some(n) = text.strip_prefix("mission:") {
            return n.parse().map(AsOf::MissionEnd).map_err(|_| bad());
        }
        if text.chars().all(|c| c.is_ascii_digit()) && !text.is_empty() {
            return text.parse().map(AsOf::Version).map_err(|_| bad());
        }
        if let Ok(at) = DateTime::parse_from_rfc3339(text) {
            return Ok(AsOf::Time(at.with_timezone(&Utc)));
        }
        let day = NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| bad())?;
        let end = day.and_hms_opt(23, 59, 59).ok_or_else(bad)?;
        Ok(AsOf::Time(end.and_utc()))
    }
}

impl AsOf {
    /// The version the player named, when they named one.
    pub fn asked(self) -> Option<u64> {
        match self {
            AsOf::Version(v) => Some(v),
            AsOf::Time(_) | AsOf::MissionEnd(_) => None,
        }
    }
}
