//! Points in a campaign's history: a version, a date/time, or the end of a Mission.

use std::str::FromStr;

use chrono::{DateTime, NaiveDate, Utc};

use crate::Error;
use crate::domain::event::Event;
use crate::domain::fold::voided_commands;
use crate::domain::state::RecordedEvent;

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
    /// The version this point names in `log` (the campaign's whole log, in order): always the
    /// end of a command, since a command's events stand or fall together; a version inside a
    /// command names that command's last event.
    pub fn resolve(self, log: &[RecordedEvent]) -> Result<u64, Error> {
        let named = self.named(log)?;
        let Some(at) = log.iter().position(|r| r.version == named) else {
            return Ok(named);
        };
        let command = &log[at].command_id;
        Ok(log[at..]
            .iter()
            .take_while(|r| r.command_id == *command)
            .last()
            .map_or(named, |r| r.version))
    }

    /// The version the player named, when they named one.
    pub fn asked(self) -> Option<u64> {
        match self {
            AsOf::Version(v) => Some(v),
            AsOf::Time(_) | AsOf::MissionEnd(_) => None,
        }
    }

    /// The version this point names, before it is moved to the end of its command.
    fn named(self, log: &[RecordedEvent]) -> Result<u64, Error> {
        let head = log.last().map_or(0, |r| r.version);
        match self {
            AsOf::Version(v) if (1..=head).contains(&v) => Ok(v),
            AsOf::Version(v) => Err(Error::input(format!(
                "version {v} does not exist; this campaign's log runs from 1 to {head}"
            ))),
            AsOf::Time(at) => log
                .iter()
                .take_while(|r| DateTime::parse_from_rfc3339(&r.recorded_at).is_ok_and(|t| t <= at))
                .last()
                .map(|r| r.version)
                .ok_or_else(|| {
                    let first = log.first().map_or("", |r| r.recorded_at.as_str());
                    Error::input(format!(
                        "{} is before the campaign began ({first}); give a later time",
                        at.to_rfc3339()
                    ))
                }),
            AsOf::MissionEnd(n) => mission_end(log, n),
        }
    }
}

fn mission_end(log: &[RecordedEvent], mission: u32) -> Result<u64, Error> {
    let voided = voided_commands(log);
    let live = || log.iter().filter(|r| !voided.contains(&r.command_id));
    let ended = live().find(|r| matches!(&r.event, Event::MissionEnded(e) if e.mission == mission));
    match ended {
        Some(end) => Ok(live()
            .filter(|r| r.command_id == end.command_id)
            .map(|r| r.version)
            .max()
            .unwrap_or(end.version)),
        None if live().any(|r| matches!(&r.event, Event::MissionStarted(e) if e.mission == mission)) => {
            Err(Error::input(format!(
                "Mission {mission} has not ended yet; give a version instead (see `muster log --mission {mission}`)"
            )))
        }
        None => Err(Error::input(format!(
            "there is no Mission {mission} in this campaign; missions so far: {}",
            live()
                .filter_map(|r| match &r.event {
                    Event::MissionStarted(e) => Some(e.mission.to_string()),
                    _ => None,
                })
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}
