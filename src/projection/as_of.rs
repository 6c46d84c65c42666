//! Points in a campaign's history as muster prints them and players type them back: a
//! version (`12` or `v12`), a head (`v12:HASH` or `v12 HASH`, the hash as printed or
//! longer), a date/time, the end of a Mission (`mission:N`), or the head itself (`now`,
//! `head`). Every front end reads
//! versions and points through here.

use std::str::FromStr;

use chrono::{DateTime, NaiveDate, Utc};

use crate::Error;

/// The fewest hex digits of a hash a head point may give.
pub const MIN_HASH_DIGITS: usize = 7;

/// The forms a point may take, for refusals.
const POINTS: &str = "a version as printed (12 or v12), a head as printed (v12:HASH or \"v12 HASH\", at least 7 hex digits of the hash), an RFC 3339 date/time (2026-11-29T21:00:00Z), a date (2026-11-29, meaning its end), mission:N, or now (also head) for the log as it stands";

/// A point in the log, as a player names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AsOf {
    /// This campaign version, included.
    Version(u64),
    /// This campaign version, included, whose hash begins with these digits.
    Head(u64, HashPrefix),
    /// Everything recorded at or before this instant.
    Time(DateTime<Utc>),
    /// The end of Mission N (the last event of the command that ended it).
    MissionEnd(u32),
    /// The log as it stands: its head.
    Now,
}

/// The leading hex digits of an event's hash, as a roster or `verify` prints them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashPrefix {
    digits: [u8; 64],
    len: usize,
}

impl HashPrefix {
    /// The digits, lowercase.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.digits[..self.len]).unwrap_or_default()
    }

    /// Whether `hash` begins with these digits, in any case.
    pub fn matches(&self, hash: &str) -> bool {
        hash.get(..self.len)
            .is_some_and(|start| start.eq_ignore_ascii_case(self.as_str()))
    }
}

/// Reads a version as muster prints it, `12` or `v12`, naming `what` when it is not one.
pub fn version(text: &str, what: &str) -> Result<u64, Error> {
    read_version(text).map_err(|why| {
        Error::input(format!(
            "{what}: '{}' is not accepted: it {}; give one as muster prints it, e.g. 12 or v12 (see `muster log`)",
            text.escape_debug(),
            why.unwrap_or_else(|| "is not a version".to_owned())
        ))
    })
}

/// The version `text` names, or why it names none (`None`: it is not a version at all).
fn read_version(text: &str) -> Result<u64, Option<String>> {
    let trimmed = text.trim();
    let digits = trimmed.strip_prefix(['v', 'V']).unwrap_or(trimmed);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(None);
    }
    // The log numbers its events in a signed 64-bit column.
    digits
        .parse::<u64>()
        .ok()
        .filter(|v| i64::try_from(*v).is_ok())
        .ok_or_else(|| Some(format!("is not one a log can hold (at most {})", i64::MAX)))
}

/// Reads a head as muster prints it, `v12:HASH` or `v12 HASH` (a leading `head` allowed),
/// naming `what` when it is not one; the hash must have from `min_digits` to 64 hex digits.
pub fn head(text: &str, what: &str, min_digits: usize) -> Result<(u64, HashPrefix), Error> {
    let bad = |why: &str| {
        Error::input(format!(
            "{what} '{}' is not accepted: {why}; write VERSION:HASH (or \"VERSION HASH\") as muster prints it, with {min_digits} to 64 hex digits of the hash, e.g. v45:d14fcf3c35b5a0e1b2c3",
            text.escape_debug()
        ))
    };
    let trimmed = text.trim();
    let trimmed = trimmed.strip_prefix("head ").unwrap_or(trimmed).trim();
    let (v, hash) = trimmed
        .split_once([':', ' '])
        .ok_or_else(|| bad("there is no ':' or space between the version and the hash"))?;
    let v = read_version(v).map_err(|why| {
        bad(&format!(
            "'{}' {}",
            v.escape_debug(),
            why.unwrap_or_else(|| "is not a version (12 or v12)".to_owned())
        ))
    })?;
    let hash = hash.trim();
    if !hash.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(bad("the hash is not hex digits"));
    }
    if !(min_digits..=64).contains(&hash.len()) {
        return Err(bad(&format!("the hash has {} digits", hash.len())));
    }
    let mut digits = [0u8; 64];
    digits[..hash.len()].copy_from_slice(hash.to_ascii_lowercase().as_bytes());
    Ok((
        v,
        HashPrefix {
            digits,
            len: hash.len(),
        },
    ))
}

