//! A Soldier card file: the card's printed numbers as JSON, for `muster enlist --card`.
//!
//! ```json
//! {"name": "Gizmo", "kind": "k9", "rp": 4, "discipline": 2, "handler": "Wong",
//!  "abilities": {"bomb": "5+", "friendly": "6+", "rescue": "7+", "threat": "5+ [4+]"},
//!  "keywords": [], "hardy": {"cold": 1}}
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::Error;
use crate::domain::soldier::{Ability, SoldierCard, SoldierKind, Stats};

/// An ability target as a card file may write it: `7` or `"7+"` or `"5+ [4+]"`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Target {
    Number(u64),
    Text(String),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CardFile {
    name: String,
    kind: SoldierKind,
    rp: u32,
    health: Option<u32>,
    #[serde(default)]
    abilities: BTreeMap<String, Target>,
    #[serde(default)]
    keywords: Vec<String>,
    discipline: Option<u32>,
    handler: Option<String>,
    #[serde(default)]
    hardy: BTreeMap<String, u32>,
    stats: Option<Stats>,
    specialism: Option<String>,
}

/// Reads a Soldier card from a card file's text; `source` names the file in errors.
pub fn parse(text: &str, source: &str) -> Result<SoldierCard, Error> {
    let file: CardFile = super::object::from_object(text).map_err(|e| {
        Error::input(format!(
            "{source} is not a Soldier card: {e}. A card is a JSON object with name, kind (player|nps|squad|k9|hero) and rp, and optionally health, abilities, keywords, discipline, handler, hardy, stats and specialism"
        ))
    })?;
    let mut abilities = BTreeMap::new();
    for (name, target) in file.abilities {
        let text = match target {
            Target::Number(n) => n.to_string(),
            Target::Text(t) => t,
        };
        let ability: Ability = text
            .parse()
            .map_err(|e: String| Error::input(format!("{source}, ability '{name}': {e}")))?;
        abilities.insert(name.to_lowercase(), ability);
    }
    Ok(SoldierCard {
        name: file.name,
        kind: file.kind,
        rp: file.rp,
        health: file.health,
        abilities,
        keywords: file.keywords.iter().map(|k| k.to_lowercase()).collect(),
        discipline: file.discipline,
        handler: file.handler,
        hardy: file
            .hardy
            .into_iter()
            .map(|(k, v)| (k.to_lowercase(), v))
            .collect(),
        stats: file.stats,
        specialism: file.specialism,
    })
}
