//! The campaign names an import accepts: the ones the command line would have accepted.

use crate::Error;
use crate::domain::campaign_name::{MAX_CAMPAIGN_NAME, problem};

/// Refuses a campaign name, read on line `number` of an export file, that `campaign new`
/// would not have accepted: empty, longer than [`MAX_CAMPAIGN_NAME`] characters, holding a
/// control character, or with spaces around it (the command line trims them).
pub fn check_imported_name(number: usize, name: &str) -> Result<(), Error> {
    match problem(name) {
        Some(problem) => Err(Error::input(format!(
            "line {number} names the campaign '{}', which muster does not accept as a campaign name ({problem}): a campaign name is 1 to {MAX_CAMPAIGN_NAME} printable characters; nothing imported",
            name.escape_debug()
        ))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_command_line_accepts_are_accepted_and_others_refused_naming_the_line() {
        for good in ["Operation Lodestar", "L", &"x".repeat(60), "Opération «Nuit»"] {
            assert!(check_imported_name(1, good).is_ok(), "{good}");
        }
        for (bad, why) in [
            ("", "empty"),
            ("   ", "empty"),
            (&"x".repeat(61) as &str, "longer than 60"),
            ("Lode\u{7}star", "control character"),
            ("Lode\nstar", "control character"),
            (" Lodestar", "begins or ends with a space"),
        ] {
            let message = check_imported_name(7, bad).unwrap_err().to_string();
            assert!(message.contains("line 7 names the campaign"), "{message}");
            assert!(message.contains(why), "{bad:?}: {message}");
        }
    }
}
