//! The clock events are stamped with: the system's, or a fixed one for tests and replays.

use chrono::{DateTime, Datelike, Utc};

/// The years muster records: a time outside them (a clock gone wrong, a forged file) would
/// not survive being written as RFC 3339 and read back in order.
pub const YEARS: std::ops::RangeInclusive<i32> = 1970..=9999;

/// Whether `at` falls in the [`YEARS`] muster records.
pub fn recordable(at: DateTime<Utc>) -> bool {
    YEARS.contains(&at.year())
}

/// Where "now" comes from. Passed in, so nothing below the command line reads the time.
pub trait Clock {
    /// The current time, UTC.
    fn now(&self) -> DateTime<Utc>;
}

/// The machine's clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock stopped at one instant.
#[derive(Debug, Clone, Copy)]
pub struct FixedClock(pub DateTime<Utc>);

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}
