//! The known name closest to one that matched nothing, so a refusal can ask "did you mean
//! 'Miller'?" of a Soldier, a campaign, a Medal, a bogey, an ability or an Environment type.

use super::names::composed;

/// How alike two names must be (Jaro-Winkler, from 0 to 1) for one to be offered as the other.
const ALIKE: f64 = 0.8;

/// "; did you mean 'NAME'?" for the known name closest to `typed`, compared without case,
/// when one is alike enough to be what the player meant; else nothing, an empty string.
pub fn did_you_mean<'a>(typed: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    let typed = composed(typed.trim()).to_lowercase();
    let mut best: Option<(f64, &str)> = None;
    for name in known {
        let score = strsim::jaro_winkler(&typed, &composed(name).to_lowercase());
        if score >= ALIKE && best.is_none_or(|(top, _)| score > top) {
            best = Some((score, name));
        }
    }
    best.map(|(_, name)| format!("; did you mean '{name}'?"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closest_name_is_offered_and_a_stranger_is_not() {
        let soldiers = ["Wong", "Miller", "Reyes"];
        assert_eq!(did_you_mean("Miler", soldiers), "; did you mean 'Miller'?");
        assert_eq!(
            did_you_mean("mILLEr", soldiers),
            "; did you mean 'Miller'?",
            "case does not count"
        );
        assert_eq!(
            did_you_mean("medc", ["bomb", "medic", "handler"]),
            "; did you mean 'medic'?"
        );
        assert_eq!(did_you_mean("Kowalski", soldiers), "");
        assert_eq!(did_you_mean("Miler", []), "");
    }
}
