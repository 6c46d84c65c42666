//! The clock events are stamped with: the system's, or a fixed one for tests and replays.

use chrono::{DateTime, Datelike, NaiveDate, NaiveTime, SecondsFormat, Utc};

/// The years muster records: a time outside them (a clock gone wrong, a forged file) would
/// not survive being written as RFC 3339 and read back in order.
pub const YEARS: std::ops::RangeInclusive<i32> = 1970..=9999;

/// Whether `at` falls in the [`YEARS`] muster records.
pub fn recordable(at: DateTime<Utc>) -> bool {
    YEARS.contains(&at.year())
}

/// The time `span` after `at`, if muster records it: `None` past the [`YEARS`] (where
/// chrono's own `+` panics, or a date is written as `+10076-…`, which reads as earlier than
/// any year muster records).
pub fn after(at: DateTime<Utc>, span: chrono::TimeDelta) -> Option<DateTime<Utc>> {
    at.checked_add_signed(span).filter(|end| recordable(*end))
}

/// The one form muster writes a time in, as a reader is told it: UTC to the second.
pub const WRITTEN_FORM: &str = "YYYY-MM-DDThh:mm:ssZ (UTC to the second, as 2026-11-29T21:00:00Z)";

/// `at` as muster writes every time it records: [`WRITTEN_FORM`].
pub fn written(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// `text` read as a time muster writes, or `None` when it is not one: exactly
/// [`WRITTEN_FORM`], a date and a second that exist (no leap second `:60`), no offset but `Z`,
/// no fraction. Other RFC 3339 forms name the same instants in other words, which a reader
/// of the log would have to translate (a `+14:00` time reads as the next day).
pub fn read_written(text: &str) -> Option<DateTime<Utc>> {
    let bytes = text.as_bytes();
    let marks = [
        (4, b'-'),
        (7, b'-'),
        (10, b'T'),
        (13, b':'),
        (16, b':'),
        (19, b'Z'),
    ];
    if bytes.len() != 20 || marks.iter().any(|(at, mark)| bytes.get(*at) != Some(mark)) {
        return None;
    }
    let number = |from: usize, to: usize| -> Option<u32> {
        bytes.get(from..to)?.iter().try_fold(0_u32, |n, digit| {
            digit.is_ascii_digit().then(|| n * 10 + u32::from(digit - b'0'))
        })
    };
    let year = i32::try_from(number(0, 4)?).ok()?;
    let date = NaiveDate::from_ymd_opt(year, number(5, 7)?, number(8, 10)?)?;
    let time = NaiveTime::from_hms_opt(number(11, 13)?, number(14, 16)?, number(17, 19)?)?;
    Some(date.and_time(time).and_utc())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_form_muster_writes_reads_as_one_of_its_times() {
        let at = read_written("2026-12-05T15:44:53Z");
        assert_eq!(at.map(written).as_deref(), Some("2026-12-05T15:44:53Z"));
        for other in [
            "2026-12-05T15:44:53.5Z",
            "2026-12-05T15:44:53.0Z",
            "2026-12-05T15:44:53+00:00",
            "2026-12-06T05:44:53+14:00",
            "2026-12-05T15:44:53z",
            "2026-12-05t15:44:53Z",
            "2026-12-05 15:44:53Z",
            "2026-12-05T15:44:60Z",
            "2026-02-30T15:44:53Z",
            "2026-12-05T24:00:00Z",
            "+2026-12-05T15:44:53Z",
            "2026-12-05T15:44:5Z",
            "2026-12-05T15:44:53Z ",
            "２026-12-05T15:44:53Z",
        ] {
            assert_eq!(read_written(other), None, "{other:?}");
        }
    }
}
