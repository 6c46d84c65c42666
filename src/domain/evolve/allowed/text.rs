//! Free text in an event is what the command line takes: not blank, not too long, no control
//! characters.

use crate::domain::limits::MAX_TEXT;

/// What is wrong with `text`, the free text `what`, if it is not as the command line takes it.
pub(super) fn text_problem(what: &str, text: &str) -> Option<String> {
    let length = text.chars().count();
    if text.trim().is_empty() {
        Some(format!("records {what} blank"))
    } else if length > MAX_TEXT {
        Some(format!(
            "records {what} {length} characters long; at most {MAX_TEXT} are accepted"
        ))
    } else if text.chars().any(char::is_control) {
        Some(format!("records {what} with a control character"))
    } else {
        None
    }
}
