//! Values players type that clap cannot check alone: signed amounts and KEY=VALUE pairs.
//!
//! Numbers are read here rather than by clap so that a bad or huge number is a refusal
//! (exit 1) that names the accepted form, like every other bad value.

use std::collections::BTreeMap;

use super::error::CommandError;

/// Reads a whole number such as `3`, `+2` or `-1`: one sign at most, then digits.
pub fn number(text: &str, what: &str) -> Result<i64, CommandError> {
    let digits = text.strip_prefix('+').unwrap_or(text);
    // `+-3` would parse as -3 once its `+` is dropped: a typo is refused, not recorded.
    let signed_twice = text.starts_with('+') && digits.starts_with(['+', '-']);
    digits
        .parse::<i64>()
        .ok()
        .filter(|_| !signed_twice)
        .ok_or_else(|| {
            CommandError::refused(format!(
                "{what}: '{}' is not accepted; give a whole number such as 2, +2 or -1",
                text.escape_debug()
            ))
        })
}

/// Reads a count of 0 or more that fits a card field.
pub fn count(text: &str, what: &str) -> Result<u32, CommandError> {
    let n = number(text, what).map_err(|_| {
        CommandError::refused(format!(
            "{what}: '{}' is not accepted; give a whole number of 0 or more, such as 2",
            text.escape_debug()
        ))
    })?;
    u32::try_from(n).map_err(|_| {
        CommandError::refused(format!(
            "{what}: {n} is not accepted; give a whole number of 0 or more"
        ))
    })
}

/// Splits `KEY=VALUE`, lowercasing the key.
pub fn pair<'a>(text: &'a str, what: &str, example: &str) -> Result<(String, &'a str), CommandError> {
    text.split_once('=')
        .map(|(k, v)| (k.trim().to_lowercase(), v.trim()))
        .filter(|(k, v)| !k.is_empty() && !v.is_empty())
        .ok_or_else(|| {
            CommandError::refused(format!(
                "{what}: '{}' is not accepted; write KEY=VALUE, e.g. {example}",
                text.escape_debug()
            ))
        })
}

/// Keeps `value` under `key`, refusing a key given before: `--ability medic=6 --ability
/// MEDIC=9` would otherwise keep the last silently, as a card file refuses.
pub fn once<T>(map: &mut BTreeMap<String, T>, key: String, value: T, what: &str) -> Result<(), CommandError> {
    if map.contains_key(&key) {
        return Err(CommandError::refused(format!(
            "{what} {key} is given twice (keys are compared without case); give each once"
        )));
    }
    map.insert(key, value);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_given_twice_in_another_case_is_refused_and_the_first_kept() {
        let mut map = BTreeMap::new();
        let (key, _) = pair("Medic=6", "--ability", "medic=6").unwrap();
        assert!(once(&mut map, key, 6, "--ability").is_ok());
        let (again, _) = pair("MEDIC=9", "--ability", "medic=6").unwrap();
        let refused = once(&mut map, again, 9, "--ability").err().map(|e| e.message);
        assert_eq!(
            refused.as_deref(),
            Some("--ability medic is given twice (keys are compared without case); give each once")
        );
        assert_eq!(map.get("medic"), Some(&6));
    }

    #[test]
    fn a_count_that_is_no_number_asks_for_one_of_0_or_more() {
        let refused = count("now", "--mission").err().map(|e| e.message);
        assert_eq!(
            refused.as_deref(),
            Some("--mission: 'now' is not accepted; give a whole number of 0 or more, such as 2")
        );
        assert_eq!(count("+2", "--mission").ok(), Some(2));
    }

    #[test]
    fn amounts_read_as_players_say_them() {
        assert_eq!(number("+2", "xp").unwrap(), 2);
        assert_eq!(number("-2", "xp").unwrap(), -2);
        assert!(number("2.5", "xp").is_err());
        for typo in ["+-3", "++3", "-+3", "--3"] {
            let refused = number(typo, "xp").err().map(|e| e.message);
            assert!(
                refused.is_some_and(|m| m.contains("give a whole number")),
                "{typo}"
            );
        }
        assert!(number("99999999999999999999999", "xp").is_err());
        assert!(count("-1", "rp").is_err());
    }

    #[test]
    fn pairs_need_both_sides() {
        assert_eq!(
            pair("Cold=2", "hardy", "cold=1").unwrap(),
            ("cold".to_owned(), "2")
        );
        assert!(pair("cold", "hardy", "cold=1").is_err());
        assert!(pair("=2", "hardy", "cold=1").is_err());
    }
}
