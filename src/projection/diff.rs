//! `muster diff REF REF`: what changed on the roster between two points.

use serde::Serialize;
use serde_json::Value;

use super::roster::Roster;

/// One number or word that differs between the two rosters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// The Soldier it concerns, or `None` for the squad or team.
    pub soldier: Option<String>,
    /// The roster field, e.g. `wounds`, `hardy.cold`, `squad.rp_bank`.
    pub field: String,
    pub before: Value,
    pub after: Value,
}

/// The differences from roster `a` to roster `b`, Soldier by Soldier, then the squad's.
pub fn diff(a: &Roster, b: &Roster) -> Vec<Difference> {
    let mut out = Vec::new();
    let before = serde_json::to_value(a).unwrap_or(Value::Null);
    let after = serde_json::to_value(b).unwrap_or(Value::Null);
    let soldiers = |v: &Value| v["soldiers"].as_array().cloned().unwrap_or_default();
    let (old, new) = (soldiers(&before), soldiers(&after));
    for s in &new {
        let name = s["name"].as_str().unwrap_or_default().to_owned();
        let previous = old
            .iter()
            .find(|o| o["name"] == s["name"])
            .cloned()
            .unwrap_or(Value::Null);
        compare(&mut out, Some(&name), "", &previous, s);
    }
    // A Soldier no longer on the later roster (his enlistment voided since): one line.
    for s in old.iter().filter(|o| !new.iter().any(|n| n["name"] == o["name"])) {
        out.push(Difference {
            soldier: s["name"].as_str().map(str::to_owned),
            field: "enlisted".to_owned(),
            before: Value::Bool(true),
            after: Value::Null,
        });
    }
    for key in ["squad", "team_xp", "pending", "dice_seed_commitment"] {
        compare(&mut out, None, key, &before[key], &after[key]);
    }
    out
}

/// Records every leaf that differs between `a` and `b` under `path`.
fn compare(out: &mut Vec<Difference>, soldier: Option<&str>, path: &str, a: &Value, b: &Value) {
    if a == b {
        return;
    }
    let join = |key: &str| {
        if path.is_empty() {
            key.to_owned()
        } else {
            format!("{path}.{key}")
        }
    };
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            for key in keys {
                let empty = Value::Null;
                compare(
                    out,
                    soldier,
                    &join(key),
                    x.get(key).unwrap_or(&empty),
                    y.get(key).unwrap_or(&empty),
                );
            }
        }
        // A Soldier who was not there before: one line for his arrival.
        (Value::Null, Value::Object(_)) if path.is_empty() => out.push(Difference {
            soldier: soldier.map(str::to_owned),
            field: "enlisted".to_owned(),
            before: Value::Null,
            after: Value::Bool(true),
        }),
        _ => out.push(Difference {
            soldier: soldier.map(str::to_owned),
            field: path.to_owned(),
            before: a.clone(),
            after: b.clone(),
        }),
    }
}