impl FromStr for AsOf {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let trimmed = text.trim();
        let bad = || {
            Error::input(format!(
                "'{}' is not a point in the log; give {POINTS}",
                text.escape_debug()
            ))
        };
        if trimmed.eq_ignore_ascii_case("now") || trimmed.eq_ignore_ascii_case("head") {
            return Ok(AsOf::Now);
        }
        if let Some(n) = trimmed.strip_prefix("mission:") {
            return n.trim().parse().map(AsOf::MissionEnd).map_err(|_| bad());
        }
        let unheaded = trimmed.strip_prefix("head ").unwrap_or(trimmed).trim_start();
        let versionlike = unheaded.strip_prefix(['v', 'V']).unwrap_or(unheaded);
        if versionlike.starts_with(|c: char| c.is_ascii_digit()) && unheaded.contains([':', ' ']) {
            // A head, unless it is a date/time (2026-11-29T21:00:00Z also holds a ':').
            if let Ok((v, hash)) = head(trimmed, "the point", MIN_HASH_DIGITS) {
                return Ok(AsOf::Head(v, hash));
            }
        }
        if !versionlike.is_empty() && versionlike.chars().all(|c| c.is_ascii_digit()) {
            return read_version(trimmed).map(AsOf::Version).map_err(|_| bad());
        }
        if let Ok(at) = DateTime::parse_from_rfc3339(trimmed) {
            return Ok(AsOf::Time(at.with_timezone(&Utc)));
        }
        let day = NaiveDate::parse_from_str(trimmed, "%Y-%m-%d").map_err(|_| bad())?;
        let end = day.and_hms_opt(23, 59, 59).ok_or_else(bad)?;
        Ok(AsOf::Time(end.and_utc()))
    }
}

impl AsOf {
    /// The version the player named, when they named one.
    pub fn asked(self) -> Option<u64> {
        match self {
            AsOf::Version(v) | AsOf::Head(v, _) => Some(v),
            AsOf::Time(_) | AsOf::MissionEnd(_) | AsOf::Now => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_read_as_they_are_printed() {
        let point = |text: &str| text.parse::<AsOf>().map_err(|e| e.to_string());
        assert_eq!(point("12"), Ok(AsOf::Version(12)));
        assert_eq!(point("v12"), Ok(AsOf::Version(12)));
        assert_eq!(point(" V12 "), Ok(AsOf::Version(12)));
        assert_eq!(point("mission:2"), Ok(AsOf::MissionEnd(2)));
        assert_eq!(point("now"), Ok(AsOf::Now));
        assert_eq!(point(" Head "), Ok(AsOf::Now));
        for printed in [
            "v12:154bccfe748ddc0c3380",
            "v12 154BCCFE748DDC0C3380",
            "12:154bccf",
            "head v12 154bccfe",
        ] {
            match point(printed) {
                Ok(AsOf::Head(12, hash)) => assert!(hash.matches("154bccfe748ddc0c3380ffff"), "{printed}"),
                other => panic!("{printed}: {other:?}"),
            }
        }
        assert!(matches!(point("2026-11-29T21:00:00Z"), Ok(AsOf::Time(_))));
        assert!(matches!(point("2026-11-29"), Ok(AsOf::Time(_))));
        assert_eq!(
            point("v0"),
            Ok(AsOf::Version(0)),
            "the log says version 0 does not exist"
        );
        for wrong in [
            "v",
            "-3",
            "+3",
            "vv12",
            "v12:xyz",
            "12:abc",
            "mission:x",
            "yesterday",
            "99999999999999999999",
        ] {
            let refused = point(wrong).unwrap_err();
            assert!(
                refused.contains("12 or v12") && refused.contains("mission:N"),
                "{wrong}: {refused}"
            );
        }
    }

    #[test]
    fn versions_are_read_as_they_are_printed() {
        assert_eq!(version("v12", "VERSION").ok(), Some(12));
        assert_eq!(version("12", "VERSION").ok(), Some(12));
        for wrong in ["-1", "+1", "twelve", "v 12", "9223372036854775808"] {
            let refused = version(wrong, "VERSION").unwrap_err().to_string();
            assert!(
                refused.contains("is not") && refused.contains("e.g. 12 or v12"),
                "{wrong}: {refused}"
            );
        }
        let huge = head("18446744073709551615:aaaaaaa", "--head", 7)
            .unwrap_err()
            .to_string();
        assert!(huge.contains("is not one a log can hold"), "{huge}");
        let (v, hash) = head("v45:D14FCF3C35B5A0E1B2C3", "--head", 20).unwrap();
        assert_eq!((v, hash.as_str()), (45, "d14fcf3c35b5a0e1b2c3"));
        assert!(
            head("v45:d14fcf3", "--head", 20)
                .unwrap_err()
                .to_string()
                .contains("has 7 digits")
        );
    }
}
