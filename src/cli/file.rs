//! Reading a text file the player names (a card, an export), with errors that say why.

use std::path::Path;

use super::error::CommandError;

/// The file's text, refused with a clear message when it is missing or not UTF-8.
pub fn read_text(path: &Path, what: &str) -> Result<String, CommandError> {
    let bytes = std::fs::read(path)
        .map_err(|e| CommandError::refused(format!("cannot read the {what} {}: {e}", path.display())))?;
    String::from_utf8(bytes).map_err(|_| {
        CommandError::refused(format!(
            "the {what} {} is not UTF-8 text; save it as UTF-8",
            path.display()
        ))
    })
}
