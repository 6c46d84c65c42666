//! A Soldier's paper sheet: his numbers by field name, as `assert` records them and
//! `verify` and `blame` read them.

use super::state::SoldierState;

/// The fields a paper sheet can state; `hardy.TYPE` names one Hardy type.
pub const FIELDS: &[&str] = &[
    "wounds",
    "suppress",
    "xp",
    "status",
    "discipline",
    "rp",
    "medal_rp",
    "medals",
    "state",
];

/// True when `field` is one a sheet can state.
pub fn is_field(field: &str) -> bool {
    FIELDS.contains(&field) || field.strip_prefix("hardy.").is_some_and(|t| !t.is_empty())
}

/// The Soldier's value of `field`, written as a player would write it on paper; `None` for
/// a field he does not have (Discipline of a Soldier who is not a K9, the state of a
/// Soldier who is not a hero).
pub fn value(soldier: &SoldierState, field: &str) -> Option<String> {
    if let Some(hardy) = field.strip_prefix("hardy.") {
        return Some(soldier.hardy.get(hardy).copied().unwrap_or(0).to_string());
    }
    Some(match field {
        "wounds" => soldier.wounds.to_string(),
        "suppress" => soldier.suppress.to_string(),
        "xp" => soldier.xp.to_string(),
        "status" => soldier.status.to_string(),
        "discipline" => soldier.discipline?.to_string(),
        "rp" => soldier.rp().to_string(),
        "medal_rp" => soldier.medal_rp().to_string(),
        "medals" => soldier.medals.len().to_string(),
        "state" if soldier.card.kind == super::soldier::SoldierKind::Hero => soldier.hero_state.to_string(),
        _ => return None,
    })
}
