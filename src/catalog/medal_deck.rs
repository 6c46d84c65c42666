//! A Nation's Medal deck file (JSON), as `fixtures/cards/medals-canada.json` shows.

use crate::Error;
use crate::domain::medals::MedalDeckFile;

/// Reads a Medal deck from a deck file's text; `source` names the file in errors.
pub fn parse(text: &str, source: &str) -> Result<MedalDeckFile, Error> {
    super::object::from_object(text).map_err(|e| {
        Error::input(format!(
            "{source} is not a Medal deck: {e}. A deck has nation and medals, each with name, rp, condition, requirement and benefit, and optionally turn_limit, face_down, eliminate and effects"
        ))
    })
}
