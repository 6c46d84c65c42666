//! A K9 Encounter card file (JSON), as `fixtures/cards/buried-explosive.json` shows.

use crate::Error;
use crate::domain::k9::EncounterCard;

/// Reads an Encounter card from a card file's text; `source` names the file in errors.
pub fn parse(text: &str, source: &str) -> Result<EncounterCard, Error> {
    super::object::from_object(text).map_err(|e| {
        Error::input(format!(
            "{source} is not a K9 Encounter card: {e}. A card has name, hostile_value, ignore_target, rolls (each with maker k9|handler, ability, modifier, options [{{resource, amount, bonus}}]), reward, failure {{text, effects}} and optionally retry {{roll, major}}"
        ))
    })
}
