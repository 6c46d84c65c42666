//! What a campaign may be called: the one rule `campaign new` and `import` both apply.

/// The longest campaign name accepted, in characters.
pub const MAX_CAMPAIGN_NAME: usize = 60;

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
        super::names::problem(name)
    }
}
