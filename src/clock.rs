//! The clock events are stamped with: the system's, or a fixed one for tests and replays.

use chrono::{DateTime, Utc};

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
