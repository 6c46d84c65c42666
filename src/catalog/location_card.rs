//! A Location card file: its name and its Environments, e.g. the Stream (Environ Fever 4+).
//!
//! ```json
//! {"name": "Stream", "environments": [{"environment": "fever", "target": 4}]}
//! ```

use serde::Deserialize;

use crate::Error;

/// One `Environ TYPE X+` keyword on a Location.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Environ {
    pub environment: String,
    pub target: u8,
}

/// A Location card.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocationCard {
    pub name: String,
    pub environments: Vec<Environ>,
}

/// Reads a Location card from a card file's text; `source` names the file in errors.
pub fn parse(text: &str, source: &str) -> Result<LocationCard, Error> {
    let card: LocationCard = super::object::from_object(text).map_err(|e| {
        Error::input(format!(
            "{source} is not a Location card: {e}. A Location card has name and environments [{{environment, target}}]"
        ))
    })?;
    if card.environments.is_empty() {
        return Err(Error::input(format!(
            "{source}: the Location '{}' lists no environments; give at least one {{\"environment\": \"cold\", \"target\": 6}}",
            card.name
        )));
    }
    Ok(card)
}
