//! What a campaign may be called: the one rule `campaign new` and `import` both apply.

/// The longest campaign name accepted, in characters.
pub const MAX_CAMPAIGN_NAME: usize = 60;

/// `name` as a campaign is named when it is typed (spaces around it dropped, composed), or
/// why it is not accepted, in a sentence naming it and what would be.
pub fn typed(name: &str) -> Result<String, String> {
    // Spaces around a typed name are dropped, and it is kept composed, as a player would
    // expect of a name typed on any keyboard.
    let name = super::names::composed(name.trim());
    match problem(&name) {
        None => Ok(name),
        Some(problem) => Err(format!(
            "'{}' is not accepted as a campaign name ({problem}): use 1 to {MAX_CAMPAIGN_NAME} printable characters, e.g. \"Operation Lodestar\"",
            name.escape_debug()
        )),
    }
}

/// Why `name` (as the campaign would be stored) is not accepted, or `None` when it is: 1 to
/// [`MAX_CAMPAIGN_NAME`] printable characters, with no space around them.
pub fn problem(name: &str) -> Option<&'static str> {
    if name.trim().is_empty() {
        Some("it is empty")
    } else if name.chars().count() > MAX_CAMPAIGN_NAME {
        Some("it is longer than 60 characters")
    } else if name.chars().any(char::is_control) {
        Some("it holds a control character")
    } else if name.trim() != name {
        Some("it begins or ends with a space")
    } else {
        super::names::hidden_problem(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_name_is_trimmed_and_composed_or_refused_saying_why() {
        assert_eq!(typed("  Juno  ").as_deref(), Ok("Juno"));
        assert_eq!(typed("A\u{30a}sa").as_deref(), Ok("\u{c5}sa"));
        for (name, why) in [
            ("   ", "it is empty"),
            ("Tab\there", "control character"),
            (&"L".repeat(61), "longer than 60"),
        ] {
            let refused = typed(name).expect_err(name);
            assert!(refused.contains(why) && refused.contains("1 to 60"), "{refused}");
        }
    }
}
